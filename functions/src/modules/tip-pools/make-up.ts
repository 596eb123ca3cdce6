import { addDays, weekStart as weekStartOf } from '../../core/calendar';
import { formatCitation } from '../compliance';
import type { Membership } from '../../core/memberships';
import { workedSpans } from '../attendance';
import { listEmployees } from '../employees';
import { tipPoolErrors } from './errors';
import type { MakeUp } from './make-up-schemas';
import { lawContext } from './pools';
import { spanMinutes } from './distribution';
import { weekTipsAfterPools } from './payroll-ledger';
import { makeUpOwed, tipCreditOn } from './tip-credit';

/**
 * The tip-credit make-up of one workweek, per employee (29 U.S.C. 203(m)(2)(A)): an employee
 * paid a cash rate below the minimum wage in force, where the state allows a credit, is owed
 * minimum x hours - cash wages - tips when that is positive. Tips are theirs after the pools:
 * their own tips of the week (POS and imported) plus the net of their pool entries of the week.
 */
export async function weekMakeUp({ member, weekStart }: { member: Membership; weekStart: string }): Promise<MakeUp> {
  const companyId = member.companyId;
  const ctx = await lawContext(companyId);
  if (weekStartOf(weekStart, ctx.rules.profile.weekStartingDay) !== weekStart)
    throw tipPoolErrors.TIP_PERIOD_NOT_A_START(`${weekStart} does not start a company week`);
  const weekEnd = addDays(weekStart, 6);
  const row = tipCreditOn(ctx.state, weekStart);
  const [spans, employees, tipsOf] = await Promise.all([
    workedSpans(companyId, { startDate: weekStart, endDate: weekEnd }, { approvedOnly: true }),
    listEmployees(companyId),
    weekTipsAfterPools(companyId, weekStart, weekEnd),
  ]);
  const rates = new Map(employees.map((e) => [e.id, Math.round((e.rateRegular ?? 0) * 100)]));
  const half = (minutes: number, rate: number) => Math.floor((minutes * rate * 2 + 60) / 120);
  const out: MakeUp['employees'] = [];
  for (const [employeeId, list] of [...spans].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const minutes = list.reduce((t, s) => t + spanMinutes(s), 0);
    if (minutes <= 0) continue;
    const cashRate = rates.get(employeeId) ?? 0;
    const tipCreditTaken = row.creditAllowed && row.minimumWage !== null && cashRate < row.minimumWage;
    const cashWages = half(minutes, cashRate);
    const employeeTips = tipsOf.get(employeeId) ?? 0;
    out.push({
      employeeId,
      minutes,
      cashRate,
      tipCreditTaken,
      cashWages,
      tips: employeeTips,
      minimumForHours: row.minimumWage === null ? cashWages : half(minutes, row.minimumWage),
      makeUp: tipCreditTaken ? makeUpOwed({ minutes, cashWages, tips: Math.max(0, employeeTips) }, row) : 0,
    });
  }
  return {
    companyId,
    weekStart,
    weekEnd,
    jurisdiction: row.jurisdiction,
    creditAllowed: row.creditAllowed,
    minimumWage: row.minimumWage,
    cashWage: row.cashWage,
    source: formatCitation(row.source),
    employees: out,
  };
}
