import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { logsOf } from '../../helpers/logs';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import { configureSquareSim, squareGroundTruth } from '../../../dev/vendors/square';
import { SIMULATED, SIMULATED_OAUTH_ACCOUNTS, type RunningVendorSimulator } from '../../../dev/vendors/server';
import type { SquareGroundTruth } from '../../../dev/vendors/square-data';
import { matchingEmployee } from '../../../dev/vendors/accounts';

/**
 * The sync engine end to end: a run requested on the service, delivered by the Cloud Tasks
 * emulator, run by the real posSyncRun task function against the Square simulator, and what it
 * wrote compared with the simulator's ground truth record by record.
 */

const DAY = 86_400_000;
const LOCATION = SIMULATED.square_api_key.locationId;
const CONNECTION = `square_api_key~${LOCATION}`;
let sim: RunningVendorSimulator;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    POS_SYNC_INITIAL_DAYS: '400',
    POS_SYNC_RETRY_BASE_MS: '20',
    POS_SYNC_RETRY_ATTEMPTS: '4',
  });
  sim = await startVendors();
  configureSquareSim({ days: 30, ordersPerDay: 40, teamMembers: 8, endAt: Date.now() - DAY });
});

afterEach(() => sim.state.reset());

afterAll(async () => {
  fft.cleanup();
  await sim.close();
  process.env = saved;
});

const service = () => api('posSyncService');
const company = (co: TestCompany) => db().collection('companies').doc(co.companyId);

/** A company whose employees carry the team members' emails (so the roster links itself), connected to the simulated Square location. */
async function squareCompany(truth: SquareGroundTruth, via: 'api_key' | 'oauth' = 'api_key'): Promise<TestCompany> {
  const co = await createCompany({ profile: { timezone: 'America/New_York' } });
  const batch = db().batch();
  for (const e of truth.employees)
    batch.set(company(co).collection('employees').doc(`emp-${e.vendorId}`), matchingEmployee(e));
  await batch.commit();
  if (via === 'oauth') {
    // the owner follows the simulator's consent page back to our callback
    const start = await api('integrationEngine')
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug: 'square' });
    const consent = await fetch(start.body.data.authorization.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const done = await api('integrationEngine')
      .post('/oauth/complete')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ callback: Object.fromEntries(back.searchParams) });
    expect(done.body.data).toMatchObject({
      id: `square~${SIMULATED_OAUTH_ACCOUNTS.square.merchantId}`,
      state: 'connected',
    });
    return co;
  }
  const res = await api('integrationEngine')
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
  expect(res.status).toBe(201);
  return co;
}

const runTask = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (req: {
  data: unknown;
}) => Promise<void>;

/** Requests a sync on the service and runs its task through the real task function (as the queue delivers it). */
async function sync(co: TestCompany, body: object = {}) {
  const res = await service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(co.manager)).send(body);
  expect(res.status).toBe(201);
  const runId: string = res.body.data.runs[0].id;
  await runTask({ data: { companyId: co.companyId, runId } });
  return (await company(co).collection('syncRuns').doc(runId).get()).data()!;
}

async function storedSales(co: TestCompany) {
  const snap = await company(co).collection('invoices').where('posSource', '==', 'square_api_key').get();
  return snap.docs.map((d) => d.data());
}

async function storedPunches(co: TestCompany) {
  const snap = await company(co).collection('punches').get();
  return snap.docs.map((d) => d.data()).filter((p) => p.vendor?.slug === 'square_api_key');
}

const connectionOf = async (co: TestCompany) =>
  (await company(co).collection('integrations').doc(CONNECTION).get()).data()!;

function expectSalesMatch(stored: FirebaseFirestore.DocumentData[], truth: SquareGroundTruth) {
  expect(stored).toHaveLength(truth.sales.length);
  const byId = new Map(stored.map((s) => [s.externalId, s]));
  for (const sale of truth.sales) {
    const mine = byId.get(sale.vendorId);
    expect({
      id: sale.vendorId,
      amount: mine?.amount,
      tips: mine?.tips,
      refund: mine?.refund,
      employeeId: mine?.employeeId ?? null,
    }).toEqual({
      id: sale.vendorId,
      amount: sale.amount,
      tips: sale.tips,
      refund: sale.refund,
      employeeId: sale.employeeVendorId ? `emp-${sale.employeeVendorId}` : null,
    });
  }
}

function expectPunchesMatch(stored: FirebaseFirestore.DocumentData[], truth: SquareGroundTruth) {
  expect(stored).toHaveLength(truth.punches.length);
  const byId = new Map(stored.map((p) => [p.vendor.externalId, p]));
  for (const punch of truth.punches) {
    const mine = byId.get(punch.vendorId);
    expect({
      id: punch.vendorId,
      employeeId: mine?.employeeId,
      clockInAt: mine?.clockInAt,
      clockOutAt: mine?.clockOutAt,
      breaks: mine?.breaks.length,
    }).toEqual({
      id: punch.vendorId,
      employeeId: `emp-${punch.employeeVendorId}`,
      clockInAt: punch.clockInAt,
      clockOutAt: punch.clockOutAt,
      breaks: punch.breaks.length,
    });
  }
}

describe('an incremental sync', () => {
  let co: TestCompany;
  let truth: SquareGroundTruth;

  beforeAll(async () => {
    truth = squareGroundTruth(LOCATION);
    co = await squareCompany(truth);
  });

  it('links the roster and writes every punch and sale of the simulator, record by record, and books a success', async () => {
    const run = await sync(co);
    expect(run).toMatchObject({ status: 'succeeded', error: null, deliveries: 1, leaseExpiresAt: null });
    expect(run.counts.roster).toMatchObject({
      read: truth.employees.length,
      created: truth.employees.length,
      held: 0,
      failed: 0,
    });
    expect(run.counts.sales).toMatchObject({ read: truth.sales.length, created: truth.sales.length, failed: 0 });
    expect(run.progress.sales).toEqual({ chunksDone: 1, chunksTotal: 1, doneUntil: null });
    expectSalesMatch(await storedSales(co), truth);
    expectPunchesMatch(await storedPunches(co), truth);
    const connection = await connectionOf(co);
    expect(connection).toMatchObject({ state: 'connected', consecutiveFailures: 0, lastError: null });
    expect(connection.lastSuccessAt).toBeGreaterThanOrEqual(run.startedAt);
    const cursor = (await company(co).collection('syncCursors').doc(`${CONNECTION}~sales`).get()).data()!;
    expect(cursor.modifiedAt).toBe(Math.max(...truth.sales.map((s) => s.modifiedAt)));
  });

  it('changes nothing when run again: the overlap window re-reads records, none is duplicated or rewritten', async () => {
    const before = await storedSales(co);
    const run = await sync(co);
    expect(run.status).toBe('succeeded');
    for (const stream of ['sales', 'punches', 'roster']) {
      expect(run.counts[stream]).toMatchObject({ created: 0, updated: 0, failed: 0 });
    }
    expect(await storedSales(co)).toEqual(before);
    expectPunchesMatch(await storedPunches(co), truth);
  });

  it('picks up a record modified while a sync ran on the next run, and a record served on two pages once', async () => {
    sim.state.modifyAfterPage('square_api_key', { after: 0 });
    sim.state.duplicateAcrossPages('square_api_key', { after: 0 });
    await sync(co, { streams: ['sales'] });
    expect(sim.state.modifications.length).toBeGreaterThan(0);
    const run = await sync(co, { streams: ['sales'] });
    expect(run.status).toBe('succeeded');
    const now = squareGroundTruth(LOCATION);
    expectSalesMatch(await storedSales(co), now);
  });
});

describe('a Square OAuth connection', () => {
  it('syncs every location of the merchant with the OAuth access token, as the simulator holds them', async () => {
    const truth = squareGroundTruth(SIMULATED_OAUTH_ACCOUNTS.square.merchantId);
    const co = await squareCompany(truth, 'oauth');
    const res = await service().post(`/sync/square/${co.companyId}`).set(bearer(co.manager)).send({});
    expect(res.status).toBe(201);
    const runId: string = res.body.data.runs[0].id;
    await runTask({ data: { companyId: co.companyId, runId } });
    const run = (await company(co).collection('syncRuns').doc(runId).get()).data()!;
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    const stored = (await company(co).collection('invoices').where('posSource', '==', 'square').get()).docs.map((d) =>
      d.data(),
    );
    // the merchant's other locations are in it too
    expect(truth.sales.length).toBeGreaterThan(squareGroundTruth(LOCATION).sales.length);
    expectSalesMatch(stored, truth);
    const punches = (await company(co).collection('punches').get()).docs
      .map((d) => d.data())
      .filter((p) => p.vendor?.slug === 'square');
    expectPunchesMatch(punches, truth);
  });
});

describe('failures', () => {
  let truth: SquareGroundTruth;
  beforeAll(() => {
    truth = squareGroundTruth(LOCATION);
  });

  it('retries 429 (after its Retry-After) and 500 answers, and the run succeeds with everything written', async () => {
    const co = await squareCompany(truth);
    sim.state.failNext('square_api_key', 429, { retryAfter: 1, times: 2 });
    sim.state.failNext('square_api_key', 503, { times: 1 });
    const { result: run, lines } = await logsOf(() => sync(co));
    const retried = lines.filter((l) => l.message === 'vendor request retried');
    expect(run.status).toBe('succeeded');
    expect(retried.length).toBeGreaterThanOrEqual(3);
    expectSalesMatch(await storedSales(co), truth);
  });

  it('stops at a 401 without retrying: the connection waits for the owner and the company is alerted', async () => {
    const co = await squareCompany(truth);
    sim.state.failNext('square_api_key', 401, { times: 5 });
    const calls = sim.state.callsTo('/square');
    const { result: run, lines } = await logsOf(() => sync(co));
    const event = lines.find((l) => l.event === 'pos_sync_failed');
    expect(run).toMatchObject({ status: 'failed', error: { code: 'VENDOR_REJECTED' } });
    expect(sim.state.callsTo('/square') - calls).toBe(1);
    expect(await connectionOf(co)).toMatchObject({
      state: 'reauth_required',
      consecutiveFailures: 1,
      nextSyncAt: null,
    });
    expect((await db().collection('integrationSchedule').doc(`${co.companyId}~${CONNECTION}`).get()).exists).toBe(
      false,
    );
    const alerts = await api('integrationEngine')
      .get('/alerts')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(alerts.body.data.alerts).toEqual([
      expect.objectContaining({
        connectionId: CONNECTION,
        state: 'reauth_required',
        runId: run.id ?? expect.any(String),
      }),
    ]);
    expect(event).toMatchObject({ event: 'pos_sync_failed', companyId: co.companyId, connectionId: CONNECTION });
    expect(JSON.stringify(lines)).not.toContain(SIMULATED.square_api_key.accessToken);
    const again = await service().post(`/sync/square_api_key/${co.companyId}`).set(bearer(co.manager)).send({});
    expect(again.body.code).toBe('CONNECTION_NEEDS_REAUTH');
  });

  it('fails a run on a malformed page with a clear error and writes nothing of that page', async () => {
    const co = await squareCompany(truth);
    sim.state.malformPage('square_api_key', { after: 0 });
    const run = await sync(co, { streams: ['sales'] });
    expect(run).toMatchObject({ status: 'failed', error: { code: 'VENDOR_MALFORMED_PAGE' } });
    expect(run.error.message).toMatch(/not as documented/);
    expect(await storedSales(co)).toEqual([]);
    expect(await connectionOf(co)).toMatchObject({
      state: 'error',
      consecutiveFailures: 1,
      lastError: { code: 'VENDOR_MALFORMED_PAGE' },
    });
  });

  it('alerts at the third consecutive failure (pos_sync_failed) and a success clears the alert and the count', async () => {
    const co = await squareCompany(truth);
    const alerts = async () =>
      (await api('integrationEngine').get('/alerts').query({ companyId: co.companyId }).set(bearer(co.manager))).body
        .data.alerts;
    const { lines } = await logsOf(async () => {
      for (let i = 1; i <= 3; i++) {
        sim.state.failNext('square_api_key', 500, { times: 10 });
        const run = await sync(co, { streams: ['roster'] });
        expect(run.error.code).toBe('VENDOR_UNAVAILABLE');
        expect(await connectionOf(co)).toMatchObject({ state: 'error', consecutiveFailures: i });
        expect(await alerts()).toHaveLength(i < 3 ? 0 : 1);
        sim.state.reset();
      }
    });
    const events = lines.filter((l) => l.event === 'pos_sync_failed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ consecutiveFailures: 3, code: 'VENDOR_UNAVAILABLE' });
    expect((await alerts())[0]).toMatchObject({
      connectionId: CONNECTION,
      consecutiveFailures: 3,
      state: 'error',
      error: { code: 'VENDOR_UNAVAILABLE' },
    });
    const ok = await sync(co, { streams: ['roster'] });
    expect(ok.status).toBe('succeeded');
    expect(await alerts()).toEqual([]);
    expect(await connectionOf(co)).toMatchObject({ state: 'connected', consecutiveFailures: 0, lastError: null });
  });
});

describe('a backfill', () => {
  it('reads the window in chunks with progress; asked again after a failure, it resumes after the last finished chunk with no gap and no duplicate', async () => {
    const truth = squareGroundTruth(LOCATION);
    const co = await squareCompany(truth);
    const to = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    sim.state.malformPage('square_api_key', { after: 2 });
    const failed = await sync(co, { streams: ['sales'], from, to });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'VENDOR_MALFORMED_PAGE' } });
    const { chunksDone, chunksTotal, doneUntil } = failed.progress.sales;
    expect(chunksTotal).toBe(5);
    expect(chunksDone).toBeGreaterThan(0);
    expect(chunksDone).toBeLessThan(chunksTotal);
    const partial = await storedSales(co);
    expect(partial.length).toBeGreaterThan(0);

    sim.state.reset();
    const resumed = await sync(co, { streams: ['sales'], from, to });
    expect(resumed).toMatchObject({ status: 'succeeded', resumedFrom: failed.id ?? expect.any(String) });
    expect(resumed.progress.sales).toMatchObject({ chunksDone: chunksTotal, chunksTotal });
    // only the chunks after the failed run's last finished one were read again
    const windowEnd = resumed.progress.sales.doneUntil as number;
    const inWindow = (from: number, to: number) => truth.sales.filter((s) => s.closedAt >= from && s.closedAt < to);
    expect(resumed.counts.sales.read).toBe(inWindow(doneUntil, windowEnd).length);
    const stored = await storedSales(co);
    const windowStart = windowEnd - (windowEnd - doneUntil) - chunksDone * 7 * DAY;
    const expected = inWindow(windowStart, windowEnd);
    expect(stored.map((s) => s.externalId).sort()).toEqual(expected.map((s) => s.vendorId).sort());
  });
});
