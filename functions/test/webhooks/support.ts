import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventType } from '../../src/core/domain-event';
import { db } from '../../src/core/firebase';
import { moduleNamed } from '../../src/modules/registry';
import { deliveryIdOf } from '../../src/modules/webhooks/deliveries';
import { api } from '../helpers/api';
import type { TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

export const webhooksApi = () => api('webhooks');
export const QUEUE = 'webhookDelivery';

/** An event as the events module's fan-out hands it over (built here: the webhooks module never reads the outbox). */
export function domainEvent(companyId: string, type: DomainEventType = 'shift.published', data = {}): DomainEvent {
  return {
    id: `evt_${randomUUID()}`,
    type,
    companyId,
    occurredAt: new Date().toISOString(),
    actor: { uid: 'owner-uid' },
    subjects: { shiftIds: ['s-1', 's-2'] },
    version: 1,
    data: { week: '2026-11-23', ...data },
  };
}

export async function subscribe(co: TestCompany, body: Record<string, unknown>) {
  const res = await webhooksApi()
    .post('/webhook-endpoints')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send(body);
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { endpoint: { id: string; url: string }; secret: string };
}

export interface TaskPayload {
  companyId: string;
  deliveryId: string;
  attempt: number;
  manual: boolean;
}

interface SinkDelivery {
  queue: string;
  body: { data: TaskPayload };
}

export const firstAttempts = (t: TaskPayload) => t.attempt === 1 && !t.manual;

/**
 * The tasks of the delivery queue the Cloud Tasks emulator delivered (to the test run's sink) for a
 * company that match, once `expected` of them have come. The emulator dispatches delayed tasks at
 * once (it ignores the schedule time): the retries an attempt queues arrive straight away.
 */
export async function tasksOf(
  companyId: string,
  match: (task: TaskPayload) => boolean = firstAttempts,
  expected = 1,
): Promise<TaskPayload[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as SinkDelivery[];
    const mine = all
      .filter((d) => d.queue === QUEUE && d.body?.data?.companyId === companyId)
      .map((d) => d.body.data)
      .filter(match);
    if (mine.length >= expected || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first attempt's task of the delivery of an event to a subscription. */
export async function firstTaskOf(companyId: string, endpointId: string, eventId: string): Promise<TaskPayload> {
  const deliveryId = deliveryIdOf(endpointId, eventId);
  const [task] = await tasksOf(companyId, (t) => firstAttempts(t) && t.deliveryId === deliveryId);
  if (!task) throw new Error(`no task for the delivery of ${eventId}`);
  return task;
}

/** Hands a task's payload to the queue's real handler, as the task function does. */
export const runTask = (payload: TaskPayload) =>
  moduleNamed('webhooks')
    .queues!.find((q) => q.name === QUEUE)!
    .run()(payload);

export interface StoredAttempt {
  attempt: number;
  at: number;
  manual: boolean;
  responseStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface StoredDeliveryDoc {
  status: string;
  nextAttemptAt: number | null;
  attempts: StoredAttempt[];
}

export async function deliveryDoc(companyId: string, deliveryId: string) {
  const snap = await db().collection('companies').doc(companyId).collection('webhookDeliveries').doc(deliveryId).get();
  return snap.data() as StoredDeliveryDoc;
}

export async function endpointDoc(companyId: string, endpointId: string) {
  const snap = await db().collection('companies').doc(companyId).collection('webhookEndpoints').doc(endpointId).get();
  return snap.data() as Record<string, unknown>;
}

/** Lets the receiver at `port` be a target (the explicit local allowance); returns the undo. */
export function allowTarget(port: number): () => void {
  const saved = process.env.WEBHOOK_ALLOWED_TARGETS;
  process.env.WEBHOOK_ALLOWED_TARGETS = `127.0.0.1:${port}`;
  return () => {
    if (saved === undefined) delete process.env.WEBHOOK_ALLOWED_TARGETS;
    else process.env.WEBHOOK_ALLOWED_TARGETS = saved;
  };
}
