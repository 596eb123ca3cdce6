import { z } from 'zod';
import type { LeaveRateBasis, LeaveUse } from '../leave';
import { visibleTo } from '../../http/visibility';
import { weekOf } from '../../core/calendar';
import { componentPay, type CalendarInput } from './overtime';
import type { PayElementLine } from './pay-elements';

/**
 * Paid time off in the report (pure): each approved paid day-off request of the period (the
 * leave module's `leaveUsedIn`) is a line of its minutes at the rate the law sets for it, the
 * rate given by the report for the basis: `regular`, the regular rate of pay of the workweek the
 * leave is used in (California Labor Code 246(l)(1); the employee's primary rate when they worked
 * no hours that week: the 90-day average of 246(l)(2) is not computed); `normal` and `base`, the
 * rate of the employee's primary position. Leave hours are not hours worked: they enter neither
 * the regular rate nor overtime (29 CFR 778.218, 778.320).
 */
export const leaveLineSchema = z
  .object({
    policyId: z.string(),
    policyName: z.string(),
    kind: z.enum(['sick', 'pto']),
    requestId: z.string().nullable().describe('The approved day-off request'),
    date: z.string().describe('The first day off'),
    minutes: z.int(),
    rateBasis: z
      .enum(['regular', 'normal', 'base'])
      .describe("regular: the workweek's regular rate of pay; normal, base: the primary position's rate"),
    rate: visibleTo(z.int().nullable().describe('Minor units per hour; null when withheld'), 'pay'),
    amount: visibleTo(z.int().nullable().describe('Minor units; null when withheld'), 'pay'),
    citation: z.string().nullable().describe("The law's source of the rate (sick leave)"),
  })
  .meta({ id: 'LeavePayLine' });
export type LeaveLine = z.infer<typeof leaveLineSchema> & { rate: number; amount: number };

/** A prior-period adjustment line (leave-returns.ts): paid time off of a closed period cancelled after it closed. */
export const leaveReturnedLineSchema = z
  .object({
    kind: z
      .literal('leaveReturned')
      .describe(
        'Paid time off of a closed period cancelled after it closed (its minutes went back to the balance): that period stays as paid, and what it paid for the leave is taken back here',
      ),
    requestId: z.string().describe('The cancelled day-off request'),
    policyId: z.string(),
    policyName: z.string(),
    date: z.string().describe('The first day off'),
    closedPeriodStart: z.string().describe('The closed period that paid the leave'),
    closedPeriodEnd: z.string(),
    minutes: z.int().describe('The leave minutes taken back (negative)'),
    rate: visibleTo(
      z.int().nullable().describe('Minor units per hour the closed period paid; null when withheld'),
      'pay',
    ),
    amount: visibleTo(
      z.int().nullable().describe('Minor units, negative: what the closed period paid; null when withheld'),
      'pay',
    ),
    reason: z.string().describe('What happened, in words (no amounts)'),
  })
  .meta({ id: 'LeaveReturnedAdjustment' });
export type LeaveReturnedLine = z.infer<typeof leaveReturnedLineSchema> & { rate: number; amount: number };

/**
 * The leave balances of the wage statement: per leave policy, what is available on the period's
 * last day (California Labor Code 246(i): the itemized wage statement, or a writing with the pay,
 * shows the paid sick leave available; checked 2026-12-04 at
 * https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=246),
 * with the leave year's accrued and used minutes. Tagged pay: the employee sees their own, managers
 * as they see pay, owners all.
 */
export const leaveBalanceLineSchema = z
  .object({
    policyId: z.string(),
    policyName: z.string(),
    kind: z.enum(['sick', 'pto']),
    asOf: z.string().describe("The period's last day"),
    balanceMinutes: visibleTo(z.int().nullable().describe('Available on that day; null when withheld'), 'pay'),
    accruedMinutes: visibleTo(z.int().nullable().describe('Accrued (or granted) in the leave year holding it'), 'pay'),
    usedMinutes: visibleTo(z.int().nullable().describe('Used in that leave year'), 'pay'),
  })
  .meta({ id: 'LeaveBalanceLine' });
export type LeaveBalanceLine = z.infer<typeof leaveBalanceLineSchema> & {
  balanceMinutes: number;
  accruedMinutes: number;
  usedMinutes: number;
};

export function leavePayOf(uses: readonly LeaveUse[], rateOn: (date: string, basis: LeaveRateBasis) => number) {
  const lines: LeaveLine[] = uses
    .map((u) => {
      const rate = Math.round(rateOn(u.date, u.rateBasis));
      return {
        policyId: u.policyId,
        policyName: u.policyName,
        kind: u.kind,
        requestId: u.requestId,
        date: u.date,
        minutes: u.minutes,
        rateBasis: u.rateBasis,
        rate,
        amount: componentPay(u.minutes, rate),
        citation: u.citation,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.policyId.localeCompare(b.policyId));
  const pay = lines.reduce((s, l) => s + l.amount, 0);
  const earnings = lines.map((l) => ({
    kind: 'leave' as const,
    weekStart: null,
    positionId: null,
    rate: l.rate,
    minutes: l.minutes,
    amount: l.amount,
  }));
  return { lines, pay, earnings };
}

/**
 * What the non-discretionary pay elements covering the workweek of `date` add to its regular rate
 * (pay-elements.ts: each adds the same increase to every workweek it covers), so that sick leave
 * paid at the regular rate includes them, as 246(l)(1) pays the regular rate of pay.
 */
export function elementIncreaseOn(
  date: string,
  elements: readonly Pick<PayElementLine, 'regularRateIncrease' | 'weeks'>[],
  cal: Pick<CalendarInput, 'weekStartingDay'>,
): number {
  const week = weekOf(date, cal).start;
  return elements.reduce((s, e) => s + (e.weeks.some((w) => w.weekStart === week) ? e.regularRateIncrease : 0), 0);
}
