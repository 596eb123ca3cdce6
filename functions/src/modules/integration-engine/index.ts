/** The integration engine's public API: what the POS sync service uses (credentials, tokens, runs). */
export { accessTokenFor } from './oauth';
export { requestSync } from './runs';
export { SYNC_QUEUE } from './module';
export { rotateVault } from './rotation';
export { readSecrets } from './repo';
export { type SyncRun, type SyncStream } from './schemas';
