import { defineModule, lazyFile } from '../kit';
import { messagingErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const retention = lazyFile<typeof import('./retention')>(() => require('./retention'));

export default defineModule({
  name: 'messaging',
  description:
    'Team messaging: direct and group conversations and automatic groups (everyone, per role), governed by the interaction policies; read receipts, unread counts, muting, moderation',
  http: router,
  // the live stream holds its request up to a minute (its own deadline, GET /messaging/stream)
  runtime: { timeoutSeconds: 90 },
  errors: messagingErrors.catalog,
  collections: {
    company: ['conversations', 'conversationMembers', 'messages', 'conversationLog', 'messagingHead'],
    root: ['messageRetention'],
  },
  personalData: {
    // a group the person started stays the team's (its creator's id kept)
    conversations: { match: { uid: 'createdBy' }, erase: 'reduce' },
    conversationMembers: { match: { uid: 'uid' }, erase: 'delete' },
    // the person's messages become tombstones in place (the numbering and the others' replies stay);
    // anyone's message may name the person in its text
    messages: {
      match: { uid: 'authorUid' },
      erase: 'reduce',
      fields: ['text', 'mentions'],
      replace: { text: '', mentions: [], erased: true },
      copiesIn: ['text'],
    },
    // what happened when, by whom (ids only, no text)
    conversationLog: { match: { uid: 'uid' }, erase: 'reduce' },
    // the company's last log sequence number: no person
    messagingHead: 'none',
    // a company's setting: no person
    messageRetention: 'none',
  },
  jobs: [
    {
      name: 'messagingRetention',
      schedule: 'every 1440 minutes',
      description:
        "Reduces each company's messages older than its retention (GET /messaging/retention) to tombstones, as an erasure does",
      run: () => async () => retention().runRetention(),
    },
  ],
});
