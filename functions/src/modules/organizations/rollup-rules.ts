import type { RollupLocation, RollupResponse } from './rollup-schemas';

type Figures = RollupLocation['figures'];
type Spend = RollupLocation['aiUsage'];

/** Labor cost / sales to 4 decimals, as GET /sales rounds its ratio; null without sales or labor. */
export const percentOf = (labor: number | null, sales: number): number | null =>
  labor === null || sales <= 0 ? null : Math.round((labor / sales) * 10000) / 10000;

const sumOrNull = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);

const sum = (values: number[]) => values.reduce((a, v) => a + v, 0);

/** The figures of several locations of one currency added up; the percents from the sums. */
export function addFigures(all: Figures[]): Figures {
  const totalSales = sum(all.map((f) => f.totalSales));
  const laborCost = sumOrNull(all.map((f) => f.laborCost));
  const actualLaborCost = sumOrNull(all.map((f) => f.actualLaborCost));
  return {
    totalSales,
    customerCount: sum(all.map((f) => f.customerCount)),
    tips: sum(all.map((f) => f.tips)),
    laborCost,
    laborPercent: percentOf(laborCost, totalSales),
    actualLaborCost,
    actualLaborPercent: percentOf(actualLaborCost, totalSales),
    premiums: {
      count: sum(all.map((f) => f.premiums.count)),
      amountMinor: sum(all.map((f) => f.premiums.amountMinor)),
    },
    forecastSales: sumOrNull(all.map((f) => f.forecastSales)),
  };
}

export function addSpend(all: Spend[]): Spend {
  return {
    calls: sum(all.map((s) => s.calls)),
    totalTokens: sum(all.map((s) => s.totalTokens)),
    costNanoUsd: sum(all.map((s) => s.costNanoUsd)),
  };
}

/** One total per currency, in the order the currencies first appear. */
export function totalsByCurrency(locations: RollupLocation[]): RollupResponse['totals'] {
  const groups = new Map<string | null, RollupLocation[]>();
  for (const l of locations) groups.set(l.currency, [...(groups.get(l.currency) ?? []), l]);
  return [...groups].map(([currency, of]) => ({
    currency,
    locations: of.length,
    figures: addFigures(of.map((l) => l.figures)),
  }));
}
