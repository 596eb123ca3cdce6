import { addDays, datesInRange, weekOf, type DateRange } from '../../core/calendar';
import { toMinorUnits } from '../../core/money';
import { lateSpanOf, workedSpans, type WorkedSpan } from '../attendance';
import type { CompanyRules } from '../companies';
import { listEmployees, type Employee } from '../employees';
import { leaveBalancesOn, leaveUsedIn } from '../leave';
import { listRoles } from '../roles';
import { tipsByEmployee } from '../sales';
import { listPremiums, type Premium } from '../schedule';
import type { AdjustmentLine } from './adjustments';
import { lateRecordLines, type LateRecordLine, type SettledLate } from './late-records';
import { mealPremiumDays, MEAL_PERIOD } from './meal-periods';
import { payElementLine, type PayElementLine } from './pay-elements';
import { elementIncreaseOn, leavePayOf } from './leave-pay';
import { placePremiums, placeRulesOf } from './place-premiums';
import { leaveReturnsOf } from './leave-returns';
import { lateInputsOf, linkedShifts, punchStatesIn, tipInputsOf } from './report-inputs';
import { makeUpFigure, makeUpLines, tipEarnings, tipsWithPools, type MakeUpWeekFigure } from './tip-pay';
import { waiversOn } from './meal-waivers';
import { listPayElements, mealWaiversByEmployee } from './repo';
import { componentPay, multipliers, type CalendarInput, type OvertimeRules } from './overtime';
import { datesToRead, periodPay, type PeriodPay, type RatedSpan } from './pay';
import { positionOfWork, rateFor } from './rates';
import { rateWorkedSpan, workElsewhereOf } from './report-elsewhere';
import { hoursElsewhereLines, moneyText, straddleLines } from './report-adjustments';
import type { EmployeePay, MealWaiver, PayElement, Period, PayrollReport, PayrollSettings } from './schemas';
import type { PremiumLine } from './premium-schemas';
import type { EmployeeInputs, PriorPeriod, ReportContext } from './report-context';

/** The currency pay is figured in before the company's first sales import tells it. */
const FALLBACK_CURRENCY = 'USD';

export type { PriorPeriod } from './report-context';

const nameOf = (e: Employee) => [e.name, e.surname].filter(Boolean).join(' ');

/** The regular rate of the workweek holding `date` (minor units per hour), else the employee's primary rate. */
function regularRateOn(date: string, pay: PeriodPay, primaryRate: number, cal: CalendarInput): number {
  const week = weekOf(date, cal).start;
  return pay.weeks.find((w) => w.weekStart === week)?.regularRate ?? primaryRate;
}

function premiumLines(
  inputs: EmployeeInputs,
  rated: (RatedSpan & WorkedSpan)[],
  pay: PeriodPay,
  primaryRate: number,
  ctx: ReportContext,
): PremiumLine[] {
  const out: PremiumLine[] = inputs.premiums.map((p) => ({
    kind: p.rule,
    date: p.date,
    shiftId: p.shiftId,
    reason: `${p.jurisdiction}: ${p.reason}`,
    hours: p.payHours,
    amount: p.amountMinor ?? componentPay((p.payHours ?? 0) * 60, regularRateOn(p.date, pay, primaryRate, ctx.cal)),
  }));
  if (ctx.mealPremiums) {
    const days = mealPremiumDays(inputs.spans, datesInRange(ctx.range.start, ctx.range.end), ctx.cal, (date) =>
      waiversOn(inputs.mealWaivers, date),
    );
    for (const day of days)
      out.push({
        kind: 'mealPeriod',
        date: day.date,
        shiftId: null,
        reason: day.reason,
        hours: MEAL_PERIOD.premiumHours,
        amount: componentPay(MEAL_PERIOD.premiumHours * 60, regularRateOn(day.date, pay, primaryRate, ctx.cal)),
      });
  }
  if (ctx.placeRulesOn)
    out.push(
      ...placePremiums({
        spans: rated,
        range: ctx.range,
        cal: ctx.cal,
        rulesOn: ctx.placeRulesOn,
        regularRateOn: (date) => regularRateOn(date, pay, primaryRate, ctx.cal),
        scheduledMinutesOf: (shiftId) => ctx.scheduledMinutes.get(shiftId) ?? null,
        restBreaksRecorded: ctx.restBreaksRecorded,
      }),
    );
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
}

/** The pay elements paid in the period, each with the overtime it owes over the whole workweeks it was earned in. */
function payElementLines(
  inputs: EmployeeInputs,
  rated: RatedSpan[],
  ctx: ReportContext,
  salaried: boolean,
): PayElementLine[] {
  const money = moneyText(ctx.currency);
  return inputs.payElements.map((e) => {
    const covered = { startDate: weekOf(e.earnedFrom, ctx.cal).start, endDate: weekOf(e.earnedTo, ctx.cal).end };
    const weeks = salaried ? [] : periodPay(rated, covered, ctx.cal, ctx.rules).weeks;
    return payElementLine({ ...e, amountMinor: e.amountMinor! }, weeks, multipliers(ctx.rules), money);
  });
}

/** A worked span at its rate (rates.ts): the position of the work, the employee's rate for it. */
const rateSpan = (s: WorkedSpan, employee: Employee, ctx: ReportContext) => rateWorkedSpan(s, employee, ctx);

/** The lateRecord lines of the employee (late-records.ts): the late records touching them, against their weeks as paid. */
function lateLinesOf(employee: Employee, ctx: ReportContext, explicitOvertime: number | undefined): LateRecordLine[] {
  const { late } = ctx;
  const settled = late.settled.get(employee.id) ?? new Map<string, SettledLate>();
  const records = late.records.filter(
    (r) => r.paidEmployeeId === employee.id || r.final?.employeeId === employee.id || settled.has(r.punchId),
  );
  if (!records.length) return [];
  return lateRecordLines({
    employeeId: employee.id,
    baseline: (late.baseline.get(employee.id) ?? []).map((s) => rateSpan(s, employee, ctx)),
    records: records.map((r) => {
      const span = lateSpanOf(r);
      return {
        recordId: r.punchId,
        vendor: r.slug,
        externalId: r.externalId,
        runId: r.runId,
        version: r.version,
        change: r.change,
        lock: r.lock,
        final: span && r.final ? { employeeId: r.final.employeeId, span: rateSpan(span, employee, ctx) } : null,
      };
    }),
    settled,
    until: ctx.range.end,
    cal: ctx.cal,
    rules: ctx.rules,
    explicitOvertime,
    salaried: (employee.salary ?? 0) > 0,
    money: moneyText(ctx.currency),
  });
}

/** The make-up figure of each workweek ending in the period (tip-pay.ts): its minutes and straight-time pay at the employee's rates. */
function makeUpWeeksOf(
  employeeId: string,
  rated: RatedSpan[],
  ctx: ReportContext,
  explicitOvertime: number | undefined,
): MakeUpWeekFigure[] {
  return ctx.makeUpWeeks.flatMap(({ week, row, tips }) => {
    const pay = periodPay(rated, { startDate: week.start, endDate: week.end }, ctx.cal, ctx.rules, explicitOvertime);
    const w = pay.weeks.find((x) => x.weekStart === week.start);
    const figure = w && makeUpFigure(week, row, w, tips.get(employeeId) ?? 0);
    return figure ? [figure] : [];
  });
}

/** One employee's row, or null when they have nothing in the period. */
function employeeRow(inputs: EmployeeInputs, ctx: ReportContext): EmployeePay | null {
  const { employee, cashTips } = inputs;
  const pooled = tipsWithPools(inputs.tips, inputs.poolEntries);
  const tips = pooled.tips;
  const minor = (major: number) => toMinorUnits(major, ctx.currency);
  const rated = inputs.spans.map((s) => rateSpan(s, employee, ctx));
  const explicitOvertime = employee.rateOvertime !== undefined ? minor(employee.rateOvertime) : undefined;
  const pay = periodPay(
    rated,
    { startDate: ctx.range.start, endDate: ctx.range.end },
    ctx.cal,
    ctx.rules,
    explicitOvertime,
    ctx.elsewhere.work.get(employee.id),
  );
  const acrossLocations = ctx.elsewhere.status.get(employee.id);
  const primaryRate = minor(rateFor(positionOfWork(null, null, employee), employee, ctx.roleRates).rate);
  const premiums = premiumLines(inputs, rated, pay, primaryRate, ctx);
  const adjustments: AdjustmentLine[] = [
    ...straddleLines(employee, rated, ctx, explicitOvertime),
    ...hoursElsewhereLines(employee, ctx, explicitOvertime),
    ...lateLinesOf(employee, ctx, explicitOvertime),
    ...(ctx.leaveReturns.get(employee.id) ?? []),
  ];
  const salaried = (employee.salary ?? 0) > 0;
  const makeUp = makeUpLines(
    salaried ? [] : makeUpWeeksOf(employee.id, rated, ctx, explicitOvertime),
    inputs.makeUpElements.map((e) => ({ earnedFrom: e.earnedFrom, earnedTo: e.earnedTo, amount: e.amountMinor ?? 0 })),
  );
  const makeUpPay = makeUp.reduce((s, l) => s + l.amount, 0);
  const elements = payElementLines(inputs, rated, ctx, salaried);
  const rateOf = (d: string) => regularRateOn(d, pay, primaryRate, ctx.cal) + elementIncreaseOn(d, elements, ctx.cal);
  const leave = leavePayOf(inputs.leave, (d, basis) => (basis === 'regular' ? rateOf(d) : primaryRate));
  const { hours } = pay;
  const tipAdjustments = inputs.tipAdjustments.map((a) => ({
    originalDate: a.originalDate,
    date: a.date,
    kind: a.kind,
    amount: a.amount,
    change: a.change,
    vendor: a.slug,
    connectionId: a.connectionId,
    vendorId: a.vendorId,
    runId: a.runId,
    reason: a.reason,
  }));
  if (
    !hours.workedMinutes &&
    !tips &&
    !premiums.length &&
    !adjustments.length &&
    !elements.length &&
    !leave.lines.length &&
    !tipAdjustments.length &&
    !inputs.poolEntries.length &&
    !makeUp.length
  )
    return null;
  const money = salaried ? { regularPay: 0, overtimePay: 0, doubleTimePay: 0 } : pay;
  const premiumPay = premiums.reduce((s, p) => s + p.amount!, 0);
  const adjustmentPay = adjustments.reduce((s, a) => s + a.amount, 0);
  const payElementPay = elements.reduce((s, e) => s + e.amount + e.overtimeOnElement, 0);
  const onTop = premiumPay + adjustmentPay + payElementPay + leave.pay + makeUpPay;
  const averageRate = (payMinor: number, minutes: number, fallback: number) =>
    minutes ? Math.round((payMinor * 60) / minutes) : fallback;
  const multiplier = multipliers(ctx.rules);
  const regularRate = averageRate(pay.regularPay, hours.regularMinutes, pay.weeks[0]?.regularRate ?? primaryRate);
  return {
    employeeId: employee.id,
    name: nameOf(employee),
    employeeNumber: employee.employeeNumber ?? null,
    salaried,
    archived: employee.archived === true,
    workedMinutes: hours.workedMinutes,
    regularMinutes: hours.regularMinutes,
    overtimeMinutes: hours.overtimeMinutes,
    doubleTimeMinutes: hours.doubleTimeMinutes,
    regularRate: Math.round(regularRate),
    primaryRate,
    overtimeRate: averageRate(pay.overtimePay, hours.overtimeMinutes, Math.round(regularRate * multiplier.overtime)),
    doubleTimeRate: averageRate(
      pay.doubleTimePay,
      hours.doubleTimeMinutes,
      Math.round(regularRate * multiplier.doubleTime),
    ),
    regularPay: money.regularPay,
    overtimePay: money.overtimePay,
    doubleTimePay: money.doubleTimePay,
    premiumPay,
    adjustmentPay,
    payElementPay,
    ...(leave.lines.length ? { leavePay: leave.pay, leave: leave.lines } : {}),
    ...(inputs.leaveBalances.length ? { leaveBalances: inputs.leaveBalances } : {}),
    tips,
    ...(inputs.poolEntries.length
      ? { poolShares: pooled.shares, poolContributions: pooled.contributions, poolEntries: inputs.poolEntries }
      : {}),
    ...(makeUp.length ? { makeUpPay, makeUp } : {}),
    cashTips,
    totalPay: money.regularPay + money.overtimePay + money.doubleTimePay + onTop + tips,
    lines: pay.lines.map((l) => ({
      ...l,
      positionName: l.positionId ? (ctx.roleNames.get(l.positionId) ?? null) : null,
    })),
    weeks: pay.weeks,
    premiums,
    payElements: elements.map((e) => ({ ...e, kind: e.kind as PayElement['kind'] })),
    adjustments,
    ...(tipAdjustments.length ? { tipAdjustments } : {}),
    ...(acrossLocations ? { acrossLocations } : {}),
    earnings: [
      ...(salaried ? [] : pay.earnings.map((e) => ({ ...e }))),
      ...premiums.map((p) => ({
        kind: 'premium' as const,
        weekStart: null,
        positionId: null,
        rate: null,
        minutes: p.hours === null ? null : Math.round(p.hours * 60),
        amount: p.amount!,
      })),
      ...adjustments.map((a) => ({
        kind: 'adjustment' as const,
        weekStart: a.kind === 'leaveReturned' ? null : a.weekStart,
        positionId: null,
        rate: a.kind === 'leaveReturned' ? a.rate : a.regularRate,
        minutes: a.minutes,
        amount: a.amount,
      })),
      ...elements.map((e) => ({
        kind: 'payElement' as const,
        weekStart: null,
        positionId: null,
        rate: e.regularRateIncrease || null,
        minutes: null,
        amount: e.amount + e.overtimeOnElement,
      })),
      ...leave.earnings,
      ...tipEarnings(pooled, makeUp),
    ],
    days: hours.days,
  };
}

/** The closed period before, its approved punches and the same people's work elsewhere over its dates. */
async function closedAcrossOf(
  companyId: string,
  period: PriorPeriod | null,
  cal: CalendarInput,
  rules: OvertimeRules,
  currency: string,
): Promise<ReportContext['closedAcross']> {
  if (!period) return null;
  const dates = { startDate: period.startDate, endDate: period.endDate };
  const [spans, elsewhere] = await Promise.all([
    workedSpans(companyId, dates, { approvedOnly: true }),
    workElsewhereOf({ companyId, dates, cal, rules, currency }),
  ]);
  return { period, spans, elsewhere };
}

/** The punches to read: the period's, and those of the whole workweeks its pay elements were earned in. */
function readRange(
  base: { startDate: string; endDate: string },
  elements: PayElement[],
  cal: CalendarInput,
): { startDate: string; endDate: string } {
  let { startDate, endDate } = base;
  for (const e of elements) {
    const from = datesToRead({ startDate: e.earnedFrom, endDate: e.earnedTo }, cal);
    if (from.startDate < startDate) startDate = from.startDate;
    if (from.endDate > endDate) endDate = from.endDate;
  }
  return { startDate, endDate };
}

/**
 * Hours and pay of every employee (archived ones included: work done before the archive is owed)
 * with approved work, tips or premiums in the period. Rates per worked minute (rates.ts), the
 * regular rate and overtime per workweek (pay.ts), premiums recorded by the schedule and the
 * California meal-period premium (meal-periods.ts), and the prior-period adjustment of a workweek
 * straddling the closed period before (`prior`, adjustments.ts). Salaried employees (salary set) get hours and
 * premiums but no hourly pay.
 */
export async function computeReport(
  companyId: string,
  range: DateRange,
  company: CompanyRules,
  settings: PayrollSettings,
  status: Period,
  prior: PriorPeriod | null = null,
  closedBefore?: () => Promise<PriorPeriod | null>,
): Promise<PayrollReport> {
  const cal = {
    timezone: company.profile.timezone,
    dayChangeTime: company.settings.dayChangeTime,
    weekStartingDay: company.profile.weekStartingDay,
  };
  const dates = { startDate: range.start, endDate: range.end };
  const [elements, tipInputs] = await Promise.all([
    listPayElements(companyId, { from: range.start, to: range.end }),
    tipInputsOf(companyId, range, cal, company.profile.lawLocation ?? null),
  ]);
  // make-up elements paid for the weeks ending here count however early they were paid (tip-pay.ts)
  const earlier =
    tipInputs.weeksFrom < range.start && tipInputs.makeUpWeeks.length
      ? await listPayElements(companyId, { from: tipInputs.weeksFrom, to: addDays(range.start, -1) })
      : [];
  const makeUpElements = [...earlier, ...elements].filter((e) => e.kind === 'tipCreditMakeUp');
  const [spans, states, employees, roles, sales, recorded, used] = await Promise.all([
    workedSpans(companyId, readRange(datesToRead(dates, cal), elements, cal), { approvedOnly: true }),
    punchStatesIn(companyId, dates),
    listEmployees(companyId),
    listRoles(companyId),
    tipsByEmployee(companyId, range.start, range.end),
    listPremiums({ companyId, from: range.start, to: range.end }),
    leaveUsedIn(companyId, range),
  ]);
  const balances = await leaveBalancesOn(companyId, { date: range.end });
  const rules = settings.overtimeRules as OvertimeRules;
  const currency = sales.currency ?? FALLBACK_CURRENCY;
  const [late, leaveReturns, elsewhere] = await Promise.all([
    lateInputsOf(companyId, range, cal),
    leaveReturnsOf(companyId, range),
    workElsewhereOf({ companyId, dates: readRange(datesToRead(dates, cal), elements, cal), cal, rules, currency }),
  ]);
  const placeRulesOn = placeRulesOf(company.profile.lawLocation ?? null);
  const withMinutes =
    placeRulesOn !== null && datesInRange(range.start, range.end).some((d) => placeRulesOn(d).reportingTime);
  // a location with linked records: the closed period before, for its weeks whose hours elsewhere changed
  const closedAcross =
    elsewhere.work.size && closedBefore
      ? await closedAcrossOf(companyId, await closedBefore(), cal, rules, currency)
      : null;
  const linked = await linkedShifts(
    companyId,
    [...spans.values(), ...late.baseline.values(), ...(closedAcross?.spans.values() ?? [])],
    withMinutes,
  );
  const ctx: ReportContext = {
    range,
    cal,
    rules,
    mealPremiums: rules.kind === 'california' && settings.mealPeriodPremium !== false,
    currency,
    roleRates: new Map(roles.map((r) => [r.id, r.rate])),
    roleNames: new Map(roles.map((r) => [r.id, r.name])),
    shiftPositions: linked.positions,
    placeRulesOn,
    restBreaksRecorded: settings.restBreaksRecorded === true,
    scheduledMinutes: linked.minutes,
    prior,
    late,
    makeUpWeeks: tipInputs.makeUpWeeks,
    leaveReturns,
    elsewhere,
    closedAcross,
  };
  const waivers = ctx.mealPremiums ? await mealWaiversByEmployee(companyId) : new Map<string, MealWaiver[]>();
  const elementsOf = new Map<string, PayElement[]>();
  for (const e of elements) elementsOf.set(e.employeeId, [...(elementsOf.get(e.employeeId) ?? []), e]);
  const premiumsOf = new Map<string, Premium[]>();
  for (const p of recorded) premiumsOf.set(p.employeeId, [...(premiumsOf.get(p.employeeId) ?? []), p]);
  const rows: EmployeePay[] = [];
  for (const employee of employees) {
    const row = employeeRow(
      {
        employee,
        spans: spans.get(employee.id) ?? [],
        tips: sales.tips.get(employee.id) ?? 0,
        cashTips: sales.cashTips.get(employee.id) ?? 0,
        tipAdjustments: sales.adjustments.get(employee.id) ?? [],
        poolEntries: tipInputs.poolEntries.get(employee.id) ?? [],
        makeUpElements: makeUpElements.filter((e) => e.employeeId === employee.id),
        premiums: premiumsOf.get(employee.id) ?? [],
        payElements: elementsOf.get(employee.id) ?? [],
        mealWaivers: waivers.get(employee.id) ?? [],
        leave: used.filter((u) => u.employeeId === employee.id),
        leaveBalances: balances
          .filter((b) => b.employeeId === employee.id)
          .map((b) => ({
            policyId: b.policyId,
            policyName: b.policyName,
            kind: b.kind,
            asOf: range.end,
            balanceMinutes: b.balanceMinutes,
            accruedMinutes: b.accruedMinutes,
            usedMinutes: b.usedMinutes,
          })),
      },
      ctx,
    );
    if (row) rows.push(row);
  }
  rows.sort((a, b) => a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId));
  const sum = (f: (r: EmployeePay) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    companyId,
    period: status,
    currency: ctx.currency,
    overtimeRules: rules.kind,
    pendingPunches: states.pending,
    hidden: [],
    employees: rows,
    totals: {
      workedMinutes: sum((r) => r.workedMinutes),
      regularMinutes: sum((r) => r.regularMinutes),
      overtimeMinutes: sum((r) => r.overtimeMinutes),
      doubleTimeMinutes: sum((r) => r.doubleTimeMinutes),
      // the make-up is left out: with the cash wages it would tell the tips to those who may not see them
      pay: sum((r) => r.totalPay! - r.tips! - (r.makeUpPay ?? 0)),
      premiums: sum((r) => r.premiumPay!),
      adjustments: sum((r) => r.adjustmentPay!),
      payElements: sum((r) => r.payElementPay!),
      leave: sum((r) => r.leavePay ?? 0),
      tips: sum((r) => r.tips!),
      tipAdjustments: sum((r) => (r.tipAdjustments ?? []).reduce((s, a) => s + a.amount, 0)),
      poolShares: sum((r) => r.poolShares ?? 0),
      makeUp: sum((r) => r.makeUpPay ?? 0),
    },
  };
}
