import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import type { PosSale } from '../../../src/pos/connectors';
import { cloverGroundTruth, configureCloverSim } from '../../../dev/vendors/clover';
import { configureLightspeedSim, lightspeedGroundTruth } from '../../../dev/vendors/lightspeed';
import { configureRevelSim, revelGroundTruth } from '../../../dev/vendors/revel';
import { configureSpotonSim, spotonGroundTruth } from '../../../dev/vendors/spoton';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * Clover, Lightspeed, Revel and SpotOn through the engine: a first sync writes every sale of the
 * simulator's ground truth, once.
 */

const DAY = 86_400_000;
let sim: RunningVendorSimulator;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const saved = { ...process.env };
const end = Math.floor(Date.now() / DAY) * DAY;

beforeAll(async () => {
  Object.assign(process.env, { POS_SYNC_INITIAL_DAYS: '12', POS_SYNC_RETRY_BASE_MS: '20' });
  sim = await startVendors();
  const size = { days: 8, ordersPerDay: 15, employees: 5, end };
  configureCloverSim(size);
  configureLightspeedSim(size);
  configureRevelSim(size);
  configureSpotonSim(size);
});

afterAll(async () => {
  fft.cleanup();
  await sim.close();
  process.env = saved;
});

const runTask = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (req: {
  data: unknown;
}) => Promise<void>;

async function connected(slug: 'clover' | 'lightspeed' | 'revel' | 'spoton'): Promise<TestCompany> {
  const co = await createCompany({ profile: { timezone: 'America/New_York' } });
  const engine = api('integrationEngine');
  if (slug === 'clover' || slug === 'lightspeed') {
    const start = await engine
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug });
    const consent = await fetch(start.body.data.authorization.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(
      (
        await api('integrationEngine')
          .post('/oauth/complete')
          .query({ companyId: co.companyId })
          .set(bearer(co.owner))
          .send({ callback: Object.fromEntries(back.searchParams) })
      ).status,
    ).toBe(200);
  } else {
    expect(
      (
        await engine
          .post('/connections')
          .query({ companyId: co.companyId })
          .set(bearer(co.owner))
          .send({ slug, credentials: SIMULATED[slug] })
      ).status,
    ).toBe(201);
  }
  return co;
}

const cases: [slug: 'clover' | 'lightspeed' | 'revel' | 'spoton', truth: () => { sales: PosSale[] }][] = [
  ['clover', cloverGroundTruth],
  ['lightspeed', lightspeedGroundTruth],
  ['revel', revelGroundTruth],
  ['spoton', spotonGroundTruth],
];

describe.each(cases)('%s', (slug, truth) => {
  it('syncs every sale of the simulator once, and a rerun changes nothing', async () => {
    const co = await connected(slug);
    const sync = async () => {
      const res = await api('posSyncService')
        .post(`/sync/${slug}/${co.companyId}`)
        .set(bearer(co.manager))
        .send({ streams: ['roster', 'sales'] });
      expect(res.status).toBe(201);
      const runId: string = res.body.data.runs[0].id;
      await runTask({ data: { companyId: co.companyId, runId } });
      return (await db().collection('companies').doc(co.companyId).collection('syncRuns').doc(runId).get()).data()!;
    };
    const first = await sync();
    expect(first).toMatchObject({ status: 'succeeded', error: null });
    const expected = truth().sales.filter((s) => s.closedAt >= end - 12 * DAY || s.modifiedAt >= end - 12 * DAY);
    const stored = (
      await db().collection('companies').doc(co.companyId).collection('invoices').where('posSource', '==', slug).get()
    ).docs.map((d) => d.data());
    expect(stored.map((s) => s.externalId).sort()).toEqual(expected.map((s) => s.vendorId).sort());
    const byId = new Map(stored.map((s) => [s.externalId, s]));
    for (const sale of expected)
      expect([sale.vendorId, byId.get(sale.vendorId)?.amount, byId.get(sale.vendorId)?.tips]).toEqual([
        sale.vendorId,
        sale.amount,
        sale.tips,
      ]);
    const again = await sync();
    expect(again.status).toBe('succeeded');
    expect(again.counts.sales).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });
});
