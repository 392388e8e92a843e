import { describeContract } from './contract';
import { describeRelations } from './relations';

describeContract('memory');
describeRelations('memory');
