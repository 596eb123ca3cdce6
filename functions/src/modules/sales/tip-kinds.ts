/**
 * The kinds of tips (and tip-like money) the sales module keeps apart per business day and employee
 * (pure, no I/O; a file of its own so the answers' schemas name it without loading the rest):
 *
 * - cardTips: tips the guest added on the check and paid by card or another non-cash tender;
 * - cashTips: tips entered on the check at the POS as paid in cash;
 * - declaredCashTips: cash tips the employee declared on a POS punch (at clock-out), which the POS
 *   did not see on a check;
 * - gratuities: voluntary gratuity lines the guest chose (the staff's tip, 29 CFR 531.52);
 * - serviceCharges: automatic gratuities and mandatory service charges: the restaurant's receipt,
 *   not a tip (29 CFR 531.55), kept beside the server's figures but never in their tips;
 * - tipsGiven: the part of the server's tips and gratuities the POS credits to another employee;
 * - tipsReceived: what the POS credits to this employee from another server's checks.
 *
 * The staff's tips of an employee are cardTips + cashTips + declaredCashTips + gratuities -
 * tipsGiven + tipsReceived: over a company, tips given and received cancel, so no cent is created
 * or lost by moving it between servers.
 */
export const TIP_KINDS = [
  'cardTips',
  'cashTips',
  'declaredCashTips',
  'gratuities',
  'serviceCharges',
  'tipsGiven',
  'tipsReceived',
] as const;
export type TipKind = (typeof TIP_KINDS)[number];
export type TipKinds = Record<TipKind, number>;

export const noTips = (): TipKinds => ({
  cardTips: 0,
  cashTips: 0,
  declaredCashTips: 0,
  gratuities: 0,
  serviceCharges: 0,
  tipsGiven: 0,
  tipsReceived: 0,
});

/** The staff's tips of a set of figures: what they are owed as tips (service charges are not tips). */
export const staffTips = (k: TipKinds): number =>
  k.cardTips + k.cashTips + k.declaredCashTips + k.gratuities - k.tipsGiven + k.tipsReceived;

export const isZeroTips = (k: TipKinds): boolean => TIP_KINDS.every((kind) => k[kind] === 0);

/** Adds `b` (times `sign`) into `a`. */
export function addTips(a: TipKinds, b: TipKinds, sign: 1 | -1 = 1): TipKinds {
  for (const kind of TIP_KINDS) a[kind] += sign * b[kind];
  return a;
}
