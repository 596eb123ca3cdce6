import { createHash } from 'node:crypto';
import type { DocumentData, Query, Transaction } from 'firebase-admin/firestore';
import type { PosPunch } from '../../pos/connectors';
import { db } from '../../core/firebase';
import { companyCollection } from '../../core/firestore';

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

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

// ---------------------------------------------------------------- POS employees

export interface StoredPosEmployee {
  id: string;
  connectionId: string;
  slug: string;
  vendorId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  emailKey: string | null;
  phoneKey: string | null;
  jobTitle: string | null;
  active: boolean;
  modifiedAt: number;
  employeeId: string | null;
  linkedBy: string | null;
  linkedAt: number | null;
  unlinkedBy: string | null;
  unlinkedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

function posEmployeeFromDoc(id: string, d: DocumentData): StoredPosEmployee {
  return {
    id,
    connectionId: String(d.connectionId),
    slug: String(d.slug),
    vendorId: String(d.vendorId),
    firstName: String(d.firstName ?? ''),
    lastName: String(d.lastName ?? ''),
    email: str(d.email),
    phone: str(d.phone),
    emailKey: str(d.emailKey),
    phoneKey: str(d.phoneKey),
    jobTitle: str(d.jobTitle),
    active: d.active !== false,
    modifiedAt: Number(d.modifiedAt ?? 0),
    employeeId: str(d.employeeId),
    linkedBy: str(d.linkedBy),
    linkedAt: num(d.linkedAt),
    unlinkedBy: str(d.unlinkedBy),
    unlinkedAt: num(d.unlinkedAt),
    createdAt: Number(d.createdAt ?? 0),
    updatedAt: Number(d.updatedAt ?? 0),
  };
}

export function posEmployeeToDoc(p: StoredPosEmployee): DocumentData {
  const { id, ...doc } = p;
  return { ...doc, linked: p.employeeId !== null, sortKey: id };
}

export const {
  collection: posEmployeesCollection,
  ref: posEmployeeRef,
  fromSnapshot: posEmployeeFromSnapshot,
} = companyCollection('posEmployees', posEmployeeFromDoc);

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
    const p = posEmployeeFromDoc(doc.id, doc.data());
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
  return snap.docs.map((d) => posEmployeeFromDoc(d.id, d.data()));
}

// ---------------------------------------------------------------- held punches

export interface HeldPunch {
  id: string;
  connectionId: string;
  slug: string;
  posEmployeeId: string;
  vendorId: string;
  punch: PosPunch;
  modifiedAt: number;
  heldAt: number;
}

function heldFromDoc(id: string, d: DocumentData): HeldPunch {
  return {
    id,
    connectionId: String(d.connectionId),
    slug: String(d.slug),
    posEmployeeId: String(d.posEmployeeId),
    vendorId: String(d.vendorId),
    punch: d.punch as PosPunch,
    modifiedAt: Number(d.modifiedAt ?? 0),
    heldAt: Number(d.heldAt ?? 0),
  };
}

export const heldToDoc = ({ id: _id, ...doc }: HeldPunch): DocumentData => doc;

export const {
  collection: heldCollection,
  ref: heldRef,
  fromSnapshot: heldFromSnapshot,
} = companyCollection('posHeld', heldFromDoc);

/** The punches held for a POS employee, in pages of `limit` by id. */
export async function heldPunchesOf(companyId: string, posEmployeeId: string, limit: number): Promise<HeldPunch[]> {
  const snap = await heldCollection(companyId).where('posEmployeeId', '==', posEmployeeId).limit(limit).get();
  return snap.docs.map((d) => heldFromDoc(d.id, d.data()));
}
