/** The requests module's public API: what other modules may use (they import nothing else of it). */
export { effectiveState } from './service';
export type { ShiftRequest, RequestType, RequestState } from './schemas';
