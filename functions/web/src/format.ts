/** Numbers in the viewer's locale; costs in US dollars with the precision the rows carry (billionths). */
const locale = navigator.language || 'en-US';
const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const dollars = new Intl.NumberFormat(locale, {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 9,
});

export const formatInt = (n: number) => integer.format(n);
export const formatPercent = (share: number) => percent.format(share);
/** From the exact nano-dollar count: no float rounding before display. */
export const formatUsd = (costNanoUsd: number) => dollars.format(costNanoUsd / 1e9);
const cents = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
/** Budgets are set and watched in dollars and cents: their figures are shown to the cent. */
export const formatBudgetUsd = (nanoUsd: number) => cents.format(nanoUsd / 1e9);
export const formatTime = (ms: number) => new Date(ms).toLocaleString(locale);
