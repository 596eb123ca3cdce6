/**
 * The Cloud Tasks queue of sync runs, one task per run: the integration engine puts a run on it when a
 * sync is requested (runs.ts); the POS sync service declares the queue and runs its tasks (its engine).
 */
export const SYNC_QUEUE = 'posSyncRun';
