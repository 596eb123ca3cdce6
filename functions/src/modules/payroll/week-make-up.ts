import { addDays, businessToday, weekStart as weekStartOf } from '../../core/calendar';
import type { Membership } from '../../core/memberships';
import { formatCitation } from '../compliance';
import { getCompanyRules } from '../companies';
import { tipCreditOn, tipPoolErrors, weekTipsAfterPools } from '../tip-pools';
import type { MakeUp } from './make-up-schemas';
import { computeReport } from './report';
import { getSettings, periodView } from './service';
import { weekCreditFigure } from './tip-pay';

/**
 * The tip-credit make-up of one workweek, per employee with approved minutes, figured as the
 * payroll report figures its make-up lines (tip-pay.ts weekCreditFigure): the week's straight-time
 * pay (every minute at the rate of its position) as the cash wages, the tips after the pools,
 * salaried employees never on a credit. The report of the week is computed for it, so what this
 * answers is what a period's report pays for the week (before make-up pay elements).
 */
export async function weekMakeUp({ member, weekStart }: { member: Membership; weekStart: string }): Promise<MakeUp> {
  const { companyId } = member;
  const [rules, settings] = await Promise.all([getCompanyRules({ companyId }), getSettings({ companyId })]);
  if (weekStartOf(weekStart, rules.profile.weekStartingDay) !== weekStart)
    throw tipPoolErrors.TIP_PERIOD_NOT_A_START(`${weekStart} does not start a company week`);
  const weekEnd = addDays(weekStart, 6);
  const today = businessToday(rules.profile.timezone, rules.settings.dayChangeTime);
  const status = periodView({ start: weekStart, end: weekEnd }, null, today);
  const row = tipCreditOn(rules.profile.lawLocation ?? null, weekStart);
  const [report, tipsOf] = await Promise.all([
    computeReport(companyId, { start: weekStart, end: weekEnd }, rules, settings, status),
    weekTipsAfterPools(companyId, weekStart, weekEnd),
  ]);
  const employees = report.employees
    .flatMap((e) => {
      const week = e.weeks.find((w) => w.weekStart === weekStart);
      if (!week || week.workedMinutes <= 0) return [];
      const tips = tipsOf.get(e.employeeId) ?? 0;
      // the report computed here is unfiltered: its pay figures are numbers (null only once withheld)
      const pay = { workedMinutes: week.workedMinutes, straightTimePay: week.straightTimePay ?? 0 };
      const figure = weekCreditFigure(e.salaried ? { ...row, creditAllowed: false } : row, pay, tips);
      return [
        {
          employeeId: e.employeeId,
          minutes: figure.minutes,
          cashRate: Math.round((figure.cashWages * 60) / figure.minutes),
          tipCreditTaken: figure.tipCreditTaken,
          cashWages: figure.cashWages,
          tips,
          minimumForHours: figure.minimumForHours,
          makeUp: figure.owed,
        },
      ];
    })
    .sort((a, b) => (a.employeeId < b.employeeId ? -1 : 1));
  return {
    companyId,
    weekStart,
    weekEnd,
    jurisdiction: row.jurisdiction,
    creditAllowed: row.creditAllowed,
    minimumWage: row.minimumWage,
    cashWage: row.cashWage,
    source: formatCitation(row.source),
    employees,
  };
}
