import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { logsOf } from '../../helpers/logs';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import type { PosSale } from '../../../src/pos/connectors';
import { readSecrets } from '../../../src/modules/integration-engine';
import { cloverGroundTruth, configureCloverSim } from '../../../dev/vendors/clover';
import { configureLightspeedSim, lightspeedGroundTruth } from '../../../dev/vendors/lightspeed';
import { configureRevelSim, revelGroundTruth } from '../../../dev/vendors/revel';
import { configureSpotonSim, spotonGroundTruth } from '../../../dev/vendors/spoton';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import type { SimRestaurantOptions } from '../../../dev/vendors/sim-options';

/**
 * The engine's fault tests for the offset-paged and windowed POS sources (Clover, Revel, SpotOn),
 * as engine.test.ts has them for Square: each simulator scripted to fail as its vendor would, the
 * run through the real posSyncRun task function, what is stored compared with the simulator's
 * ground truth.
 */

type Slug = 'clover' | 'lightspeed' | 'revel' | 'spoton';
const OAUTH = new Set<Slug>(['clover', 'lightspeed']);
/** Sources whose sales change after they close (Lightspeed's and SpotOn's read here do not: a refund is a sale of its own, SpotOn serves nothing newer than 5 minutes). */
const MODIFIABLE = new Set<Slug>(['clover', 'revel']);
const DAY = 86_400_000;
const end = Math.floor(Date.now() / DAY) * DAY;
const SMALL: SimRestaurantOptions = { days: 6, ordersPerDay: 12, employees: 4, end };
let sim: RunningVendorSimulator;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, { POS_SYNC_INITIAL_DAYS: '10', POS_SYNC_RETRY_BASE_MS: '20', VENDOR_TIMEOUT_MS: '400' });
  sim = await startVendors();
});

afterAll(async () => {
  fft.cleanup();
  await sim.close();
  process.env = saved;
});

beforeEach(() => sim.state.reset());

const runTask = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (req: {
  data: unknown;
}) => Promise<void>;

const VENDORS: Record<Slug, { configure: (o: SimRestaurantOptions) => unknown; truth: () => { sales: PosSale[] } }> = {
  clover: { configure: configureCloverSim, truth: cloverGroundTruth },
  lightspeed: { configure: configureLightspeedSim, truth: lightspeedGroundTruth },
  revel: { configure: configureRevelSim, truth: revelGroundTruth },
  spoton: { configure: configureSpotonSim, truth: spotonGroundTruth },
};

async function connected(slug: Slug): Promise<TestCompany & { connectionId: string }> {
  const co = await createCompany({ profile: { timezone: 'America/New_York' } });
  const engine = api('integrationEngine');
  if (OAUTH.has(slug)) {
    const start = await engine
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug });
    const consent = await fetch(start.body.data.authorization.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const done = await engine
      .post('/oauth/complete')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ callback: Object.fromEntries(back.searchParams) });
    expect(done.status).toBe(200);
    return { ...co, connectionId: done.body.data.id };
  }
  const res = await engine
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug, credentials: SIMULATED[slug as 'revel' | 'spoton'] });
  expect(res.status).toBe(201);
  return { ...co, connectionId: res.body.data.connection.id };
}

async function sync(slug: Slug, co: TestCompany, body: Record<string, unknown> = { streams: ['sales'] }) {
  const res = await api('posSyncService').post(`/sync/${slug}/${co.companyId}`).set(bearer(co.manager)).send(body);
  expect(res.status).toBe(201);
  const runId: string = res.body.data.runs[0].id;
  await runTask({ data: { companyId: co.companyId, runId } });
  return (await db().collection('companies').doc(co.companyId).collection('syncRuns').doc(runId).get()).data()!;
}

const companyDoc = (co: TestCompany) => db().collection('companies').doc(co.companyId);

/** The stored sales of the source as [id, amount, tips], sorted. */
async function storedSales(slug: Slug, co: TestCompany) {
  const snap = await companyDoc(co).collection('invoices').where('posSource', '==', slug).get();
  return snap.docs.map((d) => [d.data().externalId, d.data().amount, d.data().tips]).sort();
}

/** The ground truth's sales in the first sync's reach (closed or modified in the initial look-back). */
function expectedSales(slug: Slug) {
  const since = Date.now() - 10 * DAY;
  return VENDORS[slug]
    .truth()
    .sales.filter((s) => s.closedAt >= since || s.modifiedAt >= since)
    .map((s) => [s.vendorId, s.amount, s.tips])
    .sort();
}

const connectionOf = async (co: TestCompany & { connectionId: string }) =>
  (await companyDoc(co).collection('integrations').doc(co.connectionId).get()).data()!;

describe.each(['clover', 'lightspeed', 'revel', 'spoton'] as const)('%s', (slug) => {
  const vendorPath = `/${slug}`;

  it('retries 429 (after its Retry-After) and 500 answers, and a request that hangs past the timeout; the run succeeds with every sale', async () => {
    VENDORS[slug].configure(SMALL);
    const co = await connected(slug);
    sim.state.failNext(slug, 429, { retryAfter: 1 });
    sim.state.failNext(slug, 503);
    sim.state.hangNext(slug, { ms: 2_000 });
    const { result: run, lines } = await logsOf(() => sync(slug, co));
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(lines.filter((l) => l.message === 'vendor request retried').map((l) => l.failure)).toEqual(
      expect.arrayContaining(['rate_limited', 'unavailable']),
    );
    expect(await storedSales(slug, co)).toEqual(expectedSales(slug));
  });

  it('stops at a revoked credential without retrying: the connection waits for the owner', async () => {
    VENDORS[slug].configure(SMALL);
    const co = await connected(slug);
    const secrets = (await readSecrets<Record<string, string>>(co.companyId, co.connectionId))!;
    sim.state.revoke(OAUTH.has(slug) ? secrets.accessToken : secrets.apiKey);
    const calls = sim.state.callsTo(vendorPath);
    const { result: run, lines } = await logsOf(() => sync(slug, co));
    expect(run).toMatchObject({ status: 'failed', error: { code: 'VENDOR_REJECTED' } });
    expect(sim.state.callsTo(vendorPath) - calls).toBe(1);
    expect(await connectionOf(co)).toMatchObject({ state: 'reauth_required', nextSyncAt: null });
    expect(await storedSales(slug, co)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain(OAUTH.has(slug) ? secrets.accessToken : secrets.apiKey);
  });

  it('fails a run on a malformed page with a clear error and writes nothing of that page', async () => {
    VENDORS[slug].configure(SMALL);
    const co = await connected(slug);
    sim.state.malformPage(slug, { after: 0 });
    const run = await sync(slug, co);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'VENDOR_MALFORMED_PAGE' } });
    expect(run.error.message).toMatch(/not as documented/);
    expect(await storedSales(slug, co)).toEqual([]);
  });

  it('writes a sale served on two pages once, and picks up a sale modified while the sync ran on the next run', async () => {
    // Clover pages by 1,000 and Lightspeed by 100: enough orders for a second page
    VENDORS[slug].configure({
      ...SMALL,
      ordersPerDay: { clover: 220, lightspeed: 30, revel: SMALL.ordersPerDay, spoton: SMALL.ordersPerDay }[slug],
    });
    const co = await connected(slug);
    sim.state.duplicateAcrossPages(slug, { after: 1 });
    if (MODIFIABLE.has(slug)) sim.state.modifyAfterPage(slug, { after: 0 });
    const first = await sync(slug, co);
    expect(first.status).toBe('succeeded');
    const stored = await storedSales(slug, co);
    expect(new Set(stored.map(([id]) => id)).size).toBe(stored.length);
    // held sales are imported too: counted in created as well
    expect(first.counts.sales.read).toBeGreaterThanOrEqual(first.counts.sales.created);
    if (MODIFIABLE.has(slug)) {
      const [modified] = sim.state.modifications.filter((m) => m.vendor === slug);
      expect(modified).toBeDefined();
      // Clover's order pages carry their payments: the first run stored the order as it was (Revel reads the payments of a page after it, and may see the change at once)
      if (slug === 'clover') expect(stored).not.toEqual(expectedSales(slug));
      const second = await sync(slug, co);
      expect(second.status).toBe('succeeded');
      expect(second.counts.sales.updated + second.counts.sales.held).toBeGreaterThanOrEqual(1);
    }
    expect(await storedSales(slug, co)).toEqual(expectedSales(slug));
  });

  it('resumes a backfill that failed midway after its last finished chunk: what it stores equals a backfill that never failed', async () => {
    // windows of a backfill: Clover 90 days, Revel the default week, SpotOn a day: the failure lands in the second chunk;
    // Lightspeed takes a year per request and a backfill is at most 366 days: one chunk, read again whole
    const days = { clover: 200, lightspeed: 300, revel: 12, spoton: 12 }[slug];
    VENDORS[slug].configure({ ...SMALL, days, ordersPerDay: days > 100 ? 1 : SMALL.ordersPerDay });
    const window = {
      from: new Date(end - (days - 1) * DAY).toISOString().slice(0, 10),
      to: new Date(end - 2 * DAY).toISOString().slice(0, 10),
    };
    const co = await connected(slug);
    // data pages: Clover one per chunk; Lightspeed 100 sales a page; Revel the employees, then per chunk its orders and their payments; SpotOn one per day
    sim.state.malformPage(slug, { after: { clover: 1, lightspeed: 2, revel: 3, spoton: 3 }[slug] });
    const failed = await sync(slug, co, { streams: ['sales'], ...window });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'VENDOR_MALFORMED_PAGE' } });
    const { chunksDone, chunksTotal } = failed.progress.sales;
    expect([chunksDone > 0 || slug === 'lightspeed', chunksDone < chunksTotal]).toEqual([true, true]);

    const resumed = await sync(slug, co, { streams: ['sales'], ...window });
    expect(resumed).toMatchObject({
      status: 'succeeded',
      resumedFrom: expect.any(String),
      progress: { sales: { chunksDone: chunksTotal, chunksTotal } },
    });

    const clean = await connected(slug);
    const whole = await sync(slug, clean, { streams: ['sales'], ...window });
    expect(whole.status).toBe('succeeded');
    // the resumed run read only the chunks after the failed run's last finished one
    if (slug !== 'lightspeed') expect(resumed.counts.sales.read).toBeLessThan(whole.counts.sales.read);
    const reference = await storedSales(slug, clean);
    expect(reference.length).toBeGreaterThan(0);
    expect(await storedSales(slug, co)).toEqual(reference);
  });
});
