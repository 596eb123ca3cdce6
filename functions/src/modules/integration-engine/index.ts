/** The integration engine's public API: what the POS sync service uses (credentials, tokens, runs). */
import { lazyFunction } from '../kit';

const oauth = () => require('./oauth') as typeof import('./oauth');
const runs = () => require('./runs') as typeof import('./runs');

export const accessTokenFor = lazyFunction(oauth, 'accessTokenFor');
export const claimRun = lazyFunction(runs, 'claimRun');
export const finishRun = lazyFunction(runs, 'finishRun');
export const getRun = lazyFunction(runs, 'getRun');
export const requestSync = lazyFunction(runs, 'requestSync');
export const saveProgress = lazyFunction(runs, 'saveProgress');
export const rotateVault = lazyFunction(() => require('./rotation') as typeof import('./rotation'), 'rotateVault');
export type { Claim, RunOutcome } from './runs';
export { readSecrets } from './repo';
export const sessionTokenStore = lazyFunction(
  () => require('./session-tokens') as typeof import('./session-tokens'),
  'sessionTokenStore',
);
export { engineErrors, RunTakenOver } from './errors';
export {
  MAX_BACKFILL_DAYS,
  runSchema,
  SYNC_STREAMS,
  type StreamCounts,
  type SyncRun,
  type SyncStream,
} from './schemas';
export { SYNC_QUEUE } from './sync-queue';
