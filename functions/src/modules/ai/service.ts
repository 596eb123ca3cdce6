import type { DocumentData } from 'firebase-admin/firestore';
import { DateTime } from 'luxon';
import { coreErrors } from '../../core/errors';
import { companyExists, companyNotFound } from '../../core/firestore';
import { aiAdminErrors } from './errors';
import { BUILT_IN_DEFAULT, type AiConfig } from '../../ai/config';
import { isProvider, modelsOf, priceFor, PRICES_AS_OF, PROVIDERS, type Provider } from '../../ai/prices';
import { addCounters, COUNTERS, emptyCounters, parseAggregate, type Bucket, type Counters } from '../../ai/store';
import * as repo from './repo';
import type { z } from 'zod';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, usageRowsCursor, type usageRowSchema } from './schemas';

type UsageRowOut = z.input<typeof usageRowSchema>;

// ---- date range ---------------------------------------------------------------------------------

export interface Range {
  from: string;
  to: string;
  days: string[];
}

/** from/to (UTC days, inclusive); defaults: to = today, from = to - 29 days. */
export function resolveRange(query: { from?: string; to?: string }, now = Date.now()): Range {
  const today = DateTime.fromMillis(now, { zone: 'utc' }).toISODate()!;
  const to = query.to ?? today;
  const from =
    query.from ??
    DateTime.fromISO(to, { zone: 'utc' })
      .minus({ days: DEFAULT_RANGE_DAYS - 1 })
      .toISODate()!;
  if (from > to) throw coreErrors.INVALID_DATE_RANGE(`from (${from}) is after to (${to})`);
  const start = DateTime.fromISO(from, { zone: 'utc' });
  const length = DateTime.fromISO(to, { zone: 'utc' }).diff(start, 'days').days + 1;
  if (length > MAX_RANGE_DAYS) {
    throw coreErrors.INVALID_DATE_RANGE(`The range covers ${length} days; at most ${MAX_RANGE_DAYS} days per request`);
  }
  const days = Array.from({ length }, (_, i) => start.plus({ days: i }).toISODate()!);
  return { from, to, days };
}

// ---- usage --------------------------------------------------------------------------------------

const withUsd = <T extends Counters>(c: T): T & { costUsd: number } => ({ ...c, costUsd: c.costNanoUsd / 1e9 });
const byCostDesc = (a: { costNanoUsd: number }, b: { costNanoUsd: number }) => b.costNanoUsd - a.costNanoUsd;

/** Sums the totals, per-model and per-flow counters of day documents. */
function summarise(dayDocs: DocumentData[]) {
  const totals = emptyCounters();
  const byDay: (Counters & {
    day: string;
    byModel: { provider: Provider; model: string; calls: number; costNanoUsd: number; costUsd: number }[];
  })[] = [];
  const byModel = new Map<string, Counters & { provider: Provider; model: string }>();
  const byFlow = new Map<string, Counters & { flow: string }>();
  for (const doc of dayDocs) {
    const parsed = parseAggregate(doc);
    addCounters(totals, parsed.totals);
    const dayModels = parsed.byModel
      .map((m) => ({
        provider: m.provider,
        model: m.model,
        calls: m.calls,
        costNanoUsd: m.costNanoUsd,
        costUsd: m.costNanoUsd / 1e9,
      }))
      .sort(byCostDesc);
    byDay.push({ day: doc.day, ...parsed.totals, byModel: dayModels });
    for (const entry of parsed.byModel) {
      const key = `${entry.provider}:${entry.model}`;
      const acc = byModel.get(key) ?? { provider: entry.provider, model: entry.model, ...emptyCounters() };
      byModel.set(key, addCounters(acc, entry) as typeof acc);
    }
    for (const entry of parsed.byFlow) {
      const acc = byFlow.get(entry.flow) ?? { flow: entry.flow, ...emptyCounters() };
      byFlow.set(entry.flow, addCounters(acc, entry) as typeof acc);
    }
  }
  byDay.sort((a, b) => a.day.localeCompare(b.day));
  return {
    totals: withUsd(totals),
    byDay: byDay.map(withUsd),
    byModel: [...byModel.values()].sort(byCostDesc).map(withUsd),
    byFlow: [...byFlow.values()].sort(byCostDesc).map(withUsd),
  };
}

function toRow(doc: DocumentData): UsageRowOut {
  const row: Record<string, unknown> = { userId: null, ...doc };
  for (const c of COUNTERS) if (typeof row[c] !== 'number') row[c] = 0;
  row.costUsd = (row.costNanoUsd as number) / 1e9;
  return row as UsageRowOut;
}

export async function bucketUsage({
  bucket,
  query,
}: {
  bucket: Bucket;
  query: { from?: string; to?: string; limit: number; cursor?: string };
}) {
  const range = resolveRange(query);
  const after = query.cursor;
  const { companyExists, companyName, dayDocs, rows, hasMore } = await repo.readBucketRange(bucket, range.days, {
    limit: query.limit,
    after,
  });
  if (!companyExists) throw companyNotFound();
  const page = rows.map(toRow);
  const last = rows[rows.length - 1];
  return {
    bucket: bucket.kind as Bucket['kind'],
    companyId: bucket.kind === 'company' ? bucket.companyId : null,
    companyName,
    from: range.from,
    to: range.to,
    ...summarise(dayDocs),
    rows: page,
    nextCursor: hasMore && last ? usageRowsCursor.encode(String(last.sortKey)) : null,
  };
}

/** A company's AI calls, tokens and cost over UTC days `from`..`to` (its day ledgers only: one read per day). */
export async function companySpend({ companyId, from, to }: { companyId: string; from: string; to: string }) {
  const range = resolveRange({ from, to });
  const totals = emptyCounters();
  for (const doc of await repo.readBucketDays({ kind: 'company', companyId }, range.days))
    addCounters(totals, parseAggregate(doc).totals);
  return { calls: totals.calls, totalTokens: totals.totalTokens, costNanoUsd: totals.costNanoUsd };
}

export async function allUsage({ query }: { query: { from?: string; to?: string } }) {
  const range = resolveRange(query);
  const { dayDocs, bucketDays } = await repo.readAllRange(range.days, range.from, range.to);
  const companies = new Map<string, Counters & { companyId: string }>();
  const onboarding = emptyCounters();
  for (const doc of bucketDays) {
    if (doc.bucket === 'onboarding' || !doc.companyId) {
      addCounters(onboarding, doc);
      continue;
    }
    const acc = companies.get(doc.companyId) ?? { companyId: doc.companyId, ...emptyCounters() };
    companies.set(doc.companyId, addCounters(acc, doc) as typeof acc);
  }
  const names = await repo.companyNames([...companies.keys()]);
  return {
    from: range.from,
    to: range.to,
    pricesAsOf: PRICES_AS_OF,
    ...summarise(dayDocs),
    byCompany: [...companies.values()]
      .sort(byCostDesc)
      .map((c) => ({ ...withUsd(c), companyName: names.get(c.companyId) ?? null })),
    onboarding: withUsd(onboarding),
  };
}

// ---- configuration ------------------------------------------------------------------------------

function validated(body: { provider: string; model: string }, now = Date.now()): AiConfig {
  if (!isProvider(body.provider)) {
    throw aiAdminErrors.UNKNOWN_PROVIDER(`Unknown provider "${body.provider}"; one of: ${PROVIDERS.join(', ')}`, [
      { path: 'body.provider', message: `one of: ${PROVIDERS.join(', ')}` },
    ]);
  }
  if (!priceFor(body.provider, body.model)) {
    throw aiAdminErrors.UNKNOWN_MODEL(`The ${body.provider} provider offers no model "${body.model}"`, [
      { path: 'body.model', message: `one of: ${modelsOf(body.provider).join(', ')} (or a dated snapshot of one)` },
    ]);
  }
  return { provider: body.provider, model: body.model.trim(), updatedAt: now };
}

export async function getCompanyConfig({ companyId }: { companyId: string }): Promise<AiConfig | null> {
  const { exists, config } = await repo.readCompanyConfig(companyId);
  if (!exists) throw companyNotFound();
  return config;
}

export async function setCompanyConfig({
  companyId,
  body,
  uid,
}: {
  companyId: string;
  body: { provider: string; model: string };
  uid: string;
}): Promise<AiConfig> {
  const config = validated(body);
  if (!(await companyExists(companyId))) throw companyNotFound();
  await repo.writeCompanyConfig(companyId, config, uid);
  return config;
}

export async function deleteCompanyConfig({ companyId }: { companyId: string }): Promise<AiConfig> {
  const { exists, config } = await repo.readCompanyConfig(companyId);
  if (!exists) throw companyNotFound();
  if (!config) throw aiAdminErrors.AI_CONFIG_NOT_FOUND('This company has no AI configuration override');
  await repo.deleteCompanyConfig(companyId);
  return config;
}

export async function getGlobalConfig() {
  const config = await repo.readGlobalConfig();
  return config
    ? { ...config, source: 'global' as const }
    : { ...BUILT_IN_DEFAULT, updatedAt: null, source: 'builtin' as const };
}

export async function setGlobalConfig({ body, uid }: { body: { provider: string; model: string }; uid: string }) {
  const config = validated(body);
  await repo.writeGlobalConfig(config, uid);
  return { ...config, source: 'global' as const };
}
