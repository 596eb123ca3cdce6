import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { startFcmServer, type FcmServer } from '../../dev/fcm';
import { startMailbox, type Mailbox } from '../../dev/mailbox';
import { moduleNamed } from '../../src/modules/registry';
import { stageEvent } from '../../src/modules/events';
import { sendDigest } from '../../src/modules/events/digest';
import { sweepOutbox, SWEEP_AFTER_MS } from '../../src/modules/events/sweep';
import { api } from '../helpers/api';
import { addMember, snapshotCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { hm, scheduleCompany, storeShift, type ScheduleCompany } from '../schedule/helpers';

const events = () => api('events');
let fcm: FcmServer;
let mailbox: Mailbox;
let co: ScheduleCompany;
let otto: TestUser;
const ZONE = 'America/New_York';

interface Delivery {
  queue: string;
  body: { data: Record<string, unknown> };
}
/** The tasks the Cloud Tasks emulator delivered to `queue` for an event. */
async function deliveriesOf(queue: string, eventId: string, atLeast = 1): Promise<Delivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as Delivery[];
    const mine = all.filter((d) => d.queue === queue && d.body?.data?.eventId === eventId);
    if (mine.length >= atLeast || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** Hands a delivered task to the fan-out's real handler, as the task function does. */
const runFanOut = (delivery: Delivery) =>
  moduleNamed('events')
    .queues!.find((q) => q.name === 'eventsFanOut')!
    .run()(delivery.body.data) as Promise<{
    status: string;
    stagesRun: string[];
  }>;

const outbox = () => db().collection(`companies/${co.companyId}/outbox`);
const inboxOf = (user: TestUser, query: Record<string, unknown> = {}) =>
  events()
    .get('/notifications')
    .query({ companyId: co.companyId, ...query })
    .set(bearer(user));
const register = (user: TestUser, token: string) =>
  events()
    .post('/notifications/devices')
    .query({ companyId: co.companyId })
    .set(bearer(user))
    .send({ token, platform: 'android' });
const day = (n: number) => addDays(businessToday(ZONE, 0), n);

/** Publishes the drafts of the next week and fans its event out through the queue; answers the event id. */
async function publishWeek(): Promise<string> {
  const before = new Set((await outbox().get()).docs.map((d) => d.id));
  const res = await api('schedule')
    .post('/shifts/publish')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({ startDate: day(1), endDate: day(7) });
  expect(res.status).toBe(200);
  const [eventId] = (await outbox().get()).docs.map((d) => d.id).filter((id) => !before.has(id));
  const [delivery] = await deliveriesOf('eventsFanOut', eventId);
  expect(await runFanOut(delivery)).toMatchObject({ status: 'dispatched' });
  return eventId;
}

beforeAll(async () => {
  fcm = await startFcmServer();
  process.env.FCM_LOCAL_HOST = fcm.host;
  mailbox = await startMailbox();
  process.env.SMTP_URL = mailbox.smtpUrl;
  co = await scheduleCompany({ profile: { timezone: ZONE }, settings: { fairWorkweekJurisdiction: 'nyc' } });
  otto = await createUser({ label: 'otto' });
  await db().doc(`companies/${co.companyId}/employees/${co.otherId}`).update({ userId: otto.uid });
  await addMember(co.companyId, otto, 'employee', co.otherId);
  await storeShift(co.companyId, 'emma-1', {
    date: day(2),
    employeeId: co.employeeId,
    start: hm(9),
    end: hm(13),
    mode: 'draft',
  });
  await storeShift(co.companyId, 'otto-1', {
    date: day(3),
    employeeId: co.otherId,
    start: hm(9),
    end: hm(13),
    mode: 'draft',
  });
});

afterAll(async () => {
  delete process.env.FCM_LOCAL_HOST;
  await fcm.close();
  await mailbox.close();
});

describe('publishing a schedule', () => {
  let eventId: string;
  it('records the event in the commit of the publish and fans it out through the queue to each employee’s inbox and phone', async () => {
    expect((await register(co.employee, 'phone-of-emma-0123456789')).status).toBe(201);
    expect((await register(otto, 'unregistered-phone-of-otto-0123')).status).toBe(201);
    eventId = await publishWeek();

    const stored = (await outbox().doc(eventId).get()).data()!;
    expect(stored).toMatchObject({ type: 'shift.published', version: 1, actor: { uid: co.manager.uid } });
    expect(stored.dispatchedAt).toEqual(expect.any(Number));
    expect((await db().collection('pendingEvents').doc(eventId).get()).exists).toBe(false);

    const emma = await inboxOf(co.employee);
    expect(emma.status).toBe(200);
    expect(emma.body.data.unreadCount).toBe(1);
    const [entry] = emma.body.data.notifications;
    expect(entry).toMatchObject({ id: eventId, type: 'shift.published', read: false, title: 'New schedule published' });
    expect(entry.data.shifts).toEqual([{ shiftId: 'emma-1', employeeId: co.employeeId, date: day(2) }]);

    // the real messaging client against the local FCM server: Emma's phone got it, Otto's dead token is pruned
    const [push] = fcm.messages('phone-of-emma-0123456789');
    expect(push).toMatchObject({
      data: { eventId, type: 'shift.published' },
      notification: { title: 'New schedule published' },
    });
    expect(push.authorization).toMatch(/^Bearer /);
    expect(fcm.messages('unregistered-phone-of-otto-0123')).toEqual([]);
    const ottoDevices = await db().collection(`companies/${co.companyId}/devices`).where('uid', '==', otto.uid).get();
    expect(ottoDevices.empty).toBe(true);
  });

  it('an employee sees only their own shifts and premiums, and only their own inbox', async () => {
    const ottoInbox = await inboxOf(otto);
    const [entry] = ottoInbox.body.data.notifications;
    expect(entry.data.shifts.map((s: { employeeId: string }) => s.employeeId)).toEqual([co.otherId]);
    expect(entry.data.premiums.every((p: { employeeId: string }) => p.employeeId === co.otherId)).toBe(true);
    expect(JSON.stringify(ottoInbox.body)).not.toContain(co.employeeId);
    // Emma's entry is not Otto's to read or mark
    const mark = await events()
      .post(`/notifications/${eventId}/read`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(mark.status).toBe(404);
    expect(mark.body.code).toBe('NOTIFICATION_NOT_FOUND');
  });

  it('a second delivery of the same task, and a fan-out killed after its writes but before recording them, duplicate nothing', async () => {
    await events().post(`/notifications/${eventId}/read`).query({ companyId: co.companyId }).set(bearer(co.employee));
    const pushes = fcm.messages('phone-of-emma-0123456789').length;
    const [delivery] = await deliveriesOf('eventsFanOut', eventId);
    expect(await runFanOut(delivery)).toMatchObject({ status: 'already dispatched' });

    // the state a crash leaves: every stage done, none recorded, the event still pending
    await outbox().doc(eventId).update({ stages: {}, dispatchedAt: null });
    await db().collection('pendingEvents').doc(eventId).set({ companyId: co.companyId, occurredAtMs: 0, sweeps: 0 });
    const { redispatched } = await sweepOutbox(Date.now());
    expect(redispatched).toBeGreaterThanOrEqual(1);
    const [again] = await deliveriesOf('eventsFanOut', eventId, 2).then((d) =>
      d.filter((x) => x !== delivery).slice(-1),
    );
    expect(await runFanOut(again)).toMatchObject({
      status: 'dispatched',
      stagesRun: ['inbox', 'push', 'email', 'webhooks'],
    });

    const emma = await inboxOf(co.employee);
    expect(emma.body.data.notifications).toHaveLength(1);
    expect(emma.body.data.notifications[0]).toMatchObject({ id: eventId, read: true });
    // a push may repeat after a crash: it carries the event id the app deduplicates on
    const repeated = fcm.messages('phone-of-emma-0123456789').slice(pushes);
    expect(repeated.every((m) => m.data.eventId === eventId)).toBe(true);
    const digests = await db()
      .collection(`companies/${co.companyId}/emailDigests`)
      .where('uid', '==', co.employee.uid)
      .get();
    const items = digests.docs.flatMap((d) => Object.keys(d.data().items));
    expect(items.filter((id) => id === eventId)).toHaveLength(1);
  });

  it('an event committed without its dispatch (a crash right after the commit) is found by the sweep and delivered', async () => {
    const staged = stageEvent({
      companyId: co.companyId,
      type: 'post.published',
      actor: { uid: co.manager.uid },
      subjects: { postIds: ['p1'] },
      data: { postId: 'p1', title: 'Staff meeting', employeeIds: [co.employeeId] },
    });
    const batch = db().batch();
    staged.write(batch);
    await batch.commit();
    await sweepOutbox(Date.now());
    // too young for the sweep: its own dispatch may still be on its way
    expect((await db().collection('pendingEvents').doc(staged.event.id).get()).data()).toMatchObject({ sweeps: 0 });
    await sweepOutbox(Date.now() + SWEEP_AFTER_MS + 1000);
    const [delivery] = await deliveriesOf('eventsFanOut', staged.event.id);
    expect(delivery.body.data).toEqual({ companyId: co.companyId, eventId: staged.event.id });
    await runFanOut(delivery);
    const emma = await inboxOf(co.employee, { unreadOnly: 'true' });
    expect(emma.body.data.notifications.map((n: { id: string }) => n.id)).toEqual([staged.event.id]);
  });
});

describe('changes and cancellations of published shifts', () => {
  it('a change inside the notice window carries its premium to the employee; the cancellation too', async () => {
    const before = new Set((await outbox().get()).docs.map((d) => d.id));
    const put = await api('schedule')
      .put('/shifts/emma-1')
      .query({ companyId: co.companyId, date: day(2), employeeId: co.employeeId })
      .set(bearer(co.manager))
      .send({ start: hm(10), end: hm(13) });
    expect(put.status).toBe(200);
    const del = await api('schedule')
      .delete('/shifts/otto-1')
      .query({ companyId: co.companyId, date: day(3), employeeId: co.otherId })
      .set(bearer(co.manager));
    expect(del.status).toBe(200);
    const added = (await outbox().get()).docs.filter((d) => !before.has(d.id)).map((d) => d.data());
    expect(added.map((e) => e.type).sort()).toEqual(['shift.cancelled', 'shift.changed']);
    for (const e of added) {
      const [delivery] = await deliveriesOf('eventsFanOut', e.id);
      await runFanOut(delivery);
    }
    const changed = (await inboxOf(co.employee)).body.data.notifications.find(
      (n: { type: string }) => n.type === 'shift.changed',
    );
    expect(changed.data.premiums.length).toBeGreaterThan(0);
    expect(changed.data.premiums[0].amountMinor).toBeGreaterThan(0);
    const cancelled = (await inboxOf(otto)).body.data.notifications.find(
      (n: { type: string }) => n.type === 'shift.cancelled',
    );
    expect(cancelled).toMatchObject({ data: { shiftId: 'otto-1', employeeId: co.otherId } });
  });
});

describe('the email digest', () => {
  it('one email per member and window lists every event of the window, and is sent once', async () => {
    const digests = await db()
      .collection(`companies/${co.companyId}/emailDigests`)
      .where('uid', '==', co.employee.uid)
      .get();
    expect(digests.size).toBeGreaterThanOrEqual(1);
    for (const d of digests.docs) {
      const payload = { companyId: co.companyId, uid: co.employee.uid, window: d.data().window };
      expect(await sendDigest(payload)).toMatchObject({ sent: true });
      expect(await sendDigest(payload)).toMatchObject({ sent: false });
    }
    const mails = mailbox.messages(co.employee.email);
    expect(mails).toHaveLength(digests.size);
    const events = digests.docs.reduce((n, d) => n + Object.keys(d.data().items).length, 0);
    expect(mails.reduce((n, m) => n + m.text.split('\n').filter((l) => l.startsWith('- ')).length, 0)).toBe(events);
  });
});

describe('inbox routes', () => {
  it('marks all read, pages with a cursor, and counts unread', async () => {
    const all = await events()
      .post('/notifications/read-all')
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(all.status).toBe(200);
    const count = await events()
      .get('/notifications/unread-count')
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(count.body.data).toEqual({ unreadCount: 0 });
    const first = await inboxOf(co.employee, { limit: 1 });
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const second = await inboxOf(co.employee, { limit: 1, cursor: first.body.data.nextCursor });
    expect(second.body.data.notifications[0].id).not.toBe(first.body.data.notifications[0].id);
  });

  it('preferences merge per type and channel; quiet hours that start where they end are refused with nothing written', async () => {
    const put = (body: Record<string, unknown>) =>
      events().put('/notifications/preferences').query({ companyId: co.companyId }).set(bearer(otto)).send(body);
    const ok = await put({
      channels: { 'shift.changed': { push: false } },
      quietHours: { start: '22:00', end: '07:00' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.channels['shift.changed']).toEqual({ inApp: true, push: false, email: true });
    expect(ok.body.data).toMatchObject({ quietHours: { start: '22:00', end: '07:00' }, timezone: ZONE });
    const before = await snapshotCompany(co.companyId);
    const bad = await put({ quietHours: { start: '22:00', end: '22:00' } });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('INVALID_QUIET_HOURS');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('a device is removed only by the member it is registered to', async () => {
    await register(co.employee, 'phone-to-remove-0123456789');
    const remove = (user: TestUser) =>
      events()
        .post('/notifications/devices/remove')
        .query({ companyId: co.companyId })
        .set(bearer(user))
        .send({ token: 'phone-to-remove-0123456789' });
    expect((await remove(otto)).body.data).toEqual({ removed: false });
    expect((await remove(co.employee)).body.data).toEqual({ removed: true });
  });
});
