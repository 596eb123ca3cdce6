/** The integration engine's public API: what the POS sync service uses (credentials, tokens, runs). */
export { accessTokenFor } from './oauth';
export {
  claimRun,
  finishRun,
  getRun,
  requestSync,
  RunTakenOver,
  saveProgress,
  type Claim,
  type RunOutcome,
} from './runs';
export { SYNC_QUEUE } from './module';
export { rotateVault } from './rotation';
export { readSecrets } from './repo';
export { engineErrors } from './errors';
export {
  MAX_BACKFILL_DAYS,
  runSchema,
  SYNC_STREAMS,
  type StreamCounts,
  type SyncRun,
  type SyncStream,
} from './schemas';
