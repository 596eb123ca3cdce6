/**
 * The live stream end to end over a real connection: two clients receive every event of their own
 * conversations exactly once and in order while several senders post hundreds of messages at once,
 * across a reconnect with the last event id; never an event of a conversation they are not in;
 * membership changes and an access end apply at once; bad positions are refused.
 */
import { db } from '../../src/core/firebase';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import type { TestUser } from '../helpers/users';
import { addEmployee, client } from './helpers';
import { eventually, listenMessaging, openSession, openStream, type StreamEvent } from './stream-client';

// measured on a 2-core machine under a load of ~9: the burst and its delivery up to 210 s, the other
// tests up to 11 s; each stream connection lasts its wait (55 s) and the clients reconnect
jest.setTimeout(480_000);

let co: TestCompany;
let server: Awaited<ReturnType<typeof listenMessaging>>;
let sara: TestUser;
let tom: TestUser;
const crowd: TestUser[] = [];

beforeAll(async () => {
  [co, server] = await Promise.all([createCompany(), listenMessaging()]);
  ({ user: sara } = await addEmployee(co, 'Sara'));
  ({ user: tom } = await addEmployee(co, 'Tom'));
  for (const label of ['Uma', 'Vic', 'Wen']) crowd.push((await addEmployee(co, label)).user);
});

afterAll(async () => {
  await server.close();
});

const emma = () => client(co, co.employee);
const as = (u: TestUser) => client(co, u);
const idOf = async (res: PromiseLike<{ status: number; body: { data: { id: string } } }>) => {
  const r = await res;
  if (r.status >= 300) throw new Error(`answered ${r.status}`);
  return r.body.data.id;
};

const messageOf = (e: StreamEvent) => e.data.message as { id: string; conversationId: string; number: number };

/** Event ids strictly increasing (a total order, no event twice). */
function expectIncreasingIds(events: StreamEvent[]) {
  const ids = events.filter((e) => e.id !== null && e.event !== 'ready').map((e) => Number(e.id));
  for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
}

describe('the live stream', () => {
  it('two clients receive every message of their conversations once and in order, across a reconnect, and none of others', async () => {
    const dm = await idOf(emma().start({ kind: 'direct', uid: sara.uid }));
    const emmaTom = await idOf(emma().start({ kind: 'group', name: 'Emma and Tom', memberUids: [tom.uid] }));
    const saraTom = await idOf(as(sara).start({ kind: 'group', name: 'Sara and Tom', memberUids: [tom.uid] }));
    const emmaS = openSession(server.base, co.companyId, co.employee);
    const saraS = openSession(server.base, co.companyId, sara);
    await eventually(
      () => 'ready events',
      () => emmaS.ready() && saraS.ready(),
      60_000,
    );
    // eight senders at once, 25 messages each (under the 30 per 10 s limit of a sender): 200 messages
    const plan: Array<[TestUser, string[]]> = [
      [co.employee, [dm, emmaTom, 'everyone']],
      [sara, [dm, saraTom, 'everyone']],
      [tom, [emmaTom, saraTom, 'everyone']],
      [co.manager, ['everyone', emmaTom]],
      [co.owner, ['everyone', saraTom]],
      ...crowd.map((u): [TestUser, string[]] => [u, ['everyone']]),
    ];
    const sent: Array<{ id: string; conversationId: string }> = [];
    // emma's connection is cut midway through the burst; her client resumes with the last event id
    const drop = (async () => {
      await eventually(
        () => `emma's first events (${emmaS.events().length})`,
        () => emmaS.events().length >= 40,
        180_000,
      );
      await emmaS.drop();
    })();
    await Promise.all(
      plan.map(async ([user, targets]) => {
        for (let i = 0; i < 25; i++) {
          const conversationId = targets[i % targets.length];
          const res = await as(user).send(conversationId, `${user.uid.slice(0, 6)} #${i}`);
          expect(res.status).toBe(201);
          sent.push({ id: res.body.data.id, conversationId });
        }
      }),
    );
    await drop;
    const emmaReads = new Set([dm, emmaTom, 'everyone']);
    const saraReads = new Set([dm, saraTom, 'everyone']);
    const emmaExpected = sent.filter((m) => emmaReads.has(m.conversationId)).map((m) => m.id);
    const saraExpected = sent.filter((m) => saraReads.has(m.conversationId)).map((m) => m.id);
    const messages = (s: ReturnType<typeof openSession>) => s.events().filter((e) => e.event === 'message');
    await eventually(
      () =>
        `emma ${messages(emmaS).length} of ${emmaExpected.length}, sara ${messages(saraS).length} of ${saraExpected.length}`,
      () => messages(emmaS).length >= emmaExpected.length && messages(saraS).length >= saraExpected.length,
      180_000,
    );
    // the cut connection and the resumed one (and any after a wait ran out) hold each event once
    expect(emmaS.connections.length).toBeGreaterThanOrEqual(2);
    expect(emmaS.connections[1].events[0]).toMatchObject({ event: 'ready', id: emmaS.connections[0].lastId() });
    for (const [received, expected] of [
      [messages(emmaS), emmaExpected],
      [messages(saraS), saraExpected],
    ] as const) {
      const ids = received.map((e) => messageOf(e).id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual([...expected].sort());
      // each conversation's messages in their numbering: 1, 2, 3 ...
      const byConversation = new Map<string, number[]>();
      for (const e of received) {
        const m = messageOf(e);
        byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m.number]);
      }
      for (const numbers of byConversation.values()) expect(numbers).toEqual(numbers.map((_n, i) => i + 1));
    }
    expectIncreasingIds(emmaS.events());
    expectIncreasingIds(saraS.events());
    expect(messages(emmaS).some((e) => messageOf(e).conversationId === saraTom)).toBe(false);
    expect(messages(saraS).some((e) => messageOf(e).conversationId === emmaTom)).toBe(false);

    // edits and receipts come as well, to the conversation's readers only
    const ownInDm = (await emma().page(dm, { limit: 100 })).body.data.messages.find(
      (m: { authorUid: string }) => m.authorUid === co.employee.uid,
    );
    expect((await emma().edit(dm, ownInDm.id, 'Edited')).status).toBe(200);
    // something new to read in both, so that each receipt moves
    expect((await emma().send(dm, 'one more')).status).toBe(201);
    expect((await emma().send(emmaTom, 'one more')).status).toBe(201);
    expect((await as(sara).read(dm)).status).toBe(200);
    expect((await as(tom).read(emmaTom)).status).toBe(200);
    await eventually(
      () => JSON.stringify(saraS.events().slice(-3)),
      () =>
        saraS.events().some((e) => e.event === 'edited') &&
        emmaS.events().some((e) => e.event === 'receipt' && e.data.uid === tom.uid),
      60_000,
    );
    const edited = saraS.events().find((e) => e.event === 'edited')!;
    expect(edited.data).toMatchObject({ conversationId: dm, message: { id: ownInDm.id, text: 'Edited' } });
    expect(emmaS.events().find((e) => e.event === 'receipt' && e.data.uid === sara.uid)?.data).toMatchObject({
      conversationId: dm,
      readUpTo: expect.any(Number),
    });
    expect(saraS.events().some((e) => e.event === 'receipt' && e.data.conversationId === emmaTom)).toBe(false);
    expectIncreasingIds(emmaS.events());
    await Promise.all([emmaS.close(), saraS.close()]);
  });

  it('a member added to a group receives it from then, a removed one gets removed and nothing after', async () => {
    const [uma, vic] = crowd;
    const group = await idOf(as(uma).start({ kind: 'group', name: 'Changing', memberUids: [vic.uid] }));
    const tomStream = openSession(server.base, co.companyId, tom);
    await eventually(
      () => 'ready',
      () => tomStream.ready(),
      30_000,
    );
    expect((await as(uma).send(group, 'before Tom')).status).toBe(201);
    expect((await as(uma).patch(group, { addUids: [tom.uid] })).status).toBe(200);
    expect((await as(uma).send(group, 'with Tom')).status).toBe(201);
    expect((await as(uma).patch(group, { removeUids: [tom.uid] })).status).toBe(200);
    expect((await as(uma).send(group, 'after Tom')).status).toBe(201);
    expect((await as(uma).send('everyone', 'marker')).status).toBe(201);
    const ofGroup = () => tomStream.events().filter((e) => e.data.conversationId === group);
    await eventually(
      () => JSON.stringify(tomStream.events().slice(-4)),
      () => tomStream.events().some((e) => e.event === 'message' && messageOf(e).conversationId === 'everyone'),
      60_000,
    );
    expect(
      ofGroup().map((e) => [e.event, e.event === 'message' ? (e.data.message as { text: string }).text : '']),
    ).toEqual([
      ['conversation', ''],
      ['message', 'with Tom'],
      ['removed', ''],
    ]);
    await tomStream.close();
  });

  it("an employee's access end ends their stream at once with NOT_A_MEMBER", async () => {
    const wen = crowd[2];
    const stream = openStream(server.base, co.companyId, wen);
    await eventually(
      () => 'ready',
      () => stream.events.some((e) => e.event === 'ready'),
      30_000,
    );
    await db()
      .doc(`memberships/${co.companyId}_${wen.uid}`)
      .update({ accessEndsAt: Date.now() - 1 });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'NOT_A_MEMBER' } });
  });

  it('refuses a position that is not one of its event ids, and answers what was missed with wait=0', async () => {
    const far = openStream(server.base, co.companyId, sara, { lastEventId: '999999999', wait: 0 });
    await far.ended;
    expect(far.status()).toBe(400);
    expect(far.events[0].data).toMatchObject({ code: 'INVALID_LAST_EVENT_ID' });
    const bad = openStream(server.base, co.companyId, sara, { lastEventId: 'abc', wait: 0 });
    await bad.ended;
    expect(bad.status()).toBe(400);
    // caught up: nothing missed answers JSON with the position
    const head = (await db().doc(`companies/${co.companyId}/messagingHead/log`).get()).get('lastSeq') as number;
    const none = openStream(server.base, co.companyId, sara, { lastEventId: String(head), wait: 0, viaQuery: true });
    await none.ended;
    expect(none.events).toEqual([
      { id: null, event: 'json', data: { success: true, data: { lastEventId: String(head) } } },
    ]);
    // behind: the missed events, then done
    const behind = openStream(server.base, co.companyId, sara, { lastEventId: String(head - 3), wait: 0 });
    await behind.ended;
    expect(behind.events.at(-1)).toMatchObject({ event: 'done', data: { success: true } });
  });
});
