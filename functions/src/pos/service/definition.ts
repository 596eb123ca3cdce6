import { INTEGRATION_SECRETS } from '../../core/config';
import { defineModule, lazyFile } from '../../modules/kit';
import { SYNC_QUEUE } from '../../modules/integration-engine/module';
import { syncErrors } from './errors';
import { WEBHOOK_QUEUE } from './queues';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const hourly = lazyFile<typeof import('./hourly')>(() => require('./hourly'));
const engine = lazyFile<typeof import('./engine')>(() => require('./engine'));
const webhooks = lazyFile<typeof import('./webhooks')>(() => require('./webhooks'));

/** The port the service listens on in development; deployed, it is the HTTPS function `posSyncService`. */
export const POS_SYNC_PORT = 7492;

/**
 * The POS synchronisation service, separate from the modules: its HTTP app (sync
 * trigger, health, vendor webhooks), the hourly job and the sync queue whose tasks run the engine.
 * It has the module kit's shape, so it is deployed, described and tested like a module, but it is
 * not one: no company-scoped API of its own (the runs it records are the integration engine's).
 */
export default defineModule({
  name: 'posSyncService',
  tag: 'pos-sync-service',
  description:
    'The POS synchronisation service: trigger a sync of a POS vendor for a company, readiness, vendor webhooks; an hourly job queues every active POS integration, and the sync queue runs the engine (cursors, backfill chunks, retries, alerting)',
  http: router,
  errors: syncErrors.catalog,
  runtime: { secrets: INTEGRATION_SECRETS, memory: '512MiB', timeoutSeconds: 540 },
  collections: { company: ['syncCursors', 'posDeletions'] },
  personalData: { syncCursors: 'none', posDeletions: 'none' },
  jobs: [
    {
      name: 'posSyncHourly',
      schedule: 'every 60 minutes',
      description:
        'Queues one sync run per active POS integration that is due (nextSyncAt), skipping those already syncing',
      run: () => async () => hourly().enqueueDueSyncs(),
    },
  ],
  queues: [
    {
      name: SYNC_QUEUE,
      description: 'Sync runs (manual, scheduled, webhook), one task per run, run by the POS sync engine',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 30, maxBackoffSeconds: 600, maxDoublings: 4 },
      rateLimits: { maxConcurrentDispatches: 20, maxDispatchesPerSecond: 5 },
      timeoutSeconds: 1800,
      run: () => engine().runSyncTask,
    },
    {
      name: WEBHOOK_QUEUE,
      description:
        'Recorded vendor webhook events, one task per event: the connections of its account, its deletions recorded for the engine, its sync runs requested (after the vendor was answered)',
      retryConfig: { maxAttempts: 10, minBackoffSeconds: 10, maxBackoffSeconds: 600, maxDoublings: 5 },
      rateLimits: { maxConcurrentDispatches: 20, maxDispatchesPerSecond: 20 },
      timeoutSeconds: 120,
      run: () => async (payload: unknown) => webhooks().processWebhookEvent(payload),
    },
  ],
});
