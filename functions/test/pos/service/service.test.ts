import { randomUUID } from 'node:crypto';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { workWebhooks } from '../../helpers/webhook-work';
import { seedConnection, startVendors } from '../../helpers/integrations';
import { bearer, createUser } from '../../helpers/users';
import { config } from '../../../src/core/config';
import { db } from '../../../src/core/firebase';
import { serviceIdToken } from '../../../src/core/service-auth';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import { signedWebhook, squareEvent } from '../../../dev/vendors/webhooks';
import { enqueueDueSyncs } from '../../../src/pos/service/hourly';

/** The POS sync service's HTTP surface and its hourly job, with the real Cloud Tasks emulator behind the queue. */

let sim: RunningVendorSimulator;
const CONNECTION = `square_api_key~${SIMULATED.square_api_key.locationId}`;
const service = () => api('posSyncService');
const engine = () => api('integrationEngine');

beforeAll(async () => {
  sim = await startVendors();
});

afterAll(async () => {
  await sim.close();
});

async function connectedCompany(): Promise<TestCompany> {
  const co = await createCompany();
  const res = await engine()
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
  expect(res.status).toBe(201);
  return co;
}

const runsOf = async (companyId: string) =>
  (await db().collection('companies').doc(companyId).collection('syncRuns').get()).docs.map(
    (d) => ({ id: d.id, ...d.data() }) as Record<string, unknown>,
  );

interface Delivery {
  queue: string;
  body: { data: { companyId: string; runId: string } };
}

async function deliveriesOf(runId: string): Promise<Delivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as Delivery[];
    const mine = all.filter((d) => d.body?.data?.runId === runId);
    if (mine.length || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /sync/{vendor}/{companyId}', () => {
  it('queues one run of the connection for a manager, handed to the posSyncRun queue', async () => {
    const co = await connectedCompany();
    const res = await service()
      .post(`/sync/square_api_key/${co.companyId}`)
      .set(bearer(co.manager))
      .send({ streams: ['roster', 'sales'] });
    expect(res.status).toBe(201);
    expect(res.body.data.inProgress).toEqual([]);
    expect(res.body.data.runs).toHaveLength(1);
    const [run] = res.body.data.runs;
    expect(run).toMatchObject({
      connectionId: CONNECTION,
      trigger: 'manual',
      requestedBy: co.manager.uid,
      status: 'queued',
      streams: ['roster', 'sales'],
      window: null,
    });
    const [delivery] = await deliveriesOf(run.id);
    expect(delivery.queue).toBe('posSyncRun');
    expect(delivery.body.data).toEqual({ companyId: co.companyId, runId: run.id });
  });

  it('takes a backfill window of business dates', async () => {
    const co = await connectedCompany();
    const res = await service()
      .post(`/sync/square_api_key/${co.companyId}`)
      .set(bearer(co.owner))
      .send({ from: '2026-01-01', to: '2026-01-31' });
    expect(res.status).toBe(201);
    expect(res.body.data.runs[0]).toMatchObject({
      window: { from: '2026-01-01', to: '2026-01-31' },
      requestedBy: co.owner.uid,
    });
  });

  it('lets our own jobs (service claim) trigger a sync without being members', async () => {
    const co = await connectedCompany();
    const res = await service()
      .post(`/sync/square_api_key/${co.companyId}`)
      .set({ Authorization: `Bearer ${await serviceIdToken()}` })
      .send({});
    expect(res.status).toBe(201);
    expect(res.body.data.runs[0]).toMatchObject({ requestedBy: null, trigger: 'manual' });
  });

  it('refuses no token (401), an employee (403) and a user of another company (403), writing nothing', async () => {
    const co = await connectedCompany();
    const stranger = await createUser();
    expect((await service().post(`/sync/square_api_key/${co.companyId}`).send({})).status).toBe(401);
    const employee = await service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(co.employee)).send({});
    expect(employee.status).toBe(403);
    expect(employee.body.code).toBe('INSUFFICIENT_ROLE');
    const other = await service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(stranger)).send({});
    expect(other.body.code).toBe('NOT_A_MEMBER');
    expect(await runsOf(co.companyId)).toEqual([]);
  });

  it('answers 404 for a vendor it does not sync and for a vendor the company has not connected, 400 for a bad body', async () => {
    const co = await connectedCompany();
    const unknown = await service().post(`/sync/opentable/${co.companyId}`).set(bearer(co.manager)).send({});
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('POS_VENDOR_NOT_FOUND');
    const absent = await service().post(`/sync/toast/${co.companyId}`).set(bearer(co.manager)).send({});
    expect(absent.status).toBe(404);
    expect(absent.body.code).toBe('POS_NOT_CONNECTED');
    const bad = await service()
      .post(`/sync/square_api_key/${co.companyId}`)
      .set(bearer(co.manager))
      .send({ from: '2026-02-01', to: '2026-01-01', extra: 1 });
    expect(bad.status).toBe(400);
    expect(await runsOf(co.companyId)).toEqual([]);
  });

  it('runs one of two concurrent syncs of one integration and answers the other 409 SYNC_IN_PROGRESS with the running run', async () => {
    const co = await connectedCompany();
    const [a, b] = await Promise.all(
      [0, 1].map(() => service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(co.manager)).send({})),
    );
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect(lost.body).toMatchObject({
      success: false,
      code: 'SYNC_IN_PROGRESS',
      details: [{ connectionId: CONNECTION, runId: won.body.data.runs[0].id }],
    });
    expect(await runsOf(co.companyId)).toHaveLength(1);
  });

  it('replaces a run whose lease expired (its instance died) and records it as failed', async () => {
    const co = await connectedCompany();
    const first = await service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(co.manager)).send({});
    const stale = first.body.data.runs[0].id;
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('syncRuns')
      .doc(stale)
      .update({ status: 'running', leaseExpiresAt: Date.now() - 1 });
    const second = await service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(co.manager)).send({});
    expect(second.status).toBe(201);
    const runs = await runsOf(co.companyId);
    expect(runs.find((r) => r.id === stale)).toMatchObject({
      status: 'failed',
      error: { code: 'LEASE_EXPIRED' },
      leaseExpiresAt: null,
    });
    expect(runs.find((r) => r.id === second.body.data.runs[0].id)).toMatchObject({ status: 'queued' });
  });
});

describe('GET /health', () => {
  it('answers ready with the version when Firestore and the sync queue answer, without authentication', async () => {
    const res = await service().get('/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', checks: { firestore: { ok: true }, queue: { ok: true } } });
    expect(res.body.data.version).toMatch(/\d+\.\d+\.\d+/);
  });

  it('answers 503 SERVICE_NOT_READY naming the queue when the task queue does not answer', async () => {
    const saved = process.env.CLOUD_TASKS_EMULATOR_HOST;
    process.env.CLOUD_TASKS_EMULATOR_HOST = '127.0.0.1:9';
    try {
      const res = await service().get('/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'SERVICE_NOT_READY', details: [{ path: 'queue' }] });
    } finally {
      process.env.CLOUD_TASKS_EMULATOR_HOST = saved;
    }
  });
});

describe('the hourly job', () => {
  /** Makes the company's connection due long ago, so that a job run "at" LONG_AGO + 1 sees only the connections of this test. */
  const LONG_AGO = 1_000_000;
  async function makeDue(co: TestCompany) {
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('integrations')
      .doc(CONNECTION)
      .update({ nextSyncAt: LONG_AGO });
    await db().collection('integrationSchedule').doc(`${co.companyId}~${CONNECTION}`).update({ nextSyncAt: LONG_AGO });
  }

  it('enqueues each due active integration once, and a second run of the job finds nothing due', async () => {
    const [a, b, busy] = await Promise.all([connectedCompany(), connectedCompany(), connectedCompany()]);
    const running = await service().post(`/sync/square_api_key/${busy.companyId}`).set(bearer(busy.manager)).send({});
    await Promise.all([a, b, busy].map(makeDue));

    const first = await enqueueDueSyncs(LONG_AGO + 1);
    expect(first).toEqual({ due: 3, queued: 2, skipped: 1, failed: 0 });
    for (const co of [a, b]) {
      const runs = await runsOf(co.companyId);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'queued', requestedBy: null });
      expect(await deliveriesOf(String(runs[0].id))).toHaveLength(1);
      const connection = (
        await db().collection('companies').doc(co.companyId).collection('integrations').doc(CONNECTION).get()
      ).data()!;
      expect(connection.nextSyncAt).toBeGreaterThan(Date.now() + 50 * 60_000);
    }
    expect((await runsOf(busy.companyId)).map((r) => r.id)).toEqual([running.body.data.runs[0].id]);

    const second = await enqueueDueSyncs(LONG_AGO + 1);
    expect(second).toEqual({ due: 0, queued: 0, skipped: 0, failed: 0 });
    expect(await runsOf(a.companyId)).toHaveLength(1);
  });
});

describe('POST /webhooks/{vendor}', () => {
  const merchant = `MSVC${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const url = `${config.vendors.webhookBaseUrl()}/webhooks/square`;
  const key = () => (JSON.parse(process.env.POS_WEBHOOK_KEYS!) as { square: string }).square;
  const teamMemberEvent = () =>
    squareEvent({
      type: 'team_member.updated',
      merchantId: merchant,
      dataType: 'team_member',
      entity: { id: 'TMsvc01' },
    });
  // as a string: superagent would JSON-encode a Buffer sent as application/json
  const post = (signed: { body: Buffer; headers: Record<string, string> }) =>
    service().post('/webhooks/square').set(signed.headers).send(signed.body.toString('utf8'));

  it('takes the exact bytes the vendor signed, queues a roster sync once, and acknowledges a redelivery as a duplicate naming no company', async () => {
    const co = await seedConnection('square', merchant);
    const signed = signedWebhook('square', teamMemberEvent(), { key: key(), url });
    const first = await post(signed);
    expect(first.status).toBe(200);
    // answered once recorded and queued: the runs are asked for by the queue's task
    expect(first.body).toEqual({ success: true, data: { accepted: true, duplicate: false, stale: false, queued: 1 } });
    expect(await runsOf(co.companyId)).toEqual([]);
    await workWebhooks('square');
    const runs = await runsOf(co.companyId);
    expect(runs).toEqual([expect.objectContaining({ trigger: 'webhook', streams: ['roster'], status: 'queued' })]);
    const again = await post(signed);
    expect(again.body.data).toEqual({ accepted: true, duplicate: true, stale: false, queued: 0 });
    await workWebhooks('square');
    expect(await runsOf(co.companyId)).toHaveLength(1);
  });

  it('refuses a forged signature with 401 WEBHOOK_SIGNATURE_INVALID and writes nothing', async () => {
    const co = await seedConnection('square', `${merchant}X`);
    const event = squareEvent({
      type: 'team_member.updated',
      merchantId: `${merchant}X`,
      dataType: 'team_member',
      entity: { id: 'TMsvc02' },
    });
    const signed = signedWebhook('square', event, { key: 'not-our-key', url });
    const res = await post(signed);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(await runsOf(co.companyId)).toEqual([]);
    expect((await db().collection('posWebhookEvents').doc(`square~${event.event_id}`).get()).exists).toBe(false);
  });
});
