import { writeUsage } from '../../../src/ai/store';
import { costNanoUsd, priceFor, type Provider } from '../../../src/ai/prices';
import { usageScope, type ModelCall } from '../../../src/ai/accumulator';

export interface SeedCall {
  day: string;
  provider: Provider;
  model: string;
  flow?: string;
  companyId: string | null;
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheCreate?: number;
}

/** Writes the usage of one request made on a given day through the real store (as a flush would). */
export async function seedRequest(calls: SeedCall[], userId: string | null = null): Promise<void> {
  const modelCalls: ModelCall[] = calls.map((c, i) => {
    const tokens = {
      inputTokens: c.input ?? 0,
      outputTokens: c.output ?? 0,
      cacheReadTokens: c.cacheRead ?? 0,
      cacheCreateTokens: c.cacheCreate ?? 0,
    };
    const price = priceFor(c.provider, c.model);
    return {
      ts: Date.parse(`${c.day}T12:00:00Z`) + i,
      provider: c.provider,
      model: c.model,
      flow: c.flow ?? 'chat',
      companyId: c.companyId,
      ...tokens,
      totalTokens: tokens.inputTokens + tokens.outputTokens + tokens.cacheReadTokens + tokens.cacheCreateTokens,
      costNanoUsd: price ? costNanoUsd(tokens, price.nano) : 0,
      priced: price !== null,
    };
  });
  await writeUsage(usageScope({ companyId: calls[0]?.companyId ?? null, userId, calls: modelCalls }));
}
