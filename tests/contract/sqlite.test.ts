import { openSqlStore } from '../../server/db/open';
import { describeContract } from './contract';
import { freshSqlite } from './databases';
import { registry } from './helpers';
import { describeRelations } from './relations';

describeContract('SQLite', () => openSqlStore(freshSqlite(), registry));
describeRelations('SQLite', (schemas) => openSqlStore(freshSqlite(), schemas));
