import { randomUUID } from 'node:crypto';
import {
  CLOVER_AUTH_HEADER,
  SQUARE_SIGNATURE_HEADER,
  squareSignature,
  toastSignature,
} from '../../src/pos/connectors/webhooks';

/**
 * The vendors' side of webhooks, for the local stack and the tests: event payloads shaped as Square,
 * Toast and Clover document them, signed as they sign them, posted as they post them (see
 * src/pos/connectors/webhooks for the protocol and the documentation it follows).
 */

/** Square's event notification body. */
export interface SquareEventPayload {
  merchant_id: string;
  type: string;
  event_id: string;
  /** RFC 3339 */
  created_at: string;
  data: { type: string; id: string; object?: Record<string, unknown>; deleted?: boolean };
}

/**
 * A Square deletion event (labor.timecard.deleted): "The event data contains only the id of the
 * deleted timecard and the deleted field set to true" (developer.squareup.com/docs/labor-api/webhooks,
 * checked 2026-12-02), so `data` is `{type, id, deleted: true}`, with no object and no location.
 */
export function squareDeletedEvent(p: {
  type: string;
  merchantId: string;
  dataType: string;
  id: string;
  eventId?: string;
  createdAt?: number;
}): SquareEventPayload {
  return {
    merchant_id: p.merchantId,
    type: p.type,
    event_id: p.eventId ?? randomUUID(),
    created_at: iso(p.createdAt),
    data: { type: p.dataType, id: p.id, deleted: true },
  };
}

/** Toast's webhook message body. */
export interface ToastEventPayload {
  /** ISO 8601, UTC */
  timestamp: string;
  eventCategory: string;
  eventType: string;
  /** The event's GUID. */
  guid: string;
  details: Record<string, unknown>;
}

const iso = (at: number | undefined) => new Date(at ?? Date.now()).toISOString();
const squareId = () => randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase();

/**
 * A Square event. `entity` is the data object's content (a timecard, a team member, an order's
 * `order_updated` summary ...), filed under `dataType` as Square does (`{timecard: {...}}`).
 */
export function squareEvent(p: {
  type: string;
  merchantId: string;
  dataType: string;
  entity: Record<string, unknown> & { id?: string };
  /** The key of the entity in data.object; default `dataType` (orders use `order_created` / `order_updated`). */
  objectKey?: string;
  eventId?: string;
  createdAt?: number;
}): SquareEventPayload {
  const id = String(p.entity.id ?? p.entity.order_id ?? squareId());
  return {
    merchant_id: p.merchantId,
    type: p.type,
    event_id: p.eventId ?? randomUUID(),
    created_at: iso(p.createdAt),
    data: { type: p.dataType, id, object: { [p.objectKey ?? p.dataType]: p.entity } },
  };
}

/** A Toast event (the orders webhook's details are `{restaurantGuid, order}`). */
export function toastEvent(p: {
  eventType: string;
  eventCategory?: string;
  restaurantGuid?: string;
  details?: Record<string, unknown>;
  guid?: string;
  timestamp?: number;
}): ToastEventPayload {
  return {
    timestamp: iso(p.timestamp),
    eventCategory: p.eventCategory ?? p.eventType,
    eventType: p.eventType,
    guid: p.guid ?? randomUUID(),
    details: { ...(p.restaurantGuid ? { restaurantGuid: p.restaurantGuid } : {}), ...p.details },
  };
}

/** Clover's webhook message: the changes of each merchant, `objectId` as `<event type key>:<id>`. */
export interface CloverEventPayload {
  appId: string;
  merchants: Record<string, { objectId: string; type: 'CREATE' | 'UPDATE' | 'DELETE'; ts: number }[]>;
}

/** A Clover message naming `changes` per merchant (ts default now). */
export function cloverEvent(
  merchants: Record<string, { objectId: string; type?: 'CREATE' | 'UPDATE' | 'DELETE'; ts?: number }[]>,
  appId = 'SIMCLOVERAPP7Q4K2',
): CloverEventPayload {
  return {
    appId,
    merchants: Object.fromEntries(
      Object.entries(merchants).map(([id, changes]) => [
        id,
        changes.map((c) => ({ objectId: c.objectId, type: c.type ?? 'UPDATE', ts: c.ts ?? Date.now() })),
      ]),
    ),
  };
}

export interface SignedWebhook {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The exact bytes and headers the vendor posts. `key`: Square's subscription signature key,
 * Toast's webhook secret or Clover's auth code; `url`: the notification URL as registered (Square
 * signs it); `attempt`: the delivery's attempt (1 the first time; Square counts retries from 1 on
 * the second).
 */
export function signedWebhook(
  vendor: 'square' | 'toast' | 'clover',
  event: SquareEventPayload | ToastEventPayload | CloverEventPayload,
  opts: { key: string; url: string; attempt?: number; initialDeliveryAt?: number },
): SignedWebhook {
  const body = Buffer.from(JSON.stringify(event), 'utf8');
  const attempt = opts.attempt ?? 1;
  if (vendor === 'clover')
    return { body, headers: { 'content-type': 'application/json', [CLOVER_AUTH_HEADER]: opts.key } };
  if (vendor === 'square') {
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SQUARE_SIGNATURE_HEADER]: squareSignature(body, opts.url, opts.key).toString('base64'),
        'square-environment': 'Sandbox',
        'square-initial-delivery-timestamp': iso(opts.initialDeliveryAt),
        ...(attempt > 1 ? { 'square-retry-number': String(attempt - 1) } : {}),
      },
    };
  }
  const toast = event as ToastEventPayload;
  const restaurant = toast.details.restaurantGuid;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'Toast-Signature': toastSignature(body, toast.timestamp, opts.key).toString('base64'),
      'Toast-Event-Type': toast.eventType,
      'Toast-Event-Category': toast.eventCategory,
      'Toast-Attempt-Number': String(attempt),
      ...(typeof restaurant === 'string' ? { 'Toast-Restaurant-External-ID': restaurant } : {}),
    },
  };
}

/**
 * What the vendor makes of our answer to a delivery: `delivered` (2xx), `retried` (sent again
 * later) or `failed` (dropped, and counted against the subscription):
 * - Square retries any answer but a 2xx, with backoff, for up to 72 hours ("Webhook retries",
 *   developer.squareup.com/docs/webhooks/step4manage);
 * - Toast retries a timeout, 404, 429 or 5xx after 5 then 10 minutes and drops any other answer
 *   ("Retry support", doc.toasttab.com/doc/devguide/apiRetrySupport.html); every error counts
 *   toward pausing the subscription: 50 in five minutes pause it, 9 pauses in ten minutes stop it
 *   ("Back-off support", doc.toasttab.com/doc/devguide/apiBackOffSupport.html);
 * - Clover: any answer but a 2xx is a failed delivery (assumption: its retry policy is not published).
 */
export function deliveryOutcome(
  vendor: 'square' | 'toast' | 'clover',
  status: number,
): 'delivered' | 'retried' | 'failed' {
  if (status >= 200 && status < 300) return 'delivered';
  if (vendor === 'square') return 'retried';
  if (vendor === 'toast') return status === 404 || status === 429 || status >= 500 ? 'retried' : 'failed';
  return 'failed';
}

/** Posts a signed webhook as the vendor does; answers the status and the parsed JSON body (null if none). */
export async function sendWebhook(url: string, signed: SignedWebhook): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}
