import { MAIL_SECRETS } from '../../core/config';
import { defineModule, lazyFile } from '../kit';
import { DIGEST_QUEUE, FAN_OUT_QUEUE } from './queues';
import { eventErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const fanout = lazyFile<typeof import('./fanout')>(() => require('./fanout'));
const digest = lazyFile<typeof import('./digest')>(() => require('./digest'));
const sweep = lazyFile<typeof import('./sweep')>(() => require('./sweep'));

export default defineModule({
  name: 'events',
  description:
    "Domain events and notifications: the outbox of every company's events, the members' inboxes, their channel preferences and quiet hours, and their phones for push",
  http: router,
  errors: eventErrors.catalog,
  runtime: { secrets: MAIL_SECRETS },
  collections: {
    company: ['outbox', 'inbox', 'notificationPreferences', 'devices', 'emailDigests'],
    root: ['pendingEvents'],
  },
  personalData: {
    // events name people by id (subjects, actor); free text they carry (a post's title) may name anyone
    outbox: { match: {}, erase: 'reduce', copiesIn: ['data'] },
    pendingEvents: 'none',
    // a member's own copies are theirs; another member's copy may name the person in its text
    inbox: { match: { uid: 'uid' }, erase: 'delete', copiesIn: ['title', 'body', 'data'] },
    notificationPreferences: { match: { uid: 'uid' }, erase: 'delete' },
    devices: { match: { uid: 'uid' }, erase: 'delete' },
    emailDigests: { match: { uid: 'uid' }, erase: 'delete' },
  },
  queues: [
    {
      name: FAN_OUT_QUEUE,
      description:
        'Fans one domain event out: inbox entries, push, the email digest, webhook deliveries; then marks it dispatched (each stage recorded, so a retry redoes only what was not done)',
      retryConfig: { maxAttempts: 10, minBackoffSeconds: 5, maxBackoffSeconds: 600 },
      rateLimits: { maxConcurrentDispatches: 50 },
      run: () => fanout().fanOut,
    },
    {
      name: DIGEST_QUEUE,
      description: "Emails one member the digest of a window's events (one email however many events arrived)",
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
      rateLimits: { maxConcurrentDispatches: 20 },
      run: () => digest().sendDigest,
    },
  ],
  jobs: [
    {
      name: 'eventsOutboxSweep',
      schedule: 'every 10 minutes',
      description:
        'Hands every event still undispatched five minutes after its change back to the fan-out queue (a crash between the commit and the dispatch)',
      run: () => async () => sweep().sweepOutbox(),
    },
  ],
});
