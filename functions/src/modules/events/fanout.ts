import { z } from 'zod';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from '../../core/domain-event';
import { db } from '../../core/firebase';
import { ALREADY_EXISTS } from '../../core/firestore';
import { logger } from '../../core/logger';
import { grantsAccess, listAudienceMemberships, type Membership } from '../../core/memberships';
import { enqueueTask } from '../../core/tasks';
import { getCompanyRules, viewPolicies } from '../companies';
import { enqueueWebhookDeliveries } from '../webhooks';
import { platform } from '../kit';
import { kindOf } from './catalogue';
import { digestTaskId } from './digest';
import { DIGEST_QUEUE } from './queues';
import { readPreferences } from './preferences';
import { sendPush, tokensOf } from './push';
import { digestRef, inboxRef, outboxRef, pendingRef, sortKeyOf } from './repo';
import {
  copyFor,
  DIGEST_WINDOW_MS,
  digestWindowOf,
  inQuietHours,
  recipientsOf,
  wants,
  type Preferences,
} from './rules';

/**
 * The fan-out of one event (the task of the events queue): inbox entries, push, the email digest,
 * the webhooks, then the event is marked dispatched. Each stage is recorded on the outbox document
 * when done, so a retry after a crash redoes only the stages not recorded; every stage is also
 * safe to repeat: inbox entries have deterministic ids and are created once, digest items are
 * keyed by event id, webhook deliveries are idempotent per event and subscription. A push may be
 * sent twice when the process dies between the send and its record: it carries the event id, so
 * the app drops the second.
 */
const payloadSchema = z.object({ companyId: z.string().min(1), eventId: z.string().min(1) });
const STAGES = ['inbox', 'push', 'email', 'webhooks'] as const;
type Stage = (typeof STAGES)[number];

export interface FanOutResult {
  status: 'dispatched' | 'already dispatched' | 'unknown event';
  recipients: number;
  stagesRun: Stage[];
}

function eventOf(stored: FirebaseFirestore.DocumentData): DomainEvent {
  if (!DOMAIN_EVENT_TYPES.includes(stored.type)) throw new Error(`outbox event of unknown type ${stored.type}`);
  const { id, type, companyId, occurredAt, actor, subjects, version, data } = stored;
  return { id, type, companyId, occurredAt, actor, subjects, version, data };
}

export async function fanOut(payload: unknown): Promise<FanOutResult> {
  const { companyId, eventId } = payloadSchema.parse(payload);
  const ref = outboxRef(companyId, eventId);
  const snap = await ref.get();
  // no outbox document: the change this event was staged with never committed
  if (!snap.exists) return { status: 'unknown event', recipients: 0, stagesRun: [] };
  const stored = snap.data()!;
  if (stored.dispatchedAt) return { status: 'already dispatched', recipients: 0, stagesRun: [] };
  const event = eventOf(stored);
  const done = new Set<string>(Object.keys(stored.stages ?? {}));
  const kind = kindOf(event.type);

  const audience = kind.audience(event);
  const [listed, policies] = await Promise.all([listAudienceMemberships(companyId, audience), viewPolicies(companyId)]);
  const members = [...listed, ...(await organizationOwnersNamed(companyId, audience.uids, listed))];
  const recipients = recipientsOf(
    audience,
    members.filter((m) => grantsAccess(m)),
  );
  const prefs = await readPreferences(
    companyId,
    recipients.map((m) => m.uid),
  );
  const copies = recipients.map((member) => {
    const data = copyFor(event, member, policies);
    return { member, data, text: kind.text(data), prefs: prefs.get(member.uid)! };
  });
  const context: StageContext = { event, occurredAtMs: Number(stored.occurredAtMs), copies };
  const stagesRun: Stage[] = [];
  for (const stage of STAGES) {
    if (done.has(stage)) continue;
    await RUN[stage](context);
    await ref.update({ [`stages.${stage}`]: Date.now() });
    stagesRun.push(stage);
  }
  const batch = db().batch();
  batch.update(ref, { dispatchedAt: Date.now() });
  batch.delete(pendingRef(eventId));
  await batch.commit();
  return { status: 'dispatched', recipients: recipients.length, stagesRun };
}

/**
 * The people the audience names by uid who have no membership of the company but act there as
 * owners through its organization (its owners and administrators): an owner's copy each. Asked
 * only for the uids without a membership (none for most events), through the platform's
 * organization access (the organizations module, when deployed).
 */
async function organizationOwnersNamed(
  companyId: string,
  uids: readonly string[],
  listed: readonly Membership[],
): Promise<Membership[]> {
  const known = new Set(listed.map((m) => m.uid));
  const missing = [...new Set(uids)].filter((uid) => !known.has(uid));
  if (!missing.length) return [];
  const found = await Promise.all(missing.map((uid) => platform().organizationAccess(companyId, uid)));
  return found.filter((m): m is Membership => m !== null);
}

interface Copy {
  member: Membership;
  data: Record<string, unknown>;
  text: { title: string; body: string };
  prefs: Preferences;
}
interface StageContext {
  event: DomainEvent;
  occurredAtMs: number;
  copies: Copy[];
}

const RUN: Record<Stage, (c: StageContext) => Promise<unknown>> = {
  inbox: writeInbox,
  push: pushToPhones,
  email: addToDigests,
  webhooks: ({ event }) => enqueueWebhookDeliveries(event),
};

const BATCH = 450;

async function writeInbox({ event, occurredAtMs, copies }: StageContext): Promise<void> {
  const entries = copies
    .filter((c) => wants(c.prefs, event.type, 'inApp'))
    .map((c) => ({
      ref: inboxRef(event.companyId, event.id, c.member.uid),
      doc: {
        eventId: event.id,
        uid: c.member.uid,
        type: event.type,
        version: event.version,
        occurredAt: event.occurredAt,
        occurredAtMs,
        actorUid: event.actor.uid,
        title: c.text.title,
        body: c.text.body,
        data: c.data,
        read: false,
        readAt: null,
        sortKey: sortKeyOf(false, occurredAtMs, event.id),
      },
    }));
  for (let i = 0; i < entries.length; i += BATCH) {
    const chunk = entries.slice(i, i + BATCH);
    const batch = db().batch();
    for (const e of chunk) batch.create(e.ref, e.doc);
    try {
      await batch.commit();
    } catch (err) {
      if ((err as { code?: unknown }).code !== ALREADY_EXISTS) throw err;
      // a retry after a crash: create only the entries the first run did not (never reset a read one)
      const existing = await db().getAll(...chunk.map((e) => e.ref));
      const missing = chunk.filter((_, j) => !existing[j].exists);
      if (!missing.length) continue;
      const again = db().batch();
      for (const e of missing) again.create(e.ref, e.doc);
      await again.commit();
    }
  }
}

async function pushToPhones({ event, copies }: StageContext): Promise<void> {
  const now = Date.now();
  const wanted = copies.filter((c) => wants(c.prefs, event.type, 'push'));
  if (!wanted.length) return;
  const { profile } = await getCompanyRules({ companyId: event.companyId });
  const loud = wanted.filter((c) => !inQuietHours(now, c.prefs.quietHours, profile.timezone));
  const tokens = await tokensOf(
    event.companyId,
    loud.map((c) => c.member.uid),
  );
  if (!tokens.size) return;
  const notes = loud.map((c) => ({
    uid: c.member.uid,
    ...c.text,
    data: { eventId: event.id, type: event.type, companyId: event.companyId },
  }));
  const result = await sendPush(event.companyId, notes, tokens);
  if (result.failed) logger.warn('push not delivered to every phone', { eventId: event.id, ...result });
}

async function addToDigests({ event, copies }: StageContext): Promise<void> {
  const wanted = copies.filter((c) => wants(c.prefs, event.type, 'email'));
  if (!wanted.length) return;
  const now = Date.now();
  const window = digestWindowOf(now);
  const batch = db().batch();
  for (const c of wanted) {
    batch.set(
      digestRef(event.companyId, c.member.uid, window),
      {
        uid: c.member.uid,
        window,
        items: { [event.id]: { type: event.type, occurredAt: event.occurredAt, ...c.text } },
      },
      { merge: true },
    );
  }
  await batch.commit();
  // one task per member and window (its id), run after the window closes: one email for all its events
  const delaySeconds = Math.ceil(((window + 1) * DIGEST_WINDOW_MS - now) / 1000) + 60;
  await Promise.all(
    wanted.map((c) =>
      enqueueTask(
        DIGEST_QUEUE,
        { companyId: event.companyId, uid: c.member.uid, window },
        { id: digestTaskId(event.companyId, c.member.uid, window), delaySeconds },
      ),
    ),
  );
}
