/** The events module's public API: what other modules may use (they import nothing else of it). */
export { EVENT_WRITES, dispatchEvents, stageEvent, type StagedEvent } from './outbox';
export { eventErrors } from './errors';
