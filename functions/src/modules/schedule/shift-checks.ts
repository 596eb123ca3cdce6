import { addDays, requireDateRange } from '../../core/calendar';
import type { ErrorFactory } from '../../core/errors';
import { employedOn, employeeErrors, type Employee } from '../employees';
import { roleErrors, type Role } from '../roles';
import { scheduleErrors } from './errors';
import { evaluate, restFindings, timed, timeOffFindings, type ScheduleRules, type Timed } from './rules';
import { LIVE_MODES, MAX_RANGE_DAYS, type Finding, type Shift, type ShiftMode } from './schemas';
import type { TimeOff } from './time-off';
import { minorFindings } from './minors';
import { MINOR_RULES } from '../compliance';

/**
 * The checks of a shift write, as pure functions: its references, the shifts it stands with, and
 * which findings refuse the write. The conflict rules themselves are in rules.ts.
 */

/**
 * Days read on each side of a shift's date (or of a range) for its rest and overlap checks: its
 * company week and the neighbouring days.
 */
export const CONFLICT_WINDOW_DAYS = 7;

/**
 * The dates read around `from`..`to` for everything that can touch a shift dated in it: the other
 * shifts (overlap, rest, daily and weekly limits) and the approved day-offs (a shift passing
 * midnight reaches the next date's day-off). Every check of a shift reads this one window.
 */
export function conflictWindow(from: string, to: string = from): { from: string; to: string } {
  return { from: addDays(from, -CONFLICT_WINDOW_DAYS), to: addDays(to, CONFLICT_WINDOW_DAYS) };
}

export const checkRange = (startDate: string, endDate: string): number =>
  requireDateRange(startDate, endDate, MAX_RANGE_DAYS);

/** The shifts a candidate of `mode` must stand with: live shifts stand with live ones; a draft with the drafts and the live schedule it will join. */
export const standsWith = (mode: ShiftMode) => (other: Shift) => mode === 'draft' || LIVE_MODES.includes(other.mode);

/** A shift with its stored lengths (`minutes`, `workedMinutes`) computed by the company's rules, and its timing. */
export function withTimes(
  shift: Omit<Shift, 'minutes' | 'workedMinutes'>,
  rules: ScheduleRules,
): { shift: Shift; timing: Timed<Shift> } {
  const draft = { ...shift, minutes: 0, workedMinutes: 0 };
  const timing = timed(draft, rules);
  draft.minutes = timing.minutes;
  draft.workedMinutes = timing.worked;
  return { shift: draft, timing };
}

interface References {
  employee: Employee | null;
  role: Role | null;
}

/** The codes of blocking reference findings (owned by the employees and roles modules). */
const REFERENCE_ERRORS: Partial<Record<Finding['rule'], ErrorFactory>> = {
  unknownEmployee: employeeErrors.UNKNOWN_EMPLOYEE,
  employeeArchived: employeeErrors.EMPLOYEE_ARCHIVED,
  unknownRole: roleErrors.UNKNOWN_ROLE,
  roleArchived: roleErrors.ROLE_ARCHIVED,
  unknownSubRole: roleErrors.UNKNOWN_SUB_ROLE,
  subRoleArchived: roleErrors.UNKNOWN_SUB_ROLE,
};

/** The employee and role of a shift must exist and be active, and the employee must hold the position. */
export function checkReferences(shift: Shift, refs: References): Finding[] {
  const base = { shiftId: shift.id, employeeId: shift.employeeId, date: shift.date, blocking: true };
  const out: Finding[] = [];
  const { employee, role } = refs;
  if (!employee)
    out.push({ ...base, rule: 'unknownEmployee', message: `no employee ${shift.employeeId} in this company` });
  else if (!employedOn(employee, shift.date))
    out.push({
      ...base,
      rule: 'employeeArchived',
      message: `employee ${shift.employeeId} is archived on ${shift.date}`,
    });
  if (shift.positionId) {
    if (!role) out.push({ ...base, rule: 'unknownRole', message: `no role ${shift.positionId} in this company` });
    else if (role.archived)
      out.push({ ...base, rule: 'roleArchived', message: `role ${shift.positionId} is archived` });
    else if (shift.subRoleId) {
      const sub = role.subRoles[shift.subRoleId];
      if (!sub)
        out.push({
          ...base,
          rule: 'unknownSubRole',
          message: `role ${shift.positionId} has no sub-role ${shift.subRoleId}`,
        });
      else if (sub.archived === true)
        out.push({
          ...base,
          rule: 'subRoleArchived',
          message: `sub-role ${shift.subRoleId} of role ${shift.positionId} is archived`,
        });
    }
    if (employee && role) {
      const holds = employee.positions.some(
        (p) => p.categoryId === shift.positionId && (!shift.subRoleId || p.subcategoryId === shift.subRoleId),
      );
      if (!holds) {
        out.push({
          ...base,
          rule: 'positionNotHeld',
          message: `employee ${shift.employeeId} does not hold the position ${shift.positionId}${shift.subRoleId ? ` / ${shift.subRoleId}` : ''}`,
        });
      }
    }
  } else if (shift.subRoleId) {
    out.push({ ...base, rule: 'unknownSubRole', message: 'a sub-role needs a role (positionId)' });
  }
  return out;
}

/** What a shift is checked against, read once for all the shifts of one write. */
export interface CheckContext {
  rules: ScheduleRules;
  employee: Employee | null;
  /** The roles of the shifts by id (absent or null: no such role). */
  roles: ReadonlyMap<string, Role | null>;
  timeOffs: readonly TimeOff[];
}

/**
 * Every finding of a shift against the employee's other shifts that stand with it, but the
 * fair-workweek rest, whose consent each kind of write gives its own way: the references, the
 * conflict rules and the approved days-off.
 */
export function shiftFindings(
  { shift, timing }: { shift: Shift; timing: Timed<Shift> },
  others: Timed[],
  { rules, employee, roles, timeOffs }: CheckContext,
): Finding[] {
  return [
    ...checkReferences(shift, { employee, role: shift.positionId ? (roles.get(shift.positionId) ?? null) : null }),
    ...evaluate(timing, others, rules, employee?.availabilities),
    ...timeOffFindings(timing, timeOffs, rules),
    ...minorFindings(timing, others, rules, employee),
  ];
}

/**
 * The checks of one shift write: every finding of `shiftFindings`, plus the fair-workweek rest of a
 * live shift (blocking unless `restConsent`; a draft is checked for it when published), with the
 * premium each short rest owes. PUT /shifts and the commit of a proposal both run exactly this.
 */
export function writeFindings(
  candidate: { shift: Shift; timing: Timed<Shift> },
  others: Timed[],
  context: CheckContext,
  restConsent: boolean,
): { findings: Finding[]; rest: ReturnType<typeof restFindings> } {
  const rest =
    candidate.shift.mode === 'draft' ? [] : restFindings(candidate.timing, others, context.rules, restConsent);
  return { findings: [...shiftFindings(candidate, others, context), ...rest.map((r) => r.finding)], rest };
}

const isMinorRule = (rule: Finding['rule']) => (MINOR_RULES as readonly string[]).includes(rule);

/** The error of blocking findings (none references): MINOR_HOURS when a minors' rule is among them, else SHIFT_CONFLICT; every finding in details. */
export function conflictError(message: string, blocking: readonly Finding[]) {
  const details = blocking.map((f) => ({ ...f, path: f.rule }));
  return blocking.some((f) => isMinorRule(f.rule))
    ? scheduleErrors.MINOR_HOURS(message, details)
    : scheduleErrors.SHIFT_CONFLICT(message, details);
}

/** Unknown or archived references answer their own code; everything else that blocks is conflictError's. */
export function throwIfBlocked(findings: Finding[]): Finding[] {
  const blocking = findings.filter((f) => f.blocking);
  if (blocking.length === 0) return findings;
  const reference = blocking.find((f) => REFERENCE_ERRORS[f.rule]);
  const details = blocking.map((f) => ({ ...f, path: f.rule }));
  if (reference) throw REFERENCE_ERRORS[reference.rule]!(blocking.map((f) => f.message).join('; '), details);
  throw conflictError(`The shift conflicts: ${blocking.map((f) => f.message).join('; ')}`, blocking);
}
