import type { TokenCounts } from './prices';

/**
 * Usage normalised into non-overlapping counts: every token billed by the provider is in exactly one
 * of inputTokens (uncached input), cacheReadTokens, cacheCreateTokens or outputTokens, and
 * totalTokens is their sum. The two providers count differently:
 *  - Anthropic: `input_tokens` already EXCLUDES `cache_read_input_tokens` and
 *    `cache_creation_input_tokens`, so the three map one to one.
 *  - OpenAI: `prompt_tokens` INCLUDES `prompt_tokens_details.cached_tokens`, so
 *    inputTokens = prompt_tokens - cached_tokens, cacheReadTokens = cached_tokens, cacheCreateTokens = 0.
 *    `completion_tokens` (reasoning tokens included, billed as output) is outputTokens.
 */
export interface NormalizedUsage extends TokenCounts {
  totalTokens: number;
}

const n = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

export function withTotal(counts: TokenCounts): NormalizedUsage {
  return {
    ...counts,
    totalTokens: counts.inputTokens + counts.outputTokens + counts.cacheReadTokens + counts.cacheCreateTokens,
  };
}

export interface AnthropicUsageLike {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export function fromAnthropic(usage: AnthropicUsageLike | null | undefined): NormalizedUsage {
  return withTotal({
    inputTokens: n(usage?.input_tokens),
    outputTokens: n(usage?.output_tokens),
    cacheReadTokens: n(usage?.cache_read_input_tokens),
    cacheCreateTokens: n(usage?.cache_creation_input_tokens),
  });
}

/**
 * Anthropic streaming: `message_start` carries the input-side counts (and an initial output count);
 * each `message_delta` carries CUMULATIVE counts, so a field present in a later event replaces the
 * earlier value; nothing is added up.
 */
export function mergeAnthropicStreamUsage(
  current: AnthropicUsageLike,
  update: AnthropicUsageLike | null | undefined,
): AnthropicUsageLike {
  if (!update) return current;
  const next = { ...current };
  for (const key of [
    'input_tokens',
    'output_tokens',
    'cache_read_input_tokens',
    'cache_creation_input_tokens',
  ] as const) {
    const value = update[key];
    if (typeof value === 'number') next[key] = value;
  }
  return next;
}

export interface OpenAIUsageLike {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

export function fromOpenAI(usage: OpenAIUsageLike | null | undefined): NormalizedUsage {
  const prompt = n(usage?.prompt_tokens);
  const cached = Math.min(n(usage?.prompt_tokens_details?.cached_tokens), prompt);
  return withTotal({
    inputTokens: prompt - cached,
    outputTokens: n(usage?.completion_tokens),
    cacheReadTokens: cached,
    cacheCreateTokens: 0,
  });
}
