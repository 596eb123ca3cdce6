/**
 * Rounding that sums: pure, no I/O.
 *
 * An itemised statement must add up: California Labor Code 226(a)(9) asks the wage statement for
 * "all applicable hourly rates in effect during the pay period and the corresponding number of
 * hours worked at each hourly rate", and a clerk checks the lines against the total. Rounding each
 * line half up on its own does not sum (eight lines of 63 minutes at $10.00 are $10.50 each
 * exactly; half up they would still sum, but at rates ending in half a cent, e.g. 63 minutes at
 * $10.10 = $10.605, eight lines are $84.84 exact and $84.88 rounded each). So the lines are
 * rounded by the largest-remainder method (Hamilton's method): the total is the exact sum rounded
 * half up once, every line gets the floor of its exact amount, and the cents left over go one each
 * to the lines with the largest fractional parts (ties: the earlier line). The lines then add up
 * exactly to the rounded total and no line is more than one cent from its exact amount.
 *
 * Amounts are given as exact fractions `numerator / denominator` of minor units (a worked line is
 * minutes x rate / 60, rates in integer minor units per hour, so the numerator is an integer and
 * nothing is lost to floating point).
 */

/** floor(n / d) for a non-negative safe-integer n and a positive d. */
const floorDiv = (n: number, d: number) => Math.floor(n / d);

/**
 * Rounded amounts of `numerators / denominator` (integers, non-negative) that add up to
 * round-half-up(sum / denominator) exactly, each within one minor unit of its exact value.
 */
export function largestRemainder(numerators: readonly number[], denominator: number): number[] {
  if (!Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError(`Invalid denominator: ${denominator}`);
  for (const n of numerators)
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid numerator: ${n} (a non-negative integer)`);
  const sum = numerators.reduce((s, n) => s + n, 0);
  const total = floorDiv(2 * sum + denominator, 2 * denominator); // half up
  const out = numerators.map((n) => floorDiv(n, denominator));
  let left = total - out.reduce((s, v) => s + v, 0);
  const order = numerators
    .map((n, i) => ({ i, remainder: n % denominator }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]++;
    left--;
  }
  return out;
}

/**
 * Rounded amounts of `exact` (non-negative minor units, fractions allowed) that add up exactly to
 * `target`, an integer within a few minor units of their exact sum (the pay as its components were
 * rounded): the floors, then the minor units left over one each to the largest fractional parts
 * (or, when the target is below the floors' sum, taken one each from the smallest fractional parts
 * of the lines that have one to give), cycling if need be. Ties: the earlier line.
 */
export function apportionTo(exact: readonly number[], target: number): number[] {
  if (!Number.isSafeInteger(target)) throw new RangeError(`Invalid target: ${target}`);
  if (!exact.length) {
    if (target !== 0) throw new RangeError(`Nothing to apportion ${target} to`);
    return [];
  }
  // a hair of tolerance: 0.5 computed as 0.49999999 is still half
  const floors = exact.map((x) => Math.floor(x + 1e-9));
  const remainder = exact.map((x, i) => x - floors[i]);
  const out = [...floors];
  let left = target - floors.reduce((s, v) => s + v, 0);
  const byRemainder = exact.map((_, i) => i).sort((a, b) => remainder[b] - remainder[a] || a - b);
  for (let k = 0; left > 0; k = (k + 1) % byRemainder.length, left--) out[byRemainder[k]]++;
  const bySmallest = [...byRemainder].reverse();
  for (let k = 0, guard = 0; left < 0 && guard < 10 * bySmallest.length; k = (k + 1) % bySmallest.length, guard++) {
    if (out[bySmallest[k]] > 0) {
      out[bySmallest[k]]--;
      left++;
    }
  }
  if (left !== 0) throw new RangeError(`Cannot apportion ${target} over non-negative lines`);
  return out;
}
