/** The requests module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const create = lazyFile<typeof import('./create')>(() => require('./create'));
const departure = lazyFile<typeof import('./departure')>(() => require('./departure'));

export const createRequest = lazyFunction(create, 'createRequest');
export const withdrawEmployeeFromRequests = lazyFunction(departure, 'withdrawEmployeeFromRequests');
export { effectiveState } from './transitions';
export { createRequestBody, REQUEST_TYPES } from './schemas';
export type { CreateRequestBody, ShiftRequest, RequestType, RequestState } from './schemas';
