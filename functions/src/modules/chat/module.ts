import { AI_SECRETS } from '../../core/config';
import { defineModule, lazyFile } from '../kit';
import { chatErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'chat',
  tag: 'chat',
  description:
    "The assistant: a member's conversations with a language model that answers questions about the company through tools calling the product's own services with the member's access (sales, shifts, the employee directory, attendance for managers, the calculator, the team's memories), streams its answers as server-sent events, proposes changes the member confirms, and records the usage of every model call under the flows chat.plan, chat.tool, chat.answer and chat.summary.",
  http: router,
  errors: chatErrors.catalog,
  collections: { company: ['chatConversations', 'chatTurns', 'chatProposals'] },
  personalData: {
    chatConversations: { match: { uid: 'uid' }, erase: 'delete' },
    chatTurns: { match: { uid: 'uid' }, erase: 'delete' },
    chatProposals: { match: { uid: 'uid' }, erase: 'delete' },
  },
  runtime: { secrets: AI_SECRETS, requestDeadlineSeconds: 50 },
});
