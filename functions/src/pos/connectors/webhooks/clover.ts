import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  WebhookRefused,
  headerOf,
  requireFresh,
  type VendorWebhook,
  type WebhookEvent,
  type WebhookStream,
} from './types';
import type { PosDeletion } from '../deletion';

/**
 * Clover webhooks (docs.clover.com/docs/webhooks, "Use webhooks"):
 * - The app's webhook URL is verified once: Clover POSTs `{"verificationCode": "<uuid>"}` (with no
 *   auth header yet), which the developer pastes into the dashboard; the answer must be 200.
 * - From then on every message carries the app's Clover Auth Code in the `X-Clover-Auth` header:
 *   a shared secret, compared here in constant time (Clover signs nothing else).
 * - A message is `{appId, merchants: {<merchantId>: [{objectId, type, ts}, ...]}}`: one delivery may
 *   name several merchants and several changes each. `objectId` is `<event type key>:<id>` (O orders,
 *   P payments, E employees, C customers, I inventory ... per "Event type keys"; Clover has no
 *   webhook for shifts), `type` CREATE, UPDATE or DELETE, `ts` epoch ms.
 * - Clover does not guarantee delivery: a webhook only hastens a sync, the hourly one reads the same.
 * - A DELETE of an order (`O:<orderId>`) is the one change a read cannot find again: it rides on
 *   the event as a deletion of that sale (PosDeletion), which the sync reverses; a deletion of
 *   anything else only invalidates its streams.
 * Each merchant of a message is one event, its id a hash of the merchant's changes (Clover gives
 * none), so the same message delivered again is recognised.
 */
export const CLOVER_AUTH_HEADER = 'x-clover-auth';

const Change = z.object({
  objectId: z.string().regex(/^[A-Z]{1,3}:[A-Za-z0-9_-]{1,64}$/),
  type: z.enum(['CREATE', 'UPDATE', 'DELETE']),
  ts: z.number().int().positive(),
});
const Message = z.object({
  appId: z.string().min(1).max(64),
  merchants: z
    .record(z.string().regex(/^[A-Za-z0-9]{1,32}$/), z.array(Change).min(1).max(1000))
    .refine((m) => Object.keys(m).length > 0),
});
const Verification = z.strictObject({ verificationCode: z.string().min(1).max(200) });

const STREAMS: Readonly<Record<string, WebhookStream[]>> = {
  O: ['sales', 'tips'],
  P: ['sales', 'tips'],
  E: ['roster'],
};

const keyOf = (objectId: string) => objectId.slice(0, objectId.indexOf(':'));

function authMatches(received: string, key: string): boolean {
  const a = createHash('sha256').update(received).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}

/** The verification code of Clover's one-time URL verification POST, or null for any other body. */
export function cloverVerificationCode(rawBody: Buffer): string | null {
  try {
    const parsed = Verification.safeParse(JSON.parse(rawBody.toString('utf8')));
    return parsed.success ? parsed.data.verificationCode : null;
  } catch {
    return null;
  }
}

export const cloverWebhook: VendorWebhook = {
  vendor: 'clover',

  verify(rawBody, headers, ctx) {
    const auth = headerOf(headers, CLOVER_AUTH_HEADER);
    if (!auth || !authMatches(auth, ctx.signatureKey))
      throw new WebhookRefused('clover', 'forged', 'clover: no X-Clover-Auth header, or not our auth code');
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      json = undefined;
    }
    const parsed = Message.safeParse(json);
    if (!parsed.success)
      throw new WebhookRefused(
        'clover',
        'malformed',
        'clover: the body is not a webhook message ({appId, merchants: {id: [{objectId, type, ts}]}})',
      );
    const events: WebhookEvent[] = Object.entries(parsed.data.merchants).map(([merchantId, changes]) => {
      const streams = [...new Set(changes.flatMap((c) => cloverWebhook.streamsFor({ type: keyOf(c.objectId) })))];
      const digest = createHash('sha256')
        .update(merchantId)
        .update(JSON.stringify(changes.map((c) => [c.objectId, c.type, c.ts]).sort()))
        .digest('hex')
        .slice(0, 40);
      const deletions: PosDeletion[] = changes
        .filter((c) => c.type === 'DELETE' && keyOf(c.objectId) === 'O')
        .map((c) => ({ stream: 'sales', vendorId: c.objectId.slice(2), deletedAt: c.ts }));
      return {
        vendor: 'clover',
        ...(deletions.length > 0 ? { deletions } : {}),
        id: digest,
        type: [...new Set(changes.map((c) => keyOf(c.objectId)))].sort().join(','),
        accountId: merchantId,
        occurredAt: Math.max(...changes.map((c) => c.ts)),
        streams,
      };
    });
    // the newest change of the message dates it; one too old (or in the future) is refused whole
    requireFresh('clover', Math.max(...events.map((e) => e.occurredAt)), ctx.now);
    return events;
  },

  streamsFor: ({ type }) => [...(Object.prototype.hasOwnProperty.call(STREAMS, type) ? STREAMS[type] : [])],
};
