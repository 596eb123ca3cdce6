import { createHash } from 'node:crypto';
import type { DocumentData, Query, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection } from '../../core/stored';
import { posEmployeeSchema, storedPosPunch } from './schemas';

/**
 * The pos-sync module's documents (all under companies/{cid}/):
 *
 *   posEmployees/{connectionId}~{vendorId}   a POS team member of one integration connection:
 *     {connectionId, slug, vendorId, firstName, lastName, email|null, phone|null, jobTitle|null,
 *      active, modifiedAt (POS), emailKey|null, phoneKey|null (normalized, for auto-linking),
 *      employeeId|null, linked (employeeId !== null, for the state filter), linkedBy ('auto'|uid)|null,
 *      linkedAt|null, unlinkedBy|null, unlinkedAt|null, sortKey (= the id: pages by a range filter),
 *      createdAt, updatedAt}
 *   posHeld/{connectionId}~punch~{vendorId}   a punch of a POS employee not linked (yet):
 *     {connectionId, slug, posEmployeeId, vendorId, punch (the PosPunch as read), modifiedAt, heldAt};
 *     replayed into attendance and deleted when the POS employee is linked.
 *   posDeletions/{connectionId}~{stream}~{vendorId}   a deletion a webhook announced by id alone
 *     (Square labor.timecard.deleted): {connectionId, stream, vendorId, deletedAt, eventKey|null
 *     (the webhook event that announced it), queuedAt}; the
 *     engine applies it in the stream's next run (writeDeletions) and then deletes it.
 *   Synced sales are the sales module's (recordExternalSales): their invoices keep each sale whole,
 *     and the tips per business day and employee (posTips) move in the same commit.
 *
 * Vendor ids that cannot be part of a document id are hashed (idPart). Composite indexes
 * (firestore.indexes.json): posEmployees (connectionId, linked, sortKey), (connectionId, sortKey),
 * (linked, sortKey).
 */

const SAFE_ID = /^[A-Za-z0-9._:-]{1,200}$/;
export const idPart = (vendorId: string) =>
  SAFE_ID.test(vendorId) ? vendorId : `h-${createHash('sha256').update(vendorId).digest('hex').slice(0, 32)}`;

export const posEmployeeDocId = (connectionId: string, vendorId: string) => `${connectionId}~${idPart(vendorId)}`;
export const heldPunchDocId = (connectionId: string, vendorId: string) => `${connectionId}~punch~${idPart(vendorId)}`;

// ---------------------------------------------------------------- POS employees

/**
 * A POS employee as stored: the answer's fields without what is derived at read (state,
 * suggestions), with the normalized keys of auto-linking; `linked` and `sortKey` are query fields
 * only. Older documents may lack the names, contact fields, times and links: defaults here.
 */
const storedPosEmployee = posEmployeeSchema.omit({ state: true, suggestions: true }).extend({
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  email: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
  emailKey: z.string().nullable().default(null),
  phoneKey: z.string().nullable().default(null),
  jobTitle: z.string().nullable().default(null),
  active: z.boolean().default(true),
  modifiedAt: z.number().default(0),
  employeeId: z.string().nullable().default(null),
  linkedBy: z.string().nullable().default(null),
  linkedAt: z.number().nullable().default(null),
  unlinkedBy: z.string().nullable().default(null),
  unlinkedAt: z.number().nullable().default(null),
  createdAt: z.number().default(0),
  updatedAt: z.number().default(0),
});
export type StoredPosEmployee = z.output<typeof storedPosEmployee>;

export function posEmployeeToDoc(p: StoredPosEmployee): DocumentData {
  const { id, ...doc } = p;
  return { ...doc, linked: p.employeeId !== null, sortKey: id };
}

export const {
  collection: posEmployeesCollection,
  ref: posEmployeeRef,
  fromDoc: posEmployeeFromDoc,
  fromSnapshot: posEmployeeFromSnapshot,
} = storedCollection('posEmployees', storedPosEmployee);

/** Some POS employees by id, in one read (null where there is none). */
export async function readPosEmployees(
  companyId: string,
  ids: readonly string[],
  tx?: Transaction,
): Promise<(StoredPosEmployee | null)[]> {
  if (ids.length === 0) return [];
  const refs = ids.map((id) => posEmployeeRef(companyId, id));
  const snaps = tx ? await tx.getAll(...refs) : await db().getAll(...refs);
  return snaps.map(posEmployeeFromSnapshot);
}

/** The linked POS employees of a connection (every connection when null): employee id -> POS employee id, per connection. */
export async function linksOf(
  companyId: string,
  connectionId: string | null,
  tx?: Transaction,
): Promise<Map<string, Map<string, string>>> {
  let q: Query = posEmployeesCollection(companyId).where('linked', '==', true);
  if (connectionId) q = q.where('connectionId', '==', connectionId);
  const snap = tx ? await tx.get(q) : await q.get();
  const out = new Map<string, Map<string, string>>();
  for (const doc of snap.docs) {
    const p = posEmployeeFromDoc(doc);
    if (!p.employeeId) continue;
    const links = out.get(p.connectionId) ?? new Map<string, string>();
    links.set(p.employeeId, p.id);
    out.set(p.connectionId, links);
  }
  return out;
}

/** One page by id order; a range filter on sortKey, not startAfter (the Node Firestore emulator ignores cursors). */
export async function pagePosEmployees(
  companyId: string,
  f: { connectionId?: string; linked?: boolean; after?: string; limit: number },
): Promise<StoredPosEmployee[]> {
  let q: Query = posEmployeesCollection(companyId);
  if (f.connectionId) q = q.where('connectionId', '==', f.connectionId);
  if (f.linked !== undefined) q = q.where('linked', '==', f.linked);
  if (f.after) q = q.where('sortKey', '>', f.after);
  const snap = await q.orderBy('sortKey').limit(f.limit).get();
  return snap.docs.map(posEmployeeFromDoc);
}

// ---------------------------------------------------------------- held punches

/** A held punch as stored: the punch as read from the POS, kept whole until its POS employee is linked. */
const storedHeldPunch = z.object({
  id: z.string(),
  connectionId: z.string(),
  slug: z.string(),
  posEmployeeId: z.string(),
  vendorId: z.string(),
  punch: storedPosPunch,
  modifiedAt: z.number().default(0),
  heldAt: z.number().default(0),
});
export type HeldPunch = z.output<typeof storedHeldPunch>;

export const heldToDoc = ({ id: _id, ...doc }: HeldPunch): DocumentData => doc;

export const {
  collection: heldCollection,
  ref: heldRef,
  fromDoc: heldFromDoc,
  fromSnapshot: heldFromSnapshot,
} = storedCollection('posHeld', storedHeldPunch);

/** The punches held for a POS employee, in pages of `limit` by id. */
export async function heldPunchesOf(companyId: string, posEmployeeId: string, limit: number): Promise<HeldPunch[]> {
  const snap = await heldCollection(companyId).where('posEmployeeId', '==', posEmployeeId).limit(limit).get();
  return snap.docs.map(heldFromDoc);
}

// ---------------------------------------------------------------- deletions announced by id alone

export const deletionDocId = (connectionId: string, stream: string, vendorId: string) =>
  `${connectionId}~${stream}~${idPart(vendorId)}`;

/** A deletion a webhook announced, waiting for the stream's next run to apply it. */
const storedDeletion = z.object({
  id: z.string(),
  connectionId: z.string(),
  stream: z.enum(['punches', 'sales']),
  vendorId: z.string(),
  deletedAt: z.number(),
  eventKey: z.string().nullable().default(null),
  queuedAt: z.number().default(0),
});
export type QueuedDeletion = z.output<typeof storedDeletion>;
export const deletionToDoc = ({ id: _id, ...doc }: QueuedDeletion): DocumentData => doc;

export const {
  collection: deletionsCollection,
  ref: deletionRef,
  fromDoc: deletionFromDoc,
} = storedCollection('posDeletions', storedDeletion);

/** The deletions queued for one stream of a connection, at most `limit`. */
export async function queuedDeletions(
  companyId: string,
  connectionId: string,
  stream: 'punches' | 'sales',
  limit: number,
): Promise<QueuedDeletion[]> {
  const snap = await deletionsCollection(companyId)
    .where('connectionId', '==', connectionId)
    .where('stream', '==', stream)
    .limit(limit)
    .get();
  return snap.docs.map(deletionFromDoc);
}
