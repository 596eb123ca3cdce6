import type { Membership } from '../../core/memberships';
import { maySee } from '../../http/visibility';
import { viewerOf } from '../companies';
import { employerLocations, employerOf, linkedRecordsAt, type EmployerOfLocation } from '../organizations';
import { payrollErrors } from './errors';
import { mergedPersonRows, numberConflicts, personKeyOf } from './employer-rows';
import { ExportError, payrollExport, type ExportLayout, type ExportMeta, type PayrollExportRow } from './exports';
import { PLACE_PREMIUM_KINDS } from './place-premiums';
import type { PremiumLine } from './premium-schemas';
import * as repo from './repo';
import type { EmployeePay, PayrollReport, PayrollSettings } from './schemas';
import { contextOf, periodOf, periodStarting } from './service';

/**
 * The export files of closed pay periods: a location's (`GET /payroll/periods/{startDate}/export`)
 * and an employer's over all its locations (`GET /organizations/{orgId}/employers/{employerId}/
 * payroll/periods/{startDate}/export`). Both write the frozen reports, never a live one.
 */

function splitName(e: EmployeePay): { firstName: string; lastName: string } {
  const [firstName, ...rest] = e.name.split(' ');
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}

/** Premium pay of the given kinds; a report frozen before premiums were reported has none. */
const premiumsOfKind = (e: EmployeePay, ...kinds: PremiumLine['kind'][]) =>
  (e.premiums ?? []).filter((p) => kinds.includes(p.kind)).reduce((s, p) => s + (p.amount ?? 0), 0);

/** A frozen report's rows as the export layouts read them. */
function rowsOf(report: PayrollReport, location?: PayrollExportRow['location']): PayrollExportRow[] {
  return report.employees.map((e) => ({
    employeeId: e.employeeId,
    employeeNumber: e.employeeNumber,
    ...splitName(e),
    roleName: null,
    salaried: e.salaried,
    regularMinutes: e.regularMinutes,
    overtimeMinutes: e.overtimeMinutes,
    doubleTimeMinutes: e.doubleTimeMinutes,
    regularRate: e.regularRate ?? 0,
    overtimeRate: e.overtimeRate ?? 0,
    doubleTimeRate: e.doubleTimeRate ?? 0,
    regularPay: e.regularPay ?? 0,
    overtimePay: e.overtimePay ?? 0,
    doubleTimePay: e.doubleTimePay ?? 0,
    tips: e.tips ?? 0,
    cashTips: e.cashTips ?? 0,
    poolShares: e.poolShares ?? 0,
    makeUp: e.makeUpPay ?? 0,
    schedulePremiums: premiumsOfKind(e, 'scheduleChange', 'rest'),
    mealPremiums: premiumsOfKind(e, 'mealPeriod'),
    placePremiums: Object.fromEntries(PLACE_PREMIUM_KINDS.map((k) => [k, premiumsOfKind(e, k)])),
    adjustments: e.adjustmentPay ?? 0,
    payElements: e.payElementPay ?? 0,
    leave: (e.leave ?? []).map((l) => ({ kind: l.kind, minutes: l.minutes, rate: l.rate ?? 0, amount: l.amount ?? 0 })),
    weeks: (e.weeks ?? []).map((w) => ({
      weekStart: w.weekStart,
      regularRate: w.regularRate ?? 0,
      regularMinutes: w.regularMinutes,
      overtimeMinutes: w.overtimeMinutes,
      doubleTimeMinutes: w.doubleTimeMinutes,
      regularPay: w.regularPay ?? 0,
      overtimePay: w.overtimePay ?? 0,
      doubleTimePay: w.doubleTimePay ?? 0,
    })),
    ...(e.primaryRate != null ? { baseRate: e.primaryRate } : {}),
    totalPay: e.totalPay ?? 0,
    ...(location ? { location } : {}),
  }));
}

/** The file, or the layout's refusal as the API's 422. */
function exportFile(layout: ExportLayout, rows: PayrollExportRow[], meta: ExportMeta, codeWhere: string) {
  try {
    return payrollExport(layout, rows, meta);
  } catch (err) {
    if (err instanceof ExportError && err.reason === 'company-code-missing')
      throw payrollErrors.EXPORT_MISSING_COMPANY_CODE(`The ${layout} layout needs the company code: ${codeWhere}`);
    if (err instanceof ExportError) {
      throw payrollErrors.EXPORT_MISSING_EMPLOYEE_NUMBERS(
        `The ${layout} layout needs an employee number for: ${err.employees.join(', ')}`,
        err.employees.map((id) => ({ message: 'no employee number', employeeId: id })),
      );
    }
    throw err;
  }
}

/** The code an employer's provider knows it by for the layout (ADP Co Code, Paychex Client ID); Gusto's file carries none. */
const employerCode = (employer: EmployerOfLocation | null, layout: ExportLayout) =>
  layout === 'adp' || layout === 'paychex' ? employer?.companyCodes[layout] : undefined;

/**
 * The code the layout's provider knows the payer by: at a location of an organization, its
 * employer's code for the layout (the employer is the legal entity paying, docs/ORGANIZATIONS.md),
 * else the company's own payroll setting.
 */
async function companyCodeOf(companyId: string, layout: ExportLayout, settings: PayrollSettings) {
  if (layout !== 'adp' && layout !== 'paychex') return settings.companyCode ?? null;
  return employerCode(await employerOf(companyId), layout) ?? settings.companyCode ?? null;
}

/** The closed period's frozen report as a payroll provider's import file (CSV in the envelope). */
export async function exportPeriod({
  member,
  startDate,
  layout,
}: {
  member: Membership;
  startDate: string;
  layout: ExportLayout;
}) {
  const { companyId } = member;
  // a payroll file without some of the pay would pay people wrong: the caller must see it all
  const viewer = await viewerOf(member);
  if (!maySee(viewer, 'pay', false) || !maySee(viewer, 'tips', false))
    throw payrollErrors.PAY_HIDDEN('Pay or tips are hidden from managers in this company; ask an owner for the export');
  const ctx = await contextOf(companyId);
  periodStarting(startDate, ctx);
  const stored = await repo.readPeriod(companyId, startDate);
  if (stored?.status !== 'closed' || !stored.report)
    throw payrollErrors.PERIOD_NOT_CLOSED('Close the period before exporting it');
  return exportFile(
    layout,
    rowsOf(stored.report),
    {
      companyId,
      companyName: String(ctx.rules.profile.name ?? companyId),
      currency: stored.report.currency,
      periodStart: stored.startDate,
      periodEnd: stored.endDate,
      companyCode: (await companyCodeOf(companyId, layout, ctx.settings)) ?? undefined,
    },
    "set companyCode in the payroll settings (PATCH /payroll/settings), or the employer's companyCodes at a location of an organization",
  );
}

/**
 * One file for an employer over every location it employs the staff of: each location's frozen
 * report of the pay period starting on `startDate`, its rows as its own file has them (their overtime
 * already figured over the employer's workweek and allocated, docs/ORGANIZATIONS.md). Every location
 * must have that same pay period (404 PERIOD_NOT_FOUND when none has one from that date, 422
 * EMPLOYER_PERIODS_DIFFER when they differ, each location's period listed) and
 * have closed it (422 PERIOD_NOT_CLOSED, the open ones listed), in one currency (422
 * EMPLOYER_CURRENCIES_DIFFER). The provider codes are the employer's. A person with linked records
 * is one employee of the employer: the layouts that identify employees by number need the same
 * number on each of their records (422 LINKED_EMPLOYEE_NUMBERS_DIFFER); ADP and Paychex take a line
 * per location under that number, Gusto one line per person (mergedPersonRows).
 */
export async function exportEmployerPeriod({
  orgId,
  employerId,
  startDate,
  layout,
}: {
  orgId: string;
  employerId: string;
  startDate: string;
  layout: ExportLayout;
}) {
  const { employer, locations } = await employerLocations(orgId, employerId);
  if (!locations.length)
    throw payrollErrors.EMPLOYER_HAS_NO_LOCATIONS(
      `No location of the organization is under the employer ${employer.name}`,
    );
  const read = await Promise.all(
    locations.map(async (location) => {
      const ctx = await contextOf(location.companyId);
      const [stored, links] = await Promise.all([
        repo.readPeriod(location.companyId, startDate),
        linkedRecordsAt(location.companyId),
      ]);
      return { location, period: periodOf(startDate, ctx), stored, links };
    }),
  );
  const ends = new Set(read.map((r) => r.period.end));
  const starts = new Set(read.map((r) => r.period.start));
  if (starts.size === 1 && ends.size === 1 && !starts.has(startDate))
    throw payrollErrors.PERIOD_NOT_FOUND(
      `${startDate} does not start a pay period of the employer's locations; the period containing it starts on ${[...starts][0]}`,
    );
  if (starts.size > 1 || ends.size > 1 || !starts.has(startDate))
    throw payrollErrors.EMPLOYER_PERIODS_DIFFER(
      `The employer's locations do not all have a pay period from ${startDate}: export each location on its own, or align their pay frequency`,
      read.map((r) => ({
        message: 'pay period containing the date',
        companyId: r.location.companyId,
        location: r.location.name,
        startDate: r.period.start,
        endDate: r.period.end,
      })),
    );
  const open = read.filter((r) => r.stored?.status !== 'closed' || !r.stored.report);
  if (open.length)
    throw payrollErrors.PERIOD_NOT_CLOSED(
      `Close the period at every location of the employer first: ${open.map((r) => r.location.name).join(', ')}`,
      open.map((r) => ({ message: 'period not closed', companyId: r.location.companyId, location: r.location.name })),
    );
  const closed = read.map((r) => ({ ...r, report: r.stored!.report! }));
  const currencies = new Set(closed.map((r) => r.report.currency));
  if (currencies.size > 1)
    throw payrollErrors.EMPLOYER_CURRENCIES_DIFFER(
      `The employer's locations pay in ${[...currencies].join(' and ')}: one file holds one currency`,
      closed.map((r) => ({ message: 'currency', companyId: r.location.companyId, currency: r.report.currency })),
    );
  const rows = closed.flatMap((r) =>
    rowsOf(r.report, r.location).map((row) => ({
      row,
      person: personKeyOf(r.location.companyId, row.employeeId, r.links.get(row.employeeId) ?? []),
    })),
  );
  const conflicts = layout === 'generic' ? [] : numberConflicts(rows);
  if (conflicts.length)
    throw payrollErrors.LINKED_EMPLOYEE_NUMBERS_DIFFER(
      `The ${layout} layout identifies an employee by number, and ${conflicts.length} person(s) have a different one at two locations: give their records the number the provider knows them by`,
      conflicts.flatMap((c) => c.rows.map((r) => ({ message: 'employee number of a linked record', ...r }))),
    );
  return exportFile(
    layout,
    mergedPersonRows(layout, rows),
    {
      companyId: employer.id,
      companyName: employer.name,
      currency: [...currencies][0],
      periodStart: startDate,
      periodEnd: [...ends][0],
      companyCode: employerCode(employer, layout),
    },
    "set the employer's companyCodes for the layout (its payroll company code)",
  );
}
