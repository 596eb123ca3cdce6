import type { DocumentData } from 'firebase-admin/firestore';
import { storedCollection, storedMillis } from '../../core/stored';
import { policySchema, type LeavePolicy } from './schemas';

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
