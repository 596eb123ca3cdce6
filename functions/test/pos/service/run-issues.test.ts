import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import { lockRange, vendorPunchId } from '../../../src/modules/attendance';
import { queueDeletions } from '../../../src/modules/pos-sync';
import { configureSquareSim, squareGroundTruth } from '../../../dev/vendors/square';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import { matchingEmployee } from '../../../dev/vendors/accounts';

/**
 * What a run refused or held is readable through the API (GET /runs/{runId}/issues), not only in
 * a log, and the deletions a webhook queued are applied by the next run: through the service, the
 * real task function and the Square simulator.
 */

const DAY = 86_400_000;
const TZ = 'America/New_York';
const LOCATION = SIMULATED.square_api_key.locationId;
const CONNECTION = `square_api_key~${LOCATION}`;
let sim: RunningVendorSimulator;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, { POS_SYNC_INITIAL_DAYS: '400', POS_SYNC_RETRY_BASE_MS: '20' });
  sim = await startVendors();
  configureSquareSim({ days: 14, ordersPerDay: 5, teamMembers: 4, endAt: Date.now() - DAY });
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
const dateOf = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: TZ });

async function sync(co: TestCompany, body: object = {}) {
  const res = await api('posSyncService')
    .post(`/sync/square_api_key/${co.companyId}`)
    .set(bearer(co.manager))
    .send(body);
  expect(res.status).toBe(201);
  const runId: string = res.body.data.runs[0].id;
  await runTask({ data: { companyId: co.companyId, runId } });
  const run = await api('integrationEngine')
    .get(`/runs/${runId}`)
    .query({ companyId: co.companyId })
    .set(bearer(co.manager));
  expect(run.status).toBe(200);
  return {
    runId,
    ...(run.body.data as { status: string; summary: string; counts: Record<string, Record<string, number>> }),
  };
}

const issuesOf = async (co: TestCompany, runId: string, query: Record<string, unknown> = {}) => {
  const res = await api('integrationEngine')
    .get(`/runs/${runId}/issues`)
    .query({ companyId: co.companyId, ...query })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data as {
    issues: Array<{ stream: string; vendorId: string; kind: string; code: string; reason: string; resolve: string }>;
    nextCursor: string | null;
  };
};

describe('a run’s refused and held records', () => {
  it('lists every punch that reached a closed range as adjusted in an open period, with its vendor id, code, reason and how to read it', async () => {
    const truth = squareGroundTruth(LOCATION);
    const co = await createCompany({ profile: { timezone: TZ } });
    const batch = db().batch();
    for (const e of truth.employees)
      batch.set(company(co).collection('employees').doc(`emp-${e.vendorId}`), matchingEmployee(e));
    await batch.commit();
    const connect = await api('integrationEngine')
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
    expect(connect.status).toBe(201);

    const punches = [...truth.punches].sort((a, b) => a.clockInAt - b.clockInAt);
    const lockedUntil = dateOf(punches[Math.floor(punches.length / 2)].clockInAt);
    await lockRange(co.companyId, { startDate: '2000-01-01', endDate: lockedUntil }, co.manager.uid);
    const locked = punches.filter((p) => dateOf(p.clockInAt) <= lockedUntil).map((p) => p.vendorId);
    expect(locked.length).toBeGreaterThan(0);

    const run = await sync(co, { streams: ['roster', 'punches'] });
    expect(run.status).toBe('succeeded');
    // accepted as late records (attendance keeps the vendor's version; payroll pays it after the close), not refused
    expect(run.counts.punches.failed).toBe(0);
    expect(run.counts.punches.updated).toBe(locked.length);
    const all: Awaited<ReturnType<typeof issuesOf>>['issues'] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof issuesOf>> = await issuesOf(co, run.runId, {
        limit: 3,
        ...(cursor ? { cursor } : {}),
      });
      all.push(...page.issues);
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.map((i) => i.vendorId).sort()).toEqual([...locked].sort());
    for (const issue of all)
      expect(issue).toMatchObject({
        stream: 'punches',
        kind: 'held',
        code: 'ADJUSTED_IN_OPEN_PERIOD',
        reason: expect.stringContaining('which payroll has closed: that period stays as paid'),
        resolve: expect.stringContaining('prior-period adjustment line'),
      });

    // a timecard the vendor deleted by id alone (queued by the webhook receiver) is removed by the next run
    const gone = punches[punches.length - 1].vendorId;
    expect((await company(co).collection('punches').doc(vendorPunchId('square_api_key', gone)).get()).exists).toBe(
      true,
    );
    await queueDeletions({ companyId: co.companyId, connectionId: CONNECTION }, [
      { stream: 'punches', vendorId: gone, deletedAt: Date.now() },
    ]);
    const next = await sync(co, { streams: ['punches'] });
    expect(next.status).toBe('succeeded');
    expect(next.counts.punches.updated).toBe(1);
    expect((await company(co).collection('punches').doc(vendorPunchId('square_api_key', gone)).get()).exists).toBe(
      false,
    );
    expect((await company(co).collection('posDeletions').get()).empty).toBe(true);

    const unknown = await api('integrationEngine')
      .get('/runs/no-such-run/issues')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('RUN_NOT_FOUND');
  }, 120_000);
});
