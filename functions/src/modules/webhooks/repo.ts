import type { DocumentData } from 'firebase-admin/firestore';
import { companyCollection, toMillis } from '../../core/firestore';
import type { Sealed } from '../../core/vault';
import type { Delivery, Endpoint } from './schemas';

/** A subscription as stored: the API's fields and the sealed secrets (never answered). */
export interface StoredEndpoint extends Endpoint {
  secret: Sealed;
  previousSecret: Sealed | null;
}

export type Attempt = Delivery['attempts'][number];

/** A delivery as stored: the API's fields and the exact body every attempt sends. */
export interface StoredDelivery extends Delivery {
  body: string;
}

export const MAX_ATTEMPTS_KEPT = 50;

const millisOrNull = (v: unknown): number | null => toMillis(v) ?? null;
const sealedOrNull = (v: unknown): Sealed | null => (v && typeof v === 'object' && 'data' in v ? (v as Sealed) : null);

/** The one parser of a subscription. */
function endpointFromDoc(id: string, data: DocumentData): StoredEndpoint {
  return {
    id,
    url: String(data.url ?? ''),
    eventTypes: Array.isArray(data.eventTypes) ? data.eventTypes.map(String) : null,
    enabled: data.enabled === true,
    description: String(data.description ?? ''),
    disabledReason: data.disabledReason === 'failing' || data.disabledReason === 'manual' ? data.disabledReason : null,
    disabledAt: millisOrNull(data.disabledAt),
    previousSecretExpiresAt: millisOrNull(data.previousSecretExpiresAt),
    lastSuccessAt: millisOrNull(data.lastSuccessAt),
    createdAt: toMillis(data.createdAt) ?? 0,
    updatedAt: toMillis(data.updatedAt) ?? 0,
    secret: data.secret as Sealed,
    previousSecret: sealedOrNull(data.previousSecret),
  };
}

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;

function attemptFromData(a: Record<string, unknown>): Attempt {
  return {
    attempt: Number(a.attempt ?? 0),
    manual: a.manual === true,
    at: Number(a.at ?? 0),
    responseStatus: typeof a.responseStatus === 'number' ? a.responseStatus : null,
    durationMs: Number(a.durationMs ?? 0),
    error: typeof a.error === 'string' ? a.error : null,
    responseExcerpt: typeof a.responseExcerpt === 'string' ? a.responseExcerpt : null,
  };
}

/** The one parser of a delivery. */
function deliveryFromDoc(id: string, data: DocumentData): StoredDelivery {
  const status = DELIVERY_STATUSES.find((s) => s === data.status) ?? 'pending';
  return {
    id,
    endpointId: String(data.endpointId ?? ''),
    eventId: String(data.eventId ?? ''),
    eventType: String(data.eventType ?? ''),
    status,
    attempts: Array.isArray(data.attempts) ? data.attempts.map(attemptFromData) : [],
    nextAttemptAt: millisOrNull(data.nextAttemptAt),
    createdAt: toMillis(data.createdAt) ?? 0,
    updatedAt: toMillis(data.updatedAt) ?? 0,
    body: String(data.body ?? ''),
  };
}

/** Subscriptions at companies/{companyId}/webhookEndpoints/{endpointId}. */
export const {
  collection: endpointsCollection,
  ref: endpointRef,
  fromSnapshot: endpointFromSnapshot,
} = companyCollection('webhookEndpoints', endpointFromDoc);

/**
 * One delivery of one event to one subscription, with its attempts, at
 * companies/{companyId}/webhookDeliveries/{deliveryId} (the id derived from both: see deliveryIdOf).
 */
export const {
  collection: deliveriesCollection,
  ref: deliveryRef,
  fromSnapshot: deliveryFromSnapshot,
} = companyCollection('webhookDeliveries', deliveryFromDoc);

/** The additional authenticated data of a subscription's sealed secrets: they open on that record only. */
export const secretAad = (companyId: string, endpointId: string): string =>
  `webhook-endpoint:${companyId}/${endpointId}`;
