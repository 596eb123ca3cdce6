/** The requests module's public API: what other modules may use (they import nothing else of it). */
export { createRequest } from './create';
export { effectiveState } from './transitions';
export { createRequestBody, REQUEST_TYPES } from './schemas';
export type { CreateRequestBody, ShiftRequest, RequestType, RequestState } from './schemas';
