/**
 * The US employer identification number (EIN) of a legal entity: nine digits written NN-NNNNNNN,
 * the first two a prefix the IRS assigns. Prefixes the IRS has never issued are refused, so that a
 * typo in the first two digits does not reach a payroll export. Source: IRS, "How EINs are assigned
 * and valid EIN prefixes" (irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-
 * and-valid-ein-prefixes); the list below is that page's, as last published, not re-read online
 * here on 2026-12-04 (this machine has no internet). A new prefix the IRS adds goes in
 * VALID_PREFIXES.
 */
const VALID_PREFIXES: ReadonlySet<string> = new Set(
  [
    [1, 6],
    [10, 16],
    [20, 27],
    [30, 48],
    [50, 68],
    [71, 77],
    [80, 88],
    [90, 95],
    [98, 99],
  ].flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'))),
);

export const EIN_PATTERN = /^\d{2}-\d{7}$/;

/** Why `ein` is not a well-formed EIN, or undefined. */
export function einProblem(ein: string): string | undefined {
  if (!EIN_PATTERN.test(ein)) return 'must be an employer identification number written NN-NNNNNNN';
  if (!VALID_PREFIXES.has(ein.slice(0, 2))) return `the prefix ${ein.slice(0, 2)} is not one the IRS assigns`;
  return undefined;
}
