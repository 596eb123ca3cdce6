import { weekOf } from '../../core/calendar';
import { currencyExponent } from '../../core/money';
import type { Employee } from '../employees';
import { priorPeriodAdjustment, type PriorPeriodLine } from './adjustments';
import { formatMinor } from './exports';
import { periodPay, type RatedSpan } from './pay';
import type { PriorPeriod, ReportContext } from './report-context';
import { rateWorkedSpan } from './report-elsewhere';

/**
 * The report's prior-period lines (adjustments.ts prices them): a workweek straddling the closed
 * period before, and the weeks of that period whose hours at the employer's other locations
 * changed after it closed. Pure, over what the report read (report-context.ts).
 */

/** Money as the reason texts write it: "12.34 USD". */
export const moneyText = (currency: string) => {
  const exponent = currencyExponent(currency);
  return (minor: number) => `${formatMinor(minor, exponent)} ${currency}`;
};

/** Whether a frozen row tells what it paid per workweek (a report frozen before workweeks were reported cannot). */
const paidWeeksKnown = (frozen: ReturnType<PriorPeriod['rows']['get']>) =>
  !(frozen && frozen.workedMinutes > 0 && !frozen.weeks?.length);

/**
 * The prior-period adjustment of the workweek holding the period's first day when it began in
 * the closed period before (adjustments.ts): the closed days of that week priced now, at the whole
 * week's regular rate, against what the frozen report paid for them.
 */
export function straddleLines(
  employee: Employee,
  rated: RatedSpan[],
  ctx: ReportContext,
  explicitOvertime: number | undefined,
): PriorPeriodLine[] {
  const prior = ctx.prior;
  if (!prior || (employee.salary ?? 0) > 0) return [];
  const week = weekOf(ctx.range.start, ctx.cal);
  if (week.start >= ctx.range.start || week.start > prior.endDate) return [];
  const frozen = prior.rows.get(employee.id);
  if (!paidWeeksKnown(frozen)) return [];
  const closedDays = { startDate: week.start < prior.startDate ? prior.startDate : week.start, endDate: prior.endDate };
  const elsewhere = ctx.elsewhere.work.get(employee.id);
  const owed = periodPay(rated, closedDays, ctx.cal, ctx.rules, explicitOvertime, elsewhere).weeks.find(
    (w) => w.weekStart === week.start,
  );
  const line = priorPeriodAdjustment({
    week,
    closed: prior,
    owed,
    paid: frozen?.weeks?.find((w) => w.weekStart === week.start),
    paidPremiums: frozen?.premiums ?? [],
    money: moneyText(ctx.currency),
  });
  return line ? [line] : [];
}

/**
 * The weeks of the closed period before whose hours at the employer's other locations changed after
 * it closed (a punch approved there later): each is figured again over the employer with the
 * hours elsewhere as they are now, and what this location's share of it owes beyond what the
 * frozen report paid is a prior-period line (cause hoursElsewhere), as a straddling week's true-up
 * is. Only weeks wholly inside that period (a week straddling its end is the straddle line's); the
 * period before it is not looked at again. Both sides are this location's own approved punches as
 * paid (they are locked), priced at today's rates.
 */
export function hoursElsewhereLines(
  employee: Employee,
  ctx: ReportContext,
  explicitOvertime: number | undefined,
): PriorPeriodLine[] {
  const closed = ctx.closedAcross;
  const elsewhere = closed?.elsewhere.work.get(employee.id);
  if (!closed || !elsewhere || (employee.salary ?? 0) > 0) return [];
  const frozen = closed.period.rows.get(employee.id);
  if (!paidWeeksKnown(frozen)) return [];
  const rated = (closed.spans.get(employee.id) ?? []).map((s) => rateWorkedSpan(s, employee, ctx));
  const { startDate, endDate } = closed.period;
  const pay = periodPay(rated, { startDate, endDate }, ctx.cal, ctx.rules, explicitOvertime, elsewhere);
  const employerMinutes = (w: { workedMinutes: number | null; acrossLocations?: unknown }) =>
    (w.acrossLocations as { workedMinutes?: number } | undefined)?.workedMinutes ?? w.workedMinutes ?? 0;
  return pay.weeks.flatMap((owed) => {
    const week = weekOf(owed.weekStart, ctx.cal);
    if (week.start < startDate || week.end > endDate) return [];
    const paid = frozen?.weeks?.find((w) => w.weekStart === week.start);
    const change = { paidMinutes: paid ? employerMinutes(paid) : 0, owedMinutes: employerMinutes(owed) };
    if (change.paidMinutes === change.owedMinutes) return [];
    const line = priorPeriodAdjustment({
      week,
      closed: closed.period,
      owed,
      paid,
      paidPremiums: frozen?.premiums ?? [],
      money: moneyText(ctx.currency),
      elsewhereChange: change,
    });
    return line ? [line] : [];
  });
}
