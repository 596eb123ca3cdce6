/** The messaging module's public API: what other modules may use (they import nothing else of it). */
export { messagingErrors } from './errors';
