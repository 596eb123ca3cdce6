import { createHash } from 'node:crypto';
import { MEMBER_ONLY_EVENT_TYPES, type DomainEvent } from '../../core/domain-event';
import { db } from '../../core/firebase';
import { ALREADY_EXISTS } from '../../core/firestore';
import { logger } from '../../core/logger';
import type { Membership } from '../../core/memberships';
import { enqueueTask } from '../../core/tasks';
import { open } from '../../core/vault';
import { webhookErrors } from './errors';
import { DELIVERY_QUEUE } from './queues';
import { notifyOwnersOfDisabling } from './notify';
import {
  MAX_ATTEMPTS_KEPT,
  deliveriesCollection,
  deliveryFromSnapshot,
  deliveryRef,
  endpointFromSnapshot,
  endpointRef,
  endpointsCollection,
  secretAad,
  type StoredDelivery,
  type StoredEndpoint,
} from './repo';
import { deliveriesCursor, deliveryTaskSchema, type Delivery, type DeliveryTask } from './schemas';
import { disablesEndpoint, isAccepted, nextStep, type NextStep } from './schedule';
import { secretsInForce, signedHeaders } from './signing';
import { postOnce, type SendResult } from './transport';

/**
 * Deliveries: one per event and subscription (its id derived from both), each attempt one task of
 * the delivery queue (its id derived from the delivery and the attempt number), so a fan-out run
 * twice, or a task Cloud Tasks delivers twice, sends nothing new that the receiver cannot
 * deduplicate by `webhook-id` (the event id). Failed attempts are retried by our own re-enqueue
 * with a delay (schedule.ts), not by the queue's retries: each attempt's outcome is recorded before
 * the next is queued, and the queue's own retries are left for our failures (storage, vault).
 */
const log = logger.child({ module: 'webhooks' });

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);
export const deliveryIdOf = (endpointId: string, eventId: string): string => hash(`${endpointId}\n${eventId}`);
const taskIdOf = (task: DeliveryTask): string => `${task.deliveryId}-a${task.attempt}${task.manual ? 'm' : ''}`;

const lastAttemptOf = (d: StoredDelivery): number => Math.max(0, ...d.attempts.map((a) => a.attempt));
const listens = (endpoint: StoredEndpoint, type: string) =>
  !(MEMBER_ONLY_EVENT_TYPES as readonly string[]).includes(type) &&
  (endpoint.eventTypes === null || endpoint.eventTypes.includes(type));

function publicDelivery(stored: StoredDelivery): Delivery {
  const { body: _body, ...delivery } = stored;
  return delivery;
}

async function queueAttempt(task: DeliveryTask, delaySeconds = 0): Promise<void> {
  await enqueueTask(DELIVERY_QUEUE, { ...task }, { id: taskIdOf(task), delaySeconds: delaySeconds || undefined });
}

/** The body every attempt of the event sends (the signature covers these exact bytes). */
export const webhookBody = (event: DomainEvent): string =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.occurredAt,
    companyId: event.companyId,
    actor: event.actor,
    subjects: event.subjects,
    version: event.version,
    data: event.data,
  });

export async function enqueueWebhookDeliveries(event: DomainEvent): Promise<number> {
  const { companyId } = event;
  const enabled = await endpointsCollection(companyId).where('enabled', '==', true).get();
  const targets = enabled.docs.map((d) => endpointFromSnapshot(d)!).filter((e) => listens(e, event.type));
  if (targets.length === 0) return 0;
  const body = webhookBody(event);
  await Promise.all(
    targets.map(async (endpoint) => {
      const deliveryId = deliveryIdOf(endpoint.id, event.id);
      const now = Date.now();
      const created = deliveryRef(companyId, deliveryId).create({
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        status: 'pending',
        attempts: [],
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
        body,
      });
      await created.catch((err: { code?: number }) => {
        if (err.code !== ALREADY_EXISTS) throw err;
      });
      await queueAttempt({ companyId, deliveryId, attempt: 1, manual: false });
    }),
  );
  return targets.length;
}

/** Queues the attempt a pending delivery waits for (again: its task id makes a second enqueue a no-op). */
async function queueAwaitedAttempt(companyId: string, delivery: StoredDelivery, now: number): Promise<void> {
  const last = delivery.attempts[delivery.attempts.length - 1];
  if (delivery.status !== 'pending' || delivery.nextAttemptAt === null || last?.manual) return;
  const delaySeconds = Math.max(0, Math.ceil((delivery.nextAttemptAt - now) / 1000));
  await queueAttempt(
    { companyId, deliveryId: delivery.id, attempt: lastAttemptOf(delivery) + 1, manual: false },
    delaySeconds,
  );
}

async function send(companyId: string, endpoint: StoredEndpoint, delivery: StoredDelivery, now: number) {
  const aad = secretAad(companyId, endpoint.id);
  const previous =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt
      ? { secret: open(endpoint.previousSecret, aad), expiresAt: endpoint.previousSecretExpiresAt }
      : null;
  const secrets = secretsInForce(open(endpoint.secret, aad), previous, now);
  const headers = signedHeaders({ id: delivery.eventId, at: new Date(now), body: delivery.body, secrets });
  return postOnce(endpoint.url, { ...headers }, delivery.body);
}

const STATUS_AFTER: Record<NextStep['kind'], Delivery['status']> = {
  delivered: 'delivered',
  retry: 'pending',
  stop: 'failed',
  exhausted: 'failed',
};

/** Records an attempt once (a concurrent or repeated run of the same task records nothing) and answers what follows it. */
async function record(companyId: string, task: DeliveryTask, result: SendResult, now: number) {
  const ref = deliveryRef(companyId, task.deliveryId);
  return db().runTransaction(async (tx) => {
    const current = deliveryFromSnapshot(await tx.get(ref));
    if (!current || lastAttemptOf(current) >= task.attempt) return null;
    const ok = result.responseStatus !== null && isAccepted(result.responseStatus);
    const step = nextStep({ attempt: task.attempt, manual: task.manual, ok });
    const attempts = [...current.attempts, { attempt: task.attempt, manual: task.manual, at: now, ...result }];
    const next = {
      status: STATUS_AFTER[step.kind],
      attempts: attempts.slice(-MAX_ATTEMPTS_KEPT),
      nextAttemptAt: step.kind === 'retry' ? now + step.delaySeconds * 1000 : null,
      updatedAt: now,
    };
    tx.update(ref, next);
    return { step, delivery: { ...current, ...next } };
  });
}

/** Disables the subscription after a delivery exhausted its schedule with no success since it began; answers whether this call disabled it. */
async function disableIfFailing(companyId: string, endpointId: string, delivery: StoredDelivery, now: number) {
  const ref = endpointRef(companyId, endpointId);
  return db().runTransaction(async (tx) => {
    const endpoint = endpointFromSnapshot(await tx.get(ref));
    if (!endpoint?.enabled) return null;
    if (!disablesEndpoint({ deliveryCreatedAt: delivery.createdAt, endpointLastSuccessAt: endpoint.lastSuccessAt }))
      return null;
    tx.update(ref, { enabled: false, disabledReason: 'failing', disabledAt: now, updatedAt: now });
    return endpoint;
  });
}

async function skip(companyId: string, delivery: StoredDelivery, why: string): Promise<void> {
  await deliveryRef(companyId, delivery.id).update({ status: 'skipped', nextAttemptAt: null, updatedAt: Date.now() });
  log.info('webhook delivery skipped', { companyId, deliveryId: delivery.id, why });
}

/** The delivery queue's handler: one attempt of one delivery. */
export async function runDeliveryTask(payload: unknown): Promise<void> {
  const parsed = deliveryTaskSchema.safeParse(payload);
  if (!parsed.success) return log.warn('webhook delivery task with a malformed payload dropped');
  const task = parsed.data;
  const { companyId } = task;
  const delivery = deliveryFromSnapshot(await deliveryRef(companyId, task.deliveryId).get());
  if (!delivery) return;
  if (lastAttemptOf(delivery) >= task.attempt) return queueAwaitedAttempt(companyId, delivery, Date.now());
  const endpoint = endpointFromSnapshot(await endpointRef(companyId, delivery.endpointId).get());
  if (!endpoint) return skip(companyId, delivery, 'the subscription was deleted');
  if (!endpoint.enabled && !task.manual) return skip(companyId, delivery, 'the subscription is disabled');
  const now = Date.now();
  const result = await send(companyId, endpoint, delivery, now);
  const fields = { companyId, endpointId: endpoint.id, deliveryId: delivery.id, attempt: task.attempt };
  if (result.error) log.warn('webhook attempt failed', { ...fields, error: result.error });
  const outcome = await record(companyId, task, result, now);
  if (!outcome) return;
  const { step } = outcome;
  if (step.kind === 'delivered') await endpointRef(companyId, endpoint.id).update({ lastSuccessAt: now });
  if (step.kind === 'retry') await queueAwaitedAttempt(companyId, outcome.delivery, now);
  if (step.kind !== 'exhausted') return;
  const disabled = await disableIfFailing(companyId, endpoint.id, outcome.delivery, now);
  if (disabled) {
    log.warn('webhook subscription disabled after a day of failed deliveries', fields);
    await notifyOwnersOfDisabling(companyId, disabled, result);
  }
}

export async function listDeliveries(input: {
  member: Membership;
  endpointId: string;
  query: { limit: number; cursor?: [number, string] };
}) {
  const { companyId } = input.member;
  if (!(await endpointRef(companyId, input.endpointId).get()).exists)
    throw webhookErrors.WEBHOOK_ENDPOINT_NOT_FOUND('Webhook subscription not found');
  const { limit, cursor } = input.query;
  const [at, afterId] = cursor ?? [];
  let query = deliveriesCollection(companyId).where('endpointId', '==', input.endpointId).orderBy('createdAt', 'desc');
  if (at !== undefined) query = query.where('createdAt', '<=', at);
  const snap = await query.limit(limit * 2 + 1).get();
  const rows = snap.docs
    .map((d) => deliveryFromSnapshot(d)!)
    .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
    .filter((d) => afterId === undefined || d.createdAt < at! || d.id < afterId);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    deliveries: page.map(publicDelivery),
    nextCursor: rows.length > limit && last ? deliveriesCursor.encode([last.createdAt, last.id]) : null,
  };
}

/** A manual redelivery: one more attempt, now, of a delivery that is not waiting for one. */
export async function redeliver(input: { member: Membership; endpointId: string; deliveryId: string }) {
  const { companyId } = input.member;
  const ref = deliveryRef(companyId, input.deliveryId);
  const task = await db().runTransaction(async (tx) => {
    const [deliverySnap, endpointSnap] = await tx.getAll(ref, endpointRef(companyId, input.endpointId));
    const endpoint = endpointFromSnapshot(endpointSnap);
    const delivery = deliveryFromSnapshot(deliverySnap);
    if (!endpoint) throw webhookErrors.WEBHOOK_ENDPOINT_NOT_FOUND('Webhook subscription not found');
    if (!delivery || delivery.endpointId !== endpoint.id)
      throw webhookErrors.WEBHOOK_DELIVERY_NOT_FOUND('Delivery not found');
    if (!endpoint.enabled)
      throw webhookErrors.WEBHOOK_ENDPOINT_DISABLED('Enable the subscription before redelivering to it');
    if (delivery.status === 'pending')
      throw webhookErrors.WEBHOOK_DELIVERY_PENDING('This delivery is still being attempted');
    const now = Date.now();
    tx.update(ref, { status: 'pending', nextAttemptAt: now, updatedAt: now });
    return { companyId, deliveryId: delivery.id, attempt: lastAttemptOf(delivery) + 1, manual: true };
  });
  await queueAttempt(task);
  return publicDelivery(deliveryFromSnapshot(await ref.get())!);
}
