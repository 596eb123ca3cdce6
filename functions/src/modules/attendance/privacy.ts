import type { DocumentData } from 'firebase-admin/firestore';
import type { PersonIds } from '../personal-data';

/**
 * A person's part of a punch's audit line they made (a manager's edit), for their export: that
 * they made it, when and why; the punch's values only when the punch is their own (another
 * employee's times are that employee's data).
 */
export function punchEditOfPerson(line: DocumentData, person: PersonIds): DocumentData {
  const punchOf = (values: unknown) => (values as { employeeId?: unknown } | null)?.employeeId;
  const own = [punchOf(line.before), punchOf(line.after)].some((id) => id != null && id === person.employeeId);
  if (own) return line;
  const { before: _before, after: _after, ...rest } = line;
  return rest;
}

/** A person's part of a late record (late-records.ts): the vendor's last version only when it is theirs (a punch moved to a coworker is the coworker's). */
export function lateRecordOfPerson(record: DocumentData, person: PersonIds): DocumentData {
  if (record.employeeId === person.employeeId) return record;
  const { final: _final, ...rest } = record;
  return rest;
}
