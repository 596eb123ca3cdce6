import { minorBreaches, type MinorShift } from '../compliance';
import { birthDateOf, type Employee } from '../employees';
import type { ScheduleRules, Timed } from './rules';
import type { Finding } from './schemas';

/**
 * The minors' hours of a shift (compliance's rules: federal, state) as schedule findings. They
 * block unless the company setting minorRules is warn.
 */

const asMinorShift = (t: Timed): MinorShift => ({
  id: t.shift.id,
  date: t.shift.date,
  start: t.shift.start,
  minutes: t.minutes,
  worked: t.worked,
});

export function minorFindings(
  candidate: Timed,
  others: readonly Timed[],
  rules: ScheduleRules,
  employee: Employee | null,
): Finding[] {
  if (!employee || !rules.minors) return [];
  const c = candidate.shift;
  const blocking = rules.minorRules !== 'warn';
  return minorBreaches(birthDateOf(employee), asMinorShift(candidate), others.map(asMinorShift), rules.minors).map(
    (b) => ({
      shiftId: c.id,
      employeeId: c.employeeId,
      date: c.date,
      blocking,
      ...b,
    }),
  );
}
