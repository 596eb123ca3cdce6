/**
 * Price table of the language models the service may call, and the cost rule: each token count at its per-million rate of the model.
 *
 * Rates are USD per million tokens, as the providers publish them. Internally every rate is turned
 * into integer nano-dollars per token (USD/MTok x 1000, exact for rates with at most three decimals),
 * so a call's cost is an exact integer (tokens x rate) and sums of costs (Firestore increments) never
 * drift. `costUsd = costNanoUsd / 1e9` is that cost rule to the last digit:
 *   inputTokens/1e6 x input + outputTokens/1e6 x output + cacheReadTokens/1e6 x cacheRead
 *   + cacheCreateTokens/1e6 x cacheCreate.
 *
 * Sources and date (PRICES_AS_OF):
 *  - Anthropic: https://platform.claude.com/docs/en/about-claude/pricing ("Model pricing" table:
 *    base input, 5m cache writes, cache hits, output), read 2026-11. Opus 5.5, Sonnet 5.5, Sonnet 5
 *    and Haiku 5.5 come from a table citing that page (verified there 2026-10-10); cache writes of
 *    those four are the page's standard 1.25 x input multiplier. cacheCreate is the 5-minute cache
 *    write price (1-hour writes cost 2 x input; the usage block reports them in the same
 *    `cache_creation_input_tokens`, so 1-hour writes are under-priced by 0.75 x input). Long-context
 *    surcharges (prompts above 200K tokens on older Sonnets, above 100K on Haiku 5.5) are not applied.
 *  - OpenAI: https://openai.com/api/pricing (standard tier: input, cached input, output), read 2026-11.
 *    OpenAI does not bill cache writes separately (cacheCreateTokens is always 0 for OpenAI);
 *    cacheCreate is set to the input rate for completeness.
 * A model absent from the table is recorded with cost 0, `priced: false` on its usage row and a
 * logged warning (see usage.ts): never a silent 0. Update the table and PRICES_AS_OF together.
 */
export const PROVIDERS = ['anthropic', 'openai'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PRICES_AS_OF = '2026-11-21';

export interface RatesPerMTok {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreate: number;
}

interface PriceEntry {
  provider: Provider;
  /** The family id (an alias the provider accepts); dated snapshots of it resolve here. */
  model: string;
  rates: RatesPerMTok;
  /** Other ids the provider accepts for this family (besides dated snapshots). */
  aliases?: string[];
}

const anthropic = (
  model: string,
  input: number,
  output: number,
  cacheRead: number,
  cacheCreate: number,
  aliases?: string[],
): PriceEntry => ({
  provider: 'anthropic',
  model,
  rates: { input, output, cacheRead, cacheCreate },
  aliases,
});
const openai = (model: string, input: number, cachedInput: number, output: number, aliases?: string[]): PriceEntry => ({
  provider: 'openai',
  model,
  rates: { input, output, cacheRead: cachedInput, cacheCreate: input },
  aliases,
});

export const PRICE_TABLE: readonly PriceEntry[] = [
  // Anthropic: input, output, cache read (hits), cache create (5m writes)
  anthropic('claude-fable-5-1', 10, 50, 0.25, 12.5),
  anthropic('claude-mythos-5-1', 10, 50, 0.25, 12.5),
  anthropic('claude-fable-5', 10, 50, 1, 12.5),
  anthropic('claude-mythos-5', 10, 50, 1, 12.5),
  anthropic('claude-opus-5-5', 4, 20, 0.2, 5),
  anthropic('claude-opus-5', 5, 25, 0.5, 6.25),
  anthropic('claude-opus-4-8', 5, 25, 0.5, 6.25),
  anthropic('claude-opus-4-7', 5, 25, 0.5, 6.25),
  anthropic('claude-opus-4-6', 5, 25, 0.5, 6.25),
  anthropic('claude-opus-4-5', 5, 25, 0.5, 6.25),
  anthropic('claude-opus-4-1', 15, 75, 1.5, 18.75),
  anthropic('claude-opus-4', 15, 75, 1.5, 18.75, ['claude-opus-4-0']),
  anthropic('claude-sonnet-5-5', 2, 10, 0.1, 2.5),
  anthropic('claude-sonnet-5', 2, 10, 0.2, 2.5),
  anthropic('claude-sonnet-4-6', 3, 15, 0.3, 3.75),
  anthropic('claude-sonnet-4-5', 3, 15, 0.3, 3.75),
  anthropic('claude-sonnet-4', 3, 15, 0.3, 3.75, ['claude-sonnet-4-0']),
  anthropic('claude-3-7-sonnet', 3, 15, 0.3, 3.75),
  anthropic('claude-haiku-5-5', 0.1, 0.5, 0.01, 0.125),
  anthropic('claude-haiku-4-5', 1, 5, 0.1, 1.25),
  anthropic('claude-3-5-haiku', 0.8, 4, 0.08, 1),
  anthropic('claude-3-haiku', 0.25, 1.25, 0.03, 0.3),
  // OpenAI: input, cached input, output
  openai('gpt-5.4', 2.5, 0.25, 15),
  openai('gpt-5.4-mini', 0.75, 0.075, 4.5),
  openai('gpt-5.4-nano', 0.2, 0.02, 1.25),
  openai('gpt-5.2', 1.75, 0.175, 14),
  openai('gpt-5.1', 1.25, 0.125, 10),
  openai('gpt-5', 1.25, 0.125, 10),
  openai('gpt-5-mini', 0.25, 0.025, 2),
  openai('gpt-5-nano', 0.05, 0.005, 0.4),
  openai('gpt-4.1', 2, 0.5, 8),
  openai('gpt-4.1-mini', 0.4, 0.1, 1.6),
  openai('gpt-4.1-nano', 0.1, 0.025, 0.4),
  openai('gpt-4o', 2.5, 1.25, 10),
  openai('gpt-4o-mini', 0.15, 0.075, 0.6),
  openai('o3', 2, 0.5, 8),
  openai('o4-mini', 1.1, 0.275, 4.4),
];

/** Rates as integer nano-dollars per token. */
export interface NanoRates {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreate: number;
}

export interface ResolvedPrice {
  provider: Provider;
  /** The family the model id resolved to. */
  family: string;
  rates: RatesPerMTok;
  nano: NanoRates;
}

/** USD per million tokens as integer nano-dollars per token; a rate with more than three decimals is refused (it would not be exact). */
export const toNano = (usdPerMTok: number): number => {
  const nano = Math.round(usdPerMTok * 1000);
  if (Math.abs(nano - usdPerMTok * 1000) > 1e-6) throw new Error(`price ${usdPerMTok} has more than three decimals`);
  return nano;
};

const INDEX = new Map<string, ResolvedPrice>();
for (const entry of PRICE_TABLE) {
  const resolved: ResolvedPrice = {
    provider: entry.provider,
    family: entry.model,
    rates: entry.rates,
    nano: {
      input: toNano(entry.rates.input),
      output: toNano(entry.rates.output),
      cacheRead: toNano(entry.rates.cacheRead),
      cacheCreate: toNano(entry.rates.cacheCreate),
    },
  };
  for (const id of [entry.model, ...(entry.aliases ?? [])]) INDEX.set(`${entry.provider}:${id}`, resolved);
}

/** Dated snapshot suffixes: Anthropic `-20250929`, OpenAI `-2025-04-14`; and the `-latest` alias. */
const SNAPSHOT_SUFFIX = /(-\d{8}|-\d{4}-\d{2}-\d{2}|-latest)$/;

/**
 * The price of a model id, matching the family id, its aliases, dated snapshots
 * (`claude-sonnet-4-5-20250929` -> `claude-sonnet-4-5`, `gpt-4o-2024-08-06` -> `gpt-4o`) and
 * `-latest` aliases. No prefix guessing: `gpt-5.6-sol` does not resolve to `gpt-5`. Null if unknown.
 */
export function priceFor(provider: Provider, model: string): ResolvedPrice | null {
  const id = model.trim().toLowerCase();
  return INDEX.get(`${provider}:${id}`) ?? INDEX.get(`${provider}:${id.replace(SNAPSHOT_SUFFIX, '')}`) ?? null;
}

/** The families a provider offers (what an administrator may configure), in table order. */
export function modelsOf(provider: Provider): string[] {
  return PRICE_TABLE.filter((p) => p.provider === provider).map((p) => p.model);
}

export function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}

export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreateTokens: number;
}

/** The cost rule in exact integer nano-dollars. */
export function costNanoUsd(tokens: TokenCounts, nano: NanoRates): number {
  return (
    tokens.inputTokens * nano.input +
    tokens.outputTokens * nano.output +
    tokens.cacheReadTokens * nano.cacheRead +
    tokens.cacheCreateTokens * nano.cacheCreate
  );
}

export const nanoToUsd = (nano: number): number => nano / 1e9;
