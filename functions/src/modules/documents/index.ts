/** The documents module's public API: what other modules may use (they import nothing else of it). */
export { documentErrors } from './errors';
export { assertCertificationsValid } from './policy-store';
