/**
 * Money is kept in integer minor units of an ISO 4217 currency. The one place that knows how many
 * digits a currency's minor unit has, and turns a rate in major units (as roles and employees
 * store them) into minor units.
 */

const exponents = new Map<string, number>();

/** ISO 4217 exponent (digits of the minor unit): 2 for EUR and USD, 0 for JPY, 3 for KWD. Remembered per code (Intl is slow to build, and imports ask per row). */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  // Stryker disable next-line ConditionalExpression: memoisation only; computing it again gives the same exponent
  if (exponent === undefined) {
    try {
      exponent =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      exponent = 2;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cap only bounds the memo's memory
    if (exponents.size < 1000) exponents.set(currency, exponent);
  }
  return exponent;
}

/** A major-unit amount (e.g. an hourly rate of 18.5) in minor units (1850), rounded half up. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyExponent(currency));
}
