import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DocumentReference } from 'firebase-admin/firestore';
import { config } from '../../core/config';
import { AppError } from '../../core/errors';
import { db, firestoreNs } from '../../core/firebase';
import { ALREADY_EXISTS } from '../../core/firestore';
import { logger, type Logger } from '../../core/logger';
import {
  cloverVerificationCode,
  WEBHOOK_TOLERANCE_MS,
  WebhookRefused,
  webhookFor,
  type WebhookEvent,
} from '../connectors/webhooks';
import { enqueueTask } from '../../core/tasks';
import { requestSync } from '../../modules/integration-engine';
import { queueDeletions } from '../../modules/pos-sync';
import { scheduledWhere, type ScheduledConnection } from '../../modules/integrations';
import { receiveVerificationCode } from './clover-verification';
import { syncErrors } from './errors';
import { WEBHOOK_QUEUE } from './queues';

/**
 * POST /webhooks/{vendor}: a vendor tells us something changed; we queue an incremental sync of
 * the streams it concerns for every connection of the account it names. Authenticated by the
 * vendor's signature only. Record, answer, then work: the delivery verifies the signature, records
 * the event durably (its id, streams and deletions, one Firestore create) and hands it to the
 * webhook queue (WEBHOOK_QUEUE, a Cloud Task named after the event), then answers 2xx; the
 * connection lookups and sync requests run in the task (processWebhookEvent), retried by Cloud
 * Tasks. Toast: "Toast API clients must return a 2xx response within the 2-second window to
 * acknowledge the event, before processing any additional business logic" ("Timeouts",
 * doc.toasttab.com/doc/devguide/apiTimeouts.html), and a subscription is paused after fifty errors
 * in a five-minute interval ("Back-off support", doc.toasttab.com/doc/devguide/apiBackOffSupport.html;
 * both checked 2026-12-02); Square retries a delivery not answered 2xx within 10 seconds ("Notification
 * Delivery SLA", developer.squareup.com/docs/webhooks/step3validate); Clover expects a quick 200
 * too (docs.clover.com/dev/docs/webhooks). Forged and malformed deliveries are refused before anything is written.
 * A signed event too old (or dated in the future) to apply is acknowledged (2xx), logged and
 * counted, and does nothing: refusing it would only make the vendor retry it (Square for up to 72
 * hours) or pause the subscription (Toast pauses one answering 50 errors in five minutes: "Back-off
 * support", doc.toasttab.com/doc/devguide/apiBackOffSupport.html), and the next poll reads the
 * changes it announced. A delivery of an event id already seen (the vendors retry, and a captured
 * delivery can be replayed) is acknowledged and does nothing.
 */

/**
 * Root collection of the event ids seen, `{vendor}~{event id}`. `expireAt` is a Timestamp for a
 * Firestore TTL policy on posWebhookEvents.expireAt: a record outlives the tolerance of its event's
 * time, after which a replay is stale and does nothing anyway.
 */
export const WEBHOOK_EVENTS = 'posWebhookEvents';
const RECORD_MARGIN_MS = 60 * 60_000;

export interface WebhookRun {
  companyId: string;
  connectionId: string;
  runId: string;
}

export { WEBHOOK_QUEUE };

/** A task of the webhook queue: the record of one event. */
export interface WebhookTask {
  /** The document id in WEBHOOK_EVENTS. */
  eventKey: string;
}

export interface WebhookResult {
  accepted: true;
  /** The event id was seen before: nothing was done. */
  duplicate: boolean;
  /** The event is too old (or dated in the future) to apply: acknowledged and counted, nothing done. */
  stale: boolean;
  /** The events recorded and handed to the webhook queue by this delivery (their work runs there). */
  queued: WebhookTask[];
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,200}$/;
const eventKey = (vendor: string, eventId: string) =>
  `${vendor}~${SAFE_ID.test(eventId) ? eventId : createHash('sha256').update(eventId).digest('hex')}`;
const eventRef = (key: string) => db().collection(WEBHOOK_EVENTS).doc(key);
/** Cloud Tasks ids take letters, digits, hyphens and underscores only. */
const taskIdOf = (key: string) => `wh-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

function refusal(err: WebhookRefused): AppError {
  return err.reason === 'forged'
    ? syncErrors.WEBHOOK_SIGNATURE_INVALID(`The webhook is not signed by ${err.vendor} with our key`)
    : syncErrors.WEBHOOK_MALFORMED(err.message);
}

/** Root collection of the stale events acknowledged, counted per vendor (`{vendor}`: stale, lastStaleAt). */
export const WEBHOOK_COUNTS = 'posWebhookCounts';

async function acknowledgeStale(err: WebhookRefused, now: number): Promise<WebhookResult> {
  logger.warn('webhook stale: acknowledged, not applied (the next poll reads its changes)', {
    vendor: err.vendor,
    reasonMessage: err.message,
  });
  await db()
    .collection(WEBHOOK_COUNTS)
    .doc(err.vendor)
    .set({ stale: firestoreNs().FieldValue.increment(1), lastStaleAt: now }, { merge: true });
  return { accepted: true, duplicate: false, stale: true, queued: [] };
}

export async function receiveWebhook(p: {
  vendor: string;
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  now?: number;
}): Promise<WebhookResult> {
  const webhook = webhookFor(p.vendor);
  if (!webhook) throw syncErrors.POS_VENDOR_NOT_FOUND(`No POS source ${p.vendor} sends webhooks to this service`);
  const now = p.now ?? Date.now();
  // Clover verifies the URL once, before it has given us the auth code its messages carry
  const verificationCode = webhook.vendor === 'clover' ? cloverVerificationCode(p.rawBody) : null;
  if (verificationCode !== null) {
    await receiveVerificationCode(verificationCode, now);
    return { accepted: true, duplicate: false, stale: false, queued: [] };
  }
  const signatureKey = config.vendors.webhookKey(webhook.vendor);
  if (!signatureKey) {
    logger.error('webhook signature key not configured', { vendor: webhook.vendor });
    throw syncErrors.WEBHOOK_NOT_CONFIGURED(`Webhooks of ${webhook.vendor} cannot be verified yet`);
  }
  let events: WebhookEvent[];
  try {
    events = webhook.verify(p.rawBody, p.headers, {
      signatureKey,
      notificationUrl: `${config.vendors.webhookBaseUrl()}/webhooks/${p.vendor}`,
      now,
    });
  } catch (err) {
    if (!(err instanceof WebhookRefused)) throw err;
    if (err.reason === 'stale') return acknowledgeStale(err, now);
    logger.warn('webhook refused', { vendor: p.vendor, reason: err.reason, reasonMessage: err.message });
    throw refusal(err);
  }
  const results: Awaited<ReturnType<typeof receiveEvent>>[] = [];
  for (const event of events) results.push(await receiveEvent(event, now));
  const synced = results.filter((r) => r !== 'ignored');
  return {
    accepted: true,
    duplicate: synced.length > 0 && synced.every((r) => r === 'duplicate'),
    stale: false,
    queued: synced.flatMap((r) => (r === 'duplicate' ? [] : [r])),
  };
}

/** One verified event: ignored (nothing we sync), a duplicate of one received before, or recorded and queued. */
async function receiveEvent(event: WebhookEvent, now: number): Promise<'ignored' | 'duplicate' | WebhookTask> {
  const log = logger.child({ vendor: event.vendor, eventId: event.id, eventType: event.type });
  if (event.streams.length === 0 || event.accountId === null) {
    log.info('webhook of a type not synced: acknowledged');
    return 'ignored';
  }
  const key = eventKey(event.vendor, event.id);
  const ref = eventRef(key);
  if (!(await recordEvent(ref, event, now))) {
    log.info('webhook event already received: acknowledged');
    return 'duplicate';
  }
  try {
    await enqueueTask(WEBHOOK_QUEUE, { eventKey: key }, { id: taskIdOf(key) });
  } catch (err) {
    // forget the event, so the vendor's retry of this delivery records and queues it again
    await ref.delete().catch((e: unknown) => log.error('webhook event record not removed', { error: e }));
    throw err;
  }
  log.info('webhook recorded and queued');
  return { eventKey: key };
}

/** The record of an event, as the task reads it back. */
interface RecordedEvent {
  vendor: WebhookEvent['vendor'];
  eventId: string;
  type: string;
  accountId: string;
  merchantId?: string | null;
  locationIds?: string[];
  occurredAt: number;
  streams: WebhookEvent['streams'];
  deletions?: NonNullable<WebhookEvent['deletions']>;
  /** The runs asked for, once the task did the work (a retried task does not ask again). */
  runs?: WebhookRun[];
  doneAt?: number | null;
}

/**
 * The work of one recorded event (a task of WEBHOOK_QUEUE): the sync runs of every connection of
 * its account, each with the event's deletions (records the vendor deleted by id alone) for the
 * engine to apply. Done once: the runs are kept on the record, and a retried task that finds them
 * does nothing again. A failure is thrown for Cloud Tasks to retry.
 */
export async function processWebhookEvent(payload: unknown): Promise<WebhookRun[]> {
  const key = (payload as Partial<WebhookTask> | null)?.eventKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > 300 || key.includes('/')) {
    logger.error('webhook task without an event key: dropped');
    return [];
  }
  const ref = eventRef(key);
  const snap = await ref.get();
  if (!snap.exists) {
    logger.warn('webhook task of an event no longer recorded: nothing to do', { eventKey: key });
    return [];
  }
  const recorded = snap.data() as RecordedEvent;
  if (recorded.doneAt) return recorded.runs ?? [];
  const event: WebhookEvent = {
    vendor: recorded.vendor,
    id: recorded.eventId,
    type: recorded.type,
    accountId: recorded.accountId,
    ...(recorded.merchantId ? { merchantId: recorded.merchantId } : {}),
    locationIds: recorded.locationIds ?? [],
    occurredAt: recorded.occurredAt,
    streams: recorded.streams,
    ...(recorded.deletions?.length ? { deletions: recorded.deletions } : {}),
  };
  const log = logger.child({ vendor: event.vendor, eventId: event.id, eventType: event.type });
  const connections = await connectionsOf(event);
  if (event.deletions?.length) await recordDeletions(connections, event, key);
  const runs = await requestRuns(event, connections, log);
  await ref.update({ runs, pending: false, doneAt: Date.now() });
  log.info('webhook worked', { runs: runs.length });
  return runs;
}

/** Records the event; false when it was already recorded (create() lets exactly one concurrent delivery through). */
async function recordEvent(ref: DocumentReference, event: WebhookEvent, now: number): Promise<boolean> {
  const { Timestamp } = firestoreNs();
  try {
    await ref.create({
      vendor: event.vendor,
      eventId: event.id,
      type: event.type,
      accountId: event.accountId,
      merchantId: event.merchantId ?? null,
      locationIds: event.locationIds ?? [],
      occurredAt: event.occurredAt,
      streams: event.streams,
      deletions: event.deletions ?? [],
      receivedAt: now,
      pending: true,
      doneAt: null,
      expireAt: Timestamp.fromMillis(Math.max(event.occurredAt, now) + WEBHOOK_TOLERANCE_MS + RECORD_MARGIN_MS),
    });
    return true;
  } catch (err) {
    if ((err as { code?: number }).code === ALREADY_EXISTS) return false;
    throw err;
  }
}

/**
 * Each connection of the event gets its deletions (pos-sync's queue, companies/{c}/posDeletions:
 * one document per connection, stream and vendor record, so a repeated announcement is one pending
 * deletion), written before its sync run is asked for, so the run finds and applies them.
 */
async function recordDeletions(connections: ScheduledConnection[], event: WebhookEvent, key: string): Promise<void> {
  for (const c of connections) await queueDeletions(c, event.deletions ?? [], key);
}

/**
 * The scheduled connections an event concerns (connection ids `{slug}~{account}`): Square's OAuth
 * connection of the merchant, and the personal-access-token connections of the locations it names,
 * or of every location of the merchant when it names none (team member events); Toast's of the
 * restaurant; Clover's of the merchant.
 */
export async function connectionsOf(event: WebhookEvent): Promise<ScheduledConnection[]> {
  const lookups: Promise<ScheduledConnection[]>[] = [];
  if (event.vendor === 'square') {
    if (event.merchantId) lookups.push(scheduledWhere('connectionId', `square~${event.merchantId}`));
    const locations = event.locationIds ?? [];
    for (const location of locations) lookups.push(scheduledWhere('connectionId', `square_api_key~${location}`));
    if (locations.length === 0 && event.merchantId) {
      lookups.push(
        scheduledWhere('merchantId', event.merchantId).then((found) =>
          found.filter((c) => c.slug === 'square_api_key'),
        ),
      );
    }
  } else if (event.accountId) {
    lookups.push(scheduledWhere('connectionId', `${event.vendor}~${event.accountId}`));
  }
  const unique = new Map<string, ScheduledConnection>();
  for (const c of (await Promise.all(lookups)).flat()) unique.set(`${c.companyId}~${c.connectionId}`, c);
  return [...unique.values()];
}

/**
 * Asks for one sync per connection. A connection that cannot sync any more (disconnected since,
 * not synced by the engine) is skipped; any other failure fails the delivery, for the vendor to retry.
 */
async function requestRuns(
  event: WebhookEvent,
  connections: ScheduledConnection[],
  log: Logger,
): Promise<WebhookRun[]> {
  const outcomes = await Promise.allSettled(
    connections.map((c) =>
      requestSync({
        companyId: c.companyId,
        connectionId: c.connectionId,
        uid: null,
        trigger: 'webhook',
        streams: event.streams,
      }),
    ),
  );
  const runs: WebhookRun[] = [];
  let failure: unknown;
  outcomes.forEach((outcome, i) => {
    const { companyId, connectionId } = connections[i];
    if (outcome.status === 'fulfilled') {
      runs.push({ companyId, connectionId, runId: outcome.value.id });
    } else if (outcome.reason instanceof AppError && outcome.reason.status < 500) {
      log.info('webhook: connection skipped', { companyId, connectionId, code: outcome.reason.code });
    } else {
      log.error('webhook: sync not requested', { companyId, connectionId, error: outcome.reason });
      failure ??= outcome.reason;
    }
  });
  if (failure !== undefined) throw failure;
  return runs;
}
