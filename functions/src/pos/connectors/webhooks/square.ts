import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { WebhookRefused, freshEvent, headerOf, isRecord, signatureMatches } from './types';
import type { VendorWebhook, WebhookStream } from './types';

/**
 * Square webhooks (developer.squareup.com/docs/webhooks: "Subscribe to Event Notifications",
 * "Verify and Validate an Event Notification", "Notification Delivery SLA"; the Webhooks reference
 * per event type):
 * - POST with a JSON body `{merchant_id, type, event_id, created_at (RFC 3339), data: {type, id,
 *   object: {<data type>: {...}}}}`; headers `x-square-hmacsha256-signature`, `square-environment`,
 *   `square-initial-delivery-timestamp`, and on retries `square-retry-number`, `square-retry-reason`.
 * - The signature: base64 of HMAC-SHA256, keyed with the subscription's signature key, over the
 *   notification URL exactly as registered followed by the raw body.
 * - `event_id` is the idempotency value: the same on every retry of an event.
 * Where the event's location is: `location_id` of the data object (timecards, shifts, orders'
 * `order_created`/`order_updated`, payments, refunds); a team member names its locations in
 * `assigned_locations` (none when assigned to all of the merchant's locations).
 */
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

/** Square ids (merchants, locations) are alphanumeric (as in ../vendors/square.ts). */
const SQUARE_ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const SquareEvent = z.object({
  merchant_id: SQUARE_ID,
  type: z.string().min(1).max(200),
  event_id: z.string().min(1).max(200),
  created_at: z.string(),
  data: z.object({
    type: z.string().optional(),
    id: z.string().optional(),
    object: z.record(z.string(), z.unknown()).optional(),
    deleted: z.boolean().optional(),
  }),
});

/**
 * Events of a deletion, whose data is `{type, id, deleted: true}` only: "The event data contains
 * only the id of the deleted timecard and the deleted field set to true"
 * (developer.squareup.com/docs/labor-api/webhooks, checked 2026-12-02; the deprecated Shift event
 * likewise, with the same id). No read finds a deleted timecard again (SearchTimecards does not
 * return them), so the event carries the deletion (WebhookEvent.deletions) for the sync to apply.
 */
const DELETIONS: Readonly<Record<string, 'punches'>> = {
  'labor.timecard.deleted': 'punches',
  'labor.shift.deleted': 'punches',
};

const STREAMS: Readonly<Record<string, WebhookStream[]>> = {
  'team_member.created': ['roster'],
  'team_member.updated': ['roster'],
  'team_member.wage_setting.updated': ['roster'],
  'labor.timecard.created': ['punches'],
  'labor.timecard.updated': ['punches'],
  'labor.timecard.deleted': ['punches'],
  // the Shift events, replaced by Timecard ones in Square-Version 2025-05-21, still sent to older subscriptions
  'labor.shift.created': ['punches'],
  'labor.shift.updated': ['punches'],
  'labor.shift.deleted': ['punches'],
  'order.created': ['sales', 'tips'],
  'order.updated': ['sales', 'tips'],
  'payment.created': ['sales', 'tips'],
  'payment.updated': ['sales', 'tips'],
  'refund.created': ['sales', 'tips'],
  'refund.updated': ['sales', 'tips'],
};

export function squareSignature(rawBody: Buffer, notificationUrl: string, signatureKey: string): Buffer {
  return createHmac('sha256', signatureKey).update(Buffer.from(notificationUrl, 'utf8')).update(rawBody).digest();
}

/** The locations an event's data object names (deduplicated, well-formed ids only). */
function locationsOf(object: Record<string, unknown> | undefined): string[] {
  const found = new Set<string>();
  for (const entity of Object.values(object ?? {})) {
    if (!isRecord(entity)) continue;
    if (typeof entity.location_id === 'string') found.add(entity.location_id);
    const assigned = entity.assigned_locations;
    if (isRecord(assigned) && Array.isArray(assigned.location_ids)) {
      for (const id of assigned.location_ids) if (typeof id === 'string') found.add(id);
    }
  }
  return [...found].filter((id) => SQUARE_ID.safeParse(id).success);
}

export const squareWebhook: VendorWebhook = {
  vendor: 'square',

  verify(rawBody, headers, ctx) {
    const signature = headerOf(headers, SQUARE_SIGNATURE_HEADER);
    if (!signature) throw new WebhookRefused('square', 'forged', `square: no ${SQUARE_SIGNATURE_HEADER} header`);
    if (!signatureMatches(signature, squareSignature(rawBody, ctx.notificationUrl, ctx.signatureKey))) {
      throw new WebhookRefused('square', 'forged', 'square: the signature does not match the body');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRefused('square', 'malformed', 'square: the body is not JSON');
    }
    const { event, occurredAt } = freshEvent('square', json, {
      schema: SquareEvent,
      shape: 'an event notification (merchant_id, type, event_id, created_at, data)',
      timeOf: (e) => e.created_at,
      badTime: 'created_at is not an RFC 3339 time',
      now: ctx.now,
    });
    const locationIds = locationsOf(event.data.object);
    const stream = Object.prototype.hasOwnProperty.call(DELETIONS, event.type) ? DELETIONS[event.type] : undefined;
    if (stream && !event.data.id)
      throw new WebhookRefused('square', 'malformed', `square: the ${event.type} event names no id (data.id)`);
    return [
      {
        vendor: 'square',
        id: event.event_id,
        type: event.type,
        accountId: locationIds[0] ?? event.merchant_id,
        merchantId: event.merchant_id,
        locationIds,
        occurredAt,
        streams: squareWebhook.streamsFor(event),
        ...(stream && event.data.id ? { deletions: [{ stream, vendorId: event.data.id, deletedAt: occurredAt }] } : {}),
      },
    ];
  },

  streamsFor: ({ type }) => [...(Object.prototype.hasOwnProperty.call(STREAMS, type) ? STREAMS[type] : [])],
};
