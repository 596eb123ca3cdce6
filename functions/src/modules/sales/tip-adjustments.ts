import { addDays } from '../../core/calendar';
import { currencyExponent } from '../../core/money';
import type { TipKind, TipKinds } from './tip-kinds';

/** The change to the tips of a business day and employee (external-rules.ts TipsDelta). */
type DayDelta = TipKinds & { date: string; employeeId: string | null; currency: string };

/**
 * Tip adjustments: pure, no I/O.
 *
 * Payroll pays the tips of a pay period from the tips per business day and employee (posTips) and
 * freezes them when it closes the period. A sale (or a punch's declared cash tips) that changes
 * afterwards on a business date of a closed period (a void, a deletion, a re-close after a void, a
 * changed tip, a sale delivered late) still moves posTips, so the tips per day stay what the vendor
 * says; the money the frozen report paid is never rewritten, the difference becomes a **tip
 * adjustment** per employee and kind, dated on the business day it is recorded (in the open period
 * that pays it). Over all periods, the frozen tips and the adjustments add up to the tips of the
 * vendor's final state:
 *
 *   paid for a period = posTips of its dates - adjustments of its dates (originalDate) + adjustments dated in it
 *
 * (`tipsAsPaid`), whether its report is computed before or after the change: a change recorded
 * while its date was in a closed range is taken out of that range's tips and paid where it is dated.
 */

/** The kinds that move the staff's tips (service charges are the restaurant's, never adjusted). */
export const ADJUSTED_KINDS = [
  'cardTips',
  'cashTips',
  'declaredCashTips',
  'gratuities',
  'tipsGiven',
  'tipsReceived',
] as const satisfies readonly TipKind[];
export type AdjustedKind = (typeof ADJUSTED_KINDS)[number];

/** The kinds the employee already holds in cash (paid through payroll as cash tips, not paid out again). */
export const CASH_KINDS: ReadonlySet<AdjustedKind> = new Set(['cashTips', 'declaredCashTips']);

/** How a kind's figure moves the staff's tips: tips given to another employee are not the giver's. */
const EFFECT: Record<AdjustedKind, 1 | -1> = {
  cardTips: 1,
  cashTips: 1,
  declaredCashTips: 1,
  gratuities: 1,
  tipsGiven: -1,
  tipsReceived: 1,
};

const KIND_WORDS: Record<AdjustedKind, string> = {
  cardTips: 'card tips',
  cashTips: 'cash tips entered on the check',
  declaredCashTips: 'cash tips declared on a punch',
  gratuities: 'voluntary gratuities',
  tipsGiven: 'tips given to other employees',
  tipsReceived: 'tips received from other servers',
};

/** What happened to the record: voided (or deleted) at the vendor, closed again after a void, changed, delivered after the close, a punch's declared tips changed. */
export const TIP_CHANGES = ['voided', 'reclosed', 'changed', 'late', 'declared'] as const;
export type TipChange = (typeof TIP_CHANGES)[number];

const CHANGE_WORDS: Record<TipChange, string> = {
  voided: 'voided or deleted at the vendor',
  reclosed: 'closed again at the vendor after a void',
  changed: 'changed at the vendor',
  late: 'delivered after the close',
  declared: "changed on the punch's declared cash tips",
};

/** The connection named by the tip adjustments of an invoice imported through POST /sales/invoices (no POS connection). */
export const IMPORT_CONNECTION = 'import';

/** The record a tip adjustment comes from. */
export interface AdjustedRecord {
  /** The invoice's POS source (sales), null for a punch's declared tips. */
  posSource: string | null;
  connectionId: string;
  /** The vendor (catalogue slug of the connection). */
  slug: string;
  /** The vendor's record: ticket, punch or imported invoice id. */
  vendorId: string;
  /** The sync run that delivered the change, null outside a run. */
  runId: string | null;
  change: TipChange;
}

/** One tip adjustment as stored (companies/{cid}/posTipAdjustments/{id}). */
export interface TipAdjustment extends AdjustedRecord {
  /** The business date it is paid on (in the open period that pays it). */
  date: string;
  /** The business date of the tips it changes (in a closed period). */
  originalDate: string;
  employeeId: string;
  currency: string;
  kind: AdjustedKind;
  /** Minor units: the change to the employee's tips (negative: taken back). */
  amount: number;
  reason: string;
  at: number;
}

/** A range of business dates payroll has closed. */
export interface ClosedRange {
  startDate: string;
  endDate: string;
}

export const isClosedOn = (ranges: readonly ClosedRange[], date: string): boolean =>
  ranges.some((r) => r.startDate <= date && date <= r.endDate);

/** The business date a tip adjustment recorded `today` is paid on: today, or the first day after the closed ranges holding it. */
export function payDateOf(ranges: readonly ClosedRange[], today: string): string {
  let date = today;
  for (let guard = 0; guard <= ranges.length; guard++) {
    const holding = ranges.find((r) => r.startDate <= date && date <= r.endDate);
    if (!holding) return date;
    date = addDays(holding.endDate, 1);
  }
  return date;
}

const money = (minor: number, currency: string) => {
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  return `${sign}${(Math.abs(minor) / 10 ** exponent).toFixed(exponent)} ${currency}`;
};

/**
 * The tip adjustments of one record's change (`deltas`: what it moves in the tips per business day
 * and employee, see external-rules.ts contribute): one per employee and kind whose tips change on a
 * closed business date. Tips of no employee are paid to nobody and are never adjusted.
 */
export function tipAdjustmentsOf(args: {
  deltas: Iterable<DayDelta>;
  closed: readonly ClosedRange[];
  payDate: string;
  record: AdjustedRecord;
  at: number;
}): TipAdjustment[] {
  const { record } = args;
  const out: TipAdjustment[] = [];
  for (const d of args.deltas) {
    if (d.employeeId === null || !isClosedOn(args.closed, d.date)) continue;
    for (const kind of ADJUSTED_KINDS) {
      const amount = EFFECT[kind] * d[kind];
      if (amount === 0) continue;
      const imported = record.connectionId === IMPORT_CONNECTION;
      const what = `${record.posSource === null ? 'Punch' : imported ? 'Imported invoice' : 'Sale'} ${record.vendorId} (${record.slug})`;
      out.push({
        ...record,
        date: args.payDate,
        originalDate: d.date,
        employeeId: d.employeeId,
        currency: d.currency,
        kind,
        amount,
        reason:
          `${what} of ${d.date}, a closed pay period, was ${CHANGE_WORDS[record.change]}` +
          (record.runId ? ` (run ${record.runId})` : '') +
          `: ${imported ? 'its tips' : KIND_WORDS[kind]} ${amount < 0 ? 'taken back' : 'paid'}, ${money(amount, d.currency)}, ` +
          `in the period of ${args.payDate}; the closed period's report is not rewritten`,
        at: args.at,
      });
    }
  }
  return out;
}

/** Per employee: the tips and the cash part a set of adjustments adds (or takes back when `sign` is -1). */
export function addAdjustments(
  into: { tips: Map<string, number>; cashTips: Map<string, number> },
  adjustments: readonly Pick<TipAdjustment, 'employeeId' | 'kind' | 'amount'>[],
  sign: 1 | -1,
): void {
  const add = (m: Map<string, number>, id: string, v: number) => m.set(id, (m.get(id) ?? 0) + v);
  for (const a of adjustments) {
    add(into.tips, a.employeeId, sign * a.amount);
    if (CASH_KINDS.has(a.kind)) add(into.cashTips, a.employeeId, sign * a.amount);
  }
}
