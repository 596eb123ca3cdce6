import type { DocumentData, DocumentReference, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedDecoder } from '../../core/stored';
import {
  auditEntrySchema,
  invitationSchema,
  type AUDIT_ACTIONS,
  type Invitation,
  type InvitationState,
} from './schemas';

/**
 * Firestore paths of the auth module (all at the root: a person and an invitation exist before and
 * across companies):
 *   users/{uid}            the profile a person edits (name, surname, phone, locale)
 *   invitations/{id}       an invitation: company, email, role, employee, the token's SHA-256 only
 *   authAudit/{id}         every administrator action
 * Memberships are core (src/core/memberships.ts), counters of the abuse limits src/core/rate-limit.ts.
 */
export const USERS = 'users';
export const INVITATIONS = 'invitations';
export const AUDIT = 'authAudit';

export const userRef = (uid: string) => db().collection(USERS).doc(uid);

export interface StoredProfile {
  name: string | null;
  surname: string | null;
  phone: string | null;
  locale: string | null;
}

export async function readProfile(uid: string): Promise<StoredProfile | null> {
  const data = (await userRef(uid).get()).data();
  return data ? profileOf(data) : null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const profileOf = (data: DocumentData): StoredProfile => ({
  name: text(data.name),
  surname: text(data.surname),
  phone: text(data.phone),
  locale: text(data.locale),
});

/** An invitation as stored: its state is `pending`, `accepted` or `revoked`; `expired` is a pending one past `expiresAt`. */
export type StoredInvitation = Omit<Invitation, 'state'> & {
  state: Exclude<InvitationState, 'expired'>;
  tokenHash: string;
};

export const invitationsCollection = () => db().collection(INVITATIONS);
export const invitationRef = (id: string) => invitationsCollection().doc(id);

/** An invitation document: the answer's fields, the stored state and the token's hash; older ones may lack the send count. */
const storedInvitation = invitationSchema.extend({
  state: z.enum(['pending', 'accepted', 'revoked']),
  tokenHash: z.string(),
  sends: invitationSchema.shape.sends.default(1),
  // a value of another type reads as none, as the hand-written decoder read it
  employeeId: invitationSchema.shape.employeeId.catch(null),
  acceptedAt: invitationSchema.shape.acceptedAt.catch(null),
  acceptedBy: invitationSchema.shape.acceptedBy.catch(null),
  revokedAt: invitationSchema.shape.revokedAt.catch(null),
}) satisfies z.ZodType<StoredInvitation>;

export const invitationOf = storedDecoder(INVITATIONS, storedInvitation);

export async function invitationByTokenHash(tokenHash: string, tx?: Transaction): Promise<StoredInvitation | null> {
  const query = invitationsCollection().where('tokenHash', '==', tokenHash).limit(1);
  const snap = tx ? await tx.get(query) : await query.get();
  const doc = snap.docs[0];
  return doc ? invitationOf(doc) : null;
}

export async function readInvitation(id: string, tx?: Transaction): Promise<StoredInvitation | null> {
  const snap = tx ? await tx.get(invitationRef(id)) : await invitationRef(id).get();
  return snap.exists ? invitationOf(snap) : null;
}

/** The company's stored-pending invitations to an email (expired ones included). */
export async function pendingInvitationsTo(
  companyId: string,
  email: string,
  tx: Transaction,
): Promise<StoredInvitation[]> {
  const query = invitationsCollection()
    .where('companyId', '==', companyId)
    .where('email', '==', email)
    .where('state', '==', 'pending');
  return (await tx.get(query)).docs.map(invitationOf);
}

/** A page of the company's invitations, newest first; `state` is the stored one. */
export async function listInvitations(
  companyId: string,
  options: { state?: StoredInvitation['state']; before?: number; limit: number },
): Promise<StoredInvitation[]> {
  let query = invitationsCollection().where('companyId', '==', companyId);
  if (options.state) query = query.where('state', '==', options.state);
  // the emulator ignores query cursors: page with a range on the sort field
  if (options.before !== undefined) query = query.where('createdAt', '<', options.before);
  const snap = await query.orderBy('createdAt', 'desc').limit(options.limit).get();
  return snap.docs.map(invitationOf);
}

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An entry of the administrators' audit: the answer's entry, its id the document's. */
const auditEntryOf = storedDecoder(AUDIT, auditEntrySchema);

export function auditRef(): DocumentReference {
  return db().collection(AUDIT).doc();
}

export async function listAudit(options: { targetUid?: string; before?: number; limit: number }) {
  let query = db().collection(AUDIT).orderBy('at', 'desc');
  if (options.targetUid)
    query = db().collection(AUDIT).where('targetUid', '==', options.targetUid).orderBy('at', 'desc');
  if (options.before !== undefined) query = query.where('at', '<', options.before);
  const snap = await query.limit(options.limit).get();
  return snap.docs.map(auditEntryOf);
}
