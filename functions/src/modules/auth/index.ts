/** The auth module's public API: what other modules may use (they import nothing else of it). */
export { createInvitation } from './invitations';
