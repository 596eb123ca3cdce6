import { roleAtLeast, type Membership } from '../../core/memberships';
import { findEmployeeByUser } from '../employees';
import { requestErrors } from './errors';

/** Who the caller is in a company's requests: a manager, and the employee record they act as. */

export const isManager = (m: Membership) => roleAtLeast(m.role, 'manager');

export async function callerEmployee(member: Membership): Promise<string | null> {
  return member.employeeId ?? (await findEmployeeByUser(member.companyId, member.uid))?.id ?? null;
}

export async function requireCallerEmployee(member: Membership): Promise<string> {
  const id = await callerEmployee(member);
  if (!id) throw requestErrors.NO_EMPLOYEE_RECORD('The caller has no employee record in this company');
  return id;
}
