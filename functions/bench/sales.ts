/**
 * Sales benchmark: one company with a year of invoices at 300 a day (about 110,000 invoices).
 * Prints p50 of GET /sales (daily and weekly, whole year) on the fast path (actual-sales day
 * records) and on the invoice path, and the invoice path's aggregation throughput against a bare
 * loop over the same records in memory (the limit).
 * Run: TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/sales.ts
 * Targets: fast path p50 < 150 ms; aggregation >= 50% of the bare loop.
 */
import { performance } from 'node:perf_hooks';
import { api } from '../test/helpers/api';
import { bearer, createUser } from '../test/helpers/users';
import { seedSalesCompany } from './seed-sales';
import { accumulateInvoices, hourMasks, reduceDays, type InvoiceRecord } from '../src/modules/sales/aggregate';
import { readDays, readInvoiceRecords } from '../src/modules/sales/repo';

const START = '2025-01-01';
const END = '2025-12-31';
const PER_DAY = 300;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function main() {
  const companyId = `bench-sales-${Date.now()}`;
  const owner = await createUser({ label: 'bench-owner' });
  const t = performance.now();
  const { written } = await seedSalesCompany({
    companyId,
    name: 'Bench Bistro',
    ownerUid: owner.uid,
    roles: [
      { id: 'r-server', name: 'Server', rate: 14, subRoleIds: [] },
      { id: 'r-bar', name: 'Bartender', rate: 15, subRoleIds: [] },
    ],
    employeeCount: 12,
    settings: { dayChangeTime: 14400, morningPeriodEnd: 960 },
    seed: 42,
    startDate: START,
    endDate: END,
    ticketsPerDay: PER_DAY,
  });
  const seedMs = performance.now() - t;
  console.log(
    `data: ${written.invoices} invoices over ${written.days} business days (generated and written in batches of 500 in ${(seedMs / 1000).toFixed(1)} s = ${Math.round(written.invoices / (seedMs / 1000))} invoices/s)`,
  );

  const sales = api('sales');
  const ask = (query: Record<string, string>) => async () => {
    const res = await sales
      .get('/sales')
      .query({ companyId, startDate: START, endDate: END, ...query })
      .set(bearer(owner));
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  // Same numbers on both paths (sanity), and warm-up.
  const a = await ask({ groupBy: 'weekly' })();
  const b = await ask({ groupBy: 'weekly', source: 'invoices' })();
  if (JSON.stringify(a.buckets) !== JSON.stringify(b.buckets)) throw new Error('the two paths disagree');

  const fastDaily = await timed(21, ask({ groupBy: 'daily' }));
  const fastWeekly = await timed(21, ask({ groupBy: 'weekly' }));
  const invDaily = await timed(3, ask({ groupBy: 'daily', source: 'invoices' }));
  const invWeekly = await timed(3, ask({ groupBy: 'weekly', source: 'invoices' }));
  const dayRead = await timed(11, () => readDays(companyId, START, END));
  console.log(
    `GET /sales, whole year, fast path (salesActual, 1 query for ${written.days} day records): daily p50 ${ms(p50(fastDaily))}, weekly p50 ${ms(p50(fastWeekly))} (target < 150 ms: ${(p50(fastDaily) / 150).toFixed(2)}x of the budget); day-record read alone p50 ${ms(p50(dayRead))}`,
  );
  console.log(
    `GET /sales, whole year, invoice path (${written.invoices} invoices): daily p50 ${ms(p50(invDaily))}, weekly p50 ${ms(p50(invWeekly))}`,
  );

  // Aggregation throughput: the module's aggregation (accumulate + buckets) vs a bare loop.
  const { records } = await readInvoiceRecords(companyId, START, END, {});
  const masks = hourMasks({ period: 'full', morningPeriodEnd: 960 });
  const aggregate = (rs: readonly InvoiceRecord[]) =>
    reduceDays(accumulateInvoices(rs), {
      startDate: START,
      endDate: END,
      groupBy: 'weekly',
      weekStartingDay: 1,
      ...masks,
      excludeRefunds: true,
      excludeEmptyDays: false,
    });
  // The limit: one pass summing sales, customers and tips per business date and hour, nothing else.
  const bare = (rs: readonly InvoiceRecord[]) => {
    const days = new Map<string, Float64Array>();
    for (let i = 0; i < rs.length; i++) {
      const r = rs[i];
      let v = days.get(r.businessDate);
      if (!v) days.set(r.businessDate, (v = new Float64Array(48 * 3)));
      const o = r.businessHour * 3;
      v[o] += r.amount;
      v[o + 1] += r.customers;
      v[o + 2] += r.tips;
    }
    return days;
  };
  // Interleaved rounds, so both loops see the same machine load; p50 of each.
  const rounds = 41;
  const times = { bare: [] as number[], aggregate: [] as number[] };
  for (let i = 0; i < rounds + 5; i++) {
    for (const [name, fn] of [
      ['bare', bare],
      ['aggregate', aggregate],
    ] as const) {
      const s = performance.now();
      fn(records);
      if (i >= 5) times[name].push(performance.now() - s);
    }
  }
  const aggRate = records.length / (p50(times.aggregate) / 1000);
  const limit = records.length / (p50(times.bare) / 1000);
  console.log(
    `aggregation: ${Math.round(aggRate).toLocaleString('en')} invoices/s vs bare loop ${Math.round(limit).toLocaleString('en')} invoices/s = ${((aggRate / limit) * 100).toFixed(0)}% (target >= 50%)`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
