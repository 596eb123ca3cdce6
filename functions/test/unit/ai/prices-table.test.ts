/**
 * The price table pinned to the published rates (USD per million tokens; sources and date in
 * src/ai/prices.ts): a change of a rate or a model id must be made here too, on purpose.
 * Anthropic: input, output, cache hits, 5-minute cache writes. OpenAI: input, output, cached input
 * (cache writes are not billed separately: recorded at the input rate).
 */
import { isProvider, modelsOf, nanoToUsd, priceFor, PRICES_AS_OF, toNano, type Provider } from '../../../src/ai/prices';

const PUBLISHED: [Provider, string, number, number, number, number][] = [
  ['anthropic', 'claude-fable-5-1', 10, 50, 0.25, 12.5],
  ['anthropic', 'claude-mythos-5-1', 10, 50, 0.25, 12.5],
  ['anthropic', 'claude-fable-5', 10, 50, 1, 12.5],
  ['anthropic', 'claude-mythos-5', 10, 50, 1, 12.5],
  ['anthropic', 'claude-opus-5-5', 4, 20, 0.2, 5],
  ['anthropic', 'claude-opus-5', 5, 25, 0.5, 6.25],
  ['anthropic', 'claude-opus-4-8', 5, 25, 0.5, 6.25],
  ['anthropic', 'claude-opus-4-7', 5, 25, 0.5, 6.25],
  ['anthropic', 'claude-opus-4-6', 5, 25, 0.5, 6.25],
  ['anthropic', 'claude-opus-4-5', 5, 25, 0.5, 6.25],
  ['anthropic', 'claude-opus-4-1', 15, 75, 1.5, 18.75],
  ['anthropic', 'claude-opus-4', 15, 75, 1.5, 18.75],
  ['anthropic', 'claude-sonnet-5-5', 2, 10, 0.1, 2.5],
  ['anthropic', 'claude-sonnet-5', 2, 10, 0.2, 2.5],
  ['anthropic', 'claude-sonnet-4-6', 3, 15, 0.3, 3.75],
  ['anthropic', 'claude-sonnet-4-5', 3, 15, 0.3, 3.75],
  ['anthropic', 'claude-sonnet-4', 3, 15, 0.3, 3.75],
  ['anthropic', 'claude-3-7-sonnet', 3, 15, 0.3, 3.75],
  ['anthropic', 'claude-haiku-5-5', 0.1, 0.5, 0.01, 0.125],
  ['anthropic', 'claude-haiku-4-5', 1, 5, 0.1, 1.25],
  ['anthropic', 'claude-3-5-haiku', 0.8, 4, 0.08, 1],
  ['anthropic', 'claude-3-haiku', 0.25, 1.25, 0.03, 0.3],
  ['openai', 'gpt-5.4', 2.5, 15, 0.25, 2.5],
  ['openai', 'gpt-5.4-mini', 0.75, 4.5, 0.075, 0.75],
  ['openai', 'gpt-5.4-nano', 0.2, 1.25, 0.02, 0.2],
  ['openai', 'gpt-5.2', 1.75, 14, 0.175, 1.75],
  ['openai', 'gpt-5.1', 1.25, 10, 0.125, 1.25],
  ['openai', 'gpt-5', 1.25, 10, 0.125, 1.25],
  ['openai', 'gpt-5-mini', 0.25, 2, 0.025, 0.25],
  ['openai', 'gpt-5-nano', 0.05, 0.4, 0.005, 0.05],
  ['openai', 'gpt-4.1', 2, 8, 0.5, 2],
  ['openai', 'gpt-4.1-mini', 0.4, 1.6, 0.1, 0.4],
  ['openai', 'gpt-4.1-nano', 0.1, 0.4, 0.025, 0.1],
  ['openai', 'gpt-4o', 2.5, 10, 1.25, 2.5],
  ['openai', 'gpt-4o-mini', 0.15, 0.6, 0.075, 0.15],
  ['openai', 'o3', 2, 8, 0.5, 2],
  ['openai', 'o4-mini', 1.1, 4.4, 0.275, 1.1],
];

describe('the published prices', () => {
  it.each(PUBLISHED)(
    '%s %s: input %d, output %d, cache read %d, cache write %d per million tokens',
    (provider, model, input, output, cacheRead, cacheCreate) => {
      const price = priceFor(provider, model);
      expect(price).toEqual({
        provider,
        family: model,
        rates: { input, output, cacheRead, cacheCreate },
        nano: {
          input: input * 1000,
          output: output * 1000,
          cacheRead: cacheRead * 1000,
          cacheCreate: cacheCreate * 1000,
        },
      });
    },
  );

  it('offers exactly the published families of each provider, in the table order, to administrators', () => {
    for (const provider of ['anthropic', 'openai'] as const) {
      expect(modelsOf(provider)).toEqual(PUBLISHED.filter(([p]) => p === provider).map(([, model]) => model));
    }
  });

  it("accepts the providers' other ids for a family: claude-opus-4-0 and claude-sonnet-4-0", () => {
    expect(priceFor('anthropic', 'claude-opus-4-0')?.family).toBe('claude-opus-4');
    expect(priceFor('anthropic', 'claude-sonnet-4-0')?.family).toBe('claude-sonnet-4');
  });

  it('matches an id whatever its case and surrounding spaces', () => {
    expect(priceFor('anthropic', '  Claude-Haiku-4-5  ')?.family).toBe('claude-haiku-4-5');
    expect(priceFor('openai', ' O4-MINI-2025-04-16 ')?.family).toBe('o4-mini');
  });

  it('strips a snapshot suffix only at the end of the id', () => {
    // "-latest" in the middle: not a snapshot of gpt-4o-mini
    expect(priceFor('openai', 'gpt-4o-latest-mini')).toBeNull();
    expect(priceFor('anthropic', 'claude-sonnet-4-20250514-5')).toBeNull();
  });

  it('records the date the prices were read', () => {
    expect(PRICES_AS_OF).toMatch(/^20\d\d-\d\d-\d\d$/);
  });

  it('knows its two providers and nothing else', () => {
    expect(['anthropic', 'openai', 'google', ''].map(isProvider)).toEqual([true, true, false, false]);
  });

  it('turns a rate into exact nano-dollars per token and refuses one with more than three decimals', () => {
    expect([toNano(3), toNano(0.075), toNano(18.75), toNano(0.005)]).toEqual([3000, 75, 18750, 5]);
    expect(() => toNano(0.0001)).toThrow('more than three decimals');
    expect(() => toNano(1.2345)).toThrow('more than three decimals');
  });

  it('reads nano-dollars as dollars', () => {
    expect(nanoToUsd(1_500_000_000)).toBe(1.5);
    expect(nanoToUsd(2_500)).toBe(0.0000025);
  });
});
