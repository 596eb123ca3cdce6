import { db } from '../../../src/core/firebase';
import { usageScope, type ModelCall } from '../../../src/ai/accumulator';
import { costNanoUsd, priceFor, type Provider } from '../../../src/ai/prices';
import { rowsOf, usageWrites, type UsageRow } from '../../../src/ai/store';
import type { DemoCompany } from '../types';

/**
 * Demo AI usage: the last 30 days of chat, data and ai-memory calls of a company (a few to a few
 * dozen requests a day), written with the usage store's own writes (rows, day aggregates, the
 * cross-company index), so GET /companies/{id}/ai-usage and /ai-usage/all have something to show.
 */
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
  for (let d = 29; d >= 0; d--) {
    const requests = 3 + Math.floor(company.random() * 30);
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
  return `${rows.length} AI usage rows over 30 days ($${cost.toFixed(2)})`;
}
