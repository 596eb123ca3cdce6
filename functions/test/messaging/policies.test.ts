/**
 * Team messaging end to end: the three interaction policies on and off (who starts, posts and reads
 * what), another company's members, archived employees, edits, moderation, receipts, paging.
 */
import { createHash } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { addEmployee, client, messagingDocs, policies } from './helpers';

jest.setTimeout(120_000);

let co: TestCompany;
let other: TestCompany;
let sara: TestUser;
let roleId: string;

beforeAll(async () => {
  [co, other] = await Promise.all([createCompany(), createCompany()]);
  const role = await api('roles')
    .post('/roles')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ name: 'Cook', subRoles: { line: { name: 'Line', priority: 1 } } });
  roleId = role.body.data.id;
  ({ user: sara } = await addEmployee(co, 'Sara', [roleId]));
});

const emma = () => client(co, co.employee);
const saraC = () => client(co, sara);
const manager = () => client(co, co.manager);

describe('with every policy on (the defaults)', () => {
  it('an employee starts a direct conversation with another, they exchange messages, unread counts and receipts follow', async () => {
    const started = await emma().start({ kind: 'direct', uid: sara.uid });
    expect(started.status).toBe(201);
    const id = started.body.data.id;
    // starting it again (from either side) answers the same conversation
    expect((await saraC().start({ kind: 'direct', uid: co.employee.uid })).body.data.id).toBe(id);
    const sent = await emma().send(id, 'Can you cover Friday?', [sara.uid]);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ number: 1, authorUid: co.employee.uid, mentions: [sara.uid] });
    const listed = (await saraC().list()).body.data.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ kind: 'direct', unreadCount: 1, messageCount: 1 });
    expect((await emma().list()).body.data.find((c: { id: string }) => c.id === id).unreadCount).toBe(0);
    expect((await saraC().read(id)).body.data).toMatchObject({ unreadCount: 0, readUpTo: 1 });
    // a receipt never moves back
    expect((await saraC().read(id, 0)).body.data.readUpTo).toBe(1);
    const detail = (await emma().get(id)).body.data;
    expect(detail.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ uid: sara.uid, readUpTo: 1, left: false })]),
    );
    // a third member of the company reads nothing of it
    expect((await manager().get(id)).status).toBe(404);
    expect((await manager().page(id)).status).toBe(404);
    expect((await manager().send(id, 'hi')).status).toBe(404);
  });

  it('employees create groups and post in them and in the automatic groups; the role group is its holders and the staff', async () => {
    const group = await emma().start({ kind: 'group', name: 'Weekend crew', memberUids: [sara.uid] });
    expect(group.status).toBe(201);
    expect((await saraC().send(group.body.data.id, 'Hi crew')).status).toBe(201);
    expect((await emma().send('everyone', 'Hello everyone')).status).toBe(201);
    const role = `role_${roleId}`;
    expect((await saraC().send(role, 'Cooks: prep at 3')).status).toBe(201);
    expect((await emma().page(role)).status).toBe(404);
    expect((await emma().list()).body.data.map((c: { id: string }) => c.id)).not.toContain(role);
    expect((await manager().page(role)).body.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'Cooks: prep at 3',
    ]);
    // managers read every group (moderation), not others' direct conversations
    expect((await manager().page(group.body.data.id)).status).toBe(200);
  });

  it("an employee's directory holds every member with access but themselves", async () => {
    const uids = (await emma().directory()).body.data.map((d: { uid: string }) => d.uid);
    expect(uids).toEqual(expect.arrayContaining([sara.uid, co.manager.uid, co.owner.uid]));
    expect(uids).not.toContain(co.employee.uid);
  });
});

describe('employeeInteractionMessages off: employees message managers and owners only', () => {
  it('refuses a new or continued direct conversation between employees (writing nothing), allows one with a manager, and keeps history', async () => {
    const id = (await emma().start({ kind: 'direct', uid: sara.uid })).body.data.id;
    await emma().send(id, 'Before the change');
    expect((await policies(co, { employeeInteractionMessages: false })).status).toBe(200);
    try {
      const before = await messagingDocs(co.companyId);
      const again = await emma().send(id, 'After the change');
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ success: false, code: 'MESSAGES_RESTRICTED' });
      const fresh = await addEmployee(co, 'Fresh');
      const start = await emma().start({ kind: 'direct', uid: fresh.user.uid });
      expect(start.body.code).toBe('MESSAGES_RESTRICTED');
      expect(await messagingDocs(co.companyId)).toEqual(before);
      // history stays readable, untouched
      const history = (await saraC().page(id)).body.data.messages.map((m: { text: string }) => m.text);
      expect(history).toContain('Before the change');
      // employees still message managers; managers still message employees
      const withManager = await emma().start({ kind: 'direct', uid: co.manager.uid });
      expect(withManager.status).toBe(201);
      expect((await emma().send(withManager.body.data.id, 'Running late')).status).toBe(201);
      const toSara = await manager().start({ kind: 'direct', uid: sara.uid });
      expect((await manager().send(toSara.body.data.id, 'Noted')).status).toBe(201);
      // groups are governed by the group policy, not this one
      expect((await emma().send('everyone', 'Still here')).status).toBe(201);
    } finally {
      await policies(co, { employeeInteractionMessages: true });
    }
    expect((await emma().send(id, 'Back on')).status).toBe(201);
  });
});

describe('employeeInteractionGroup off: employees neither create nor post in groups', () => {
  it('refuses a new group and posts in groups and automatic groups; reading stays; managers still post', async () => {
    const group = (await emma().start({ kind: 'group', name: 'Bar team', memberUids: [sara.uid] })).body.data.id;
    await saraC().send(group, 'Old news');
    await policies(co, { employeeInteractionGroup: false });
    try {
      const before = await messagingDocs(co.companyId);
      for (const refused of [
        await emma().start({ kind: 'group', name: 'New group', memberUids: [sara.uid] }),
        await saraC().send(group, 'New news'),
        await emma().send('everyone', 'Hello all'),
        await saraC().send(`role_${roleId}`, 'Cooks?'),
      ]) {
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('GROUPS_DISABLED');
      }
      expect(await messagingDocs(co.companyId)).toEqual(before);
      expect((await saraC().page(group)).body.data.messages.map((m: { text: string }) => m.text)).toEqual(['Old news']);
      expect((await manager().send(group, 'Managers may')).status).toBe(201);
      expect((await manager().send('everyone', 'Announcement-like note')).status).toBe(201);
      // direct messages are governed by the messages policy, still on
      const direct = (await emma().start({ kind: 'direct', uid: sara.uid })).body.data.id;
      expect((await emma().send(direct, 'Direct is fine')).status).toBe(201);
    } finally {
      await policies(co, { employeeInteractionGroup: true });
    }
    expect((await saraC().send(group, 'New news')).status).toBe(201);
  });
});

describe('employeeInteractionWorkWith off: the directory is limited as for shifts', () => {
  it("holds only managers and owners in an employee's directory and refuses starting with another employee", async () => {
    const existing = (await emma().start({ kind: 'direct', uid: sara.uid })).body.data.id;
    await policies(co, { employeeInteractionWorkWith: false });
    try {
      const uids = (await emma().directory()).body.data.map((d: { uid: string }) => d.uid).sort();
      expect(uids).toEqual([co.manager.uid, co.owner.uid].sort());
      expect((await manager().directory()).body.data.map((d: { uid: string }) => d.uid)).toEqual(
        expect.arrayContaining([sara.uid, co.employee.uid]),
      );
      const direct = await emma().start({ kind: 'direct', uid: sara.uid });
      expect(direct.status).toBe(403);
      expect(direct.body.code).toBe('NOT_IN_DIRECTORY');
      const group = await emma().start({ kind: 'group', name: 'Us', memberUids: [sara.uid] });
      expect(group.body.code).toBe('NOT_IN_DIRECTORY');
      expect((await emma().start({ kind: 'group', name: 'Ask', memberUids: [co.manager.uid] })).status).toBe(201);
      // what exists is not rewritten: the direct conversation goes on (messages policy on)
      expect((await emma().send(existing, 'Still talking')).status).toBe(201);
    } finally {
      await policies(co, { employeeInteractionWorkWith: true });
    }
  });
});

describe('another company', () => {
  it('reads nothing: its members are refused the company and do not find the conversations in theirs', async () => {
    const id = (await emma().start({ kind: 'direct', uid: sara.uid })).body.data.id;
    await emma().send(id, 'Private');
    const outsider = client(co, other.owner);
    for (const res of [await outsider.list(), await outsider.page(id), await outsider.page('everyone')]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NOT_A_MEMBER');
    }
    const own = client(other, other.owner);
    expect((await own.page(id)).status).toBe(404);
    expect((await own.page('everyone')).body.data.messages).toEqual([]);
    expect((await own.start({ kind: 'direct', uid: co.employee.uid })).body.code).toBe('NOT_IN_DIRECTORY');
  });
});

describe('archived employees', () => {
  it('post nothing after their access end; their messages stay attributed and they are marked as having left', async () => {
    const leaving = await addEmployee(co, 'Leaving');
    const gone = client(co, leaving.user);
    const id = (await manager().start({ kind: 'direct', uid: leaving.user.uid })).body.data.id;
    const kept = (await gone.send(id, 'My last shift is Sunday')).body.data;
    expect((await gone.send('everyone', 'Bye all')).status).toBe(201);
    const archived = await api('employees')
      .post(`/employees/${leaving.employeeId}/archive`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ effectiveDate: '2020-01-01', reason: 'resigned' });
    expect(archived.status).toBe(200);
    for (const res of [await gone.send(id, 'Still here?'), await gone.send('everyone', 'x'), await gone.list()]) {
      expect(res.status).toBe(403);
    }
    const page = (await manager().page(id)).body.data.messages;
    expect(page).toEqual([expect.objectContaining({ id: kept.id, authorUid: leaving.user.uid, text: kept.text })]);
    const detail = (await manager().get(id)).body.data;
    expect(detail.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ uid: leaving.user.uid, left: true })]),
    );
    const reply = await manager().send(id, 'Good luck');
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('RECIPIENT_LEFT');
    expect((await emma().directory()).body.data.map((d: { uid: string }) => d.uid)).not.toContain(leaving.user.uid);
  });
});

describe('edits, deletions and moderation', () => {
  it('the author edits and deletes within the window; others may not; managers delete any time', async () => {
    const id = (await emma().start({ kind: 'direct', uid: sara.uid })).body.data.id;
    const m = (await emma().send(id, 'Typo heer')).body.data;
    const edited = await emma().edit(id, m.id, 'Typo here');
    expect(edited.body.data).toMatchObject({ text: 'Typo here', editedAt: expect.any(Number) });
    expect((await saraC().edit(id, m.id, 'Not mine')).body.code).toBe('NOT_THE_AUTHOR');
    expect((await saraC().remove(id, m.id)).body.code).toBe('NOT_THE_AUTHOR');
    // past the window (the message aged in storage): the author neither edits nor deletes
    await db()
      .doc(`companies/${co.companyId}/messages/${m.id}`)
      .update({ createdAt: Date.now() - 16 * 60_000 });
    expect((await emma().edit(id, m.id, 'Late')).body.code).toBe('EDIT_WINDOW_CLOSED');
    expect((await emma().remove(id, m.id)).body.code).toBe('EDIT_WINDOW_CLOSED');
    const fresh = (await emma().send(id, 'Oops')).body.data;
    const removed = await emma().remove(id, fresh.id);
    expect(removed.body.data).toMatchObject({ text: '', deletedBy: co.employee.uid });
    expect((await emma().edit(id, fresh.id, 'Back')).body.code).toBe('MESSAGE_DELETED');
    // moderation in a group: a manager deletes an employee's message long after it was sent
    const g = (await emma().send('everyone', 'Off-topic rant')).body.data;
    await db()
      .doc(`companies/${co.companyId}/messages/${g.id}`)
      .update({ createdAt: Date.now() - 24 * 3_600_000 });
    const moderated = await manager().remove('everyone', g.id);
    expect(moderated.body.data).toMatchObject({ text: '', deletedBy: co.manager.uid, number: g.number });
    const numbers = (await saraC().page('everyone', { limit: 100 })).body.data.messages.map(
      (x: { number: number }) => x.number,
    );
    expect(numbers).toContain(g.number);
  });
});

describe('mentions, size, muting', () => {
  it('refuses mentions of non-members and oversized text, writing nothing; muting is per member', async () => {
    const id = (await emma().start({ kind: 'direct', uid: sara.uid })).body.data.id;
    const before = await messagingDocs(co.companyId);
    const mention = await emma().send(id, 'Hey', [co.manager.uid]);
    expect(mention.status).toBe(422);
    expect(mention.body.code).toBe('UNKNOWN_MENTIONS');
    const big = await emma().send(id, 'x'.repeat(4001));
    expect(big.status).toBe(400);
    expect(big.body.code).toBe('VALIDATION_FAILED');
    expect(await messagingDocs(co.companyId)).toEqual(before);
    expect((await emma().mute(id, true)).body.data.muted).toBe(true);
    expect((await emma().list()).body.data.find((c: { id: string }) => c.id === id).muted).toBe(true);
    expect((await saraC().list()).body.data.find((c: { id: string }) => c.id === id).muted).toBe(false);
  });
});

describe('paging in both directions', () => {
  it('pages back from the newest and forward again without gaps or repeats', async () => {
    const pager = await addEmployee(co, 'Pager');
    const p = client(co, pager.user);
    const id = (await p.start({ kind: 'direct', uid: co.manager.uid })).body.data.id;
    for (let i = 1; i <= 25; i++) expect((await (i % 2 ? p : manager()).send(id, `m${i}`)).status).toBe(201);
    const numbers = (res: { body: { data: { messages: { number: number }[] } } }) =>
      res.body.data.messages.map((m) => m.number);
    const newest = await p.page(id, { limit: 10 });
    expect(numbers(newest)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    const older = await p.page(id, { limit: 10, cursor: newest.body.data.olderCursor });
    expect(numbers(older)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const oldest = await p.page(id, { limit: 10, cursor: older.body.data.olderCursor });
    expect(numbers(oldest)).toEqual([1, 2, 3, 4, 5]);
    expect(oldest.body.data.olderCursor).toBeNull();
    const forward = await p.page(id, { limit: 10, cursor: oldest.body.data.newerCursor });
    expect(numbers(forward)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const end = await p.page(id, { limit: 10, cursor: newest.body.data.newerCursor });
    expect(numbers(end)).toEqual([]);
    expect(end.body.data.newerCursor).toBe(newest.body.data.newerCursor);
    const bad = await p.page(id, { cursor: 'not-a-cursor' });
    expect(bad.body.code).toBe('INVALID_CURSOR');
  });
});

describe('the rate limit per sender', () => {
  it('refuses a message past 30 within 10 seconds with 429 and Retry-After, writing nothing; another sender unaffected; a send after the window opens a new one', async () => {
    const chatty = await addEmployee(co, 'Chatty');
    const c = client(co, chatty.user);
    const id = (await c.start({ kind: 'direct', uid: co.manager.uid })).body.data.id;
    expect((await c.send(id, 'first')).status).toBe(201);
    // the sender's counter (its id: the hash of the limiter's key) as 30 messages in a window that
    // is still open leave it (a burst on a loaded machine may outlast a 10 s window, and so may the
    // requests of this test: so the count and the window's end are set rather than raced)
    const key = `messaging-send:${co.companyId}/${chatty.user.uid}`;
    const counter = db().collection('rateLimits').doc(createHash('sha256').update(key).digest('hex'));
    expect((await counter.get()).get('points')).toBe(1);
    await counter.update({ points: 30, expire: Date.now() + 60_000 });
    const refused = await c.send(id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await manager().send(id, 'Please slow down')).status).toBe(201);
    // the window ended: the next send opens a new one of 10 s from its arrival
    await counter.update({ expire: Date.now() - 1 });
    const arrived = Date.now();
    expect((await c.send(id, 'sorry')).status).toBe(201);
    const reopened = (await counter.get()).data()!;
    expect(reopened.points).toBe(1);
    expect(reopened.expire).toBeGreaterThanOrEqual(arrived + 10_000);
    expect(reopened.expire).toBeLessThanOrEqual(Date.now() + 10_000);
    expect((await c.page(id, { limit: 100 })).body.data.messages.map((m: { text: string }) => m.text)).toEqual([
      'first',
      'Please slow down',
      'sorry',
    ]);
  });
});
