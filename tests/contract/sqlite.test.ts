import { describeContract } from './contract';
import { describeRelations } from './relations';

describeContract('SQLite');
describeRelations('SQLite');
