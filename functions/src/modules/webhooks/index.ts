/** The webhooks module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const deliveries = lazyFile<typeof import('./deliveries')>(() => require('./deliveries'));

/**
 * Queues one signed delivery of the event to every enabled subscription of its company that
 * listens to its type; answers how many were queued. Idempotent per event and subscription.
 */
export const enqueueWebhookDeliveries = lazyFunction(deliveries, 'enqueueWebhookDeliveries');
