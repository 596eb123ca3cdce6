import { MAIL_SECRETS, VAULT_KEYS } from '../../core/config';
import { defineModule, lazyFile } from '../kit';
import { DELIVERY_QUEUE } from './queues';
import { webhookErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const deliveries = lazyFile<typeof import('./deliveries')>(() => require('./deliveries'));

export default defineModule({
  name: 'webhooks',
  description:
    'Signed outgoing webhooks for integrators: subscriptions to the domain events, deliveries signed per Standard Webhooks with retries for a day, delivery log, redelivery, secret rotation',
  http: router,
  errors: webhookErrors.catalog,
  runtime: { secrets: [VAULT_KEYS, ...MAIL_SECRETS] },
  collections: { company: ['webhookEndpoints', 'webhookDeliveries'] },
  // endpoints are integrators' addresses; deliveries hold domain events, which name people by id (core/domain-event.ts)
  personalData: { webhookEndpoints: 'none', webhookDeliveries: 'none' },
  queues: [
    {
      name: DELIVERY_QUEUE,
      description:
        'One attempt of one webhook delivery per task. A receiver’s failure is recorded and the next attempt queued with its own delay (exponential, about a day); the queue’s retries only cover our own failures (storage, vault)',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 300 },
      rateLimits: { maxConcurrentDispatches: 50 },
      timeoutSeconds: 60,
      run: () => deliveries().runDeliveryTask,
    },
  ],
});
