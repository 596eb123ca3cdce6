/**
 * POS sync benchmark: for each vendor family, Square (cursor paging) and Revel
 * (limit/offset paging with meta.next), a backfill of a year of a simulated restaurant (~100,000
 * orders) through the real engine (the connector over HTTP to the local simulator, the
 * pos-sync sinks writing invoices, tips and aggregates to the Firestore emulator, progress saved per
 * chunk), against the limit: a bare loop that only pages through the same simulator with the same
 * connector and chunks, writing nothing. Side by side in one process, bare first; the vendor
 * simulators answer from a process of their own (bench/vendor-process.ts), as a vendor's API does in
 * production, so their CPU, garbage and simulated year are not counted as the engine's. Prints records per
 * second, the ratio (target >= 0.5), and the peak heap growth of each (bounded by a page, not the
 * year). Each is timed without forced collections (bench/lib.ts measuredRun), and its live heap
 * measured in a run of its own (measuredHeap; the engine's for another company, before the timed run).
 * Each line also prints the Firestore reads and writes per synced record, counted at the client
 * (bench/firestore-ops.ts): those hold on real Firestore, where the emulator's speed does not
 * (targets, amortized over the backfill: <= 0.1 reads and <= 1.5 writes per record). Beside the
 * bare paging loop, a loop paging the same way that writes each record once (blind, batched), and
 * the emulator's blind-write ceiling for the engine's own documents (writes only, no paging), right
 * before and right after the engine's timed run: when the emulator's writes are the bound, the
 * engine's target is >= 0.8 of their mean. After the families, the same ceiling for small documents.
 * Second part: the sales sink writing 2,000 sales in pages of 200 vs one record per call (target >= 5x).
 * Run: NODE_OPTIONS=--expose-gc TEST_FIRESTORE_PORT=.. TEST_AUTH_PORT=.. node scripts/with-emulators.js npx tsx bench/pos-sync.ts
 * (BENCH_DAYS / BENCH_ORDERS_PER_DAY make it smaller; BENCH_ONLY=revel runs one family.)
 */
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { periodBounds } from '../src/core/calendar';
import { db } from '../src/core/firebase';
import { saveMembership } from '../src/core/memberships';
import { connectorFor, type PosSale, type StreamAuth } from '../src/pos/connectors';
import { fork, type ChildProcess } from 'node:child_process';
import { SIMULATED, vendorUrlEnv, type SimulatedSlug } from '../dev/vendors/server';
import { connect } from '../src/modules/integration-engine/connect';
import { requestSync } from '../src/modules/integration-engine';
import { writeSales } from '../src/modules/pos-sync';
import { chunksOf, runSyncTask } from '../src/pos/service/engine';
import { retryPolicy } from '../src/pos/service/retry';
import { countFirestoreOps, since, snapshot, type OpCounts } from './firestore-ops';
import { measuredHeap, measuredRun as measured } from './lib';
import type { BenchSlug, VendorRequest } from './vendor-process';
import { matchingEmployee } from '../dev/vendors/accounts';

const DAY = 86_400_000;
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const ORDERS_PER_DAY = Number(process.env.BENCH_ORDERS_PER_DAY ?? 275);
/** Revel's year, as a share of Square's orders per day: its simulator scans every row for each page's filters, so a full year would make it, not the engine, the bottleneck. */
const REVEL_SHARE = Number(process.env.BENCH_REVEL_SHARE ?? 0.25);
/** BENCH_ONLY=square_api_key or revel runs one family. */
const ONLY = process.env.BENCH_ONLY;
const TZ = 'America/New_York';
const MB = 1024 * 1024;

async function company(id: string) {
  await db().collection('companies').doc(id).set({ name: 'Bench Bistro', timezone: TZ, weekStartingDay: 1 });
  await saveMembership({ companyId: id, uid: `${id}-owner`, role: 'owner', employeeId: null });
}

interface Family {
  label: string;
  slug: BenchSlug;
  credentials: Record<string, string>;
  accountId: string;
  /** Orders per day of its simulated year. */
  ordersPerDay: number;
}

interface Seeded {
  employees: { vendorId: string; firstName: string; lastName: string; email: string | null; phone: string | null }[];
  orders: number;
}

type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The vendor simulators, in a process of their own (bench/vendor-process.ts). */
class Vendors {
  private next = 0;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: { id?: number; result?: unknown }) => {
      if (m.id !== undefined) this.waiting.get(m.id)?.(m.result);
    });
  }
  static async start(): Promise<{ vendors: Vendors; urls: Record<SimulatedSlug, string> }> {
    const child = fork(`${__dirname}/vendor-process.ts`, { stdio: 'inherit' });
    const urls = await new Promise<Record<SimulatedSlug, string>>((resolve, reject) => {
      child.once('message', (m: { urls: Record<SimulatedSlug, string> }) => resolve(m.urls));
      child.once('exit', (code) => reject(new Error(`the vendor simulators exited (${code})`)));
    });
    return { vendors: new Vendors(child), urls };
  }
  private ask<T>(req: Unsent<VendorRequest>): Promise<T> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, (result) => {
        this.waiting.delete(id);
        resolve(result as T);
      });
      this.child.send({ ...req, id });
    });
  }
  /** Seeds a family's year and answers its employees (to link the roster to) and its order count. */
  seed = (f: Family, endAt: number) =>
    this.ask<Seeded>({ kind: 'seed', slug: f.slug, days: DAYS, ordersPerDay: f.ordersPerDay, endAt });
  /** The seeded year's sales as the connector must read them (to weigh holding them all at once). */
  yearSales = (f: Family) => this.ask<PosSale[]>({ kind: 'yearSales', slug: f.slug });
  close = () => this.child.disconnect();
}

const FAMILIES: Family[] = [
  {
    label: 'Square (cursor paging)',
    slug: 'square_api_key',
    credentials: SIMULATED.square_api_key,
    accountId: SIMULATED.square_api_key.locationId,
    ordersPerDay: ORDERS_PER_DAY,
  },
  {
    label: 'Revel (limit/offset paging)',
    slug: 'revel',
    credentials: SIMULATED.revel,
    accountId: SIMULATED.revel.establishmentId,
    ordersPerDay: Math.round(ORDERS_PER_DAY * REVEL_SHARE),
  },
];

/**
 * A company with the restaurant's employees, connected to the family's simulator, its roster synced
 * (the roster links the POS employees to the employees by email or phone: sales are attributed, not
 * held), and a backfill of the window requested as the service does. Answers the run to start.
 */
async function engineCompany(f: Family, seeded: Seeded, companyId: string, window: { from: string; to: string }) {
  await company(companyId);
  const employees = db().batch();
  for (const e of seeded.employees) {
    employees.set(
      db().collection('companies').doc(companyId).collection('employees').doc(`emp-${e.vendorId}`),
      matchingEmployee(e),
    );
  }
  await employees.commit();
  const { connection } = await connect({
    companyId,
    uid: `${companyId}-owner`,
    slug: f.slug,
    credentials: { ...f.credentials },
  });
  const connectionId = connection!.id;
  const roster = await requestSync({ companyId, connectionId, uid: null, trigger: 'manual', streams: ['roster'] });
  await runSyncTask({ companyId, runId: roster.id });
  const run = await requestSync({ companyId, connectionId, uid: null, trigger: 'manual', streams: ['sales'], window });
  return { companyId, connectionId, backfill: () => runSyncTask({ companyId, runId: run.id }), runId: run.id };
}

/**
 * One vendor family: the bare paging loop, then the engine's backfill of the same window, side by
 * side. Each is timed in a run of its own (measuredRun) and its live heap measured in another
 * (measuredHeap), whose forced collections would otherwise count in its time.
 */
async function measureFamily(vendors: Vendors, f: Family, endAt: number) {
  const seeded = await vendors.seed(f, endAt);
  const to = new Date(endAt - DAY).toISOString().slice(0, 10);
  const from = new Date(endAt - (DAYS - 1) * DAY).toISOString().slice(0, 10);
  const window = periodBounds({ start: from, end: to }, { timezone: TZ, dayChangeTime: 0 });
  const streams = connectorFor(f.slug)!.streams!;
  const auth: StreamAuth = { accountId: f.accountId, credentials: f.credentials, retry: retryPolicy() };
  const chunkMs = streams.maxWindowMs?.sales ?? 7 * DAY;
  console.log(
    `\n${f.label}: simulated year of ${seeded.orders} orders over ${DAYS} days, ${seeded.employees.length} employees`,
  );

  // the limit: page through the simulator with the connector, in the engine's chunks, writing nothing
  const pageAll = async () => {
    let records = 0;
    for (const chunk of chunksOf(window.startMs, window.endMs, chunkMs)) {
      for await (const page of streams.sales(auth, chunk)) records += page.length;
    }
    return records;
  };
  const bare = await measured(pageAll);

  const stamp = Date.now();
  const writeOnceCompany = `bench-pos-sync-${f.slug}-${stamp}-write-once`;
  await company(writeOnceCompany);
  // the same paging, writing each record once: one blind batched write per record, no reads
  const writeOnceOps = snapshot();
  const writeOnce = await measured(async () => {
    let records = 0;
    for (const chunk of chunksOf(window.startMs, window.endMs, chunkMs)) {
      for await (const page of streams.sales(auth, chunk)) {
        for (let i = 0; i < page.length; i += 400) {
          const batch = db().batch();
          for (const sale of page.slice(i, i + 400))
            batch.set(
              db().collection('companies').doc(writeOnceCompany).collection('benchWriteOnce').doc(sale.vendorId),
              sale,
            );
          await batch.commit();
        }
        records += page.length;
      }
    }
    return records;
  });
  const writeOnceCounts = since(writeOnceOps);

  // the engine's live heap first, in a run of its own (a timed run would count its forced
  // collections); its stored invoices are the documents the ceiling below writes
  const heapRun = await engineCompany(f, seeded, `bench-pos-sync-${f.slug}-${stamp}-heap`, { from, to });
  const heap = { engine: await measuredHeap(heapRun.backfill), bare: await measuredHeap(pageAll) };
  const heapCompany = db().collection('companies').doc(heapRun.companyId);
  const sample = (await heapCompany.collection('invoices').limit(400).get()).docs.map((d) => d.data());
  // the emulator's blind-write ceiling for the engine's own documents (its invoices are ~35 values
  // each, and the emulator's cost grows with the values): the stored invoices, cycled, written blind
  // to new ids, right before and right after the timed run, so that drift on a shared machine shows
  const ownCeiling = (when: string) =>
    blindWrites(bare.result, (i) => [
      heapCompany.collection(`benchBareInvoices-${when}`).doc(`r${i}`),
      sample[i % sample.length],
    ]);
  const ceilingBefore = await ownCeiling('before');

  // the engine: a real backfill run (requested like the service does, its task run here), timed
  const timed = await engineCompany(f, seeded, `bench-pos-sync-${f.slug}-${stamp}`, { from, to });
  const engineOps = snapshot();
  const engine = await measured(timed.backfill);
  const engineCounts = since(engineOps);
  const ceilingAfter = await ownCeiling('after');
  const done = (
    await db().collection('companies').doc(timed.companyId).collection('syncRuns').doc(timed.runId).get()
  ).data()!;
  if (done.status !== 'succeeded')
    throw new Error(`the ${f.label} backfill ${done.status}: ${JSON.stringify(done.error)}`);
  const records: number = done.counts.sales.read;

  const bareRate = bare.result / (bare.ms / 1000);
  const writeOnceRate = writeOnce.result / (writeOnce.ms / 1000);
  const engineRate = records / (engine.ms / 1000);
  const ratio = engineRate / bareRate;
  console.log(
    `bare paging (connector only): ${bare.result} records in ${(bare.ms / 1000).toFixed(1)} s = ${bareRate.toFixed(0)} records/s`,
  );
  console.log(
    `paging + each record written once: ${writeOnce.result} records in ${(writeOnce.ms / 1000).toFixed(1)} s = ${writeOnceRate.toFixed(0)} records/s, ${perRecord(writeOnceCounts, writeOnce.result)}`,
  );
  console.log(
    `the emulator's blind-write ceiling for the engine's own documents (stored invoices, 400 per batch, no reads), right before the engine: ${ceilingBefore.rate.toFixed(0)} records/s, ${ceilingBefore.ops}, ${ceilingBefore.busy}`,
  );
  console.log(
    `engine backfill (${done.progress.sales.chunksTotal} chunks): ${records} records in ${(engine.ms / 1000).toFixed(1)} s = ${engineRate.toFixed(0)} records/s, ${perRecord(engineCounts, records)}, created ${done.counts.sales.created}, held ${done.counts.sales.held}, ${busy(engine)}`,
  );
  console.log(
    `the same ceiling right after the engine: ${ceilingAfter.rate.toFixed(0)} records/s, ${ceilingAfter.busy}`,
  );
  const ceilingRate = (ceilingBefore.rate + ceilingAfter.rate) / 2;
  const ofCeiling = engineRate / ceilingRate;
  const opsMet = engineCounts.reads / records <= 0.1 && engineCounts.writes / records <= 1.5;
  console.log(
    `ratio engine / the blind-write ceiling for its own documents: ${ofCeiling.toFixed(2)} of their mean (${(engineRate / ceilingBefore.rate).toFixed(2)} of the one before, ${(engineRate / ceilingAfter.rate).toFixed(2)} of the one after; target >= 0.8 when the ceiling is the bound) ${ofCeiling >= 0.8 ? 'MET' : 'NOT MET'}`,
  );
  console.log(`ratio engine / bare paging: ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
  console.log(
    `ratio engine / paging + write once: ${(engineRate / writeOnceRate).toFixed(2)}; operations per record (targets <= 0.1 reads, <= 1.5 writes) ${opsMet ? 'MET' : 'NOT MET'}`,
  );
  return { family: f, companyId: timed.companyId, connectionId: timed.connectionId, records, window, engineRate, heap };
}

/** `records` documents written blind, 400 per batch, no reads: records per second and operations per record. */
async function blindWrites(records: number, docOf: (i: number) => [DocumentReference, DocumentData]) {
  const before = snapshot();
  const run = await measured(async () => {
    let batch = db().batch();
    for (let i = 0; i < records; i++) {
      batch.set(...docOf(i));
      if (i % 400 === 399) {
        await batch.commit();
        batch = db().batch();
      }
    }
    await batch.commit();
  });
  return { rate: records / (run.ms / 1000), ops: perRecord(since(before), records), busy: busy(run) };
}

/** This process's CPU over a measured run's time: how much of the run it worked rather than waited. */
const busy = (run: { ms: number; cpuMs: number }) =>
  `this process busy ${(run.cpuMs / 1000).toFixed(1)} s of ${(run.ms / 1000).toFixed(1)} s`;

const perRecord = (ops: OpCounts, records: number) =>
  `${(ops.reads / records).toFixed(3)} reads and ${(ops.writes / records).toFixed(3)} writes per record (${ops.reads} reads, ${ops.writes} writes, ${ops.commits} commits)`;

async function main() {
  countFirestoreOps();
  const { vendors, urls } = await Vendors.start();
  Object.assign(process.env, vendorUrlEnv(urls), { LOG_LEVEL: 'warn' });
  const endAt = Date.now() - DAY;
  const results = [];
  for (const family of FAMILIES.filter((f) => !ONLY || f.slug === ONLY))
    results.push(await measureFamily(vendors, family, endAt));
  // the reference and the sink comparison below run on the first family's company
  const { family, companyId, connectionId, records, window, engineRate, heap } = results[0];

  // the emulator's own write ceiling for small documents: one per record in batches of 400, no reads, no paging
  const bench = db().collection('companies').doc(companyId);
  const ceiling = await blindWrites(records, (i) => [
    bench.collection('benchBareWrites').doc(`r${i}`),
    { i, amount: 1000 + i, tips: 100, closedAt: window.startMs + i },
  ]);
  console.log(
    `\nthe emulator's blind-write ceiling for small documents (4 values, 400 per batch, no reads): ${ceiling.rate.toFixed(0)} records/s, ${ceiling.ops}, ${ceiling.busy}; ${family.label} engine / it: ${(engineRate / ceiling.rate).toFixed(2)}`,
  );
  const { bare, engine } = heap;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const year = await vendors.yearSales(results[0].family);
    gc();
    const yearMb = (process.memoryUsage().heapUsed - before) / MB;
    console.log(
      `the year's ${year.length} sales held at once would take +${yearMb.toFixed(1)} MB; peak live heap (each in a run of its own): bare paging +${bare.peakHeapMb.toFixed(1)} MB, engine +${engine.peakHeapMb.toFixed(1)} MB`,
    );
  } else {
    console.log(
      `peak heap (raw, run with NODE_OPTIONS=--expose-gc for the live heap): bare paging +${bare.peakHeapMb.toFixed(1)} MB, engine +${engine.peakHeapMb.toFixed(1)} MB`,
    );
  }

  // batched writes vs one write per record, through the same sink, on fresh records
  const target = { companyId, connectionId, slug: family.slug };
  const fresh = (prefix: string, n: number): PosSale[] =>
    Array.from({ length: n }, (_, i) => ({
      vendorId: `${prefix}-${i}`,
      employeeVendorId: null,
      closedAt: window.startMs + i * 60_000,
      currency: 'USD',
      amount: 1000 + i,
      tips: 100,
      cashTips: 0,
      customers: 1,
      refund: false,
      refundOf: null,
      modifiedAt: endAt,
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
  console.log(
    `sales sink, one record per call: ${one.length} in ${(single.ms / 1000).toFixed(1)} s = ${singleRate.toFixed(0)} records/s`,
  );
  console.log(
    `sales sink, pages of 200:       ${batched.length} in ${(paged.ms / 1000).toFixed(1)} s = ${pagedRate.toFixed(0)} records/s`,
  );
  console.log(
    `ratio batched / one per record: ${(pagedRate / singleRate).toFixed(1)}x (target >= 5x) ${pagedRate / singleRate >= 5 ? 'MET' : 'NOT MET'}`,
  );
  vendors.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
