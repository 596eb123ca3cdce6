import { defineErrors } from '../../core/errors';

export const webhookErrors = defineErrors({
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, meaning: 'No webhook subscription with that id in the company' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, meaning: 'No delivery with that id to the webhook subscription' },
  WEBHOOK_URL_REFUSED: {
    status: 422,
    meaning:
      'The URL is not https, carries credentials, or names or resolves to a private, loopback, link-local or otherwise non-public address',
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    status: 422,
    meaning: 'The webhook subscription is disabled: enable it before redelivering',
  },
  WEBHOOK_DELIVERY_PENDING: {
    status: 409,
    meaning: 'The delivery is still being attempted: a manual redelivery waits until it is delivered or has failed',
  },
  WEBHOOK_ENDPOINT_LIMIT: { status: 422, meaning: 'The company has the most webhook subscriptions it may have' },
});
