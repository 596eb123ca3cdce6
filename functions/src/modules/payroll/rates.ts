/**
 * Which hourly rate a worked minute is paid at: pure, no I/O.
 *
 * The position: the punch's own position, else the position of the published shift the punch is
 * linked to, else the employee's primary position (the first of their positions; a position that
 * names a sub-role is its role's position, sub-roles have no rate of their own).
 *
 * The rate, in major units like the stored rates: the employee's rate for that position
 * (`positionRates[roleId]`), else the role's rate (a role rate of 0 is the roles' default and
 * means "no rate set"), else the employee's `rateRegular`, else 0. `source` says which one it was,
 * so the report can show it per line.
 */

export type RateSource = 'position' | 'role' | 'employee' | 'none';

export interface RatedEmployee {
  positions?: { categoryId: string; subcategoryId?: string }[];
  positionRates?: Record<string, number>;
  rateRegular?: number;
}

export interface ResolvedRate {
  positionId: string | null;
  /** major units per hour */
  rate: number;
  source: RateSource;
}

/** The position a piece of work was done in (see the module comment). */
export function positionOfWork(
  punchPositionId: string | null,
  shiftPositionId: string | null,
  employee: RatedEmployee,
): string | null {
  return punchPositionId || shiftPositionId || employee.positions?.[0]?.categoryId || null;
}

/** The rate of work in `positionId` (role id) for the employee. */
export function rateFor(
  positionId: string | null,
  employee: RatedEmployee,
  roleRates: ReadonlyMap<string, number>,
): ResolvedRate {
  if (positionId !== null) {
    const own = employee.positionRates?.[positionId];
    if (own !== undefined) return { positionId, rate: own, source: 'position' };
    const role = roleRates.get(positionId);
    if (role !== undefined && role > 0) return { positionId, rate: role, source: 'role' };
  }
  if (employee.rateRegular !== undefined) return { positionId, rate: employee.rateRegular, source: 'employee' };
  return { positionId, rate: 0, source: 'none' };
}
