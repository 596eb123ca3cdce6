import { defineModule, lazyFile } from '../kit';
import { memoryErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'aiMemory',
  tag: 'ai-memory',
  description:
    'Facts the assistant keeps per company ("we close at 22:00 on Sundays") and per member ("I prefer mornings"), each with its source: entered by a member, or proposed by the assistant and confirmed by the member. Managers and owners manage company memories, every member their own. The assistant retrieves the relevant ones for a question (at most 10 and 2,000 characters), only among those the asking member may see.',
  http: router,
  errors: memoryErrors.catalog,
  collections: { company: ['aiMemories'] },
  personalData: {
    // a member's own memories; company memories they wrote are the company's, named by uid
    aiMemories: { match: { uid: 'ownerUid' }, erase: 'delete' },
  },
});
