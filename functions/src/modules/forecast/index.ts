/** The forecast module's public API: what other modules may use (they import nothing else of it). */
import { lazyFunction } from '../kit';

export const forecastDemand = lazyFunction(() => require('./service') as typeof import('./service'), 'forecastDemand');
export { forecastErrors } from './errors';
