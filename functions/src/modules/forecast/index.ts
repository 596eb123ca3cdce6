/** The forecast module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

export const forecastDemand = lazyFunction(service, 'forecastDemand');
export { forecastErrors } from './errors';
