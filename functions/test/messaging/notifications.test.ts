/**
 * A message notifies through the events outbox (in-app and push, with each member's preferences
 * and quiet hours, as every event): a member who had read everything before it, once per
 * conversation until they read it; never its author, nor a member who muted the conversation
 * unless mentioned; the notice names the conversation, never the text; no webhook receives it.
 */
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { fanOut } from '../../src/modules/events/fanout';
import { outboxOf } from '../events/helpers';
import { addEmployee, client } from './helpers';

jest.setTimeout(120_000);

let co: TestCompany;
let sara: TestUser;
beforeAll(async () => {
  co = await createCompany();
  ({ user: sara } = await addEmployee(co, 'Sara', []));
});

/** The message.posted events the change added, fanned out as the queue would, with their recipients. */
async function noticesOf(change: () => Promise<unknown>): Promise<string[][]> {
  const before = new Set((await outboxOf(co.companyId, 'message.posted')).map((e) => e.id));
  await change();
  const added = (await outboxOf(co.companyId, 'message.posted')).filter((e) => !before.has(e.id));
  for (const e of added) await fanOut({ companyId: co.companyId, eventId: e.id });
  return added.map((e) => e.subjects.recipientUids as string[]);
}
const inbox = async (user: TestUser) =>
  (await api('events').get('/notifications').query({ companyId: co.companyId }).set(bearer(user))).body.data
    .notifications as { type: string; title: string; body: string; data: Record<string, unknown> }[];

describe('notifications of team messages', () => {
  it('a direct message notifies the other member once until they read it, without its text', async () => {
    const emma = client(co, co.employee);
    const id = (await emma.start({ kind: 'direct', uid: sara.uid })).body.data.id;
    const sent = async (text: string) => expect((await emma.send(id, text)).status).toBe(201);
    expect(await noticesOf(() => sent('the walk-in is at 41F'))).toEqual([[sara.uid]]);
    // unread: no second notice
    expect(await noticesOf(() => sent('and the fish came in'))).toEqual([]);
    expect((await client(co, sara).read(id)).status).toBe(200);
    expect(await noticesOf(() => sent('thanks'))).toEqual([[sara.uid]]);

    const mine = (await inbox(sara)).filter((n) => n.type === 'message.posted');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      title: 'New message',
      body: 'You have a new direct message.',
      data: { conversationId: id, conversationKind: 'direct', conversationName: null, authorUid: co.employee.uid },
    });
    expect(JSON.stringify(mine)).not.toContain('walk-in');
    expect((await inbox(co.employee)).filter((n) => n.type === 'message.posted')).toEqual([]);
  });

  it('a group notifies those who had read it, a muted member only when mentioned', async () => {
    const manager = client(co, co.manager);
    const id = (await manager.start({ kind: 'group', name: 'Line', memberUids: [co.employee.uid, sara.uid] })).body.data
      .id;
    expect((await client(co, sara).mute(id, true)).status).toBe(200);
    expect(await noticesOf(() => manager.send(id, 'prep list is up'))).toEqual([[co.employee.uid]]);
    // Emma has not read it, Sara is muted: nobody, until Sara is mentioned
    expect(await noticesOf(() => manager.send(id, 'Sara, the oysters?', [sara.uid]))).toEqual([[sara.uid]]);
    const notice = (await inbox(sara)).find((n) => n.data.conversationId === id);
    expect(notice).toMatchObject({ body: 'New messages in Line.' });
  });

  it('is no event a webhook endpoint can subscribe to', async () => {
    const res = await api('webhooks')
      .post('/webhook-endpoints')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ url: 'https://hooks.example.com/workforce', eventTypes: ['message.posted'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
