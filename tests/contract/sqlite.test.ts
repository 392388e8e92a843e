import { openSqlStore } from '../../server/db/open';
import { describeContract } from './contract';
import { freshSqlite } from './databases';
import { registry } from './helpers';

describeContract('SQLite', () => openSqlStore(freshSqlite(), registry));
