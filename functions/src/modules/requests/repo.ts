import type { DocumentData, DocumentReference, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { storedCollection, storedDecoder, storedMillis } from '../../core/stored';
import { POLICY_DEFAULTS, policySchema, requestSchema, type RequestPolicy, type ShiftRequest } from './schemas';

/**
 * Shift requests live at companies/{companyId}/shiftRequests/{id}; the company's approval policy
 * at companies/{companyId}/requestPolicy/policy. The stored state is the last transition; a
 * pending shift request whose shift has started is answered as expired (`effectiveState` in transitions.ts)
 * until the expiry job records it (expiry.ts).
 */
const storedRequest = requestSchema.omit({ premiums: true }).extend({
  shiftId: requestSchema.shape.shiftId.default(null),
  shiftStartsAt: requestSchema.shape.shiftStartsAt.default(null),
  peerEmployeeId: requestSchema.shape.peerEmployeeId.default(null),
  peerShiftId: requestSchema.shape.peerShiftId.default(null),
  volunteers: requestSchema.shape.volunteers.default([]),
  takerEmployeeId: requestSchema.shape.takerEmployeeId.default(null),
  dayOff: requestSchema.shape.dayOff.default(null),
  availabilities: requestSchema.shape.availabilities.default(null),
  leave: requestSchema.shape.leave.default(null),
  note: requestSchema.shape.note.default(''),
  needsManager: requestSchema.shape.needsManager.default(false),
  history: requestSchema.shape.history.default([]),
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
});

export const {
  collection: requestsCollection,
  ref: requestRef,
  fromDoc: requestFromDoc,
  fromSnapshot: requestFromSnapshot,
} = storedCollection('shiftRequests', storedRequest);

export function requestToDoc(r: ShiftRequest): DocumentData {
  const { id: _id, ...doc } = r;
  return doc;
}

export const policyRef = (companyId: string) => companyDoc(companyId).collection('requestPolicy').doc('policy');

/** The stored policy: the types it sets over POLICY_DEFAULTS. */
const policyFromDoc = storedDecoder(
  'requestPolicy',
  z
    .object({ managerApproval: policySchema.shape.managerApproval.partial().default({}) })
    .transform((p): RequestPolicy => ({
      managerApproval: { ...POLICY_DEFAULTS.managerApproval, ...p.managerApproval },
    })),
);

export function policyFromSnapshot(snap: DocumentSnapshot): RequestPolicy {
  return snap.exists ? policyFromDoc(snap) : { managerApproval: { ...POLICY_DEFAULTS.managerApproval } };
}

export async function queryRequests(q: Query): Promise<ShiftRequest[]> {
  const snap = await q.get();
  return snap.docs.map(requestFromDoc);
}

/** Requests of a company with a field equal to a value (the listings), or all of them. */
export function requestsWhere(
  companyId: string,
  field?: 'employeeId' | 'peerEmployeeId' | 'takerEmployeeId' | 'state' | 'shiftId',
  value?: string,
): Query {
  const c = requestsCollection(companyId);
  return field ? c.where(field, '==', value) : c;
}

/**
 * The expiry index: `requestExpiries/{companyId}_{requestId}` for every request created pending
 * about a shift, so the expiry job reads one collection instead of every company's requests (no
 * collection-group queries on the Node emulator). Written with the request; the job drops an
 * entry once its time has passed, whatever became of the request.
 */
const EXPIRY_INDEX = 'requestExpiries';
export const expiryIndexRef = (companyId: string, requestId: string) =>
  db().collection(EXPIRY_INDEX).doc(`${companyId}_${requestId}`);

const expiryFromDoc = storedDecoder(
  EXPIRY_INDEX,
  z.object({ companyId: z.string(), requestId: z.string(), expiresAt: z.number() }),
);
export type ExpiryEntry = ReturnType<typeof expiryFromDoc>;

export async function dueExpiries(now: number): Promise<(ExpiryEntry & { ref: DocumentReference })[]> {
  const snap = await db().collection(EXPIRY_INDEX).where('expiresAt', '<=', now).get();
  return snap.docs.map((d) => ({ ref: d.ref, ...expiryFromDoc(d) }));
}
