import type { DocumentData } from 'firebase-admin/firestore';
import { ERASED_NAME, type PersonIds } from '../personal-data';

const isObject = (v: unknown): v is DocumentData => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A stored pay period after its employee `person` was erased: the pay lines of its frozen report
 * stay (a pay record the company keeps), named by the employee id only.
 */
export function closedPeriodWithout(period: DocumentData, person: PersonIds): DocumentData {
  const lines = period.report?.employees;
  if (!person.employeeId || !Array.isArray(lines)) return period;
  const employees = lines.map((line: DocumentData) =>
    line.employeeId === person.employeeId
      ? { ...line, name: `${ERASED_NAME.name} ${ERASED_NAME.surname}`, employeeNumber: null }
      : line,
  );
  return { ...period, report: { ...period.report, employees } };
}

/** What a frozen report says of the period as a whole that names nobody's pay. */
const REPORT_HEADING = ['companyId', 'period', 'currency', 'overtimeRules'] as const;

/**
 * A person's own part of a stored pay period, for their export: the period's dates and state, and
 * of its frozen report the heading and their own lines (every list of the report is cut to the items
 * naming their employee id). Colleagues' lines, the totals (which, less the person's own, are the
 * others' pay), the company-wide counts and who closed or reopened it (others' ids) are left out.
 */
export function periodOfPerson(period: DocumentData, person: PersonIds): DocumentData {
  const { startDate, endDate, status, closedAt } = period;
  const report = isObject(period.report) ? period.report : null;
  if (!report) return { startDate, endDate, status, closedAt: closedAt ?? null, report: null };
  const heading = Object.fromEntries(REPORT_HEADING.filter((k) => k in report).map((k) => [k, report[k]]));
  const ownLists = Object.fromEntries(
    Object.entries(report)
      .filter(([, v]) => Array.isArray(v))
      .map(([k, v]) => [k, (v as unknown[]).filter((item) => isObject(item) && item.employeeId === person.employeeId)]),
  );
  return { startDate, endDate, status, closedAt: closedAt ?? null, report: { ...heading, ...ownLists } };
}
