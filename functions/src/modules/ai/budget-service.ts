import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyDoc, companyNotFound } from '../../core/firestore';
import {
  budgetRef,
  forgetBudgets,
  budgetsCol,
  DEFAULT_BUDGET_ID,
  ledgerRef,
  ledgersCol,
  parseBudget,
  parseLedger,
} from '../../ai/budgets';
import { periodOf, projectNano, statusOf, type Budget } from '../../ai/budget-rules';
import { bucketDayIndexRef, bucketDaysCol, bucketKey, isoDay, type Bucket } from '../../ai/store';
import type { BudgetBody } from './budget-schemas';
import { companyNames } from './repo';

/** Days of usage the projection's rate is taken from (today included). */
const RECENT_DAYS = 7;
const DAY_MS = 86_400_000;
const usd = (nano: number) => nano / 1e9;

function budgetOut(data: DocumentData | undefined) {
  const budget = parseBudget(data);
  if (!budget) return null;
  return {
    amountUsd: usd(budget.amountNano),
    amountNanoUsd: budget.amountNano,
    period: budget.period,
    softThresholdPercent: budget.softThresholdPercent,
    flowLimitsUsd: Object.fromEntries(Object.entries(budget.flowLimitsNano).map(([f, n]) => [f, usd(n)])),
    updatedAt: typeof data?.updatedAt === 'number' ? data.updatedAt : null,
  };
}

function recentWindow(now: number) {
  const today = Date.parse(`${isoDay(now)}T00:00:00.000Z`);
  const days = Array.from({ length: RECENT_DAYS }, (_, i) => isoDay(today - i * DAY_MS));
  return { days, from: days[days.length - 1], ms: (RECENT_DAYS - 1) * DAY_MS + (now - today) };
}

interface BucketInputs {
  bucket: Bucket;
  companyName: string | null;
  own: DocumentData | undefined;
  fallback: DocumentData | undefined;
  ledger: DocumentData | undefined;
  recentNano: number;
}

/** A bucket's budget, spend and projection for the current period (the budget-status schema). */
function statusFrom(input: BucketInputs, now: number) {
  const own = parseBudget(input.own);
  const effective: Budget | null = own ?? parseBudget(input.fallback);
  const period = effective ? periodOf(effective.period, now) : null;
  const ledger = parseLedger(input.ledger);
  const recent = recentWindow(now);
  const projected = period
    ? projectNano({
        spentNano: ledger.spentNano,
        recentNano: input.recentNano,
        recentMs: recent.ms,
        remainingMs: period.end - now,
      })
    : ledger.spentNano;
  const families = new Set([...Object.keys(ledger.flowSpentNano), ...Object.keys(effective?.flowLimitsNano ?? {})]);
  return {
    bucket: input.bucket.kind,
    companyId: input.bucket.kind === 'company' ? input.bucket.companyId : null,
    companyName: input.companyName,
    budget: budgetOut(input.own),
    source: own ? ('own' as const) : effective ? ('default' as const) : null,
    effective: own ? budgetOut(input.own) : budgetOut(input.fallback),
    periodKey: period?.key ?? null,
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
    spentUsd: usd(ledger.spentNano),
    spentNanoUsd: ledger.spentNano,
    reservedNanoUsd: ledger.reservedNano,
    percentUsed: effective ? Math.round((ledger.spentNano / effective.amountNano) * 10_000) / 100 : null,
    projectedUsd: usd(projected),
    projectedNanoUsd: projected,
    status: effective ? statusOf(effective, ledger.spentNano, projected) : ('none' as const),
    flows: [...families].sort().map((flow) => {
      const limit = effective?.flowLimitsNano[flow];
      const spent = ledger.flowSpentNano[flow] ?? 0;
      return { flow, limitUsd: limit === undefined ? null : usd(limit), spentUsd: usd(spent), spentNanoUsd: spent };
    }),
    refusedCalls: Number(input.ledger?.refusedCalls ?? 0),
    softAlertAt: typeof input.ledger?.softAlertAt === 'number' ? input.ledger.softAlertAt : null,
    capAlertAt: typeof input.ledger?.capAlertAt === 'number' ? input.ledger.capAlertAt : null,
  };
}

const sumCost = (docs: (DocumentData | undefined)[]) =>
  docs.reduce((sum, d) => sum + (typeof d?.costNanoUsd === 'number' ? d.costNanoUsd : 0), 0);

export async function bucketBudget({ bucket, now = Date.now() }: { bucket: Bucket; now?: number }) {
  const key = bucketKey(bucket);
  const companyRef = bucket.kind === 'company' ? companyDoc(bucket.companyId) : null;
  const recent = recentWindow(now);
  const [head, recentSnaps] = await Promise.all([
    db().getAll(...(companyRef ? [companyRef] : []), budgetRef(key), budgetRef(DEFAULT_BUDGET_ID)),
    db().getAll(...recent.days.map((d) => bucketDayIndexRef(bucket, d))),
  ]);
  const company = companyRef ? head[0] : null;
  const [own, fallback] = head.slice(companyRef ? 1 : 0);
  if (company && !company.exists) throw companyNotFound();
  const effective = parseBudget(own.data()) ?? parseBudget(fallback.data());
  const ledger = effective ? (await ledgerRef(key, periodOf(effective.period, now).key).get()).data() : undefined;
  return statusFrom(
    {
      bucket,
      companyName: typeof company?.get('name') === 'string' ? (company.get('name') as string) : null,
      own: own.data(),
      fallback: fallback.data(),
      ledger,
      recentNano: sumCost(recentSnaps.map((s) => s.data())),
    },
    now,
  );
}

const budgetData = (body: BudgetBody, uid: string) => ({
  amountNano: Math.round(body.amountUsd * 1e9),
  period: body.period,
  softThresholdPercent: body.softThresholdPercent,
  flowLimitsNano: Object.fromEntries(Object.entries(body.flowLimitsUsd).map(([f, v]) => [f, Math.round(v * 1e9)])),
  updatedAt: Date.now(),
  updatedBy: uid,
});

async function requireBucket(bucket: Bucket) {
  if (bucket.kind === 'company' && !(await companyDoc(bucket.companyId).get()).exists) throw companyNotFound();
}

export async function setBucketBudget({ bucket, body, uid }: { bucket: Bucket; body: BudgetBody; uid: string }) {
  await requireBucket(bucket);
  await budgetRef(bucketKey(bucket)).set(budgetData(body, uid));
  forgetBudgets();
  return bucketBudget({ bucket });
}

export async function deleteBucketBudget({ bucket }: { bucket: Bucket }) {
  await requireBucket(bucket);
  await budgetRef(bucketKey(bucket)).delete();
  forgetBudgets();
  return bucketBudget({ bucket });
}

export async function defaultBudget() {
  return budgetOut((await budgetRef(DEFAULT_BUDGET_ID).get()).data());
}

export async function setDefaultBudget({ body, uid }: { body: BudgetBody; uid: string }) {
  const data = budgetData(body, uid);
  await budgetRef(DEFAULT_BUDGET_ID).set(data);
  forgetBudgets();
  return budgetOut(data)!;
}

export async function deleteDefaultBudget() {
  await budgetRef(DEFAULT_BUDGET_ID).delete();
  forgetBudgets();
  return defaultBudget();
}

/**
 * Every bucket with a budget of its own or with spend this period, by percent used: three queries
 * (the budgets, the current periods' ledgers, the last 7 days of the usage index) and one read of
 * the companies' names.
 */
export async function budgetOverview({ now = Date.now() }: { now?: number } = {}) {
  const recent = recentWindow(now);
  const periodKeys = [periodOf('day', now).key, periodOf('month', now).key];
  const [budgets, ledgers, recentDays] = await Promise.all([
    budgetsCol().get(),
    ledgersCol().where('periodKey', 'in', periodKeys).get(),
    bucketDaysCol().where('day', '>=', recent.from).where('day', '<=', recent.days[0]).get(),
  ]);
  const budgetOf = new Map(budgets.docs.map((d) => [d.id, d.data()]));
  const fallback = budgetOf.get(DEFAULT_BUDGET_ID);
  const ledgerOf = new Map(ledgers.docs.map((d) => [d.id, d.data()]));
  const recentOf = new Map<string, number>();
  for (const d of recentDays.docs)
    recentOf.set(d.get('bucket'), (recentOf.get(d.get('bucket')) ?? 0) + sumCost([d.data()]));

  const companyIds = new Set<string>();
  for (const id of budgetOf.keys()) if (id.startsWith('company:')) companyIds.add(id.slice('company:'.length));
  if (fallback)
    for (const d of ledgers.docs) if (typeof d.get('companyId') === 'string') companyIds.add(d.get('companyId'));
  const names = await companyNames([...companyIds]);

  const statusOfBucket = (bucket: Bucket, companyName: string | null) => {
    const key = bucketKey(bucket);
    const own = budgetOf.get(key);
    const effective = parseBudget(own) ?? parseBudget(fallback);
    const ledger = effective ? ledgerOf.get(`${key}~${periodOf(effective.period, now).key}`) : undefined;
    return statusFrom({ bucket, companyName, own, fallback, ledger, recentNano: recentOf.get(key) ?? 0 }, now);
  };
  const companies = [...companyIds]
    .map((id) => statusOfBucket({ kind: 'company', companyId: id }, names.get(id) ?? null))
    .filter((s) => s.source === 'own' || s.spentNanoUsd > 0)
    .sort((a, b) => (b.percentUsed ?? 0) - (a.percentUsed ?? 0));
  return {
    default: budgetOut(fallback),
    onboarding: statusOfBucket({ kind: 'onboarding' }, null),
    companies,
  };
}
