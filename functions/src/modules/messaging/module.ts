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
    company: [
      'conversations',
      'conversationMembers',
      'messages',
      'messageAttachments',
      'conversationLog',
      'messagingHead',
    ],
    root: ['messageRetention', 'unsentAttachments'],
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
      fields: ['text', 'mentions', 'attachments'],
      replace: { text: '', mentions: [], attachments: [], erased: true },
      copiesIn: ['text'],
    },
    // the person's uploads go with their files (the export holds them)
    messageAttachments: { match: { uid: 'uploadedBy' }, erase: 'delete', file: 'storagePath' },
    // what happened when, by whom (ids only, no text)
    conversationLog: { match: { uid: 'uid' }, erase: 'reduce' },
    // the company's last log sequence number: no person
    messagingHead: 'none',
    // a company's setting: no person
    messageRetention: 'none',
    // ids and a time: an upload waiting to be sent (its record names the uploader)
    unsentAttachments: 'none',
  },
  jobs: [
    {
      name: 'messagingRetention',
      schedule: 'every 1440 minutes',
      description:
        "Reduces each company's messages older than its retention (GET /messaging/retention) to tombstones, as an erasure does, their files deleted; deletes attachments uploaded more than a day ago and never sent",
      run: () => async () => retention().runRetention(),
    },
  ],
});
