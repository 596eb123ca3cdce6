/**
 * POS sync benchmark (issue 11): a backfill of a year of a simulated Square restaurant (~100,000
 * orders) through the real engine (the Square connector over HTTP to the local simulator, the
 * pos-sync sinks writing invoices, tips and aggregates to the Firestore emulator, progress saved per
 * chunk), against the limit: a bare loop that only pages through the same simulator with the same
 * connector and chunks, writing nothing. Side by side in one process, bare first. Prints records per
 * second, the ratio (target >= 0.5), and the peak heap growth of each (bounded by a page, not the
 * year: the simulator's own year of data is in the heap before either starts).
 * Second part: the sales sink writing 2,000 sales in pages of 200 vs one record per call (target >= 5x).
 * Run: NODE_OPTIONS=--expose-gc TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/pos-sync.ts
 * (BENCH_DAYS / BENCH_ORDERS_PER_DAY make it smaller.)
 */
import { performance } from 'node:perf_hooks';
import { periodBounds } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { saveMembership } from '../src/core/memberships';
import { connectorFor, type PosSale, type StreamAuth } from '../src/connectors';
import { configureSquareSim, squareGroundTruth } from '../src/local/vendors/square';
import { SIMULATED, startVendorSimulator, vendorUrlEnv } from '../src/local/vendors/server';
import { connect } from '../src/modules/integration-engine/connect';
import { requestSync } from '../src/modules/integration-engine';
import { writeSales } from '../src/modules/pos-sync';
import { chunksOf, runSyncTask } from '../src/services/pos-sync/engine';
import { retryPolicy } from '../src/services/pos-sync/retry';

const DAY = 86_400_000;
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const ORDERS_PER_DAY = Number(process.env.BENCH_ORDERS_PER_DAY ?? 275);
const TZ = 'America/New_York';
const MB = 1024 * 1024;

/**
 * What `work` costs: its time, and the peak of the live heap over the baseline. With --expose-gc
 * (NODE_OPTIONS) the heap is sampled after a collection every 500 ms, so the peak is what the work
 * holds (pages in flight), not garbage waiting for the collector; without it, raw heapUsed peaks.
 */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakHeapMb: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = () => {
    gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, gc ? 500 : 20);
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  clearInterval(sampler);
  return { result, ms, peakHeapMb: (peak - base) / MB };
}

async function company(id: string) {
  await db().collection('companies').doc(id).set({ name: 'Bench Bistro', timezone: TZ, weekStartingDay: 1 });
  await saveMembership({ companyId: id, uid: `${id}-owner`, role: 'owner', employeeId: null });
}

async function main() {
  const sim = await startVendorSimulator(0);
  Object.assign(process.env, vendorUrlEnv(sim.urls), { LOG_LEVEL: 'warn' });
  const endAt = Date.now() - DAY;
  const data = configureSquareSim({ days: DAYS, ordersPerDay: ORDERS_PER_DAY, teamMembers: 40, endAt });
  console.log(`simulated Square restaurant: ${data.orders.count} orders over ${DAYS} days, ${data.teamMembers.length} team members`);

  const to = new Date(endAt - DAY).toISOString().slice(0, 10);
  const from = new Date(endAt - (DAYS - 1) * DAY).toISOString().slice(0, 10);
  const window = periodBounds({ start: from, end: to }, { timezone: TZ, dayChangeTime: 0 });
  const sales = connectorFor('square_api_key')!.streams!;
  const auth: StreamAuth = { accountId: SIMULATED.square_api_key.locationId, credentials: SIMULATED.square_api_key, retry: retryPolicy() };
  const chunkMs = sales.maxWindowMs?.sales ?? 7 * DAY;

  // the limit: page through the simulator with the connector, in the engine's chunks, writing nothing
  const bare = await measured(async () => {
    let records = 0;
    for (const chunk of chunksOf(window.startMs, window.endMs, chunkMs)) {
      for await (const page of sales.sales(auth, chunk)) records += page.length;
    }
    return records;
  });

  // the engine: a real backfill run (requested like the service does, its task run here)
  const companyId = `bench-pos-sync-${Date.now()}`;
  await company(companyId);
  // the restaurant's employees, which the roster links to the team members (by email or phone): sales are attributed, not held
  const employees = db().batch();
  for (const e of squareGroundTruth(SIMULATED.square_api_key.locationId).employees) {
    employees.set(db().collection('companies').doc(companyId).collection('employees').doc(`emp-${e.vendorId}`), {
      name: e.firstName, surname: e.lastName, ...(e.email ? { email: e.email } : {}), ...(e.phone ? { phone: e.phone } : {}), positions: [], archived: false,
    });
  }
  await employees.commit();
  const { connection } = await connect({ companyId, uid: `${companyId}-owner`, slug: 'square_api_key', credentials: { ...SIMULATED.square_api_key } });
  const roster = await requestSync({ companyId, connectionId: connection!.id, uid: null, trigger: 'manual', streams: ['roster'] });
  await runSyncTask({ companyId, runId: roster.id });
  const run = await requestSync({ companyId, connectionId: connection!.id, uid: null, trigger: 'manual', streams: ['sales'], window: { from, to } });
  const engine = await measured(() => runSyncTask({ companyId, runId: run.id }));
  const done = (await db().collection('companies').doc(companyId).collection('syncRuns').doc(run.id).get()).data()!;
  if (done.status !== 'succeeded') throw new Error(`the backfill ${done.status}: ${JSON.stringify(done.error)}`);
  const records: number = done.counts.sales.read;

  // a reference, not a target: the emulator's own write ceiling, one document per record in batches of 400, no reads
  const ceiling = await measured(async () => {
    let batch = db().batch();
    for (let i = 0; i < records; i++) {
      batch.set(db().collection('companies').doc(companyId).collection('benchBareWrites').doc(`r${i}`), { i, amount: 1000 + i, tips: 100, closedAt: window.startMs + i });
      if (i % 400 === 399) {
        await batch.commit();
        batch = db().batch();
      }
    }
    await batch.commit();
  });

  const bareRate = bare.result / (bare.ms / 1000);
  const engineRate = records / (engine.ms / 1000);
  const ratio = engineRate / bareRate;
  console.log(`bare paging (connector only): ${bare.result} records in ${(bare.ms / 1000).toFixed(1)} s = ${bareRate.toFixed(0)} records/s, peak heap +${bare.peakHeapMb.toFixed(1)} MB`);
  console.log(`engine backfill (${done.progress.sales.chunksTotal} chunks): ${records} records in ${(engine.ms / 1000).toFixed(1)} s = ${engineRate.toFixed(0)} records/s, peak heap +${engine.peakHeapMb.toFixed(1)} MB, created ${done.counts.sales.created}, held ${done.counts.sales.held}`);
  console.log(`ratio engine / bare paging: ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
  console.log(`reference, bare batched writes (1 doc per record, 400 per batch, no reads): ${(records / (ceiling.ms / 1000)).toFixed(0)} records/s`);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const year = squareGroundTruth(SIMULATED.square_api_key.locationId).sales;
    gc();
    const yearMb = (process.memoryUsage().heapUsed - before) / MB;
    console.log(`the year's ${year.length} sales held at once would take +${yearMb.toFixed(1)} MB; peak live heap: bare paging +${bare.peakHeapMb.toFixed(1)} MB, engine +${engine.peakHeapMb.toFixed(1)} MB`);
  } else {
    console.log(`peak heap (raw, run with NODE_OPTIONS=--expose-gc for the live heap): bare paging +${bare.peakHeapMb.toFixed(1)} MB, engine +${engine.peakHeapMb.toFixed(1)} MB`);
  }

  // batched writes vs one write per record, through the same sink, on fresh records
  const target = { companyId, connectionId: connection!.id, slug: 'square_api_key' };
  const fresh = (prefix: string, n: number): PosSale[] => Array.from({ length: n }, (_, i) => ({
    vendorId: `${prefix}-${i}`, employeeVendorId: null, closedAt: window.startMs + i * 60_000, currency: 'USD', amount: 1000 + i, tips: 100, cashTips: 0,
    customers: 1, refund: false, refundOf: null, modifiedAt: endAt,
  }));
  const N = 2_000;
  const one = fresh('bench-one', N / 4);
  const batched = fresh('bench-batch', N);
  const single = await measured(async () => {
    for (const sale of one) await writeSales(target, [sale]);
  });
  const paged = await measured(async () => {
    for (let i = 0; i < batched.length; i += 200) await writeSales(target, batched.slice(i, i + 200));
  });
  const singleRate = one.length / (single.ms / 1000);
  const pagedRate = batched.length / (paged.ms / 1000);
  console.log(`sales sink, one record per call: ${one.length} in ${(single.ms / 1000).toFixed(1)} s = ${singleRate.toFixed(0)} records/s`);
  console.log(`sales sink, pages of 200:       ${batched.length} in ${(paged.ms / 1000).toFixed(1)} s = ${pagedRate.toFixed(0)} records/s`);
  console.log(`ratio batched / one per record: ${(pagedRate / singleRate).toFixed(1)}x (target >= 5x) ${pagedRate / singleRate >= 5 ? 'MET' : 'NOT MET'}`);
  await sim.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
