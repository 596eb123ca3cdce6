import { companyDoc } from '../../core/firestore';
import type { Logger } from '../../core/logger';
import { auth, db } from '../../core/firebase';
import { membershipFromDoc, membershipRef, type Membership } from '../../core/memberships';
import type { PersonIds } from '../personal-data';
import { privacyErrors } from './errors';
import { mentionsOf } from './mentions';
import type { PersonRef } from './schemas';

/** A person as the privacy operations see them: their ids, and whether their account belongs to this company alone. */
export interface Person {
  ids: PersonIds;
  /** Their account data (profile, onboarding sessions) is exported and erased too: no other company has them. */
  accountHere: boolean;
  isOwner: boolean;
  /** Their full name, email and phone as stored: how a copy of them in others' documents is recognised (mentions.ts). */
  mentions: string[];
}

const lower = (v: unknown) => (typeof v === 'string' && v ? v.toLowerCase() : null);
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

async function accountEmail(uid: string): Promise<string | null> {
  return auth()
    .getUser(uid)
    .then((u) => lower(u.email))
    .catch(() => null);
}

/** An owner's request about one person of their company (export, erasure). */
export interface PersonRequest {
  member: Membership;
  person: PersonRef;
  log: Logger;
}

/**
 * Every id of the person named by one of them, in the company: an employee record leads to its
 * user and the application it was hired from; a member to their employee record; an application to
 * the employee it was hired into. Unknown in the company: 404 PERSON_NOT_FOUND.
 */
export async function resolvePerson(companyId: string, ref: PersonRef): Promise<Person> {
  const company = companyDoc(companyId);
  const ids: PersonIds = { employeeId: null, uid: null, applicationId: null, email: null };
  const texts: Array<string | null> = [];
  const named = (doc: FirebaseFirestore.DocumentSnapshot) =>
    texts.push(
      [text(doc.get('name')), text(doc.get('surname'))].filter(Boolean).join(' ') || null,
      text(doc.get('email')),
      text(doc.get('phone')),
    );
  if (ref.applicationId) {
    const application = await company.collection('applications').doc(ref.applicationId).get();
    if (!application.exists) throw notFound();
    named(application);
    Object.assign(ids, {
      applicationId: application.id,
      email: lower(application.get('email')),
      employeeId: text(application.get('employeeId')),
    });
  }
  if (ref.uid) {
    const stored = await membershipRef(companyId, ref.uid).get();
    if (!stored.exists) throw notFound();
    const membership = membershipFromDoc(stored);
    Object.assign(ids, { uid: ref.uid, employeeId: membership.employeeId ?? null });
  }
  if (ref.employeeId) ids.employeeId = ref.employeeId;
  if (ids.employeeId) {
    const employee = await company.collection('employees').doc(ids.employeeId).get();
    if (!employee.exists && ref.employeeId) throw notFound();
    if (employee.exists) named(employee);
    ids.uid ??= text(employee.get('userId'));
    ids.email ??= lower(employee.get('email'));
    if (!ids.applicationId) {
      const hiredFrom = await company
        .collection('applications')
        .where('employeeId', '==', ids.employeeId)
        .limit(1)
        .get();
      ids.applicationId = hiredFrom.docs[0]?.id ?? null;
    }
  }
  if (ids.uid) ids.email ??= await accountEmail(ids.uid);
  // every membership, also ended ones: a former member elsewhere still has an account there
  const memberships = ids.uid
    ? (await db().collection('memberships').where('uid', '==', ids.uid).get()).docs.map(membershipFromDoc)
    : [];
  return {
    ids,
    accountHere: memberships.every((m) => m.companyId === companyId),
    isOwner: memberships.some((m) => m.companyId === companyId && m.role === 'owner'),
    mentions: mentionsOf([...texts, ids.email]),
  };
}

const notFound = () => privacyErrors.PERSON_NOT_FOUND('No such person in the company');
