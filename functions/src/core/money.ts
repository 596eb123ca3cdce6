/**
 * Money is kept in integer minor units of an ISO 4217 currency. The one place that knows how many
 * digits a currency's minor unit has, and turns a rate in major units (as roles and employees
 * store them) into minor units.
 */

/** ISO 4217 exponent (digits of the minor unit): 2 for EUR and USD, 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A major-unit amount (e.g. an hourly rate of 18.5) in minor units (1850), rounded half up. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyExponent(currency));
}
