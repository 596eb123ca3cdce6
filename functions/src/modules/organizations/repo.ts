import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedDecoder, storedMillis } from '../../core/stored';
import { companyCodesSchema, ORGANIZATION_ROLES, type OrganizationRole } from './schemas';

/**
 * The organizations' documents, all at the root (a location's own data stays under companies/{id}):
 *   organizations/{orgId}                      name, employers (the legal entities)
 *   organizationLocations/{companyId}          which organization and employer a company belongs to
 *   organizationMembers/{orgId}_{uid}          an owner or administrator of the organization
 *   employeeLinks/{companyId}_{employeeId}     one record of a linked person, with the link's records
 * A link is written whole into the document of each of its records, so that any record's link is one read.
 */
const ORGS = 'organizations';
const LOCATIONS = 'organizationLocations';
const MEMBERS = 'organizationMembers';
const LINKS = 'employeeLinks';

const storedEmployer = z.object({
  id: z.string(),
  name: z.string(),
  ein: z.string(),
  companyCodes: companyCodesSchema.catch({}),
});
const storedOrganization = z.object({
  id: z.string(),
  name: z.string(),
  employers: z.array(storedEmployer).default([]),
  createdAt: storedMillis.default(0),
});
export type StoredOrganization = z.output<typeof storedOrganization>;

const storedLocation = z.object({ companyId: z.string(), organizationId: z.string(), employerId: z.string() });
export type StoredLocation = z.output<typeof storedLocation>;

const storedMember = z.object({ organizationId: z.string(), uid: z.string(), role: z.enum(ORGANIZATION_ROLES) });
export type StoredMember = z.output<typeof storedMember>;

const recordOf = z.object({ companyId: z.string(), employeeId: z.string() });
const storedLinkRecord = z.object({
  companyId: z.string(),
  employeeId: z.string(),
  organizationId: z.string(),
  employerId: z.string(),
  linkId: z.string(),
  records: z.array(recordOf),
});
export type StoredLinkRecord = z.output<typeof storedLinkRecord>;

const organizationOf = storedDecoder(ORGS, storedOrganization);
const locationOf = storedDecoder(LOCATIONS, storedLocation);
const memberOf = storedDecoder(MEMBERS, storedMember);
const linkRecordOf = storedDecoder(LINKS, storedLinkRecord);

const orNull =
  <T>(decode: (snap: DocumentSnapshot) => T) =>
  (snap: DocumentSnapshot): T | null =>
    snap.exists ? decode(snap) : null;

export const organizationRef = (orgId: string) => db().collection(ORGS).doc(orgId);
export const newOrganizationRef = () => db().collection(ORGS).doc();
export const locationRef = (companyId: string) => db().collection(LOCATIONS).doc(companyId);
export const memberRef = (orgId: string, uid: string) => db().collection(MEMBERS).doc(`${orgId}_${uid}`);
export const linkRecordRef = (companyId: string, employeeId: string) =>
  db().collection(LINKS).doc(`${companyId}_${employeeId}`);

export const organizationFromSnapshot = orNull(organizationOf);
export const locationFromSnapshot = orNull(locationOf);
export const memberFromSnapshot = orNull(memberOf);
export const linkRecordFromSnapshot = orNull(linkRecordOf);

const read = async <T>(
  ref: FirebaseFirestore.DocumentReference,
  decode: (s: DocumentSnapshot) => T,
  tx?: Transaction,
) => decode(tx ? await tx.get(ref) : await ref.get());

export const readOrganization = (orgId: string, tx?: Transaction) =>
  read(organizationRef(orgId), organizationFromSnapshot, tx);
export const readLocation = (companyId: string, tx?: Transaction) =>
  read(locationRef(companyId), locationFromSnapshot, tx);
export const readMember = (orgId: string, uid: string, tx?: Transaction) =>
  read(memberRef(orgId, uid), memberFromSnapshot, tx);
export const readLinkRecord = (companyId: string, employeeId: string, tx?: Transaction) =>
  read(linkRecordRef(companyId, employeeId), linkRecordFromSnapshot, tx);

export async function locationsOf(orgId: string, tx?: Transaction): Promise<StoredLocation[]> {
  const query = db().collection(LOCATIONS).where('organizationId', '==', orgId);
  return (tx ? await tx.get(query) : await query.get()).docs.map(locationOf);
}

export async function membersOf(orgId: string, tx?: Transaction): Promise<StoredMember[]> {
  const query = db().collection(MEMBERS).where('organizationId', '==', orgId);
  return (tx ? await tx.get(query) : await query.get()).docs.map(memberOf);
}

/** The organizations a person is an owner or administrator of. */
export async function membershipsOfUid(uid: string): Promise<StoredMember[]> {
  return (await db().collection(MEMBERS).where('uid', '==', uid).get()).docs.map(memberOf);
}

export async function linkRecordsOfOrganization(orgId: string): Promise<StoredLinkRecord[]> {
  return (await db().collection(LINKS).where('organizationId', '==', orgId).get()).docs.map(linkRecordOf);
}

export async function linkRecordsOfLink(linkId: string, tx: Transaction): Promise<StoredLinkRecord[]> {
  return (await tx.get(db().collection(LINKS).where('linkId', '==', linkId))).docs.map(linkRecordOf);
}

/** Every linked record of a company (outside a transaction). */
export async function linkRecordsAt(companyId: string): Promise<StoredLinkRecord[]> {
  return (await db().collection(LINKS).where('companyId', '==', companyId).get()).docs.map(linkRecordOf);
}

export async function linkRecordsOfCompany(companyId: string, tx: Transaction): Promise<StoredLinkRecord[]> {
  return (await tx.get(db().collection(LINKS).where('companyId', '==', companyId).limit(1))).docs.map(linkRecordOf);
}

export function writeMember(tx: Transaction, orgId: string, uid: string, role: OrganizationRole): void {
  tx.set(memberRef(orgId, uid), { organizationId: orgId, uid, role, updatedAt: Date.now() });
}

export function writeLocation(tx: Transaction, location: StoredLocation): void {
  tx.set(locationRef(location.companyId), { ...location, updatedAt: Date.now() });
}
