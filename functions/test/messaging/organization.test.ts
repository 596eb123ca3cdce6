/**
 * Messaging at a location of an organization: the organization's owners and administrators act
 * there as owners without a membership of the company, so they are in its directory, may be
 * messaged (and notified) and read their conversations (the stream included); a company outside any
 * organization is unchanged.
 */
import { fanOut } from '../../src/modules/events/fanout';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { outboxOf } from '../events/helpers';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { EMPLOYER, orgApi } from '../organizations/support';
import { client, policies } from './helpers';
import { listenMessaging, openStream } from './stream-client';

jest.setTimeout(120_000);

interface Entry {
  uid: string;
  role: string;
  employeeId: string | null;
  name: string | null;
  organizationRole: string | null;
}

let co: TestCompany;
let admin: TestUser;

beforeAll(async () => {
  co = await createCompany();
  const created = await orgApi()
    .post('/organizations')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ name: 'Harbor Group', employer: EMPLOYER });
  expect(created.status).toBe(201);
  admin = await createUser({ label: 'org-admin' });
  const added = await orgApi()
    .put(`/organizations/${created.body.data.id}/members/${admin.uid}`)
    .set(bearer(co.owner))
    .send({ role: 'admin' });
  expect(added.status).toBe(200);
});

const directoryOf = async (c: ReturnType<typeof client>) => {
  const res = await c.directory();
  expect(res.status).toBe(200);
  return res.body.data as Entry[];
};

describe("an organization's owners and administrators at its location", () => {
  it('are in the directory of an employee and a manager as owners, once, after the members', async () => {
    // employees reach owners whatever the policies
    expect(
      (await policies(co, { employeeInteractionWorkWith: false, employeeInteractionMessages: false })).status,
    ).toBe(200);
    for (const who of [co.employee, co.manager]) {
      const listed = await directoryOf(client(co, who));
      expect(listed.filter((e) => e.uid === admin.uid)).toEqual([
        { uid: admin.uid, role: 'owner', employeeId: null, name: null, organizationRole: 'admin' },
      ]);
      // the organization's owner is an owner of the company: listed once, as that member
      expect(listed.filter((e) => e.uid === co.owner.uid)).toEqual([
        expect.objectContaining({ role: 'owner', organizationRole: null }),
      ]);
      expect(listed.at(-1)?.uid).toBe(admin.uid);
    }
    // the administrator's own directory: the company's members, not themselves
    const own = await directoryOf(client(co, admin));
    expect(own.map((e) => e.uid)).toEqual(expect.arrayContaining([co.owner.uid, co.manager.uid, co.employee.uid]));
    expect(own.map((e) => e.uid)).not.toContain(admin.uid);
  });

  it('are messaged by an employee and read the conversation, its receipts and the stream', async () => {
    const emma = client(co, co.employee);
    const started = await emma.start({ kind: 'direct', uid: admin.uid });
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    const before = new Set((await outboxOf(co.companyId, 'message.posted')).map((e) => e.id));
    expect((await emma.send(id, 'Can I swap Friday?')).status).toBe(201);
    // the notice reaches them as an owner's copy, though they have no membership of the company
    for (const e of (await outboxOf(co.companyId, 'message.posted')).filter((x) => !before.has(x.id)))
      expect((await fanOut({ companyId: co.companyId, eventId: e.id })).recipients).toBe(1);
    const inbox = await api('events').get('/notifications').query({ companyId: co.companyId }).set(bearer(admin));
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.notifications).toEqual([
      expect.objectContaining({ type: 'message.posted', data: expect.objectContaining({ conversationId: id }) }),
    ]);
    // mentioned in an automatic conversation, which they read as an owner
    expect((await emma.send('everyone', 'See the note', [admin.uid])).status).toBe(201);

    const them = client(co, admin);
    const listed = (await them.list()).body.data.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ kind: 'direct', unreadCount: 1, messageCount: 1 });
    const page = await them.page(id);
    expect(page.status).toBe(200);
    expect(page.body.data.messages.map((m: { text: string }) => m.text)).toEqual(['Can I swap Friday?']);
    expect((await them.send(id, 'Yes, fine')).status).toBe(201);
    const detail = (await emma.get(id)).body.data;
    expect(detail.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: admin.uid, readUpTo: 2, left: false }),
        expect.objectContaining({ uid: co.employee.uid, left: false }),
      ]),
    );

    const server = await listenMessaging();
    try {
      const stream = openStream(server.base, co.companyId, admin, { lastEventId: '0', wait: 0 });
      await stream.ended;
      expect(stream.status()).toBe(200);
      const texts = stream.events
        .filter((e) => e.event === 'message' && e.data.conversationId === id)
        .map((e) => (e.data.message as { text: string }).text);
      expect(texts).toEqual(['Can I swap Friday?', 'Yes, fine']);
      expect(stream.events.at(-1)).toMatchObject({ event: 'done', data: { success: true } });
    } finally {
      await server.close();
    }
  });
});

describe('a company outside any organization', () => {
  it('lists its members only, none with an organization role', async () => {
    const alone = await createCompany();
    const listed = await directoryOf(client(alone, alone.owner));
    expect(listed.map((e) => e.uid).sort()).toEqual([alone.manager.uid, alone.employee.uid].sort());
    expect(listed.every((e) => e.organizationRole === null)).toBe(true);
  });
});
