import { db } from '../../src/core/firebase';
import { storageBucket } from '../../src/core/storage';
import { GRACE_DAYS, runDeletionBatch } from '../../src/modules/privacy/company-deletion';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

/**
 * A company's deletion by its owner: requested, cancellable within the grace period, then run in
 * batches, each handed to the next through the Cloud Tasks emulator (its deliveries reach the test
 * run's sink, and are handed here to the queue's real handler).
 */
const privacy = () => api('privacy');
const GRACE_MS = GRACE_DAYS * 24 * 3600 * 1000;

interface Delivery {
  queue: string;
  body: { data: { companyId: string; requestedAt: number; batch: number } };
}

async function deliveriesFor(companyId: string, batch: number): Promise<Delivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as Delivery[];
    const mine = all.filter((d) => d.queue === 'privacyCompanyDeletion' && d.body?.data?.companyId === companyId);
    if (mine.some((d) => d.body.data.batch === batch) || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const request = (co: TestCompany) =>
  privacy().post('/privacy/company-deletion').query({ companyId: co.companyId }).set(bearer(co.owner));
const cancel = (co: TestCompany) =>
  privacy().delete('/privacy/company-deletion').query({ companyId: co.companyId }).set(bearer(co.owner));

it('is requested by the owner only, runs after the grace period, and is audited', async () => {
  const co = await createCompany();
  const asManager = await privacy()
    .post('/privacy/company-deletion')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager));
  expect(asManager.status).toBe(403);
  const res = await request(co);
  expect(res.status).toBe(202);
  const deletion = res.body.data;
  expect(deletion).toMatchObject({ state: 'scheduled', requestedBy: co.owner.uid, batches: 0 });
  expect(deletion.runsAt - deletion.requestedAt).toBe(GRACE_MS);
  const again = await request(co);
  expect(again.body.data).toEqual(deletion);
  const read = await privacy()
    .get('/privacy/company-deletion')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner));
  expect(read.body.data).toEqual(deletion);
  const audit = await db().collection('companies').doc(co.companyId).collection('auditTrail').get();
  expect(audit.docs.map((d) => d.get('action'))).toEqual(['deletion-request']);
});

it('is cancelled within the grace period, and its task then deletes nothing', async () => {
  const co = await createCompany();
  const { requestedAt, runsAt } = (await request(co)).body.data;
  const cancelled = await cancel(co);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.data).toMatchObject({ state: 'cancelled' });
  expect((await cancel(co)).body.data).toEqual(cancelled.body.data);
  const before = await snapshotCompany(co.companyId);
  expect(await runDeletionBatch({ companyId: co.companyId, requestedAt, batch: 0 }, runsAt + 1)).toBe(
    'skipped (cancelled)',
  );
  expect(await snapshotCompany(co.companyId)).toEqual(before);
});

it('removes every document and file of the company in batches through Cloud Tasks, and only them', async () => {
  const [co, other] = await Promise.all([createCompany(), createCompany()]);
  const shifts = db().collection('companies').doc(co.companyId).collection('shifts');
  const batch = db().batch();
  for (let i = 0; i < 450; i++) batch.set(shifts.doc(`s${i}`), { employeeId: co.employeeId, date: '2026-03-02' });
  await batch.commit();
  const upload = await api('documents')
    .post('/documents')
    .query({ companyId: co.companyId, employeeId: co.employeeId, type: 'contract', title: 'C', fileName: 'c.pdf' })
    .set(bearer(co.manager))
    .set('Content-Type', 'application/pdf')
    .send(Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'));
  expect(upload.status).toBe(201);
  const otherBefore = await snapshotCompany(other.companyId);

  const { requestedAt, runsAt } = (await request(co)).body.data;
  expect(await runDeletionBatch({ companyId: co.companyId, requestedAt, batch: 0 }, runsAt - 1)).toBe('not due');
  expect(await runDeletionBatch({ companyId: co.companyId, requestedAt, batch: 0 }, runsAt)).toMatch(/^deleted /);
  const started = await cancel(co);
  expect([started.status, started.body.code]).toEqual([409, 'COMPANY_DELETION_STARTED']);

  // each batch hands the next to the queue; the emulator delivers it to the sink, the test to the handler
  const state = async () => (await db().collection('companyDeletions').doc(co.companyId).get()).get('state');
  const ran: Delivery['body']['data'][] = [];
  for (let next = 1; (await state()) !== 'done' && next < 10; next++) {
    const delivered = (await deliveriesFor(co.companyId, next)).filter((d) => d.body.data.batch === next);
    expect([next, delivered.length]).toEqual([next, 1]);
    await runDeletionBatch(delivered[0].body.data, runsAt);
    ran.push(delivered[0].body.data);
  }
  expect(await state()).toBe('done');
  expect(ran.length).toBeGreaterThanOrEqual(2);
  // a batch delivered again after the end changes nothing
  expect(await runDeletionBatch(ran[0], runsAt)).toBe('skipped (done)');

  const company = await snapshotCompany(co.companyId);
  expect(Object.entries(company).filter(([, v]) => v !== undefined)).toEqual([]);
  const members = await db().collection('memberships').where('companyId', '==', co.companyId).get();
  expect(members.size).toBe(0);
  const [files] = await storageBucket().getFiles({ prefix: `companies/${co.companyId}/` });
  expect(files).toEqual([]);
  const deletion = (await privacy().get('/privacy/company-deletion').query({ companyId: co.companyId })).status;
  expect(deletion).toBe(401);
  const record = (await db().collection('companyDeletions').doc(co.companyId).get()).data()!;
  expect(record).toMatchObject({ state: 'done' });
  expect(record.deleted).toBeGreaterThanOrEqual(450 + 1 + 4);
  expect(await snapshotCompany(other.companyId)).toEqual(otherBefore);
});
