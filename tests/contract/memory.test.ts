import { MemoryStore } from '../../server/store/memory';
import { describeContract } from './contract';
import { describeRelations } from './relations';

describeContract('memory', async () => new MemoryStore());
describeRelations('memory', async () => new MemoryStore());
