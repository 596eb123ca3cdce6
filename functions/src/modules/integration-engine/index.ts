/** The integration engine's public API: what the POS sync service uses (credentials, tokens, runs). */
import { lazyFile, lazyFunction } from '../kit';

const rotation = lazyFile<typeof import('./rotation')>(() => require('./rotation'));
const sessionTokens = lazyFile<typeof import('./session-tokens')>(() => require('./session-tokens'));

const oauth = lazyFile<typeof import('./oauth')>(() => require('./oauth'));
const runIssues = lazyFile<typeof import('./run-issues')>(() => require('./run-issues'));
const runs = lazyFile<typeof import('./runs')>(() => require('./runs'));
const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));

export const accessTokenFor = lazyFunction(oauth, 'accessTokenFor');
export const claimRun = lazyFunction(runs, 'claimRun');
/** What a run's pages refused or held, stored per run (GET /runs/{runId}/issues). */
export const recordRunIssues = lazyFunction(runIssues, 'recordRunIssues');
export const finishRun = lazyFunction(runs, 'finishRun');
export const getRun = lazyFunction(runs, 'getRun');
export const requestSync = lazyFunction(runs, 'requestSync');
export const saveProgress = lazyFunction(runs, 'saveProgress');
export const rotateVault = lazyFunction(rotation, 'rotateVault');
export type { Claim, RunOutcome } from './runs';
export const readSecrets = lazyFunction(repo, 'readSecrets');
export const sessionTokenStore = lazyFunction(sessionTokens, 'sessionTokenStore');
export { engineErrors, RunTakenOver } from './errors';
export {
  MAX_BACKFILL_DAYS,
  runSchema,
  SYNC_STREAMS,
  type StreamCounts,
  type SyncRun,
  type SyncStream,
} from './schemas';
export { SYNC_QUEUE } from './queues';
