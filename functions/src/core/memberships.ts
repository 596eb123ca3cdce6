import { z } from 'zod';
import { db } from './firebase';
import { storedDecoder } from './stored';

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
  /**
   * Epoch ms from which the membership no longer grants access (the employee record was archived
   * from that business day); absent: no end. The account itself remains.
   */
  accessEndsAt?: number;
}

const COLLECTION = 'memberships';

export const membershipId = (companyId: string, uid: string): string => `${companyId}_${uid}`;

export function roleAtLeast(role: MemberRole, minimum: MemberRole): boolean {
  return MEMBER_ROLES.indexOf(role) >= MEMBER_ROLES.indexOf(minimum);
}

export const membershipRef = (companyId: string, uid: string) =>
  db().collection(COLLECTION).doc(membershipId(companyId, uid));

/**
 * A membership document as its writers left it, read as the hand-written decoder read it: a role
 * no longer known is employee's, an employee id or an end of another type is none, and the ids are
 * the stored values as text (String(): a document without one reads 'undefined', matching nothing).
 * Built on the first read: every request's authentication loads this file, most answer from the cache.
 */
const storedMembership = () =>
  z
    .object({
      companyId: z.unknown().transform(String),
      uid: z.unknown().transform(String),
      role: z.enum(MEMBER_ROLES).catch('employee'),
      employeeId: z.string().nullable().catch(null),
      accessEndsAt: z.number().optional().catch(undefined),
    })
    .transform(({ accessEndsAt, ...m }): Membership => (accessEndsAt === undefined ? m : { ...m, accessEndsAt }));

/** The membership a snapshot holds (memberships/{companyId}_{uid}). */
export const membershipFromDoc = storedDecoder(COLLECTION, storedMembership);

/** Whether a membership grants access at `now`: an archived employee's membership stops at its end. */
export const grantsAccess = (m: Membership, now: number = Date.now()): boolean =>
  m.accessEndsAt === undefined || now < m.accessEndsAt;

/**
 * Every request of a member reads its membership, so an instance remembers answers for
 * MEMBERSHIP_CACHE_MS: a change made through this instance applies at once, one made elsewhere
 * (another instance, the console) within that time.
 */
const MEMBERSHIP_CACHE_MS = 5_000;
const MEMBERSHIP_CACHE_MAX = 10_000;
const remembered = new Map<string, { membership: Membership | null; until: number }>();

export async function findMembership(companyId: string, uid: string): Promise<Membership | null> {
  const id = membershipId(companyId, uid);
  const now = Date.now();
  const hit = remembered.get(id);
  const inForce = (m: Membership | null) => (m && grantsAccess(m, now) ? m : null);
  if (hit && hit.until > now) return inForce(hit.membership);
  const snap = await db().collection(COLLECTION).doc(id).get();
  const membership = snap.exists ? membershipFromDoc(snap) : null;
  if (remembered.size >= MEMBERSHIP_CACHE_MAX) remembered.clear();
  remembered.set(id, { membership, until: now + MEMBERSHIP_CACHE_MS });
  return inForce(membership);
}

/** The memberships of a user that grant access now. */
export async function listMembershipsOfUser(uid: string): Promise<Membership[]> {
  const snap = await db().collection(COLLECTION).where('uid', '==', uid).get();
  const now = Date.now();
  return snap.docs.map(membershipFromDoc).filter((m) => grantsAccess(m, now));
}

export async function saveMembership(m: Membership): Promise<void> {
  const id = membershipId(m.companyId, m.uid);
  await db().collection(COLLECTION).doc(id).set(m);
  remembered.delete(id);
}

/** The members of a company, read through `tx` when given (e.g. to count owners before a change). */
export async function listMembershipsOfCompany(
  companyId: string,
  tx?: FirebaseFirestore.Transaction,
): Promise<Membership[]> {
  const query = db().collection(COLLECTION).where('companyId', '==', companyId);
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map(membershipFromDoc);
}

/** Who an event is addressed to (src/modules/events/catalogue.ts): employee records, users, every member from a role up. */
export interface MemberAudience {
  employeeIds: readonly string[];
  uids: readonly string[];
  minRole: MemberRole | null;
}

/** Firestore's limit on the values of one `in` filter. */
const IN_LIMIT = 30;

/**
 * The memberships of a company an audience names, each once: read by employee record, by uid and by
 * role, so an event costs the reads of its audience (a shift change: its employee's one membership)
 * instead of one per member of the company.
 */
export async function listAudienceMemberships(companyId: string, audience: MemberAudience): Promise<Membership[]> {
  const members = db().collection(COLLECTION).where('companyId', '==', companyId);
  const employeeIds = [...new Set(audience.employeeIds)];
  const uids = [...new Set(audience.uids)];
  const chunks: string[][] = [];
  for (let i = 0; i < employeeIds.length; i += IN_LIMIT) chunks.push(employeeIds.slice(i, i + IN_LIMIT));
  const roles = audience.minRole ? MEMBER_ROLES.filter((r) => roleAtLeast(r, audience.minRole!)) : [];
  const [byEmployee, byUid, byRole] = await Promise.all([
    Promise.all(chunks.map((ids) => members.where('employeeId', 'in', ids).get())),
    uids.length ? db().getAll(...uids.map((uid) => membershipRef(companyId, uid))) : [],
    roles.length ? members.where('role', 'in', roles).get() : null,
  ]);
  const found = new Map<string, Membership>();
  const docs = [...byEmployee.flatMap((q) => q.docs), ...byUid.filter((d) => d.exists), ...(byRole?.docs ?? [])];
  for (const doc of docs) {
    const m = membershipFromDoc(doc);
    found.set(m.uid, m);
  }
  return [...found.values()];
}

/**
 * Ends (at `accessEndsAt`, epoch ms) or restores (null, stored as such) the access of the memberships linked to an
 * employee record: the membership naming it, or the one of its user. The account stays; the
 * membership stays too, so its role and link come back with a restore.
 */
export async function setEmployeeAccessEnd(
  companyId: string,
  link: { employeeId: string; userId: string | null },
  accessEndsAt: number | null,
): Promise<string[]> {
  const members = (await listMembershipsOfCompany(companyId)).filter(
    (m) => m.employeeId === link.employeeId || (link.userId !== null && m.uid === link.userId),
  );
  const batch = db().batch();
  for (const m of members) batch.update(membershipRef(companyId, m.uid), { accessEndsAt });
  if (members.length) await batch.commit();
  for (const m of members) forgetMembership(companyId, m.uid);
  return members.map((m) => m.uid);
}

/** After a membership changed in a transaction: this instance answers the new state at once. */
export function forgetMembership(companyId: string, uid: string): void {
  remembered.delete(membershipId(companyId, uid));
}
