import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { WebhookRefused, freshEvent, headerOf, isRecord, signatureMatches } from './types';
import type { VendorWebhook, WebhookStream } from './types';

/**
 * Toast webhooks (doc.toasttab.com/doc/devguide: "Message data schema", "HTTP headers", "Message
 * signing", "Retry support", "Orders webhook"):
 * - POST with a JSON body `{timestamp (ISO 8601, UTC), eventCategory, eventType, guid (the event's),
 *   details: {...}}`; the orders webhook's details are `{restaurantGuid, order}`.
 * - Headers `Toast-Signature`, `Toast-Event-Type`, `Toast-Event-Category`,
 *   `Toast-Restaurant-External-ID` (the restaurant's GUID, when the event happened at one) and
 *   `Toast-Attempt-Number` (1, then incremented on each retry).
 * - The signature: base64 of HMAC-SHA256, keyed with the subscription's webhook secret, over the
 *   body followed by the message's timestamp (the `timestamp` of the body; Toast sends no separate
 *   timestamp header).
 * The restaurant is taken from the signed body when it names one; the (unsigned) header only when
 * the body does not, and a header that contradicts the body is refused.
 */
export const TOAST_SIGNATURE_HEADER = 'toast-signature';
export const TOAST_RESTAURANT_HEADER = 'toast-restaurant-external-id';

const GUID = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);

const ToastEvent = z.object({
  timestamp: z.string(),
  eventCategory: z.string().optional(),
  eventType: z.string().min(1).max(200),
  guid: z.string().min(1).max(200),
  details: z.record(z.string(), z.unknown()).optional(),
});

const STREAMS: Readonly<Record<string, WebhookStream[]>> = {
  // a new order is an update too (Orders webhook); channel_order_updated: orders of ordering channels
  order_updated: ['sales', 'tips'],
  channel_order_updated: ['sales', 'tips'],
};

export function toastSignature(rawBody: Buffer, timestamp: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(rawBody).update(Buffer.from(timestamp, 'utf8')).digest();
}

export const toastWebhook: VendorWebhook = {
  vendor: 'toast',

  verify(rawBody, headers, ctx) {
    const signature = headerOf(headers, TOAST_SIGNATURE_HEADER);
    if (!signature) throw new WebhookRefused('toast', 'forged', 'toast: no Toast-Signature header');
    // the signed text includes the body's timestamp, so the body is read before it is trusted
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      json = undefined;
    }
    const timestamp = isRecord(json) && typeof json.timestamp === 'string' ? json.timestamp : undefined;
    if (timestamp === undefined)
      throw new WebhookRefused('toast', 'forged', 'toast: the body has no timestamp to check the signature with');
    if (!signatureMatches(signature, toastSignature(rawBody, timestamp, ctx.signatureKey))) {
      throw new WebhookRefused('toast', 'forged', 'toast: the signature does not match the body');
    }
    const { event, occurredAt } = freshEvent('toast', json, {
      schema: ToastEvent,
      shape: 'a webhook message (timestamp, eventType, guid)',
      timeOf: (e) => e.timestamp,
      badTime: 'timestamp is not an ISO 8601 time',
      now: ctx.now,
    });
    const fromBody = event.details?.restaurantGuid;
    const fromHeader = headerOf(headers, TOAST_RESTAURANT_HEADER);
    if (fromBody !== undefined && !GUID.safeParse(fromBody).success)
      throw new WebhookRefused('toast', 'malformed', 'toast: details.restaurantGuid is not a GUID');
    if (
      typeof fromBody === 'string' &&
      fromHeader !== undefined &&
      fromHeader.toLowerCase() !== fromBody.toLowerCase()
    ) {
      throw new WebhookRefused(
        'toast',
        'malformed',
        'toast: Toast-Restaurant-External-ID contradicts details.restaurantGuid',
      );
    }
    const restaurant = typeof fromBody === 'string' ? fromBody : fromHeader;
    if (restaurant !== undefined && !GUID.safeParse(restaurant).success)
      throw new WebhookRefused('toast', 'malformed', 'toast: Toast-Restaurant-External-ID is not a GUID');
    const streams = toastWebhook.streamsFor({ type: event.eventType });
    // events of no restaurant (the partners webhook) are acknowledged; one we sync must name it
    if (restaurant === undefined && streams.length > 0)
      throw new WebhookRefused('toast', 'malformed', `toast: the ${event.eventType} message names no restaurant`);
    return [
      { vendor: 'toast', id: event.guid, type: event.eventType, accountId: restaurant ?? null, occurredAt, streams },
    ];
  },

  streamsFor: ({ type }) => [...(Object.prototype.hasOwnProperty.call(STREAMS, type) ? STREAMS[type] : [])],
};
