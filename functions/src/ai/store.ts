import type { DocumentData, DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { db, firestoreNs } from '../core/firebase';
import { ALREADY_EXISTS } from '../core/firestore';
import type { ModelCall, UsageScope } from './model-calls';
import type { Provider } from './prices';

/**
 * Firestore layout of AI usage:
 *
 *   companies/{cid}/aiUsageRows/{rowId}      one usage row per request x provider x model x flow
 *                                            x day; fields: day, ts, provider, model, flow, userId, token
 *                                            counts, costNanoUsd, costUsd, priced, calls, requestId, sortKey
 *                                            (zero-padded ts + row id: the page order and cursor)
 *   companies/{cid}/aiUsage/{YYYY-MM-DD}     the company's day: totals, per model, per flow (increments)
 *   aiUsageOnboardingRows/{rowId}            rows of the onboarding bucket (calls before a company exists)
 *   aiUsageOnboarding/{YYYY-MM-DD}           the onboarding bucket's day (increments)
 *   aiUsageDays/{YYYY-MM-DD}                 all buckets of a day: totals, per model, per flow (increments)
 *   aiUsageBucketDays/{YYYY-MM-DD}:{bucket}  one bucket's totals on a day (bucket = company:{cid} or
 *                                            onboarding), so GET /ai-usage/all finds the companies of a
 *                                            range with one range query (no collection-group scan)
 *
 * Why: rows are their own documents with unique ids (a write never reads or rewrites an array, so
 * concurrent requests lose nothing and no document grows with traffic); aggregates are
 * FieldValue.increment of integers (tokens and nano-dollars: exact sums, no read-modify-write). A
 * day is the ISO (UTC) day of the call. Reads of a range are one getAll of the day documents plus
 * one range query on `sortKey` (single-field index; no composite index needed).
 *
 * Row id `{scopeId}-{n}` (scopeId: unique per request scope): the row is created with `create()` first in its batch, so a retried
 * flush of the same request fails as a whole instead of counting twice.
 */
export type Bucket = { kind: 'company'; companyId: string } | { kind: 'onboarding' };

export const COUNTERS = [
  'rows',
  'calls',
  'unpricedCalls',
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheCreateTokens',
  'totalTokens',
  'costNanoUsd',
] as const;
export type Counter = (typeof COUNTERS)[number];
export type Counters = Record<Counter, number>;

export const emptyCounters = (): Counters => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counters;

export function addCounters(into: Counters, from: object | undefined): Counters {
  if (!from) return into;
  for (const c of COUNTERS) {
    const v = (from as Record<string, unknown>)[c];
    if (typeof v === 'number') into[c] += v;
  }
  return into;
}

export interface UsageRow extends Counters {
  rowId: string;
  requestId: string;
  day: string;
  ts: number;
  provider: Provider;
  model: string;
  flow: string;
  userId: string | null;
  companyId: string | null;
  priced: boolean;
  costUsd: number;
  /** Unique, time-ordered key (zero-padded ts, then row id): the order and the cursor of row pages. */
  sortKey: string;
}

export const sortKeyOf = (ts: number, rowId: string) => `${String(Math.max(0, ts)).padStart(15, '0')}:${rowId}`;

export const isoDay = (ts: number): string => new Date(ts).toISOString().slice(0, 10);

const fs = (): Firestore => db();
export const bucketDayRef = (bucket: Bucket, day: string): DocumentReference =>
  bucket.kind === 'company'
    ? fs().collection('companies').doc(bucket.companyId).collection('aiUsage').doc(day)
    : fs().collection('aiUsageOnboarding').doc(day);
export const bucketRowsCol = (bucket: Bucket) =>
  bucket.kind === 'company'
    ? fs().collection('companies').doc(bucket.companyId).collection('aiUsageRows')
    : fs().collection('aiUsageOnboardingRows');
export const globalDayRef = (day: string) => fs().collection('aiUsageDays').doc(day);
export const bucketKey = (bucket: Bucket) => (bucket.kind === 'company' ? `company:${bucket.companyId}` : 'onboarding');
export const bucketDaysCol = () => fs().collection('aiUsageBucketDays');
export const bucketDayIndexRef = (bucket: Bucket, day: string) => bucketDaysCol().doc(`${day}:${bucketKey(bucket)}`);

/**
 * Aggregate documents keep every counter in a TOP-LEVEL field with a plain identifier name:
 * `inputTokens` (totals), `m__<key>__inputTokens` (per provider and model), `f__<key>__inputTokens`
 * (per flow), with `m__<key>__provider`, `m__<key>__model` and `f__<key>__flow` naming the entry.
 * <key> escapes every character outside [A-Za-z0-9] as `_XX` (hex), so it never contains `__` or a
 * dot. Reason: increments of nested map fields (`byModel.x.y`) are not implemented by the Node
 * Firestore emulator used here; top-level increments work on it and on real Firestore alike.
 */
export const fieldKey = (raw: string): string =>
  raw.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

export interface ParsedAggregate {
  totals: Counters;
  byModel: (Counters & { provider: Provider; model: string })[];
  byFlow: (Counters & { flow: string })[];
}

/** Reads an aggregate document written by writeUsage. */
export function parseAggregate(data: DocumentData): ParsedAggregate {
  const totals = addCounters(emptyCounters(), data);
  const models = new Map<string, Counters & { provider: Provider; model: string }>();
  const flows = new Map<string, Counters & { flow: string }>();
  for (const [field, value] of Object.entries(data)) {
    const match = /^([mf])__(.+)__([A-Za-z]+)$/.exec(field);
    if (!match) continue;
    const [, kind, key, name] = match;
    if (kind === 'm') {
      const entry = models.get(key) ?? { provider: 'anthropic' as Provider, model: '', ...emptyCounters() };
      if (name === 'provider' || name === 'model') (entry as Record<string, unknown>)[name] = value;
      else if ((COUNTERS as readonly string[]).includes(name) && typeof value === 'number')
        entry[name as Counter] += value;
      models.set(key, entry);
    } else {
      const entry = flows.get(key) ?? { flow: '', ...emptyCounters() };
      if (name === 'flow') entry.flow = String(value);
      else if ((COUNTERS as readonly string[]).includes(name) && typeof value === 'number')
        entry[name as Counter] += value;
      flows.set(key, entry);
    }
  }
  return { totals, byModel: [...models.values()], byFlow: [...flows.values()] };
}

/** Groups the calls of a request into usage rows: one per (day, bucket, provider, model, flow). */
export function rowsOf(scope: UsageScope): UsageRow[] {
  const groups = new Map<string, ModelCall[]>();
  for (const call of scope.calls) {
    const key = [isoDay(call.ts), call.companyId ?? '', call.provider, call.model, call.flow].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  let n = 0;
  return [...groups.values()].map((calls) => {
    const first = calls[0];
    const counters = emptyCounters();
    for (const call of calls) {
      counters.calls += 1;
      if (!call.priced) counters.unpricedCalls += 1;
      addCounters(counters, { ...call, calls: undefined, rows: undefined, unpricedCalls: undefined });
    }
    counters.rows = 1;
    const rowId = `${scope.scopeId}-${n++}`;
    return {
      ...counters,
      rowId,
      sortKey: sortKeyOf(first.ts, rowId),
      requestId: scope.requestId,
      day: isoDay(first.ts),
      ts: first.ts,
      provider: first.provider,
      model: first.model,
      flow: first.flow,
      userId: scope.userId,
      companyId: first.companyId,
      priced: calls.every((c) => c.priced),
      costUsd: counters.costNanoUsd / 1e9,
    };
  });
}

const bucketOf = (row: UsageRow): Bucket =>
  row.companyId ? { kind: 'company', companyId: row.companyId } : { kind: 'onboarding' };

interface Aggregate {
  ref: DocumentReference;
  base: DocumentData;
  totals: Counters;
  byModel: Map<string, { provider: string; model: string; counters: Counters }>;
  byFlow: Map<string, { flow: string; counters: Counters }>;
}

/** Writes the usage rows of a request and their aggregates; returns the number of rows. */
export async function writeUsage(scope: UsageScope): Promise<number> {
  const rows = rowsOf(scope);
  await commitWithRetry(usageWrites(rows));
  return rows.length;
}

export type BatchWrite = (batch: WriteBatch) => void;

/** The writes of some usage rows: each row created (first), then one increment per aggregate document. */
export function usageWrites(rows: UsageRow[]): BatchWrite[] {
  const aggregates = new Map<string, Aggregate>();
  const aggregate = (ref: DocumentReference, base: DocumentData, detailed: boolean, row: UsageRow) => {
    let agg = aggregates.get(ref.path);
    if (!agg) {
      agg = { ref, base, totals: emptyCounters(), byModel: new Map(), byFlow: new Map() };
      aggregates.set(ref.path, agg);
    }
    addCounters(agg.totals, row);
    if (!detailed) return;
    const mk = fieldKey(`${row.provider}:${row.model}`);
    const m = agg.byModel.get(mk) ?? { provider: row.provider, model: row.model, counters: emptyCounters() };
    addCounters(m.counters, row);
    agg.byModel.set(mk, m);
    const fk = fieldKey(row.flow);
    const f = agg.byFlow.get(fk) ?? { flow: row.flow, counters: emptyCounters() };
    addCounters(f.counters, row);
    agg.byFlow.set(fk, f);
  };
  for (const row of rows) {
    const bucket = bucketOf(row);
    const scopeFields = { day: row.day, bucket: bucketKey(bucket), companyId: row.companyId };
    aggregate(bucketDayRef(bucket, row.day), scopeFields, true, row);
    aggregate(globalDayRef(row.day), { day: row.day }, true, row);
    aggregate(bucketDayIndexRef(bucket, row.day), scopeFields, false, row);
  }

  const { FieldValue } = firestoreNs();
  const writes: BatchWrite[] = [];
  for (const row of rows) {
    const { rowId, ...data } = row;
    // created first: if a retried flush finds the row, the whole batch fails and nothing counts twice
    writes.push((b) => b.create(bucketRowsCol(bucketOf(row)).doc(rowId), data));
  }
  for (const agg of aggregates.values()) {
    const data: DocumentData = { ...agg.base, updatedAt: Date.now() };
    const put = (prefix: string, counters: Counters) => {
      for (const c of COUNTERS) if (counters[c] !== 0) data[`${prefix}${c}`] = FieldValue.increment(counters[c]);
    };
    put('', agg.totals);
    for (const [key, m] of agg.byModel) {
      data[`m__${key}__provider`] = m.provider;
      data[`m__${key}__model`] = m.model;
      put(`m__${key}__`, m.counters);
    }
    for (const [key, f] of agg.byFlow) {
      data[`f__${key}__flow`] = f.flow;
      put(`f__${key}__`, f.counters);
    }
    writes.push((b) => b.set(agg.ref, data, { merge: true }));
  }
  return writes;
}

async function commitWithRetry(writes: BatchWrite[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const batch = db().batch();
    for (const w of writes) w(batch);
    try {
      await batch.commit();
      return;
    } catch (err) {
      // a retry that finds its rows means the earlier attempt committed (batches are atomic)
      if (attempt > 1 && (err as { code?: number }).code === ALREADY_EXISTS) return;
      if (attempt >= 2) throw err;
    }
  }
}
