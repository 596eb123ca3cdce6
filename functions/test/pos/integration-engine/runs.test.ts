import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';

let sim: RunningVendorSimulator;
let co: TestCompany;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const CONNECTION = `square_api_key~${SIMULATED.square_api_key.locationId}`;

beforeAll(async () => {
  sim = await startVendors();
  co = await createCompany();
  const res = await engine()
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
  expect(res.status).toBe(201);
});

afterAll(async () => {
  fft.cleanup();
  await sim.close();
});

const engine = () => api('integrationEngine');
const sync = (body: object = {}, connectionId = CONNECTION, company = co) =>
  engine()
    .post(`/connections/${encodeURIComponent(connectionId)}/sync`)
    .query({ companyId: company.companyId })
    .set(bearer(company.manager))
    .send(body);

interface Delivery {
  queue: string;
  body: { data: { companyId: string; runId: string } };
  headers: Record<string, string>;
}

/** The requests the Cloud Tasks emulator made for a run (scripts/with-emulators.js keeps them). */
async function deliveriesOf(runId: string, atLeast = 1): Promise<Delivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.TASKS_SINK_URL}/deliveries`)).json()) as Delivery[];
    const mine = all.filter((d) => d.body?.data?.runId === runId);
    if (mine.length >= atLeast || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Hands a delivered request's body to the real task function, as Cloud Tasks does. */
async function runTaskFunction(delivery: Delivery) {
  const task = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (
    req: unknown,
  ) => Promise<void>;
  await task({ data: delivery.body.data });
}

const runDoc = async (runId: string, company = co) =>
  (await db().collection('companies').doc(company.companyId).collection('syncRuns').doc(runId).get()).data();

describe('manual sync', () => {
  let runId: string;

  it('records a queued run with the streams the integration offers and hands it to the Cloud Tasks queue', async () => {
    const res = await sync();
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      connectionId: CONNECTION,
      slug: 'square_api_key',
      trigger: 'manual',
      requestedBy: co.manager.uid,
      status: 'queued',
      streams: ['roster', 'punches', 'sales', 'tips'],
      window: null,
      deliveries: 0,
      created: true,
    });
    runId = res.body.data.id;
    const [delivery] = await deliveriesOf(runId);
    expect(delivery.queue).toBe('posSyncRun');
    expect(delivery.body.data).toEqual({ companyId: co.companyId, runId });
    expect(delivery.headers['x-cloudtasks-taskname']).toBe(`run-${runId}`);
  });

  it('refuses a second run while one is queued: 409 SYNC_IN_PROGRESS naming the open run, and nothing recorded', async () => {
    const again = await sync({ streams: ['sales'] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      code: 'SYNC_IN_PROGRESS',
      details: [{ runId, status: 'queued' }],
    });
    const runs = await db().collection('companies').doc(co.companyId).collection('syncRuns').get();
    expect(runs.size).toBe(1);
  });

  it('cancels a queued run; a later delivery of its task changes nothing', async () => {
    const res = await engine().post(`/runs/${runId}/cancel`).query({ companyId: co.companyId }).set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: runId, status: 'cancelled', error: { code: 'CANCELLED' } });
    const cancelled = await runDoc(runId);
    const [delivery] = await deliveriesOf(runId);
    await runTaskFunction(delivery);
    expect(await runDoc(runId)).toEqual(cancelled);
    const twice = await engine()
      .post(`/runs/${runId}/cancel`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(twice.body.data).toEqual(res.body.data);
  });

  it('takes a backfill window and a subset of streams', async () => {
    const res = await sync({ streams: ['sales', 'tips'], from: '2026-01-01', to: '2026-03-31' });
    expect(res.body.data).toMatchObject({
      streams: ['sales', 'tips'],
      window: { from: '2026-01-01', to: '2026-03-31' },
      created: true,
    });
  });

  it('refuses windows that are reversed, half given, or longer than 366 days, and unknown streams (400)', async () => {
    for (const body of [
      { from: '2026-03-01', to: '2026-01-01' },
      { from: '2026-01-01' },
      { streams: ['reservations'] },
      { streams: [] },
    ]) {
      const res = await sync(body);
      expect(res.status).toBe(400);
    }
    const long = await sync({ from: '2024-01-01', to: '2025-06-01' });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('INVALID_DATE_RANGE');
  });

  it('drops a task whose payload can never be valid, and one for an unknown run, without failing (no retry)', async () => {
    const task = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (
      req: unknown,
    ) => Promise<void>;
    await expect(task({ data: { companyId: '../x' } })).resolves.toBeUndefined();
    await expect(task({ data: { companyId: co.companyId, runId: 'no-such-run' } })).resolves.toBeUndefined();
  });
});

describe('which connections sync', () => {
  it('answers 422 SYNC_NOT_SUPPORTED for a CSV import, 422 CONNECTION_NOT_ACTIVE once disconnected, 404 for an unknown connection', async () => {
    const other = await createCompany();
    await engine()
      .post('/connections')
      .query({ companyId: other.companyId })
      .set(bearer(other.owner))
      .send({ slug: 'csv' });
    const csv = await sync({}, 'csv', other);
    expect(csv.status).toBe(422);
    expect(csv.body.code).toBe('SYNC_NOT_SUPPORTED');
    await engine()
      .post('/connections')
      .query({ companyId: other.companyId })
      .set(bearer(other.owner))
      .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
    const queued = await sync({}, CONNECTION, other);
    expect(queued.body.data.status).toBe('queued');
    const gone = await engine()
      .delete(`/connections/${CONNECTION}`)
      .query({ companyId: other.companyId })
      .set(bearer(other.owner));
    expect(gone.status).toBe(200);
    expect(await runDoc(queued.body.data.id, other)).toMatchObject({
      status: 'cancelled',
      error: { code: 'DISCONNECTED' },
    });
    const after = await sync({}, CONNECTION, other);
    expect(after.status).toBe(422);
    expect(after.body.code).toBe('CONNECTION_NOT_ACTIVE');
    expect((await sync({}, 'toast~nope', other)).status).toBe(404);
  });

  it('is for managers and owners: an employee gets 403', async () => {
    const res = await engine()
      .post(`/connections/${CONNECTION}/sync`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee))
      .send({});
    expect(res.status).toBe(403);
  });
});

describe('run history', () => {
  it('lists runs newest first with a cursor, optionally of one connection', async () => {
    const company = await createCompany();
    await engine()
      .post('/connections')
      .query({ companyId: company.companyId })
      .set(bearer(company.owner))
      .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sync({}, CONNECTION, company);
      ids.push(res.body.data.id);
      await engine()
        .post(`/runs/${res.body.data.id}/cancel`)
        .query({ companyId: company.companyId })
        .set(bearer(company.manager));
    }
    const first = await engine()
      .get('/runs')
      .query({ companyId: company.companyId, limit: 2 })
      .set(bearer(company.manager));
    expect(first.status).toBe(200);
    expect(first.body.data.runs.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await engine()
      .get('/runs')
      .query({ companyId: company.companyId, limit: 2, cursor: first.body.data.nextCursor })
      .set(bearer(company.manager));
    expect(second.body.data.runs.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(second.body.data.nextCursor).toBeNull();
    // a cursor that is not one the list answered (text, a run id itself) is refused, not read as "no more runs"
    for (const cursor of ['not-a-cursor', ids[1]]) {
      const refused = await engine()
        .get('/runs')
        .query({ companyId: company.companyId, cursor })
        .set(bearer(company.manager));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'INVALID_CURSOR',
        details: [{ path: 'query.cursor' }],
      });
    }
    const filtered = await engine()
      .get('/runs')
      .query({ companyId: company.companyId, connectionId: 'csv' })
      .set(bearer(company.manager));
    expect(filtered.body.data.runs).toEqual([]);
    const one = await engine()
      .get(`/runs/${ids[1]}`)
      .query({ companyId: company.companyId })
      .set(bearer(company.manager));
    expect(one.body.data).toMatchObject({ id: ids[1], status: 'cancelled' });
    const missing = await engine()
      .get('/runs/nope')
      .query({ companyId: company.companyId })
      .set(bearer(company.manager));
    expect(missing.body.code).toBe('RUN_NOT_FOUND');
    const otherCompany = await engine()
      .get(`/runs/${ids[1]}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(otherCompany.status).toBe(404);
  });
});
