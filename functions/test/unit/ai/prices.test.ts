import { costNanoUsd, modelsOf, priceFor, PRICE_TABLE, PROVIDERS } from '../../../src/ai/prices';
import { fromAnthropic, fromOpenAI, mergeAnthropicStreamUsage } from '../../../src/ai/usage';

describe('the price table', () => {
  it.each([
    ['anthropic', 'claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['anthropic', 'claude-haiku-4-5-20251001', 'claude-haiku-4-5'],
    ['anthropic', 'claude-opus-4-5-20251101', 'claude-opus-4-5'],
    ['anthropic', 'claude-3-5-haiku-latest', 'claude-3-5-haiku'],
    ['anthropic', 'claude-sonnet-4-0', 'claude-sonnet-4'],
    ['openai', 'gpt-4o-2024-08-06', 'gpt-4o'],
    ['openai', 'gpt-4.1-mini-2025-04-14', 'gpt-4.1-mini'],
    ['openai', 'gpt-5-2025-08-07', 'gpt-5'],
    ['openai', 'GPT-4o', 'gpt-4o'],
  ] as const)('prices the %s model %s as its family %s', (provider, model, family) => {
    expect(priceFor(provider, model)?.family).toBe(family);
  });

  it.each([
    ['openai', 'gpt-5.6-sol'],
    ['openai', 'gpt-4o-audio-preview'],
    ['anthropic', 'claude-sonnet-4-5-2025'],
    ['openai', 'claude-sonnet-4-5'],
    ['anthropic', 'gpt-4o'],
  ] as const)('does not guess a price for the %s model %s', (provider, model) => {
    expect(priceFor(provider, model)).toBeNull();
  });

  it('keeps a mini model from resolving to its bigger sibling', () => {
    expect(priceFor('openai', 'gpt-4o-mini-2024-07-18')!.rates.input).toBe(0.15);
    expect(priceFor('openai', 'gpt-4o-2024-08-06')!.rates.input).toBe(2.5);
  });

  it('lists models for both providers and every rate as an exact nano-dollar integer', () => {
    for (const provider of PROVIDERS) expect(modelsOf(provider).length).toBeGreaterThan(5);
    for (const entry of PRICE_TABLE) {
      const nano = priceFor(entry.provider, entry.model)!.nano;
      for (const v of Object.values(nano)) expect(Number.isInteger(v)).toBe(true);
    }
  });

  it('applies the cost rule: each count at its own rate per million tokens', () => {
    const tokens = {
      inputTokens: 1_234_567,
      outputTokens: 89_012,
      cacheReadTokens: 3_456_789,
      cacheCreateTokens: 12_345,
    };
    const nano = costNanoUsd(tokens, priceFor('anthropic', 'claude-sonnet-4-5')!.nano);
    const spec = (1_234_567 / 1e6) * 3 + (89_012 / 1e6) * 15 + (3_456_789 / 1e6) * 0.3 + (12_345 / 1e6) * 3.75;
    expect(nano / 1e9).toBeCloseTo(spec, 9);
    expect(nano).toBe(1_234_567 * 3000 + 89_012 * 15000 + 3_456_789 * 300 + 12_345 * 3750);
  });
});

describe('usage normalisation', () => {
  it('takes Anthropic counts one to one (input_tokens already excludes the cache counts)', () => {
    expect(
      fromAnthropic({
        input_tokens: 10,
        output_tokens: 20,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 40,
      }),
    ).toEqual({ inputTokens: 10, outputTokens: 20, cacheReadTokens: 30, cacheCreateTokens: 40, totalTokens: 100 });
  });

  it('treats null cache counts of Anthropic as zero', () => {
    expect(
      fromAnthropic({
        input_tokens: 10,
        output_tokens: 2,
        cache_read_input_tokens: null,
        cache_creation_input_tokens: null,
      }).totalTokens,
    ).toBe(12);
  });

  it('replaces, never adds, the cumulative counts of Anthropic message_delta events', () => {
    let usage = mergeAnthropicStreamUsage(
      {},
      { input_tokens: 500, output_tokens: 1, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 },
    );
    usage = mergeAnthropicStreamUsage(usage, { output_tokens: 40 });
    usage = mergeAnthropicStreamUsage(usage, { output_tokens: 90, input_tokens: 500, cache_read_input_tokens: 100 });
    expect(fromAnthropic(usage)).toEqual({
      inputTokens: 500,
      outputTokens: 90,
      cacheReadTokens: 100,
      cacheCreateTokens: 0,
      totalTokens: 690,
    });
  });

  it('takes the cached tokens out of OpenAI prompt_tokens', () => {
    expect(
      fromOpenAI({ prompt_tokens: 1000, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 600 } }),
    ).toEqual({ inputTokens: 400, outputTokens: 50, cacheReadTokens: 600, cacheCreateTokens: 0, totalTokens: 1050 });
  });

  it('counts an OpenAI usage without details as all uncached input', () => {
    expect(fromOpenAI({ prompt_tokens: 70, completion_tokens: 5 })).toEqual({
      inputTokens: 70,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheCreateTokens: 0,
      totalTokens: 75,
    });
  });
});
