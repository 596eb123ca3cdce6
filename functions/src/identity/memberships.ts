import { db } from '../firebase';

/**
 * Membership model: a user (Firebase Auth uid) belongs to a company with one role.
 * Stored in the top-level collection `memberships/{companyId}_{uid}` so that both "is this user a
 * member of company X" (one document read) and "which companies does this user belong to" (one
 * indexed query on uid) work without collection-group queries.
 */
export const MEMBER_ROLES = ['employee', 'manager', 'owner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface Membership {
  companyId: string;
  uid: string;
  role: MemberRole;
  /** The employee record of this user in this company, when there is one. */
  employeeId: string | null;
}

const COLLECTION = 'memberships';

export const membershipId = (companyId: string, uid: string): string => `${companyId}_${uid}`;

export function roleAtLeast(role: MemberRole, minimum: MemberRole): boolean {
  return MEMBER_ROLES.indexOf(role) >= MEMBER_ROLES.indexOf(minimum);
}

function fromData(data: FirebaseFirestore.DocumentData): Membership {
  return {
    companyId: String(data.companyId),
    uid: String(data.uid),
    role: MEMBER_ROLES.includes(data.role) ? data.role : 'employee',
    employeeId: typeof data.employeeId === 'string' ? data.employeeId : null,
  };
}

export async function findMembership(companyId: string, uid: string): Promise<Membership | null> {
  const snap = await db().collection(COLLECTION).doc(membershipId(companyId, uid)).get();
  return snap.exists ? fromData(snap.data()!) : null;
}

export async function listMembershipsOfUser(uid: string): Promise<Membership[]> {
  const snap = await db().collection(COLLECTION).where('uid', '==', uid).get();
  return snap.docs.map((d) => fromData(d.data()));
}

export async function saveMembership(m: Membership): Promise<void> {
  await db().collection(COLLECTION).doc(membershipId(m.companyId, m.uid)).set(m);
}
