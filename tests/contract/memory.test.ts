import { MemoryStore } from '../../server/store/memory';
import { describeContract } from './contract';

describeContract('memory', async () => new MemoryStore());
