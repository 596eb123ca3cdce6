import fc from 'fast-check';
import { apportionTo, largestRemainder } from '../../../src/core/rounding';

describe('largest-remainder rounding of itemised lines', () => {
  it('eight lines of 63 minutes at $10.10 ($10.605 each) sum to the exact $84.84, not $84.88', () => {
    const lines = largestRemainder(Array(8).fill(63 * 1010), 60);
    expect(lines.reduce((s, v) => s + v, 0)).toBe(84_84);
    expect(lines.sort()).toEqual([1060, 1060, 1060, 1060, 1061, 1061, 1061, 1061]);
  });

  it('the lines sum to the exact total rounded half up once, each within a cent of its exact amount (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ minutes: fc.integer({ min: 0, max: 6000 }), rate: fc.integer({ min: 0, max: 20_000 }) }), {
          maxLength: 30,
        }),
        (lines) => {
          const numerators = lines.map((l) => l.minutes * l.rate);
          const rounded = largestRemainder(numerators, 60);
          const exactSum = numerators.reduce((s, n) => s + n, 0);
          expect(rounded.reduce((s, v) => s + v, 0)).toBe(Math.floor((2 * exactSum + 60) / 120));
          rounded.forEach((v, i) => expect(Math.abs(v - numerators[i] / 60)).toBeLessThan(1));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('apportions to a target a few cents off the exact sum, never below zero (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100_000, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: -3, max: 3 }),
        (exact, offset) => {
          const sum = exact.reduce((s, v) => s + v, 0);
          const target = Math.max(0, Math.round(sum) + offset);
          fc.pre(target >= 0 && Math.round(sum) + offset >= 0);
          const out = apportionTo(exact, target);
          expect(out.reduce((s, v) => s + v, 0)).toBe(target);
          for (const v of out) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses what is not a count of minor units', () => {
    expect(() => largestRemainder([1.5], 60)).toThrow(RangeError);
    expect(() => largestRemainder([1], 0)).toThrow(RangeError);
    expect(() => apportionTo([], 1)).toThrow(RangeError);
  });
});
