/** The requests module's public API: what other modules may use (they import nothing else of it). */
import { lazyFunction } from '../kit';

export const createRequest = lazyFunction(() => require('./create') as typeof import('./create'), 'createRequest');
export const withdrawEmployeeFromRequests = lazyFunction(
  () => require('./departure') as typeof import('./departure'),
  'withdrawEmployeeFromRequests',
);
export { effectiveState } from './transitions';
export { createRequestBody, REQUEST_TYPES } from './schemas';
export type { CreateRequestBody, ShiftRequest, RequestType, RequestState } from './schemas';
