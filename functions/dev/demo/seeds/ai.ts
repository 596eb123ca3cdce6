import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../../../src/core/firebase';
import { usageScope, type ModelCall } from '../../../src/ai/accumulator';
import { flowFamily, periodOf, PERIODS, projectNano } from '../../../src/ai/budget-rules';
import { budgetRef, DEFAULT_BUDGET_ID, flowField, ledgerRef } from '../../../src/ai/budgets';
import { costNanoUsd, priceFor, type Provider } from '../../../src/ai/prices';
import { bucketKey, fieldKey, isoDay, rowsOf, usageWrites, type UsageRow } from '../../../src/ai/store';
import type { DemoCompany } from '../types';

/**
 * Demo AI usage: a year of chat, data and ai-memory calls of a company (a few to a few dozen
 * requests a day over the last 30 days, fewer before), written with the usage store's own writes
 * (rows, day aggregates, the cross-company index), so GET /companies/{id}/ai-usage and
 * /ai-usage/all have something to show over 365 days too. Budgets: the budget ledgers of the
 * current day and month are written from the same rows; a default budget of $500 a month, and
 * NEAR_THRESHOLD_COMPANY with a budget of its own that its month-to-date spend keeps under its 80 %
 * warning while the projection passes it (the dashboard lists it as near).
 */
const DAYS = 365;
const BUSY_DAYS = 30;
const NEAR_THRESHOLD_COMPANY = 'harbor-vine';
const SOFT_SHARE = 0.8;
const DAY_MS = 86_400_000;
const DEFAULT_BUDGET = { amountNano: 500e9, period: 'month', softThresholdPercent: 80, flowLimitsNano: {} };
const MIX: { provider: Provider; model: string; flow: string; weight: number }[] = [
  { provider: 'anthropic', model: 'claude-sonnet-4-6', flow: 'chat', weight: 6 },
  { provider: 'anthropic', model: 'claude-haiku-4-5-20251001', flow: 'data', weight: 3 },
  { provider: 'openai', model: 'gpt-4o-mini-2024-07-18', flow: 'ai-memory', weight: 1 },
];

function pick(random: () => number) {
  const total = MIX.reduce((s, m) => s + m.weight, 0);
  let r = random() * total;
  for (const m of MIX) if ((r -= m.weight) < 0) return m;
  return MIX[0];
}

export async function seed(company: DemoCompany): Promise<string> {
  const rows: UsageRow[] = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let d = DAYS - 1; d >= 0; d--) {
    const requests = d < BUSY_DAYS ? 3 + Math.floor(company.random() * 30) : 1 + Math.floor(company.random() * 8);
    for (let i = 0; i < requests; i++) {
      const m = pick(company.random);
      const ts = today - d * 86_400_000 + Math.floor(company.random() * 86_400_000);
      if (ts > Date.now()) continue;
      const cached = company.random() < 0.6;
      const tokens = {
        inputTokens: 400 + Math.floor(company.random() * 3000),
        outputTokens: 80 + Math.floor(company.random() * 900),
        cacheReadTokens: cached ? 2000 + Math.floor(company.random() * 6000) : 0,
        cacheCreateTokens: !cached && m.provider === 'anthropic' ? 2000 : 0,
      };
      const call: ModelCall = {
        ts,
        provider: m.provider,
        model: m.model,
        flow: m.flow,
        companyId: company.companyId,
        ...tokens,
        totalTokens: tokens.inputTokens + tokens.outputTokens + tokens.cacheReadTokens + tokens.cacheCreateTokens,
        costNanoUsd: costNanoUsd(tokens, priceFor(m.provider, m.model)!.nano),
        priced: true,
      };
      rows.push(...rowsOf(usageScope({ companyId: company.companyId, userId: company.ownerUid, calls: [call] })));
    }
  }
  for (let i = 0; i < rows.length; i += 100) {
    const batch = db().batch();
    for (const write of usageWrites(rows.slice(i, i + 100))) write(batch);
    await batch.commit();
  }
  const cost = rows.reduce((s, r) => s + r.costNanoUsd, 0) / 1e9;
  const budget = await seedBudgets(company, rows);
  return `${rows.length} AI usage rows over ${DAYS} days ($${cost.toFixed(2)}); ${budget}`;
}

/** The ledgers of the current periods, as the settlement of these calls would have written them, and the budgets. */
async function seedBudgets(company: DemoCompany, rows: UsageRow[]): Promise<string> {
  const bucket = { kind: 'company' as const, companyId: company.companyId };
  const batch = db().batch();
  let monthNano = 0;
  for (const period of PERIODS) {
    const current = periodOf(period, Date.now());
    const inPeriod = rows.filter((r) => r.ts >= current.start && r.ts < current.end);
    const data: DocumentData = {
      bucket: bucketKey(bucket),
      companyId: company.companyId,
      periodKey: current.key,
      spentNano: inPeriod.reduce((s, r) => s + r.costNanoUsd, 0),
      calls: inPeriod.length,
      reservedNano: 0,
      updatedAt: Date.now(),
    };
    for (const row of inPeriod) {
      const family = flowFamily(row.flow);
      data[`f__${fieldKey(family)}__flow`] = family;
      data[flowField(family, 'spentNano')] = (data[flowField(family, 'spentNano')] ?? 0) + row.costNanoUsd;
    }
    if (period === 'month') monthNano = data.spentNano;
    batch.set(ledgerRef(bucketKey(bucket), current.key), data);
  }
  batch.set(budgetRef(DEFAULT_BUDGET_ID), { ...DEFAULT_BUDGET, updatedAt: Date.now(), updatedBy: 'demo' });
  let summary = 'the default budget of $500 a month';
  if (company.companyId === NEAR_THRESHOLD_COMPANY) {
    // halfway between the amounts at which the spend and the projection reach 80 %: spend under the
    // warning, projection past it, whatever the day of the month the demo is loaded on
    const now = Date.now();
    const today = Date.parse(`${isoDay(now)}T00:00:00.000Z`);
    const recentNano = rows.filter((r) => r.ts >= today - 6 * DAY_MS).reduce((s, r) => s + r.costNanoUsd, 0);
    const projected = projectNano({
      spentNano: monthNano,
      recentNano,
      recentMs: 6 * DAY_MS + (now - today),
      remainingMs: periodOf('month', now).end - now,
    });
    const amountNano = Math.max(1e9, Math.round((monthNano + projected) / 2 / SOFT_SHARE / 1e7) * 1e7);
    batch.set(budgetRef(bucketKey(bucket)), {
      amountNano,
      period: 'month',
      softThresholdPercent: SOFT_SHARE * 100,
      flowLimitsNano: {},
      updatedAt: now,
      updatedBy: 'demo',
    });
    summary = `a budget of $${(amountNano / 1e9).toFixed(2)} a month, ${Math.round((monthNano / amountNano) * 100)} % used, ${Math.round((projected / amountNano) * 100)} % projected`;
  }
  await batch.commit();
  return summary;
}
