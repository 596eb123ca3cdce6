import type { DocumentData } from 'firebase-admin/firestore';
import { ERASED_NAME, type PersonIds } from '../personal-data';

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
