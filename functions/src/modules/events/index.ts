/** The events module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const outbox = lazyFile<typeof import('./outbox')>(() => require('./outbox'));

export { EVENT_WRITES } from './writes';
export const dispatchEvents = lazyFunction(outbox, 'dispatchEvents');
export const stageEvent = lazyFunction(outbox, 'stageEvent');
export type { StagedEvent } from './outbox';
export { eventErrors } from './errors';
