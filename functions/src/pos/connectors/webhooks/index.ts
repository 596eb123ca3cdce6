import { connectorFor } from '..';
import type { VendorWebhook } from './types';

/** A vendor's webhooks by catalogue slug (its connector's `webhook`): square and square_api_key receive Square's notifications alike, toast Toast's, clover Clover's. */
export function webhookFor(slug: string): VendorWebhook | undefined {
  return connectorFor(slug)?.webhook;
}

export { CLOVER_AUTH_HEADER, cloverVerificationCode, cloverWebhook } from './clover';
export { SQUARE_SIGNATURE_HEADER, squareSignature, squareWebhook } from './square';
export { TOAST_RESTAURANT_HEADER, TOAST_SIGNATURE_HEADER, toastSignature, toastWebhook } from './toast';
export {
  WEBHOOK_CLOCK_SKEW_MS,
  WEBHOOK_TOLERANCE_MS,
  WebhookRefused,
  type VendorWebhook,
  type WebhookContext,
  type WebhookEvent,
  type WebhookRefusal,
  type WebhookStream,
  type WebhookVendor,
} from './types';
