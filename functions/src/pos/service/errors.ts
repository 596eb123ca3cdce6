import { defineErrors } from '../../core/errors';

/** The POS sync service's own codes (the runs' codes are the integration engine's). */
export const syncErrors = defineErrors({
  POS_VENDOR_NOT_FOUND: { status: 404, meaning: 'No POS source with that slug syncs through this service' },
  POS_NOT_CONNECTED: {
    status: 404,
    meaning: 'The company has no active connection of that POS source (or not the one named)',
  },
  SERVICE_NOT_READY: {
    status: 503,
    meaning: 'A dependency of the service (Firestore, the task queue) does not answer; details name it',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    meaning: "The webhook's vendor signature is missing or does not match the body; nothing was written",
  },
  WEBHOOK_MALFORMED: {
    status: 400,
    meaning: "The webhook is signed but is not the vendor's documented payload; nothing was written",
  },
  WEBHOOK_NOT_CONFIGURED: {
    status: 503,
    meaning: "Our signature key for the vendor's webhooks is not configured; nothing was written (the vendor retries)",
  },
  VERIFICATION_WINDOW_CLOSED: {
    status: 409,
    meaning:
      "Clover's URL verification code arrived with no verification window open (or the window already has its code); nothing was written",
  },
  VERIFICATION_WINDOW_NOT_FOUND: { status: 404, meaning: 'No Clover verification window with that id' },
});
