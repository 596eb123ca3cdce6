/** The documents module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const policyStore = lazyFile<typeof import('./policy-store')>(() => require('./policy-store'));

export { documentErrors } from './errors';
export const assertCertificationsValid = lazyFunction(policyStore, 'assertCertificationsValid');
