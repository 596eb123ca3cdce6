/**
 * AI usage benchmark: GET /companies/{id}/ai-usage over 30, 90 and 365 days with 50 usage rows a
 * day, through the real `ai` module app over HTTP, side by side with the design the API first
 * described ("reads fan out one lookup per day"): one document per day holding that day's rows, read one
 * lookup after another, answered with the same response schema from an endpoint built the same way.
 * Target: 365 days at least 10x faster than the per-day fan-out.
 *
 * Run: cd functions && node scripts/with-emulators.js npx tsx bench/ai-usage.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { db } from '../src/core/firebase';
import { createModuleApp } from '../src/http/app';
import { ADMIN, defineRoute } from '../src/http/route';
import { defineModule } from '../src/modules/kit';
import { moduleNamed } from '../src/modules/registry';
import { bucketUsageSchema, companyIdParam, rangeQuery } from '../src/modules/ai/schemas';
import { resolveRange } from '../src/modules/ai';
import { rowsOf, usageWrites, COUNTERS, type UsageRow } from '../src/ai/store';
import { costNanoUsd, priceFor, type Provider } from '../src/ai/prices';
import { usageScope, type ModelCall } from '../src/ai/accumulator';
import { createCompany } from '../test/helpers/fixtures';
import { createUser } from '../test/helpers/users';
import { fmt, percentile } from './lib';

const ROWS_PER_DAY = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LAST_DAY = '2025-12-31';
const MODELS: [Provider, string][] = [
  ['anthropic', 'claude-sonnet-4-6'],
  ['anthropic', 'claude-haiku-4-5-20251001'],
  ['openai', 'gpt-4o-mini-2024-07-18'],
];
const FLOWS = ['chat', 'data', 'memory'];

/** The usage rows of a day: 50 requests of one model call each (3 models x 3 flows), as the flush makes them. */
function rowsOfDay(companyId: string, day: string, userId: string): UsageRow[] {
  const start = Date.parse(`${day}T08:00:00Z`);
  return Array.from({ length: ROWS_PER_DAY }, (_, i) => {
    const [provider, model] = MODELS[i % MODELS.length];
    const tokens = {
      inputTokens: 800 + i * 13,
      outputTokens: 150 + i,
      cacheReadTokens: i % 3 ? 2000 : 0,
      cacheCreateTokens: i % 7 ? 0 : 512,
    };
    const call: ModelCall = {
      ts: start + i * 600_000,
      provider,
      model,
      flow: FLOWS[i % FLOWS.length],
      companyId,
      ...tokens,
      totalTokens: tokens.inputTokens + tokens.outputTokens + tokens.cacheReadTokens + tokens.cacheCreateTokens,
      costNanoUsd: costNanoUsd(tokens, priceFor(provider, model)!.nano),
      priced: true,
    };
    const scope = usageScope({ companyId, userId, calls: [call] });
    return rowsOf(scope)[0];
  });
}

const specDayRef = (companyId: string, day: string) =>
  db().collection('benchSpecUsage').doc(companyId).collection('aiUsage').doc(day);

async function seed(companyId: string, userId: string, days: string[]) {
  for (let i = 0; i < days.length; i += 8) {
    await Promise.all(
      days.slice(i, i + 8).map(async (day) => {
        const rows = rowsOfDay(companyId, day, userId);
        // this design: the rows as documents plus the day aggregates, written by the store's own writes
        const batch = db().batch();
        for (const write of usageWrites(rows)) write(batch);
        await batch.commit();
        // the spec's design: the day's rows in the day's document
        await specDayRef(companyId, day).set({ day, rows });
      }),
    );
  }
}

/** The spec's design behind the same kind of endpoint: one lookup per day, one after another. */
const specModule = defineModule({
  name: 'specusage',
  tag: 'bench',
  description: 'baseline',
  http: () => ({
    routes: [
      defineRoute({
        method: 'get',
        path: '/companies/:id/ai-usage',
        summary: 'baseline: one lookup per day',
        access: ADMIN,
        params: companyIdParam,
        query: rangeQuery,
        response: bucketUsageSchema,
        handler: async ({ params, query }) => {
          const range = resolveRange(query);
          const rows: UsageRow[] = [];
          for (const day of range.days) {
            const snap = await specDayRef(params.id, day).get();
            if (snap.exists) rows.push(...(snap.data()!.rows as UsageRow[]));
          }
          rows.sort((x, y) => y.ts - x.ts);
          return {
            bucket: 'company' as const,
            companyId: params.id,
            companyName: null,
            from: range.from,
            to: range.to,
            ...summariseRows(rows),
            rows,
            nextCursor: null,
          };
        },
      }),
    ],
  }),
});

function summariseRows(rows: UsageRow[]) {
  const zero = () => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<(typeof COUNTERS)[number], number>;
  const totals = zero();
  const days = new Map<
    string,
    ReturnType<typeof zero> & {
      day: string;
      models: Map<string, { provider: Provider; model: string; calls: number; costNanoUsd: number }>;
    }
  >();
  const models = new Map<string, ReturnType<typeof zero> & { provider: Provider; model: string }>();
  const flows = new Map<string, ReturnType<typeof zero> & { flow: string }>();
  for (const row of rows) {
    const d = days.get(row.day) ?? { day: row.day, ...zero(), models: new Map() };
    const dm = d.models.get(`${row.provider}:${row.model}`) ?? {
      provider: row.provider,
      model: row.model,
      calls: 0,
      costNanoUsd: 0,
    };
    dm.calls += row.calls;
    dm.costNanoUsd += row.costNanoUsd;
    d.models.set(`${row.provider}:${row.model}`, dm);
    const m = models.get(`${row.provider}:${row.model}`) ?? { provider: row.provider, model: row.model, ...zero() };
    const f = flows.get(row.flow) ?? { flow: row.flow, ...zero() };
    for (const c of COUNTERS) for (const acc of [totals, d, m, f]) acc[c] += row[c];
    days.set(row.day, d);
    models.set(`${row.provider}:${row.model}`, m);
    flows.set(row.flow, f);
  }
  const usd = <T extends { costNanoUsd: number }>(x: T) => ({ ...x, costUsd: x.costNanoUsd / 1e9 });
  const byDay = [...days.values()].map(({ models: dayModels, ...d }) => ({
    ...usd(d),
    byModel: [...dayModels.values()].map(usd),
  }));
  return { totals: usd(totals), byDay, byModel: [...models.values()].map(usd), byFlow: [...flows.values()].map(usd) };
}

async function listen(app: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

interface Answer {
  rows: unknown[];
  totals: { rows: number; costNanoUsd: number };
  nextCursor: string | null;
}

async function get(url: string, token: string): Promise<Answer> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { success: boolean; data: Answer };
  if (!res.ok || !body.success) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

/** Times `work` (ms) and returns its answer. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, value };
}

/** Every row of the range: the first page and each page after it (limit 5000). */
async function allPages(url: string, token: string): Promise<{ rows: number; totals: Answer['totals'] }> {
  let page = await get(`${url}&limit=5000`, token);
  let rows = page.rows.length;
  const totals = page.totals;
  while (page.nextCursor) {
    page = await get(`${url}&limit=5000&cursor=${page.nextCursor}`, token);
    rows += page.rows.length;
  }
  return { rows, totals };
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((p, q) => p - q),
    50,
  );

async function main() {
  const [co, admin] = await Promise.all([createCompany(), createUser({ admin: true, label: 'bench-admin' })]);
  const last = DateTime.fromISO(LAST_DAY, { zone: 'utc' });
  const days = Array.from({ length: 365 }, (_, i) => last.minus({ days: 364 - i }).toISODate()!);
  const seeded = Date.now();
  await seed(co.companyId, co.owner.uid, days);
  console.log(
    `seeded ${days.length} days x ${ROWS_PER_DAY} rows in both designs (${fmt((Date.now() - seeded) / 1000)} s)`,
  );

  const ours = await listen(createModuleApp(moduleNamed('ai')));
  const spec = await listen(createModuleApp(specModule));
  console.log(`GET /companies/{id}/ai-usage, ${ROWS_PER_DAY} rows a day, median of ${RUNS} runs after a warm-up (ms)`);
  console.log(
    '  A = this design, default answer: totals/byDay/byModel/byFlow of the whole range + first page of 200 rows',
  );
  console.log('  B = this design, every row of the range (pages of 5000 following nextCursor)');
  console.log('  S = the spec design: one day document per lookup, one after another, every row');
  console.log(' days |       A |       B |       S | S/A    | S/B');
  for (const span of [30, 90, 365]) {
    const url = (base: string) =>
      `${base}/companies/${co.companyId}/ai-usage?from=${last.minus({ days: span - 1 }).toISODate()}&to=${LAST_DAY}`;
    const a: number[] = [];
    const b: number[] = [];
    const sp: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const x = await timed(() => get(url(ours.url), admin.token));
      const y = await timed(() => allPages(url(ours.url), admin.token));
      const z = await timed(() => get(url(spec.url), admin.token));
      const want = span * ROWS_PER_DAY;
      if (
        x.value.totals.rows !== want ||
        y.value.rows !== want ||
        z.value.rows.length !== want ||
        x.value.totals.costNanoUsd !== z.value.totals.costNanoUsd ||
        y.value.totals.costNanoUsd !== z.value.totals.costNanoUsd
      ) {
        throw new Error(`answers differ for ${span} days`);
      }
      if (run === 0) continue; // warm-up
      a.push(x.ms);
      b.push(y.ms);
      sp.push(z.ms);
    }
    const [ma, mb, ms] = [median(a), median(b), median(sp)];
    console.log(
      `${String(span).padStart(5)} | ${fmt(ma).padStart(7)} | ${fmt(mb).padStart(7)} | ${fmt(ms).padStart(7)} | ${(fmt(ms / ma, 1) + 'x').padEnd(6)} | ${fmt(ms / mb, 1)}x`,
    );
  }
  await ours.close();
  await spec.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
