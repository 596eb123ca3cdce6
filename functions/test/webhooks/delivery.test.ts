import { hostname } from 'node:os';
import { Webhook } from 'standardwebhooks';
import { startMailbox, type Mailbox } from '../../dev/mailbox';
import { startWebhookReceiver, type WebhookReceiver } from '../../dev/webhook-receiver';
import { db } from '../../src/core/firebase';
import { enqueueWebhookDeliveries } from '../../src/modules/webhooks';
import { createCompany } from '../helpers/fixtures';
import { logsOf } from '../helpers/logs';
import { bearer } from '../helpers/users';
import {
  allowTarget,
  deliveryDoc,
  domainEvent,
  endpointDoc,
  runTask,
  subscribe,
  tasksOf,
  firstAttempts,
  firstTaskOf,
  webhooksApi,
  type TaskPayload,
} from './support';

/**
 * Deliveries end to end: the fan-out's entry point, the Cloud Tasks emulator, the queue's real
 * handler, and a receiver that verifies every delivery with the standardwebhooks package.
 */

let receiver: WebhookReceiver;
let secret: string | null = null;
let mailbox: Mailbox;
let disallow: () => void;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: () => secret });
  disallow = allowTarget(receiver.port);
  mailbox = await startMailbox();
  process.env.SMTP_URL = mailbox.smtpUrl;
});

afterAll(async () => {
  disallow();
  await receiver.close();
  await mailbox.close();
});

afterEach(() => receiver.failWith(null));

async function subscribedCompany(body: Record<string, unknown> = {}) {
  const co = await createCompany();
  const sub = await subscribe(co, { url: `${receiver.url}/hooks`, ...body });
  secret = sub.secret;
  return { co, endpointId: sub.endpoint.id, secret: sub.secret };
}

const receivedFor = (eventId: string) => receiver.received().filter((r) => r.webhookId === eventId);

describe('signed deliveries', () => {
  it('queues one task per event and subscription; the receiver verifies every delivery and refuses a tampered one', async () => {
    const { co } = await subscribedCompany({ eventTypes: ['shift.published', 'request.created'] });
    const events = [
      domainEvent(co.companyId, 'shift.published'),
      domainEvent(co.companyId, 'request.created'),
      domainEvent(co.companyId, 'post.published'),
    ];
    const queued = await Promise.all(events.map((e) => enqueueWebhookDeliveries(e)));
    expect(queued).toEqual([1, 1, 0]);
    const tasks = await tasksOf(co.companyId, firstAttempts, 2);
    expect(tasks).toHaveLength(2);
    for (const task of tasks) await runTask(task);
    for (const event of events.slice(0, 2)) {
      const [got] = receivedFor(event.id);
      expect(got).toMatchObject({ verified: true, duplicate: false, answered: 204, type: event.type, signatures: 1 });
      expect(JSON.parse(got.body)).toMatchObject({
        id: event.id,
        type: event.type,
        companyId: co.companyId,
        data: event.data,
      });
    }
    expect(receivedFor(events[2].id)).toEqual([]);
    const original = receivedFor(events[0].id)[0];
    const tampered = await fetch(`${receiver.url}/hooks`, {
      method: 'POST',
      headers: {
        'webhook-id': original.webhookId,
        'webhook-timestamp': original.timestamp,
        'webhook-signature': original.signature,
      },
      body: original.body.replace('2026-11-23', '2026-11-30'),
    });
    expect(tampered.status).toBe(401);
    expect(receiver.received().at(-1)).toMatchObject({ verified: false, error: 'No matching signature found' });
  });

  it('a fan-out run twice, or a task delivered twice (the process killed mid-way), loses nothing and duplicates nothing the receiver cannot deduplicate', async () => {
    const { co } = await subscribedCompany();
    const events = Array.from({ length: 4 }, (_, k) => domainEvent(co.companyId, 'shift.changed', { k }));
    // the first fan-out dies while queueing (the queue unreachable), after the deliveries were written
    const saved = process.env.CLOUD_TASKS_EMULATOR_HOST;
    process.env.CLOUD_TASKS_EMULATOR_HOST = '127.0.0.1:9';
    await expect(enqueueWebhookDeliveries(events[0])).rejects.toBeTruthy();
    process.env.CLOUD_TASKS_EMULATOR_HOST = saved;
    // the outbox delivers at least once: every event again, one of them three times
    for (const event of [...events, events[1], events[1]]) await enqueueWebhookDeliveries(event);
    const tasks = await tasksOf(co.companyId, firstAttempts, 4);
    expect(tasks).toHaveLength(4);
    const [first, second, third] = tasks;
    await runTask(first);
    // killed after the receiver answered, before the attempt was recorded: Cloud Tasks delivers the task again
    await runTask(second);
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('webhookDeliveries')
      .doc(second.deliveryId)
      .update({ attempts: [], status: 'pending' });
    await runTask(second);
    // the same task twice at once, and once more after it was recorded
    await Promise.all([runTask(third), runTask(third)]);
    await runTask(third);
    await runTask(tasks[3]);
    const ids = events.map((e) => e.id);
    const got = receiver.received().filter((r) => ids.includes(r.webhookId));
    expect(got.every((r) => r.verified)).toBe(true);
    const distinct = receiver.events().filter((e) => ids.includes(String(e.id)));
    expect(distinct.map((e) => e.id).sort()).toEqual([...ids].sort());
    expect(got.filter((r) => !r.duplicate)).toHaveLength(4);
    for (const task of tasks) {
      const doc = await deliveryDoc(co.companyId, task.deliveryId);
      expect(doc).toMatchObject({ status: 'delivered', nextAttemptAt: null });
      expect(doc.attempts).toHaveLength(1);
      expect(doc.attempts[0]).toMatchObject({ attempt: 1, responseStatus: 204, error: null, manual: false });
    }
  });
});

describe('several subscriptions', () => {
  it('delivers one event to each subscription that listens to it, each delivery with its own log and the same webhook-id', async () => {
    const { co, endpointId, secret: firstSecret } = await subscribedCompany();
    const second = await subscribe(co, { url: `${receiver.url}/second`, eventTypes: ['shift.published'] });
    await subscribe(co, { url: `${receiver.url}/third`, eventTypes: ['post.published'] });
    await subscribe(co, { url: `${receiver.url}/fourth`, enabled: false });
    const event = domainEvent(co.companyId, 'shift.published');
    expect(await enqueueWebhookDeliveries(event)).toBe(2);
    for (const [id, itsSecret] of [
      [endpointId, firstSecret],
      [second.endpoint.id, second.secret],
    ]) {
      secret = itsSecret;
      await runTask(await firstTaskOf(co.companyId, id, event.id));
    }
    const got = receivedFor(event.id);
    expect(got.map((r) => [r.verified, r.duplicate])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(new Set(got.map((r) => r.signature)).size).toBe(2);
    expect(await tasksOf(co.companyId, firstAttempts, 2)).toHaveLength(2);
  });
});

describe('retries, disabling and redelivery', () => {
  const attempt = (base: TaskPayload, n: number): TaskPayload => ({ ...base, attempt: n });

  it('records a failed attempt with its status and a short excerpt, and schedules the next one 30 s later', async () => {
    const { co, endpointId } = await subscribedCompany();
    receiver.failWith(500);
    const event = domainEvent(co.companyId);
    await enqueueWebhookDeliveries(event);
    const task = await firstTaskOf(co.companyId, endpointId, event.id);
    await runTask(task);
    const doc = await deliveryDoc(co.companyId, task.deliveryId);
    expect(doc.status).toBe('pending');
    expect(doc.attempts[0]).toMatchObject({
      attempt: 1,
      responseStatus: 500,
      error: null,
      responseExcerpt: 'the receiver is set to fail',
    });
    expect(doc.nextAttemptAt! - doc.attempts[0].at).toBe(30_000);
    const [next] = await tasksOf(co.companyId, (t) => t.deliveryId === task.deliveryId && t.attempt === 2);
    expect(next).toEqual({ ...task, attempt: 2, manual: false });
  });

  it('after a day of failed attempts disables the subscription and emails the owners; later attempts of other deliveries stop', async () => {
    const { co, endpointId } = await subscribedCompany({ description: 'BI tool' });
    receiver.failWith(503);
    const [event, other] = [domainEvent(co.companyId), domainEvent(co.companyId)];
    await enqueueWebhookDeliveries(event);
    await enqueueWebhookDeliveries(other);
    const first = await firstTaskOf(co.companyId, endpointId, event.id);
    const otherTask = await firstTaskOf(co.companyId, endpointId, other.id);
    for (let n = 1; n <= 15; n++) await runTask(attempt(first, n));
    const doc = await deliveryDoc(co.companyId, first.deliveryId);
    expect(doc.attempts.map((a: { attempt: number }) => a.attempt)).toEqual(
      Array.from({ length: 15 }, (_, k) => k + 1),
    );
    expect(doc).toMatchObject({ status: 'failed', nextAttemptAt: null });
    const span = doc.attempts.map((a: { at: number }) => a.at);
    expect(span[14]).toBeGreaterThanOrEqual(span[0]);
    expect(await endpointDoc(co.companyId, endpointId)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await mailbox.waitFor(co.owner.email, (m) => m.subject.includes('Webhook subscription disabled'));
    expect(mail.text).toContain('HTTP 503');
    expect(mail.text).not.toContain(secret!.slice(6));
    // the other delivery's next attempt finds the subscription disabled: nothing is sent
    const before = receivedFor(other.id).length;
    await runTask(attempt(otherTask, 2));
    expect(receivedFor(other.id)).toHaveLength(before);
    expect((await deliveryDoc(co.companyId, otherTask.deliveryId)).status).toBe('skipped');
    // manual redelivery needs the subscription enabled
    const redeliver = () =>
      webhooksApi()
        .post(`/webhook-endpoints/${endpointId}/deliveries/${first.deliveryId}/redeliver`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner));
    expect((await redeliver()).body.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
    await webhooksApi()
      .patch(`/webhook-endpoints/${endpointId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ enabled: true });
    receiver.failWith(null);
    const again = await redeliver();
    expect(again.status).toBe(202);
    expect(again.body.data.status).toBe('pending');
    expect((await redeliver()).body.code).toBe('WEBHOOK_DELIVERY_PENDING');
    const [manual] = await tasksOf(co.companyId, (t) => t.manual);
    expect(manual).toMatchObject({ deliveryId: first.deliveryId, attempt: 16, manual: true });
    await runTask(manual);
    const delivered = await deliveryDoc(co.companyId, first.deliveryId);
    expect(delivered.status).toBe('delivered');
    expect(delivered.attempts.at(-1)).toMatchObject({ attempt: 16, manual: true, responseStatus: 204 });
    expect(receivedFor(event.id).at(-1)).toMatchObject({ verified: true, duplicate: false });
  });

  it('does not disable a subscription that delivered something else since the failing delivery began', async () => {
    const { co, endpointId } = await subscribedCompany();
    const poisoned = domainEvent(co.companyId);
    await enqueueWebhookDeliveries(poisoned);
    const task = await firstTaskOf(co.companyId, endpointId, poisoned.id);
    receiver.failWith(400);
    for (let n = 1; n <= 14; n++) await runTask(attempt(task, n));
    receiver.failWith(null);
    const fine = domainEvent(co.companyId);
    await enqueueWebhookDeliveries(fine);
    const fineTask = await firstTaskOf(co.companyId, endpointId, fine.id);
    await runTask(fineTask);
    receiver.failWith(400);
    await runTask(attempt(task, 15));
    expect((await deliveryDoc(co.companyId, task.deliveryId)).status).toBe('failed');
    expect(await endpointDoc(co.companyId, endpointId)).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('lists the delivery log newest first, page by page, without bodies', async () => {
    const { co, endpointId } = await subscribedCompany();
    for (let k = 0; k < 3; k++) await enqueueWebhookDeliveries(domainEvent(co.companyId));
    const page = (cursor?: string) =>
      webhooksApi()
        .get(`/webhook-endpoints/${endpointId}/deliveries`)
        .query({ companyId: co.companyId, limit: 2, ...(cursor ? { cursor } : {}) })
        .set(bearer(co.owner));
    const one = await page();
    expect(one.status).toBe(200);
    expect(one.body.data.deliveries).toHaveLength(2);
    expect(one.body.data.deliveries[0]).not.toHaveProperty('body');
    const two = await page(one.body.data.nextCursor);
    expect(two.body.data.deliveries).toHaveLength(1);
    expect(two.body.data.nextCursor).toBeNull();
    const all = [...one.body.data.deliveries, ...two.body.data.deliveries];
    expect(new Set(all.map((d: { id: string }) => d.id)).size).toBe(3);
    const times = all.map((d: { createdAt: number }) => d.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the grace period, so a receiver holding either verifies; with no grace only the new one', async () => {
    const { co, endpointId, secret: oldSecret } = await subscribedCompany();
    const rotate = (graceHours: number) =>
      webhooksApi()
        .post(`/webhook-endpoints/${endpointId}/rotate-secret`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send({ graceHours });
    const rotated = await rotate(24);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.data.endpoint.previousSecretExpiresAt).toBeGreaterThan(Date.now());
    const deliver = async () => {
      const event = domainEvent(co.companyId);
      await enqueueWebhookDeliveries(event);
      await runTask(await firstTaskOf(co.companyId, endpointId, event.id));
      return receivedFor(event.id)[0];
    };
    secret = oldSecret;
    const withOld = await deliver();
    expect(withOld).toMatchObject({ verified: true, signatures: 2 });
    secret = newSecret;
    const withNew = await deliver();
    expect(withNew).toMatchObject({ verified: true, signatures: 2 });
    const latest = (await rotate(0)).body.data.secret as string;
    secret = newSecret;
    const afterGrace = await deliver();
    expect(afterGrace).toMatchObject({ verified: false, signatures: 1 });
    secret = latest;
    const body = afterGrace.body;
    expect(() =>
      new Webhook(latest).verify(body, {
        'webhook-id': afterGrace.webhookId,
        'webhook-timestamp': afterGrace.timestamp,
        'webhook-signature': new Webhook(latest).sign(
          afterGrace.webhookId,
          new Date(Number(afterGrace.timestamp) * 1000),
          body,
        ),
      }),
    ).not.toThrow();
  });
});

describe('server-side request forgery at delivery time', () => {
  it('refuses and logs a delivery to 127.0.0.1 once the local allowance is off; nothing reaches the receiver', async () => {
    const { co, endpointId } = await subscribedCompany();
    const event = domainEvent(co.companyId);
    await enqueueWebhookDeliveries(event);
    const task = await firstTaskOf(co.companyId, endpointId, event.id);
    disallow();
    try {
      const { lines } = await logsOf(() => runTask(task));
      expect(JSON.stringify(lines)).toContain('address refused');
    } finally {
      disallow = allowTarget(receiver.port);
    }
    expect(receivedFor(event.id)).toEqual([]);
    const doc = await deliveryDoc(co.companyId, task.deliveryId);
    expect(doc.attempts[0]).toMatchObject({
      responseStatus: null,
      error: expect.stringContaining('127.0.0.1 is not a public address (loopback)'),
    });
    expect(doc.status).toBe('pending');
  });

  it.each([
    [
      'https://169.254.169.254/latest/meta-data/',
      '169.254.169.254 is not a public address (link-local (cloud metadata))',
    ],
    ['https://[::ffff:169.254.169.254]/x', '::ffff:a9fe:a9fe is not a public address (IPv4-mapped)'],
    [`https://${hostname()}/x`, `${hostname()} resolves to 127.`],
  ])('refuses a stored URL %s that the rules no longer allow (%s)', async (url, why) => {
    const { co, endpointId } = await subscribedCompany();
    await db().collection('companies').doc(co.companyId).collection('webhookEndpoints').doc(endpointId).update({ url });
    const event = domainEvent(co.companyId);
    await enqueueWebhookDeliveries(event);
    const task = await firstTaskOf(co.companyId, endpointId, event.id);
    await runTask(task);
    const doc = await deliveryDoc(co.companyId, task.deliveryId);
    expect(doc.attempts[0].error).toContain(why);
    expect(doc.attempts[0].responseStatus).toBeNull();
  });
});
