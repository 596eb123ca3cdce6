import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { fanOut } from '../../src/modules/events/fanout';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

const outboxTypes = async () =>
  (await db().collection(`companies/${co.companyId}/outbox`).orderBy('occurredAtMs').get()).docs.map((d) => d.data());
async function newEvents(change: () => Promise<unknown>) {
  const before = new Set((await outboxTypes()).map((e) => e.id));
  await change();
  const added = (await outboxTypes()).filter((e) => !before.has(e.id));
  for (const e of added) await fanOut({ companyId: co.companyId, eventId: e.id });
  return added;
}
const inboxTypes = async (user: TestUser) =>
  (
    await api('events').get('/notifications').query({ companyId: co.companyId }).set(bearer(user))
  ).body.data.notifications.map((n: { type: string }) => n.type);

describe('the services record their events in the commit of their change', () => {
  it('a day-off request tells managers it waits, and its requester that it was approved', async () => {
    const day = (n: number) => addDays(businessToday('Europe/Madrid', 0), n);
    let id = '';
    const created = await newEvents(async () => {
      const res = await api('requests')
        .post('/requests')
        .query({ companyId: co.companyId })
        .set(bearer(co.employee))
        .send({ type: 'dayOff', startDate: day(6), endDate: day(7) });
      expect(res.status).toBe(201);
      id = res.body.data.id;
    });
    expect(created.map((e) => [e.type, e.data.requestId, e.actor.uid])).toEqual([
      ['request.created', id, co.employee.uid],
    ]);
    const approved = await newEvents(() =>
      api('requests')
        .post(`/requests/${id}/approve`)
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .send({}),
    );
    expect(approved.map((e) => e.type)).toEqual(['request.approved']);
    expect(await inboxTypes(co.manager)).toContain('request.created');
    expect(await inboxTypes(co.employee)).toContain('request.approved');
    expect(await inboxTypes(co.employee)).not.toContain('request.created');
  });

  it('a post tells its recipients', async () => {
    const added = await newEvents(() =>
      api('posts')
        .post('/posts')
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .send({ title: 'Staff meeting', body: 'Monday 9:00', audience: { kind: 'everyone' } }),
    );
    expect(added.map((e) => [e.type, e.data.employeeIds])).toEqual([['post.published', [co.employeeId]]]);
    expect(await inboxTypes(co.employee)).toContain('post.published');
    expect(await inboxTypes(co.owner)).not.toContain('post.published');
  });
});
