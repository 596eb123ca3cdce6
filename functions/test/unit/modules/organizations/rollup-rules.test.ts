import fc from 'fast-check';
import { addFigures, percentOf, totalsByCurrency } from '../../../../src/modules/organizations/rollup-rules';
import type { RollupLocation } from '../../../../src/modules/organizations/rollup-schemas';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const location = fc.record({
  currency: fc.constantFrom('USD', 'CAD', null),
  totalSales: cents,
  customerCount: fc.nat(5_000),
  tips: cents,
  laborCost: fc.option(cents, { nil: null }),
  actualLaborCost: fc.option(cents, { nil: null }),
  premiumCount: fc.nat(50),
  premiumMinor: cents,
  forecastSales: fc.option(cents, { nil: null }),
});

type Raw = typeof location extends fc.Arbitrary<infer T> ? T : never;

function line(l: Raw, i: number): RollupLocation {
  return {
    companyId: `co-${i}`,
    name: `L${i}`,
    employerId: 'e1',
    currency: l.currency,
    figures: {
      totalSales: l.totalSales,
      customerCount: l.customerCount,
      tips: l.tips,
      laborCost: l.laborCost,
      laborPercent: percentOf(l.laborCost, l.totalSales),
      actualLaborCost: l.actualLaborCost,
      actualLaborPercent: percentOf(l.actualLaborCost, l.totalSales),
      premiums: { count: l.premiumCount, amountMinor: l.premiumMinor },
      forecastSales: l.forecastSales,
    },
    aiUsage: { calls: 0, totalTokens: 0, costNanoUsd: 0 },
    forecastUnavailable: null,
    hidden: l.laborCost === null ? ['laborCost'] : [],
  };
}

describe('organization rollup totals', () => {
  it('add every cent of each currency once, never across currencies, and withhold a labour sum a location withholds', () => {
    fc.assert(
      fc.property(fc.array(location, { maxLength: 25 }), (raw) => {
        const locations = raw.map(line);
        const totals = totalsByCurrency(locations);
        expect(new Set(totals.map((t) => t.currency)).size).toBe(totals.length);
        expect(totals.reduce((a, t) => a + t.locations, 0)).toBe(locations.length);
        for (const t of totals) {
          const of = locations.filter((l) => l.currency === t.currency);
          const sum = (f: (l: RollupLocation) => number) => of.reduce((a, l) => a + f(l), 0);
          expect(t.figures.totalSales).toBe(sum((l) => l.figures.totalSales));
          expect(t.figures.tips).toBe(sum((l) => l.figures.tips));
          expect(t.figures.premiums.amountMinor).toBe(sum((l) => l.figures.premiums.amountMinor));
          const withheld = of.some((l) => l.figures.laborCost === null);
          expect(t.figures.laborCost).toBe(withheld ? null : sum((l) => l.figures.laborCost!));
          expect(t.figures.laborPercent).toBe(percentOf(t.figures.laborCost, t.figures.totalSales));
        }
      }),
    );
  });

  it('rounds the percent of the sums as GET /sales rounds its ratio (4 decimals), null without sales', () => {
    expect(percentOf(6000, 35000)).toBe(0.1714);
    expect(percentOf(6000, 0)).toBeNull();
    expect(percentOf(null, 100)).toBeNull();
    expect(addFigures([]).laborCost).toBe(0);
  });
});
