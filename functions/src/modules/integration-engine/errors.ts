import { defineErrors } from '../../core/errors';

export const engineErrors = defineErrors({
  INTEGRATION_CREDENTIALS_REJECTED: {
    status: 422,
    meaning:
      'The vendor refused the credentials (its 401/403, or an OAuth code or grant it does not accept); nothing was stored',
  },
  INTEGRATION_ACCOUNT_NOT_FOUND: {
    status: 422,
    meaning:
      'The credentials work but the vendor has no account (location, restaurant, establishment) with the id given; nothing was stored',
  },
  CURRENCY_MISMATCH: {
    status: 422,
    meaning:
      "The POS account sells in another currency than the company's sales (both named); amounts are not converted, nothing was stored",
  },
  VENDOR_RATE_LIMITED: {
    status: 429,
    meaning: 'The vendor is rate limiting our calls; try again later (Retry-After when the vendor said)',
  },
  VENDOR_UNAVAILABLE: {
    status: 502,
    meaning: 'The vendor did not answer, or answered something we cannot use; nothing was stored',
  },
  OAUTH_APP_NOT_CONFIGURED: {
    status: 503,
    meaning: 'Our OAuth application with this vendor is not configured (client id or secret missing)',
  },
  OAUTH_STATE_INVALID: { status: 400, meaning: 'The OAuth state is missing, malformed or not signed by us' },
  OAUTH_STATE_EXPIRED: { status: 422, meaning: 'The OAuth state is older than 10 minutes: start the connection again' },
  OAUTH_NOT_STARTER: {
    status: 403,
    meaning:
      'Only the owner who started an OAuth connect, in the company it was started for, can finish it; nothing was connected and the state stays unused',
  },
  OAUTH_STATE_USED: { status: 422, meaning: 'The OAuth state was already used (a replayed callback)' },
  OAUTH_DENIED: {
    status: 422,
    meaning: 'The vendor redirected back without a code (the owner declined, or the vendor refused the request)',
  },
  CONNECTION_NOT_ACTIVE: { status: 422, meaning: 'The connection is disconnected: connect it again first' },
  CONNECTION_NEEDS_REAUTH: {
    status: 422,
    meaning: 'The vendor refused the stored credentials: the owner must connect the integration again',
  },
  SYNC_NOT_SUPPORTED: {
    status: 422,
    meaning: 'This integration is not synced by the engine (file imports, payroll exports, partner pushes)',
  },
  SYNC_QUEUE_UNAVAILABLE: {
    status: 503,
    meaning: 'The sync run could not be handed to the task queue; it was recorded as failed, try again',
  },
  SYNC_IN_PROGRESS: {
    status: 409,
    meaning:
      'A sync of the connection is already queued or running (details name the run); try again when it has finished',
  },
  RUN_NOT_FOUND: { status: 404, meaning: 'The company has no sync run with that id' },
  RUN_NOT_CANCELLABLE: { status: 422, meaning: 'Only a queued run can be cancelled' },
});

/** Thrown when a later delivery took the run over (this one's lease had expired): stop writing. */
export class RunTakenOver extends Error {}
