import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { storedCollection, storedMillis } from '../../core/stored';
import { entrySchema, policySchema, type LeaveEntry, type LeavePolicy } from './schemas';

/**
 * The leave module's documents:
 *   companies/{id}/leavePolicies/{policyId}   a policy (sick or PTO), replaced whole by its owner
 */
const storedPolicy = policySchema.extend({ updatedAt: storedMillis });

export const {
  collection: policiesCollection,
  ref: policyRef,
  fromDoc: policyFromDoc,
  fromSnapshot: policyFromSnapshot,
} = storedCollection('leavePolicies', storedPolicy);

export function policyToDoc(p: LeavePolicy): DocumentData {
  const { id: _id, ...doc } = p;
  return doc;
}

export async function listPolicies(companyId: string): Promise<LeavePolicy[]> {
  const snap = await policiesCollection(companyId).get();
  return snap.docs.map(policyFromDoc).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 *   companies/{id}/leaveEntries/{entryId}     the ledger: one entry per change of a balance, never edited
 */
const storedEntry = entrySchema.extend({ createdAt: storedMillis });

export const {
  collection: entriesCollection,
  ref: entryRef,
  fromDoc: entryFromDoc,
} = storedCollection('leaveEntries', storedEntry);

export function entryToDoc(e: LeaveEntry): DocumentData {
  const { id: _id, ...doc } = e;
  return doc;
}

/** An employee's entries (all policies), in a transaction when one is given. */
export async function employeeEntries(companyId: string, employeeId: string, tx?: Transaction): Promise<LeaveEntry[]> {
  const q = entriesCollection(companyId).where('employeeId', '==', employeeId);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map(entryFromDoc);
}

export async function companyEntries(companyId: string): Promise<LeaveEntry[]> {
  const snap = await entriesCollection(companyId).get();
  return snap.docs.map(entryFromDoc);
}

/** The entries dated in [from, to] (business dates). */
export async function entriesDated(companyId: string, from: string, to: string): Promise<LeaveEntry[]> {
  const snap = await entriesCollection(companyId).where('date', '>=', from).where('date', '<=', to).get();
  return snap.docs.map(entryFromDoc);
}
