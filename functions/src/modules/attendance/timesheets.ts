import { db } from '../../core/firebase';
import { companyNotFound } from '../../core/firestore';
import { roleAtLeast, type Membership } from '../../core/memberships';
import { addDays, businessToday, datesInRange, shiftInterval, weekStart } from '../../core/calendar';
import { companyRulesFromSnapshots, companyRulesRefs } from '../companies';
import { formatCitation } from '../compliance';
import {
  californiaMealRuleInForce,
  mealPremiumDays,
  mealWaiversByEmployee,
  missedRestBreakDays,
  placeRulesOf,
  waiversOn,
} from '../payroll';
import { listShiftsInRange, type Shift } from '../schedule';
import { coreErrors } from '../../core/errors';
import { attendanceErrors } from './errors';
import * as repo from './repo';
import { overtimeProjection } from './rules';
import { checkRange, shiftBusinessDate } from './punch-rules';
import type { PunchView, TimesheetException, TimesheetQuery } from './schemas';
import { breakSpans } from './worked';

interface DayTotals {
  date: string;
  scheduledMinutes: number;
  workedMinutes: number;
  paidBreakMinutes: number;
  unpaidBreakMinutes: number;
  varianceMinutes: number;
  punchIds: string[];
  shiftIds: string[];
  openPunch: boolean;
  exceptions: TimesheetException[];
}

/**
 * Under the California meal-period rule (payroll's california rule set), missed_break is the
 * payroll's meal premium: one per workday that owes it, with the day's worked minutes, in place
 * of the per-punch breakRequiredAfterMinutes check, so the timesheet flags the days payroll pays.
 */
function californiaMissedBreaks(
  days: Map<string, DayTotals>,
  punches: PunchView[],
  cal: Calendar,
  waivers: Parameters<typeof waiversOn>[0],
) {
  for (const day of days.values()) day.exceptions = day.exceptions.filter((e) => e.type !== 'missed_break');
  const spans = punches
    .filter((p) => p.clockOutAt !== null)
    .map((p) => ({
      startMs: p.clockInAt,
      endMs: p.clockOutAt!,
      unpaidBreaks: p.breaks
        .filter((b) => !b.paid && b.endAt !== null)
        .map((b) => ({ startMs: b.startAt, endMs: b.endAt! })),
    }));
  for (const owed of mealPremiumDays(spans, [...days.keys()], cal, (date) => waiversOn(waivers, date)))
    days.get(owed.date)!.exceptions.push({ type: 'missed_break', minutes: owed.workedMinutes });
}

type Calendar = { timezone: string; dayChangeTime: number };

/**
 * Where the company records rest breaks and its location for law has a rest-break rule: each
 * workday missing one is missed_rest_break, counted as payroll counts its premium (the rule and its
 * citation named; also under a rule without a premium, Oregon's).
 */
function missedRestBreaks(
  days: Map<string, DayTotals>,
  punches: PunchView[],
  cal: Calendar,
  rulesOn: NonNullable<ReturnType<typeof placeRulesOf>>,
) {
  const spans = punches
    .filter((p) => p.clockOutAt !== null)
    .map((p) => ({ startMs: p.clockInAt, endMs: p.clockOutAt!, ...breakSpans(p.breaks) }));
  for (const missed of missedRestBreakDays(spans, [...days.keys()], cal, rulesOn))
    days.get(missed.date)!.exceptions.push({
      type: 'missed_rest_break',
      minutes: Math.round(missed.workedMinutes),
      breaksRequired: missed.required,
      breaksTaken: missed.taken,
      rule: `restBreak (${missed.rule.packLabel})`,
      citation: formatCitation(missed.rule.citation),
    });
}

const emptyDay = (date: string): DayTotals => ({
  date,
  scheduledMinutes: 0,
  workedMinutes: 0,
  paidBreakMinutes: 0,
  unpaidBreakMinutes: 0,
  varianceMinutes: 0,
  punchIds: [],
  shiftIds: [],
  openPunch: false,
  exceptions: [],
});

/**
 * Timesheets of a business-date range: per employee and day, the scheduled minutes (published
 * shifts), worked minutes (closed punches), paid and unpaid break minutes, the variance and the
 * exceptions (the punch's own: late, left_early, missed_break, auto_clocked_out, unscheduled; plus
 * no_show for a published shift that has ended with no punch linked to it, overtime_risk on
 * the day the workweek's projection passes 40 hours, and missed_rest_break). The workweeks overlapping the range are read
 * whole for the projection.
 */
export async function timesheets({ member, query }: { member: Membership; query: TimesheetQuery }) {
  checkRange(query.startDate, query.endDate);
  const companyId = member.companyId;
  let employeeId = query.employeeId;
  if (!roleAtLeast(member.role, 'manager')) {
    if (!member.employeeId)
      throw attendanceErrors.NOT_AN_EMPLOYEE('Your membership in this company is linked to no employee record');
    if (employeeId && employeeId !== member.employeeId)
      throw coreErrors.INSUFFICIENT_ROLE("Employees read only their own timesheet; managers read everyone's");
    employeeId = member.employeeId;
  }
  const [companySnap, settingsSnap] = await db().getAll(...companyRulesRefs(companyId));
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const from = weekStart(query.startDate, company.profile.weekStartingDay);
  const to = addDays(weekStart(query.endDate, company.profile.weekStartingDay), 6);
  const rulesOn = placeRulesOf(company.profile.lawLocation ?? null);
  const restRuleOn = rulesOn && datesInRange(from, to).some((d) => rulesOn(d).restBreak);
  const [punches, shifts, californiaMeals, restBreaksRecorded] = await Promise.all([
    repo.listRange({ companyId, from, to, employeeId }),
    listShiftsInRange({ companyId, from: addDays(from, -1), to: addDays(to, 1), modes: ['published'], employeeId }),
    californiaMealRuleInForce(companyId),
    // the settings are read only where a rest-break rule applies in the weeks read
    restRuleOn ? repo.readSettings(companyId).then((s) => s.restBreaksRecorded) : false,
  ]);
  // the employees' recorded meal waivers (Labor Code 512(a)), honoured as payroll honours them
  const mealWaivers = californiaMeals ? await mealWaiversByEmployee(companyId) : new Map();
  const now = Date.now();
  const today = businessToday(company.profile.timezone, company.settings.dayChangeTime, now);
  const dayOfShift = (s: Shift) => shiftBusinessDate(s, company.settings.dayChangeTime);
  const inWindow = (d: string) => d >= from && d <= to;
  const inRange = (d: string) => d >= query.startDate && d <= query.endDate;

  const byEmployee = new Map<string, { punches: PunchView[]; shifts: Shift[] }>();
  const slot = (id: string) => byEmployee.get(id) ?? byEmployee.set(id, { punches: [], shifts: [] }).get(id)!;
  for (const p of punches) slot(p.employeeId).punches.push(p);
  for (const s of shifts) if (inWindow(dayOfShift(s))) slot(s.employeeId).shifts.push(s);

  const employees = [];
  for (const [id, data] of [...byEmployee].sort(([a], [b]) => a.localeCompare(b))) {
    const hasSomethingInRange =
      data.punches.some((p) => inRange(p.businessDate)) || data.shifts.some((s) => inRange(dayOfShift(s)));
    if (!hasSomethingInRange && id !== employeeId) continue;
    const days = new Map(datesInRange(from, to).map((d) => [d, emptyDay(d)]));
    const linked = new Set(data.punches.map((p) => p.shift?.shiftId).filter(Boolean));
    for (const p of data.punches) {
      const day = days.get(p.businessDate)!;
      day.punchIds.push(p.id);
      if (p.clockOutAt === null) day.openPunch = true;
      else {
        day.workedMinutes += p.workedMinutes ?? 0;
        day.paidBreakMinutes += p.paidBreakMinutes;
        day.unpaidBreakMinutes += p.unpaidBreakMinutes;
      }
      for (const type of p.exceptions) {
        const minutes =
          type === 'late'
            ? p.lateMinutes
            : type === 'left_early'
              ? p.leftEarlyMinutes
              : type === 'missed_break'
                ? (p.workedMinutes ?? undefined)
                : undefined;
        day.exceptions.push({
          type,
          punchId: p.id,
          ...(p.shift ? { shiftId: p.shift.shiftId } : {}),
          ...(minutes !== undefined ? { minutes } : {}),
        });
      }
    }
    const cal = { timezone: company.profile.timezone, dayChangeTime: company.settings.dayChangeTime };
    if (californiaMeals) californiaMissedBreaks(days, data.punches, cal, mealWaivers.get(id) ?? []);
    if (restBreaksRecorded && rulesOn) missedRestBreaks(days, data.punches, cal, rulesOn);
    for (const s of data.shifts) {
      const day = days.get(dayOfShift(s))!;
      day.shiftIds.push(s.id);
      day.scheduledMinutes += s.workedMinutes || s.minutes;
      const { endMs } = shiftInterval(s, company.profile.timezone, company.profile.defaultDuration);
      if (!linked.has(s.id) && endMs <= now) day.exceptions.push({ type: 'no_show', shiftId: s.id });
    }
    for (const day of days.values()) day.varianceMinutes = day.workedMinutes - day.scheduledMinutes;

    const weeks = [];
    for (let w = from; w <= to; w = addDays(w, 7)) {
      const weekDays = datesInRange(w, addDays(w, 6)).map((d) => days.get(d)!);
      const projection = overtimeProjection(
        weekDays.map((d) => ({
          date: d.date,
          worked: d.workedMinutes,
          punched: d.punchIds.length > 0,
          scheduled: d.scheduledMinutes,
        })),
        today,
      );
      if (projection.crossesOn)
        days.get(projection.crossesOn)!.exceptions.push({ type: 'overtime_risk', minutes: projection.projected });
      weeks.push({
        weekStart: w,
        workedMinutes: projection.worked,
        remainingScheduledMinutes: projection.remainingScheduled,
        projectedMinutes: projection.projected,
        overtimeRisk: projection.projected > 40 * 60,
      });
    }

    const listed = [...days.values()].filter(
      (d) => inRange(d.date) && (d.punchIds.length || d.shiftIds.length || d.exceptions.length),
    );
    const sum = (k: 'scheduledMinutes' | 'workedMinutes' | 'paidBreakMinutes' | 'unpaidBreakMinutes') =>
      listed.reduce((t, d) => t + d[k], 0);
    const totals = {
      scheduledMinutes: sum('scheduledMinutes'),
      workedMinutes: sum('workedMinutes'),
      paidBreakMinutes: sum('paidBreakMinutes'),
      unpaidBreakMinutes: sum('unpaidBreakMinutes'),
      varianceMinutes: 0,
    };
    totals.varianceMinutes = totals.workedMinutes - totals.scheduledMinutes;
    employees.push({ employeeId: id, totals, days: listed, weeks });
  }
  if (employeeId && !employees.some((e) => e.employeeId === employeeId)) {
    employees.push({
      employeeId,
      totals: { scheduledMinutes: 0, workedMinutes: 0, paidBreakMinutes: 0, unpaidBreakMinutes: 0, varianceMinutes: 0 },
      days: [],
      weeks: [],
    });
  }
  return { startDate: query.startDate, endDate: query.endDate, employees };
}
