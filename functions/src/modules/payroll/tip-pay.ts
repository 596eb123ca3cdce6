/**
 * Tips through payroll: pool shares and the tip-credit make-up (pure, no I/O, integer cents).
 *
 * Pool shares. The POS reports each server's own tips (card, cash on checks, declared cash,
 * voluntary gratuities, tips given and received; `tips` of the sales module). A tip that entered a
 * pool is no longer the server's: the pool's locked entries say what each employee put in
 * (`contributed`, taken from their own tips) and what each receives (`share`). So an employee is
 * paid their own tips less what they put into pools, plus their shares:
 *
 *     tips = posTips - contributions + shares
 *
 * and no cent is paid twice: the entries of one pool period (shares, tip-outs, adjustments) add up
 * to what entered it on both sides (distribution.ts: largest remainder, property-tested), so over
 * all employees the contributions equal the shares and the tips paid equal the POS tips exactly.
 * Cash a server holds stays reported as their cash tips (`cashTips`); what they put into a pool is
 * settled through the paycheck: their paycheck tips are reduced by it, and the shares are paid
 * through the paycheck (a server whose cash went to the pool has negative paycheck tips, a
 * deduction, as a tip adjustment taking back more than the period's tips already is).
 *
 * The make-up. Under a tip credit the employer owes, per workweek, the minimum wage for the hours
 * worked less the cash wages and the tips, when that is positive (29 U.S.C. 203(m)(2)(A); the
 * figure of GET /tip-credit/make-up, tip-credit.ts). Payroll pays the make-up of every workweek
 * that ends in the pay period, less what pay elements of kind `tipCreditMakeUp` already paid for
 * that week (in this period or an earlier one): an element counts for the workweeks its earned
 * span overlaps, its amount used up in week order, so no make-up is paid twice.
 */

import { formatCitation } from '../compliance';
import { makeUpOwed, type TipCreditRow } from '../tip-pools';

export interface PoolEntryLine {
  poolId: string;
  poolName: string;
  periodStart: string;
  periodEnd: string;
  kind: 'pool' | 'tipOut' | 'adjustment';
  adjustsPeriod: string | null;
  contributed: number;
  share: number;
}

export interface PoolTips {
  /** posTips - contributions + shares: what the report pays as tips */
  tips: number;
  /** posTips - contributions: the employee's own tips they keep */
  ownTips: number;
  shares: number;
  contributions: number;
}

/** An employee's tips of the period with their pool entries (see the module comment). */
export function tipsWithPools(
  posTips: number,
  entries: readonly Pick<PoolEntryLine, 'contributed' | 'share'>[],
): PoolTips {
  const shares = entries.reduce((s, e) => s + e.share, 0);
  const contributions = entries.reduce((s, e) => s + e.contributed, 0);
  const ownTips = posTips - contributions;
  return { tips: ownTips + shares, ownTips, shares, contributions };
}

/** A workweek's make-up as the tip credit module figures it (tip-credit.ts), one employee. */
export interface MakeUpWeekFigure {
  weekStart: string;
  weekEnd: string;
  jurisdiction: string;
  source: string;
  minutes: number;
  cashWages: number;
  tips: number;
  minimumForHours: number;
  /** what the week owes: minimumForHours - cashWages - tips when positive */
  owed: number;
}

/** A workweek's tip-credit arithmetic for one employee, whether a credit is taken or not. */
export interface WeekCreditFigure {
  minutes: number;
  /** the week's straight-time pay: every worked minute at the rate of its position (pay.ts) */
  cashWages: number;
  tips: number;
  minimumForHours: number;
  /** a credit is allowed and the cash wages are below the minimum wage for the minutes */
  tipCreditTaken: boolean;
  /** minimumForHours - cashWages - tips when a credit is taken and that is positive, else 0 */
  owed: number;
}

/**
 * The tip-credit figure of one employee's workweek: the week's worked minutes and straight-time
 * pay (every minute at the rate of its position, pay.ts) as the cash wages; a credit is taken when
 * the state allows one and they are below the minimum wage for the minutes. Owed: makeUpOwed
 * (tip-credit.ts), the tips never counted below 0. The one figure of the report's make-up lines
 * and of GET /tip-credit/make-up.
 */
export function weekCreditFigure(
  row: TipCreditRow,
  pay: { workedMinutes: number; straightTimePay: number },
  tips: number,
): WeekCreditFigure {
  const minutes = pay.workedMinutes;
  const cashWages = pay.straightTimePay;
  const minimumForHours = row.minimumWage === null ? cashWages : Math.floor((minutes * row.minimumWage * 2 + 60) / 120);
  const tipCreditTaken = row.creditAllowed && row.minimumWage !== null && minutes > 0 && cashWages < minimumForHours;
  return {
    minutes,
    cashWages,
    tips,
    minimumForHours,
    tipCreditTaken,
    owed: tipCreditTaken ? makeUpOwed({ minutes, cashWages, tips: Math.max(0, tips) }, row) : 0,
  };
}

/** A workweek's make-up figure for one employee (weekCreditFigure), or null where no credit is taken. */
export function makeUpFigure(
  week: { start: string; end: string },
  row: TipCreditRow,
  pay: { workedMinutes: number; straightTimePay: number },
  tips: number,
): MakeUpWeekFigure | null {
  const { tipCreditTaken, ...figure } = weekCreditFigure(row, pay, tips);
  if (!tipCreditTaken) return null;
  return {
    weekStart: week.start,
    weekEnd: week.end,
    jurisdiction: row.jurisdiction,
    source: formatCitation(row.source),
    ...figure,
  };
}

export interface MakeUpLine extends MakeUpWeekFigure {
  /** what `tipCreditMakeUp` pay elements already paid for the week */
  paidAsElements: number;
  /** owed - paidAsElements, never below 0: paid in this period */
  amount: number;
}

export interface MakeUpElement {
  earnedFrom: string;
  earnedTo: string;
  amount: number;
}

/**
 * The make-up lines of an employee's workweeks ending in the period, less what their
 * `tipCreditMakeUp` pay elements paid (each element used up over the weeks it overlaps, in
 * order). Weeks owing nothing have no line.
 */
export function makeUpLines(weeks: readonly MakeUpWeekFigure[], elements: readonly MakeUpElement[]): MakeUpLine[] {
  const left = [...elements]
    .sort((a, b) => a.earnedFrom.localeCompare(b.earnedFrom) || a.earnedTo.localeCompare(b.earnedTo))
    .map((e) => ({ ...e, left: e.amount }));
  const out: MakeUpLine[] = [];
  for (const w of [...weeks].sort((a, b) => a.weekStart.localeCompare(b.weekStart))) {
    if (w.owed <= 0) continue;
    let paid = 0;
    for (const e of left) {
      if (e.earnedTo < w.weekStart || e.earnedFrom > w.weekEnd || e.left <= 0) continue;
      const used = Math.min(e.left, w.owed - paid);
      e.left -= used;
      paid += used;
      if (paid === w.owed) break;
    }
    out.push({ ...w, paidAsElements: paid, amount: w.owed - paid });
  }
  return out.filter((l) => l.amount > 0 || l.paidAsElements > 0);
}

const line = (
  kind: 'tips' | 'tipPoolShare' | 'tipCreditMakeUp',
  amount: number,
  weekStart: string | null = null,
  minutes: number | null = null,
) => ({
  kind,
  weekStart,
  positionId: null,
  rate: null,
  minutes,
  amount,
});

/** The report's earnings lines of the tips and the make-up: each week's make-up, the own tips kept, the pool shares. */
export function tipEarnings(pooled: PoolTips, makeUp: readonly MakeUpLine[]) {
  return [
    ...makeUp.filter((l) => l.amount).map((l) => line('tipCreditMakeUp', l.amount, l.weekStart, l.minutes)),
    ...(pooled.ownTips ? [line('tips', pooled.ownTips)] : []),
    ...(pooled.shares ? [line('tipPoolShare', pooled.shares)] : []),
  ];
}
