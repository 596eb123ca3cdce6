import { randomUUID } from 'node:crypto';
import { auth, db } from '../../src/core/firebase';
import { storageBucket } from '../../src/core/storage';
import { purgeExpiredRecords } from '../../src/modules/privacy/erase';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import {
  accessOf,
  buildSample,
  closeWorld,
  createWorld,
  loadOperations,
  pool,
  prepare,
  send,
  toCall,
  type Fixture,
  type Operation,
  type World,
} from '../contract/generate';

/**
 * Export and erasure of one person, end to end: the fixture company of the contract tests (its
 * operations, sample values and override setups), in London, whose linked employee has a document
 * in Cloud Storage, punches, a memory, a comment, a chat, a closed pay period and a POS record.
 */
const privacy = () => api('privacy');
const PDF = Buffer.from('%PDF-1.4\n% contract of the erased person\n%%EOF\n', 'latin1');

let world: World;
let f: Fixture;
let ops: Operation[];
let person: { name: string; surname: string; email: string; phone: string };
const company = () => db().collection('companies').doc(f.company.companyId);

beforeAll(async () => {
  [ops, world] = await Promise.all([loadOperations(), createWorld()]);
  f = world.fixture;
  const tag = randomUUID().slice(0, 8);
  person = {
    name: `Ottoline${tag}`,
    surname: `Brackenbury${tag}`,
    email: f.company.employee.email,
    phone: `7700${parseInt(tag, 16).toString().slice(0, 6)}`,
  };
  await company().update({ country: 'GB', timezone: 'Europe/London' });
  const q = { companyId: f.company.companyId };
  const { owner, manager, employee, employeeId } = f.company;
  await expectOk(
    api('employees')
      .patch(`/employees/${employeeId}`)
      .query(q)
      .set(bearer(owner))
      // the answer kept for a retry holds the person's name
      .set('Idempotency-Key', `privacy-${tag}`)
      .send({ name: person.name, surname: person.surname, phone: person.phone, address: `1 ${tag} Row` }),
  );
  await expectOk(
    api('documents')
      .post('/documents')
      .query({ ...q, employeeId, type: 'contract', title: 'Contract', fileName: 'contract.pdf' })
      .set(bearer(manager))
      .set('Content-Type', 'application/pdf')
      .send(PDF),
  );
  await expectOk(
    api('aiMemory')
      .post('/memories')
      .query(q)
      .set(bearer(employee))
      .send({ scope: 'member', text: 'I prefer mornings' }),
  );
  const post = await expectOk(
    api('posts')
      .post('/posts')
      .query(q)
      .set(bearer(manager))
      .send({ title: 'Rota', body: 'New rota out', audience: { kind: 'everyone' } }),
  );
  await expectOk(
    api('posts').post(`/posts/${post.id}/comments`).query(q).set(bearer(employee)).send({ text: 'Thanks, I am in' }),
  );
  // copies of the person in other people's records: a manager's post (its event, every member's inbox entry) and comment
  const welcome = await expectOk(
    api('posts')
      .post('/posts')
      .query(q)
      .set(bearer(manager))
      .send({
        title: `Welcome ${person.name} ${person.surname}`,
        body: `Say hello at ${person.email} or ${person.phone}`,
        audience: { kind: 'everyone' },
      }),
  );
  await expectOk(
    api('posts')
      .post(`/posts/${welcome.id}/comments`)
      .query(q)
      .set(bearer(manager))
      .send({ text: `Glad to have you, ${person.name} ${person.surname}` }),
  );
  await storeWhatNoRouteWritesHere(employeeId, employee.uid);
  for (const op of ops) if (op.method === 'get') await prepare(op, f, world);
}, 180_000);

afterAll(() => closeWorld(world));

async function expectOk(req: PromiseLike<{ status: number; text: string; body: unknown }>) {
  const res = await req;
  if (res.status >= 300) throw new Error(`setup answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

/** A punch with its locations, a chat, a closed pay period naming the employee, their POS record (written by flows that need a model or a vendor). */
async function storeWhatNoRouteWritesHere(employeeId: string, uid: string) {
  const batch = db().batch();
  batch.update(company().collection('employees').doc(employeeId), { hiring: '2025-01-06', bornDate: '1990-05-17' });
  const at = { lat: 51.5, lng: -0.12, accuracy: 5 };
  batch.set(company().collection('punches').doc('privacy-punch'), {
    companyId: f.company.companyId,
    employeeId,
    businessDate: '2026-03-02',
    clockInAt: Date.UTC(2026, 2, 2, 9),
    clockOutAt: Date.UTC(2026, 2, 2, 17),
    clockInLocation: at,
    clockOutLocation: at,
    state: 'approved',
    note: `running late, ${person.name}`,
  });
  batch.set(company().collection('chatConversations').doc('privacy-chat'), { uid, title: 'My shifts', turnCount: 1 });
  batch.set(company().collection('chatTurns').doc('privacy-chat-1'), {
    uid,
    conversationId: 'privacy-chat',
    question: 'When do I work?',
    answer: `${person.name}, you work Monday`,
  });
  batch.set(company().collection('payPeriods').doc('2026-03-02'), {
    startDate: '2026-03-02',
    endDate: '2026-03-08',
    status: 'closed',
    report: {
      employees: [
        { employeeId, name: `${person.name} ${person.surname}`, employeeNumber: 'E-7', workedMinutes: 480 },
        { employeeId: f.staffId, name: 'Someone Else', employeeNumber: null, workedMinutes: 240 },
      ],
    },
  });
  batch.set(company().collection('posEmployees').doc('privacy-pos'), {
    employeeId,
    firstName: person.name,
    lastName: person.surname,
    email: person.email,
    phone: person.phone,
    linked: true,
  });
  await batch.commit();
}

/** Every GET of the API description an owner may call, with the contract sweep's sample values: the answers' texts. */
async function everyAnswerToTheOwner(): Promise<{ key: string; text: string }[]> {
  const gets = ops.filter((op) => op.method === 'get' && ['company', 'authenticated'].includes(accessOf(op).kind));
  return pool(gets, 4, async (op) => {
    const answer = await send(op, toCall(buildSample(op, f)), { kind: 'user', user: f.company.owner });
    return { key: op.key, text: answer.text.toLowerCase() };
  });
}

const mentioning = (answers: { key: string; text: string }[], value: string) =>
  answers.filter((a) => a.text.includes(value.toLowerCase())).map((a) => a.key);

const exportOf = (query: Record<string, string>) =>
  privacy()
    .get('/privacy/export')
    .query({ companyId: f.company.companyId, ...query })
    .set(bearer(f.company.owner));

describe("a person's data", () => {
  it('is exported to the owner as one archive: their record, shifts, punches, documents with the file, memory, comment, chat, pay lines and account', async () => {
    const res = await exportOf({ employeeId: f.company.employeeId });
    expect(res.status).toBe(200);
    const archive = res.body.data;
    expect(archive.person).toMatchObject({ employeeId: f.company.employeeId, uid: f.company.employee.uid });
    const collections = new Set(archive.records.map((r: { collection: string }) => r.collection));
    for (const c of [
      'employees',
      'shifts',
      'punches',
      'documents',
      'aiMemories',
      'postComments',
      'postRecipients',
      'chatTurns',
      'payPeriods',
      'posEmployees',
      'memberships',
    ])
      expect([c, collections.has(c)]).toEqual([c, true]);
    const employee = archive.records.find((r: { collection: string }) => r.collection === 'employees');
    expect(employee.data).toMatchObject({ name: person.name, phone: person.phone });
    // the closed period holds a colleague's pay line too: the export holds the person's own only
    const period = archive.records.find((r: { collection: string }) => r.collection === 'payPeriods');
    expect(period.data.report.employees).toEqual([
      expect.objectContaining({ employeeId: f.company.employeeId, workedMinutes: 480 }),
    ]);
    expect(JSON.stringify(archive)).not.toContain('Someone Else');
    // the uploaded contract, and the documents and message files the contract setups uploaded as the same employee
    const files = archive.files.map((file: { contentBase64: string }) => Buffer.from(file.contentBase64, 'base64'));
    expect(files.filter((bytes: Buffer) => bytes.equals(PDF))).toHaveLength(1);
    expect(archive.files.length).toBe(
      archive.records.filter((r: { collection: string }) => ['documents', 'messageAttachments'].includes(r.collection))
        .length,
    );
    const audit = await company().collection('auditTrail').where('entity', '==', 'personalData').get();
    expect(audit.docs.map((d) => [d.get('action'), d.get('by')])).toContainEqual(['export', f.company.owner.uid]);
  });

  it("holds no other person's id, name or contact detail: not the colleague's, the manager's or the owner's", async () => {
    const res = await exportOf({ employeeId: f.company.employeeId });
    const text = JSON.stringify(res.body.data.records).toLowerCase();
    const { owner, manager } = f.company;
    const others = [f.staffId, owner.uid, manager.uid, owner.email, manager.email, 'Someone Else'];
    const where = (res.body.data.records as Array<{ collection: string; data: unknown }>)
      .filter((r) => others.some((value) => JSON.stringify(r.data).toLowerCase().includes(value.toLowerCase())))
      .map((r) => `${r.collection}: ${JSON.stringify(r.data).slice(0, 400)}`);
    expect(where).toEqual([]);
    expect(others.filter((value) => text.includes(value.toLowerCase()))).toEqual([]);
  });

  it('is exported to owners only, and a person is named by exactly one id', async () => {
    const asManager = await privacy()
      .get('/privacy/export')
      .query({ companyId: f.company.companyId, employeeId: f.company.employeeId })
      .set(bearer(f.company.manager));
    expect(asManager.status).toBe(403);
    const twoIds = await exportOf({ employeeId: f.company.employeeId, uid: f.company.employee.uid });
    expect([twoIds.status, twoIds.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await exportOf({ employeeId: 'nobody-here' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'PERSON_NOT_FOUND']);
  });

  it('refuses to erase an owner, and writes nothing', async () => {
    const before = await snapshotCompany(f.company.companyId);
    const res = await privacy()
      .post('/privacy/erasures')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.owner))
      .send({ uid: f.company.owner.uid });
    expect([res.status, res.body.code]).toEqual([422, 'PERSON_IS_OWNER']);
    expect(await snapshotCompany(f.company.companyId)).toEqual(before);
  });

  it("is erased: no answer of any operation to the owner returns the person's name, email or phone afterwards, while before some did", async () => {
    const before = await everyAnswerToTheOwner();
    for (const value of Object.values(person))
      expect([value, mentioning(before, value).length > 0]).toEqual([value, true]);

    const res = await privacy()
      .post('/privacy/erasures')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.owner))
      .send({ employeeId: f.company.employeeId });
    expect(res.status).toBe(201);
    const erasure = res.body.data;
    expect(erasure).toMatchObject({ country: 'GB', accountDeleted: true });
    expect(erasure.files).toBeGreaterThanOrEqual(1);
    expect(erasure.kept.map((k: { record: string; source: string }) => [k.record, k.source.split(' ')[0]])).toEqual([
      ['pay', 'HMRC,'],
      ['time', 'Working'],
    ]);

    const after = await everyAnswerToTheOwner();
    expect(after.length).toBe(before.length);
    for (const value of Object.values(person)) expect([value, mentioning(after, value)]).toEqual([value, []]);
  }, 120_000);

  it("leaves no copy of the person's full name, email or phone in any document of the company, its events, inboxes and kept answers included", async () => {
    const stored = JSON.stringify(await snapshotCompany(f.company.companyId)).toLowerCase();
    const kept = await db().collection('idempotencyKeys').where('companyId', '==', f.company.companyId).get();
    const answers = JSON.stringify(kept.docs.map((d) => d.data())).toLowerCase();
    for (const value of [`${person.name} ${person.surname}`, person.email, person.phone]) {
      expect([value, stored.includes(value.toLowerCase())]).toEqual([value, false]);
      expect([value, answers.includes(value.toLowerCase())]).toEqual([value, false]);
    }
    expect(stored).toContain('welcome erased person');
  });

  it('leaves the records the company must keep reduced to the id, and deletes the rest, the file and the account', async () => {
    const punch = (await company().collection('punches').doc('privacy-punch').get()).data()!;
    expect(punch).toMatchObject({ employeeId: f.company.employeeId, clockInAt: Date.UTC(2026, 2, 2, 9) });
    expect([punch.clockInLocation, punch.note]).toEqual([undefined, undefined]);
    const record = (await company().collection('employees').doc(f.company.employeeId).get()).data()!;
    expect(record).toMatchObject({ name: 'Erased', surname: 'person', archived: true });
    expect([record.phone, record.email, record.address, record.userId, record.hiring, record.bornDate]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const period = (await company().collection('payPeriods').doc('2026-03-02').get()).data()!;
    expect(
      period.report.employees.map((l: { name: string; workedMinutes: number }) => [l.name, l.workedMinutes]),
    ).toEqual([
      ['Erased person', 480],
      ['Someone Else', 240],
    ]);
    const { employeeId, employee } = f.company;
    const deleted: [string, string, string][] = [
      ['documents', 'employeeId', employeeId],
      ['postRecipients', 'employeeId', employeeId],
      ['aiMemories', 'ownerUid', employee.uid],
      ['postComments', 'authorUid', employee.uid],
      ['chatConversations', 'uid', employee.uid],
      ['chatTurns', 'uid', employee.uid],
    ];
    for (const [collection, field, id] of deleted) {
      const left = await company().collection(collection).where(field, '==', id).get();
      expect([collection, left.size]).toEqual([collection, 0]);
    }
    const [files] = await storageBucket().getFiles({ prefix: `companies/${f.company.companyId}/` });
    expect(files.map((file) => file.name).filter((n) => n.includes(f.company.employeeId))).toEqual([]);
    await expect(auth().getUser(f.company.employee.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    const audit = await company().collection('auditTrail').where('entity', '==', 'personalData').get();
    expect(audit.docs.map((d) => d.get('action'))).toContain('erase');
  });

  it('is erased again by a retry without error, finding nothing more to delete', async () => {
    const res = await privacy()
      .post('/privacy/erasures')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.owner))
      .send({ employeeId: f.company.employeeId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ deleted: 0, files: 0 });
  });

  it("keeps its records until the country's period has run, then the retention job deletes them", async () => {
    const erasures = await db().collection('privacyErasures').where('companyId', '==', f.company.companyId).get();
    const first = erasures.docs.map((d) => d.data()).sort((a, b) => a.at - b.at)[0];
    const time = first.kept.find((k: { record: string }) => k.record === 'time');
    expect(time.paths).toContain(company().collection('punches').doc('privacy-punch').path);
    await purgeExpiredRecords(time.keepUntil - 1);
    expect((await company().collection('punches').doc('privacy-punch').get()).exists).toBe(true);
    await purgeExpiredRecords(time.keepUntil);
    expect((await company().collection('punches').doc('privacy-punch').get()).exists).toBe(false);
    expect((await company().collection('payPeriods').doc('2026-03-02').get()).exists).toBe(true);
  });
});
