import { companyDoc, serverTime } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { applicantErrors } from './errors';
import type { HiringPermissions } from './schemas';

/**
 * Who handles hiring, as 7shifts' hiring permissions: owners always; managers when the owner lets
 * them see hiring (postings, applications, moves, notes, hires) and, separately, manage postings
 * (create, edit, open and close). Both default to on. Employees never.
 */
const permissionsRef = (companyId: string) => companyDoc(companyId).collection('hiringSettings').doc('permissions');

export async function getPermissions(companyId: string): Promise<HiringPermissions> {
  const data = (await permissionsRef(companyId).get()).data() ?? {};
  return {
    managersSeeHiring: data.managersSeeHiring !== false,
    managersManagePostings: data.managersManagePostings !== false,
  };
}

export async function updatePermissions(
  companyId: string,
  patch: Partial<HiringPermissions>,
): Promise<HiringPermissions> {
  await permissionsRef(companyId).set({ ...patch, updatedAt: serverTime() }, { merge: true });
  return getPermissions(companyId);
}

/** Refuses a manager the owner has not let see hiring (`see`) or manage postings (`postings`). */
export async function assertMay(member: Membership, what: 'see' | 'postings'): Promise<void> {
  if (member.role === 'owner') return;
  const permissions = await getPermissions(member.companyId);
  if (!permissions.managersSeeHiring)
    throw applicantErrors.HIRING_NOT_PERMITTED('The owner has not given managers access to hiring');
  if (what === 'postings' && !permissions.managersManagePostings)
    throw applicantErrors.HIRING_NOT_PERMITTED('The owner has not let managers manage job postings');
}
