import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import { sessionKey } from '../../../src/modules/integration-engine/session-tokens';
import * as functions from '../../../src/index';
import { configureToastSim, toastGroundTruth } from '../../../dev/vendors/toast';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import { matchingEmployee } from '../../../dev/vendors/accounts';

/**
 * The engine with the Toast connector (client-credentials login, labor employees and time entries,
 * ordersBulk): a first sync and a rerun compared with the simulator's ground truth, and a backfill
 * split into the time-entry windows Toast allows (at most a month).
 */

const DAY = 86_400_000;
let sim: RunningVendorSimulator;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const saved = { ...process.env };
const today = Math.floor(Date.now() / DAY) * DAY;

beforeAll(async () => {
  Object.assign(process.env, { POS_SYNC_INITIAL_DAYS: '400', POS_SYNC_RETRY_BASE_MS: '20' });
  sim = await startVendors();
  configureToastSim({ days: 14, ordersPerDay: 25, employees: 6, end: today - DAY });
});

afterAll(async () => {
  fft.cleanup();
  await sim.close();
  process.env = saved;
});

const company = (co: TestCompany) => db().collection('companies').doc(co.companyId);
const runTask = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (req: {
  data: unknown;
}) => Promise<void>;

async function toastCompany(): Promise<TestCompany> {
  const co = await createCompany({ profile: { timezone: 'America/New_York' } });
  const batch = db().batch();
  for (const e of toastGroundTruth().employees) {
    batch.set(company(co).collection('employees').doc(`emp-${e.vendorId}`), matchingEmployee(e));
  }
  await batch.commit();
  const res = await api('integrationEngine')
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug: 'toast', credentials: SIMULATED.toast });
  expect(res.status).toBe(201);
  return co;
}

async function sync(co: TestCompany, body: object = {}) {
  const res = await api('posSyncService').post(`/sync/toast/${co.companyId}`).set(bearer(co.manager)).send(body);
  expect(res.status).toBe(201);
  const runId: string = res.body.data.runs[0].id;
  await runTask({ data: { companyId: co.companyId, runId } });
  return (await company(co).collection('syncRuns').doc(runId).get()).data()!;
}

const stored = async (co: TestCompany, collection: string) =>
  (await company(co).collection(collection).get()).docs.map((d) => d.data());

describe('a Toast restaurant', () => {
  let co: TestCompany;

  beforeAll(async () => {
    co = await toastCompany();
  });

  it('syncs the roster, every time entry and every check as the simulator holds them, then changes nothing on a rerun', async () => {
    const truth = toastGroundTruth();
    const run = await sync(co);
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    const invoices = (await stored(co, 'invoices')).filter((i) => i.posSource === 'toast');
    expect(invoices.map((i) => i.externalId).sort()).toEqual(truth.sales.map((s) => s.vendorId).sort());
    const byId = new Map(invoices.map((i) => [i.externalId, i]));
    for (const sale of truth.sales) {
      expect([
        sale.vendorId,
        byId.get(sale.vendorId)?.amount,
        byId.get(sale.vendorId)?.tips,
        byId.get(sale.vendorId)?.employeeId ?? null,
      ]).toEqual([
        sale.vendorId,
        sale.amount,
        sale.tips,
        sale.employeeVendorId ? `emp-${sale.employeeVendorId}` : null,
      ]);
    }
    const punches = (await stored(co, 'punches')).filter((p) => p.vendor?.slug === 'toast');
    const live = truth.punches.filter((p) => !p.deleted);
    expect(punches.map((p) => p.vendor.externalId).sort()).toEqual(live.map((p) => p.vendorId).sort());

    const again = await sync(co);
    expect(again.status).toBe('succeeded');
    for (const stream of ['roster', 'punches', 'sales'])
      expect(again.counts[stream]).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect((await stored(co, 'invoices')).length).toBe(invoices.length);
  });

  it('logs in once for a connect and every stream of two runs, keeping the token sealed in the vault', async () => {
    const other = await toastCompany();
    expect((await sync(other)).status).toBe('succeeded');
    expect((await sync(other)).status).toBe('succeeded');
    expect(sim.state.calls['/toast/authentication/v1/authentication/login']).toBe(1);
    // the vault is the project's: other files' Toast simulators (other credentials) keep their sessions there too
    const kept = (await db().collection('vault').where('recordId', '>=', 'session~toast~').get()).docs.filter(
      (d) => d.id === `session~${sessionKey('toast', SIMULATED.toast)}`,
    );
    expect(kept).toHaveLength(1);
    expect(Object.keys(kept[0].data()).sort()).toEqual([
      'companyId',
      'connectionId',
      'recordId',
      'sealed',
      'updatedAt',
    ]);
    expect(JSON.stringify(kept[0].data())).not.toMatch(/eyJ|accessToken/);
  });

  it('splits a backfill of time entries into windows of at most a month', async () => {
    const to = new Date(today - DAY).toISOString().slice(0, 10);
    const from = new Date(today - 60 * DAY).toISOString().slice(0, 10);
    const run = await sync(co, { streams: ['punches'], from, to });
    expect(run.status).toBe('succeeded');
    expect(run.progress.punches).toMatchObject({ chunksDone: 3, chunksTotal: 3 });
    expect(run.counts.punches).toMatchObject({ created: 0, failed: 0 });
  });
});

afterEach(() => sim.state.reset());
