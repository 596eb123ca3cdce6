/**
 * The Cloud Tasks queue (and task function) of sync runs, one task per run: declared by the POS
 * sync service (definition.ts) and consumed by its engine (runSyncTask); the integration engine
 * queues a run on it when a sync is requested.
 */
export const SYNC_QUEUE = 'posSyncRun';
