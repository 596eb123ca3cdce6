/** The Cloud Tasks queue of recorded vendor webhook events (src/pos/service/webhooks.ts does their work). */
export const WEBHOOK_QUEUE = 'posWebhookWork';
