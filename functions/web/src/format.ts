import { h } from './dom';

/**
 * Numbers in the viewer's locale. Money is read as dollars and cents (every total, share of spend,
 * budget and chart figure); the exact figure the API answers (billionths of a dollar) is on hover
 * (the element's title) and in the CSV export. One usage row (a request's calls of one model) is
 * the unit a price applies to: its cost is shown exact, as a unit price would be.
 */
const locale = navigator.language || 'en-US';
const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const usd = (maximumFractionDigits: number) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits,
  });
const cents = usd(2);
const billionths = usd(9);

export const formatInt = (n: number) => integer.format(n);
export const formatPercent = (share: number) => percent.format(share);

/**
 * The exact decimal of a count of nano-dollars, as a string: Intl formats (and rounds, half away
 * from zero) a decimal string exactly, with no binary fraction in between.
 */
function dollarsOf(nanoUsd: number): string {
  const whole = Math.trunc(nanoUsd);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 1e9)}.${String(abs % 1e9).padStart(9, '0')}`;
}
// Intl.NumberFormat takes decimal strings (ECMA-402 NumberFormat v3; Chromium 106+), which the DOM typings do not list
const format = (f: Intl.NumberFormat, nanoUsd: number) => f.format(dollarsOf(nanoUsd) as unknown as number);

/** Dollars and cents, from the exact nano-dollar count. */
export const formatUsd = (nanoUsd: number) => format(cents, nanoUsd);
/** The exact figure, to the billionth of a dollar (trailing zeros after the cents dropped). */
export const formatExactUsd = (nanoUsd: number) => format(billionths, nanoUsd);
/** Budgets are set and watched in dollars and cents. */
export const formatBudgetUsd = formatUsd;

/** A dollar tick of the chart's axis: cents, or as many decimals as ticks closer than a cent need. */
export function formatAxisUsd(value: number, step: number): string {
  const decimals = step > 0 && step < 0.01 ? Math.min(9, Math.ceil(-Math.log10(step))) : 2;
  return usd(decimals).format(value);
}
export const formatTime = (ms: number) => new Date(ms).toLocaleString(locale);

/** A dollar figure as read (dollars and cents), the exact one on hover and in `data-nano-usd`. */
export const money = (nanoUsd: number) =>
  h(
    'span',
    { class: 'money', title: `${formatExactUsd(nanoUsd)} exactly`, 'data-nano-usd': nanoUsd },
    formatUsd(nanoUsd),
  );
