import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { ZodType } from 'zod';
import type { PosDeletion } from '../deletion';

/**
 * The webhook side of a POS connector: verifying what a vendor posts to us (its signature over the
 * exact bytes received) and naming the data streams an event invalidates. Wire code only: the POS
 * sync service (src/pos/service/webhooks.ts) owns replay records and sync requests.
 */

export type WebhookStream = 'roster' | 'punches' | 'sales' | 'tips';

/**
 * How old a signed event may be: the vendors sign their event's own time (Square's `created_at`,
 * Toast's `timestamp`), and retry a failed delivery with that same time (Toast after 5 and 15
 * minutes, Square after 1, 3, 7, 15, 31 ... minutes for up to 72 hours). 20 minutes accepts every
 * Toast retry and Square's first four; a later one is stale: the service acknowledges it without
 * applying it, which loses nothing (a webhook only hastens a sync, and the hourly sync reads the
 * same changes) and keeps a replayed capture from queueing work.
 */
export const WEBHOOK_TOLERANCE_MS = 20 * 60_000;
/** How far in the future an event's time may be (the vendor's clock against ours). */
export const WEBHOOK_CLOCK_SKEW_MS = 60_000;

/** A verified vendor event. */
export type WebhookVendor = 'square' | 'toast' | 'clover';

export interface WebhookEvent {
  vendor: WebhookVendor;
  /** The vendor's event id (Square `event_id`, Toast event `guid`; Clover: a hash of the merchant's changes), the same on every retry of a delivery. */
  id: string;
  /** The vendor's event type (`labor.timecard.updated`, `order_updated` ...). */
  type: string;
  /**
   * The vendor account the event concerns, as our connections are linked (connection id
   * `{slug}~{accountId}`): a Square location (the merchant when the event names no location), a
   * Toast restaurant GUID; null when the event concerns no account (Toast's partners events).
   */
  accountId: string | null;
  /** Square: the merchant of the event (an OAuth `square` connection is linked to the merchant). */
  merchantId?: string;
  /** Square: every location the event names (empty when it concerns the whole merchant). */
  locationIds?: string[];
  /** Epoch ms of the event, as the vendor signed it. */
  occurredAt: number;
  /** Our streams the event invalidates (empty: nothing we sync). */
  streams: WebhookStream[];
  /** Records the event says the vendor deleted, by id alone (no read can find them again); absent: none. */
  deletions?: PosDeletion[];
}

export type WebhookRefusal =
  /** No signature, a wrong one, or nothing the signature can be checked on: not from the vendor. */
  | 'forged'
  /** Signed, but older than WEBHOOK_TOLERANCE_MS or in the future beyond the clock skew. */
  | 'stale'
  /** Signed, but not the documented payload (no event id, type or account). */
  | 'malformed';

/** A refused delivery. Its message names what was wrong, never a key or a signature. */
export class WebhookRefused extends Error {
  constructor(
    readonly vendor: string,
    readonly reason: WebhookRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

export interface WebhookContext {
  /** The vendor's signature key for our subscription (never logged). */
  signatureKey: string;
  /** The URL the vendor posts to, exactly as registered (Square signs it). */
  notificationUrl: string;
  /** Epoch ms to judge staleness against. */
  now: number;
}

export interface VendorWebhook {
  vendor: WebhookVendor;
  /** Verifies and parses one delivery into its events (one; Clover: one per merchant it names); throws WebhookRefused. `rawBody` is the body exactly as received. */
  verify(rawBody: Buffer, headers: IncomingHttpHeaders, ctx: WebhookContext): WebhookEvent[];
  /** Our streams an event type invalidates; [] for a type we do not sync. */
  streamsFor(event: Pick<WebhookEvent, 'type'>): WebhookStream[];
}

/** One header's value, by case-insensitive name (a repeated header is ignored as ambiguous). */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const key = wanted in headers ? wanted : Object.keys(headers).find((k) => k.toLowerCase() === wanted);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Constant-time comparison of a received base64 signature with the expected digest. */
export function signatureMatches(received: string, expected: Buffer): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(received.trim())) return false;
  const given = Buffer.from(received.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Refuses an event time outside [now - tolerance, now + skew]. */
export function requireFresh(vendor: string, occurredAt: number, now: number): void {
  if (occurredAt < now - WEBHOOK_TOLERANCE_MS) {
    throw new WebhookRefused(
      vendor,
      'stale',
      `${vendor}: the event is older than ${WEBHOOK_TOLERANCE_MS / 60_000} minutes`,
    );
  }
  if (occurredAt > now + WEBHOOK_CLOCK_SKEW_MS)
    throw new WebhookRefused(vendor, 'stale', `${vendor}: the event is dated in the future`);
}

/**
 * The event of a body whose signature holds: its shape, its time and its freshness, each refused
 * in the vendor's own terms (`shape`: what the body should be; `badTime`: why its time is refused).
 */
export function freshEvent<T>(
  vendor: string,
  json: unknown,
  check: { schema: ZodType<T>; shape: string; timeOf: (event: T) => unknown; badTime: string; now: number },
): { event: T; occurredAt: number } {
  const parsed = check.schema.safeParse(json);
  if (!parsed.success) throw new WebhookRefused(vendor, 'malformed', `${vendor}: the body is not ${check.shape}`);
  const occurredAt = parseEventTime(check.timeOf(parsed.data));
  if (Number.isNaN(occurredAt)) throw new WebhookRefused(vendor, 'malformed', `${vendor}: ${check.badTime}`);
  requireFresh(vendor, occurredAt, check.now);
  return { event: parsed.data, occurredAt };
}

/** An RFC 3339 / ISO 8601 time with an explicit zone, as epoch ms (NaN otherwise). */
export function parseEventTime(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.test(value))
    return NaN;
  return Date.parse(value);
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
