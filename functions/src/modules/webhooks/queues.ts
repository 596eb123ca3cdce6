/** The queue whose tasks are the attempts of webhook deliveries (src/modules/webhooks/deliveries.ts). */
export const DELIVERY_QUEUE = 'webhookDelivery';
