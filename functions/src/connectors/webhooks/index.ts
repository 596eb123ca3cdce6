import { squareWebhook } from './square';
import { toastWebhook } from './toast';
import type { VendorWebhook } from './types';

/**
 * The vendors' webhooks by catalogue slug: `square` (OAuth, linked to a merchant) and
 * `square_api_key` (a personal access token, linked to a location) receive Square's notifications
 * alike; `toast` Toast's.
 */
const WEBHOOKS: Readonly<Record<string, VendorWebhook>> = {
  square: squareWebhook,
  square_api_key: squareWebhook,
  toast: toastWebhook,
};

export function webhookFor(slug: string): VendorWebhook | undefined {
  return Object.prototype.hasOwnProperty.call(WEBHOOKS, slug) ? WEBHOOKS[slug] : undefined;
}

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
} from './types';
