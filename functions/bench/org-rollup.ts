/**
 * Organization rollup benchmark: 20 locations, each with 30 days of sales (about 120 tickets a
 * day: 72,000 invoices in all) and published shifts. Prints the p50 of GET
 * /organizations/{orgId}/rollup over the 30 days against the baseline, 20 per-location GET /sales
 * reads of the same figures made in parallel, and the ratio.
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/org-rollup.ts
 * Target: the rollup within 1.5x of the baseline.
 */
import { performance } from 'node:perf_hooks';
import { db } from '../src/core/firebase';
import { api } from '../test/helpers/api';
import { bearer, createUser, type TestUser } from '../test/helpers/users';
import { addDays } from '../src/core/calendar';
import { seedSalesCompany } from './seed-sales';

const LOCATIONS = 20;
const START = '2026-10-01';
const END = '2026-10-30';
const RUNS = 11;
const TARGET = 1.5;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seedLocation(owner: TestUser, stamp: number, i: number): Promise<string> {
  const companyId = `bench-org-${stamp}-${i}`;
  const roles = [
    { id: 'r-server', name: 'Server', rate: 14, subRoleIds: [] },
    { id: 'r-cook', name: 'Cook', rate: 19, subRoleIds: [] },
  ];
  await seedSalesCompany({
    companyId,
    name: `Bench Kitchen ${i + 1}`,
    ownerUid: owner.uid,
    roles,
    employeeCount: 8,
    employeeFields: { rateRegular: 15 },
    settings: { dayChangeTime: 14400, hasAccessToLaborCost: true },
    seed: 100 + i,
    startDate: START,
    endDate: END,
  });
  // four published shifts a day
  const shifts = db().collection('companies').doc(companyId).collection('shifts');
  const batch = db().batch();
  for (let d = 0; d < 30; d++)
    for (let s = 0; s < 4; s++)
      batch.set(shifts.doc(), {
        date: addDays(START, d),
        employeeId: `e${s}`,
        positionId: roles[s % 2].id,
        start: s < 2 ? 600 : 1020,
        end: s < 2 ? 900 : 1380,
        mode: 'published',
      });
  await batch.commit();
  return companyId;
}

async function main() {
  const stamp = Date.now();
  const owner = await createUser({ label: 'bench-org-owner' });
  let t = performance.now();
  const companies: string[] = [];
  for (let i = 0; i < LOCATIONS; i += 4)
    companies.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(4, LOCATIONS - i) }, (_, k) => seedLocation(owner, stamp, i + k)),
      )),
    );
  const orgs = api('organizations');
  const created = await orgs
    .post('/organizations')
    .query({ companyId: companies[0] })
    .set(bearer(owner))
    .send({ name: 'Bench Group', employer: { name: 'Bench Group LLC', ein: '12-3456789' } });
  if (created.status !== 201) throw new Error(`${created.status} ${JSON.stringify(created.body)}`);
  const orgId = created.body.data.id as string;
  const employerId = created.body.data.employers[0].id as string;
  for (const companyId of companies.slice(1)) {
    const res = await orgs
      .put(`/organizations/${orgId}/locations/${companyId}`)
      .set(bearer(owner))
      .send({ employerId });
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  }
  console.log(`data: ${LOCATIONS} locations x 30 days seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const rollup = async () => {
    const res = await orgs
      .get(`/organizations/${orgId}/rollup`)
      .query({ startDate: START, endDate: END })
      .set(bearer(owner));
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const sales = api('sales');
  const perLocation = () =>
    Promise.all(
      companies.map(async (companyId) => {
        const res = await sales
          .get('/sales')
          .query({
            companyId,
            startDate: START,
            endDate: END,
            groupBy: 'monthly',
            fields: 'totalSales,customerCount,tips,ratio',
          })
          .set(bearer(owner));
        if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
        return res.body.data;
      }),
    );
  // warm-up, and the rollup's lines equal the per-location reads (sanity)
  const [one, many] = [await rollup(), await perLocation()];
  const sum = many.reduce((a, d) => a + d.summary.totals.totalSales, 0);
  if (one.totals[0].figures.totalSales !== sum) throw new Error(`rollup ${one.totals[0].figures.totalSales} != ${sum}`);

  const rollupMs: number[] = [];
  const baselineMs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    t = performance.now();
    await perLocation();
    baselineMs.push(performance.now() - t);
    t = performance.now();
    await rollup();
    rollupMs.push(performance.now() - t);
  }
  const ratio = p50(rollupMs) / p50(baselineMs);
  console.log(
    `rollup of ${LOCATIONS} locations x 30 days: p50 ${p50(rollupMs).toFixed(0)} ms | baseline, ${LOCATIONS} GET /sales in parallel: p50 ${p50(baselineMs).toFixed(0)} ms | ratio ${ratio.toFixed(2)}x (target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'MISSED'})`,
  );
  console.log(
    `totals: sales ${one.totals[0].figures.totalSales} minor, labour ${one.totals[0].figures.laborCost}, ${one.totals[0].figures.laborPercent}`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
