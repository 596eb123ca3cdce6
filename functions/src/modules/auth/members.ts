import type { Transaction } from 'firebase-admin/firestore';
import { auth, db } from '../../core/firebase';
import {
  forgetMembership,
  listMembershipsOfCompany,
  membershipFromDoc,
  membershipRef,
  type MemberRole,
  type Membership,
} from '../../core/memberships';
import { employeeRef } from '../employees';
import { peopleAt } from '../organizations';
import { authErrors } from './errors';

/** The company's members with their account's email and name, owners first; then the owners and administrators of its organization. */
export async function listMembers({ companyId }: { companyId: string }) {
  // the organization's owners and administrators act here as owners; a membership of the company comes first
  const memberships = await peopleAt(companyId, listMembershipsOfCompany(companyId));
  const accounts = new Map<string, { email: string | null; name: string | null; disabled: boolean }>();
  for (let i = 0; i < memberships.length; i += 100) {
    const { users } = await auth().getUsers(memberships.slice(i, i + 100).map((m) => ({ uid: m.uid })));
    for (const u of users)
      accounts.set(u.uid, { email: u.email ?? null, name: u.displayName ?? null, disabled: u.disabled });
  }
  const rank: Record<MemberRole, number> = { owner: 0, manager: 1, employee: 2 };
  return memberships
    .map((m) => ({
      uid: m.uid,
      role: m.role,
      employeeId: m.employeeId,
      ...(accounts.get(m.uid) ?? { email: null, name: null, disabled: false }),
      organizationRole: m.organizationRole,
    }))
    .sort((a, b) => rank[a.role] - rank[b.role] || (a.email ?? '').localeCompare(b.email ?? ''));
}

async function memberIn(tx: Transaction, companyId: string, uid: string): Promise<Membership> {
  const snap = await tx.get(membershipRef(companyId, uid));
  if (!snap.exists) throw authErrors.MEMBER_NOT_FOUND('No such member of this company');
  return membershipFromDoc(snap);
}

/** Refuses a change that would leave the company without an owner (read in the same transaction as the change). */
async function assertAnotherOwner(tx: Transaction, companyId: string, uid: string): Promise<void> {
  const others = (await listMembershipsOfCompany(companyId, tx)).filter((m) => m.role === 'owner' && m.uid !== uid);
  // the other owners' documents read in the transaction too, so two owners demoting each other at once conflict
  const current = others.length ? await tx.getAll(...others.map((m) => membershipRef(companyId, m.uid))) : [];
  if (!current.some((snap) => snap.exists && snap.get('role') === 'owner'))
    throw authErrors.LAST_OWNER('The company must keep at least one owner: make another member owner first');
}

/** Owners only (the route): any role to any member, except the last owner's demotion. */
export async function changeRole({ companyId, uid, role }: { companyId: string; uid: string; role: MemberRole }) {
  const changed = await db().runTransaction(async (tx) => {
    const target = await memberIn(tx, companyId, uid);
    if (target.role === role) return target;
    if (target.role === 'owner') await assertAnotherOwner(tx, companyId, uid);
    tx.update(membershipRef(companyId, uid), { role });
    return { ...target, role };
  });
  forgetMembership(companyId, uid);
  return (await listMembers({ companyId })).find((m) => m.uid === changed.uid)!;
}

/**
 * Ends a membership: owners remove anyone, managers employees only; the last owner stays. The
 * employee record is kept (its history is the company's) and unlinked from the user, so it can be
 * given to someone else.
 */
export async function removeMember({ member, companyId, uid }: { member: Membership; companyId: string; uid: string }) {
  await db().runTransaction(async (tx) => {
    const target = await memberIn(tx, companyId, uid);
    if (uid !== member.uid && member.role !== 'owner' && target.role !== 'employee') {
      throw authErrors.ROLE_NOT_ALLOWED(`Only an owner can remove a ${target.role}`);
    }
    if (target.role === 'owner') await assertAnotherOwner(tx, companyId, uid);
    const employee = target.employeeId ? await tx.get(employeeRef(companyId, target.employeeId)) : null;
    tx.delete(membershipRef(companyId, uid));
    if (employee?.exists && employee.get('userId') === uid)
      tx.update(employee.ref, { userId: null, updatedAt: Date.now() });
  });
  forgetMembership(companyId, uid);
  return { companyId, uid, removed: true as const };
}

export async function leaveCompany({ member }: { member: Membership }) {
  await removeMember({ member, companyId: member.companyId, uid: member.uid });
  return { companyId: member.companyId, left: true as const };
}
