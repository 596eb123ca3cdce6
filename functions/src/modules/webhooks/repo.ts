import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { attemptSchema, deliverySchema, endpointSchema } from './schemas';

/** A sealed secret as stored (core/vault.ts's Sealed). */
const storedSealed = z.object({ kid: z.string(), iv: z.string(), tag: z.string(), data: z.string() });

const millisOrNull = storedMillis.nullable().default(null);

/** A subscription as stored: the API's fields and the sealed secrets (never answered). */
const storedEndpoint = endpointSchema.extend({
  eventTypes: endpointSchema.shape.eventTypes.default(null),
  enabled: endpointSchema.shape.enabled.default(false),
  description: endpointSchema.shape.description.default(''),
  // a reason no longer known reads as none, as the hand-written decoder read it
  disabledReason: endpointSchema.shape.disabledReason.catch(null),
  disabledAt: millisOrNull,
  previousSecretExpiresAt: millisOrNull,
  lastSuccessAt: millisOrNull,
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
  secret: storedSealed,
  previousSecret: storedSealed.nullable().default(null),
});
export type StoredEndpoint = z.output<typeof storedEndpoint>;

const storedAttempt = attemptSchema.extend({
  manual: attemptSchema.shape.manual.default(false),
  responseStatus: attemptSchema.shape.responseStatus.default(null),
  durationMs: attemptSchema.shape.durationMs.default(0),
  error: attemptSchema.shape.error.default(null),
  responseExcerpt: attemptSchema.shape.responseExcerpt.default(null),
});
export type Attempt = z.output<typeof storedAttempt>;

/** A delivery as stored: the API's fields and the exact body every attempt sends. */
const storedDelivery = deliverySchema.extend({
  status: deliverySchema.shape.status.default('pending'),
  attempts: z.array(storedAttempt).default([]),
  nextAttemptAt: millisOrNull,
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
  body: z.string(),
});
export type StoredDelivery = z.output<typeof storedDelivery>;

export const MAX_ATTEMPTS_KEPT = 50;

/** Subscriptions at companies/{companyId}/webhookEndpoints/{endpointId}. */
export const {
  collection: endpointsCollection,
  ref: endpointRef,
  fromSnapshot: endpointFromSnapshot,
} = storedCollection('webhookEndpoints', storedEndpoint);

/**
 * One delivery of one event to one subscription, with its attempts, at
 * companies/{companyId}/webhookDeliveries/{deliveryId} (the id derived from both: see deliveryIdOf).
 */
export const {
  collection: deliveriesCollection,
  ref: deliveryRef,
  fromSnapshot: deliveryFromSnapshot,
} = storedCollection('webhookDeliveries', storedDelivery);

/** The additional authenticated data of a subscription's sealed secrets: they open on that record only. */
export const secretAad = (companyId: string, endpointId: string): string =>
  `webhook-endpoint:${companyId}/${endpointId}`;
