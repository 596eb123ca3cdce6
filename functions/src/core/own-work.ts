import { coreErrors } from './errors';
import type { Membership } from './memberships';

/**
 * No one approves their own work: a manager's own punches, requests (also one they are the coworker
 * or taker of) and a POS employee linked to their own record go to the owner or another manager.
 * Owners may approve their own: no one is above them in the company. `subjects` are the employee
 * records the approval concerns.
 */
export function approvesOwnWork(
  approver: Pick<Membership, 'role' | 'employeeId'>,
  subjects: readonly (string | null | undefined)[],
): boolean {
  return approver.role !== 'owner' && approver.employeeId !== null && subjects.includes(approver.employeeId);
}

/** Throws 403 SELF_APPROVAL when `approver` would approve their own work (see approvesOwnWork). */
export function refuseOwnWork(
  approver: Pick<Membership, 'role' | 'employeeId'>,
  subjects: readonly (string | null | undefined)[],
  what: string,
): void {
  if (approvesOwnWork(approver, subjects))
    throw coreErrors.SELF_APPROVAL(`${what} concerns your own employee record: the owner or another manager decides`);
}
