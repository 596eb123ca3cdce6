import type { DocumentData, DocumentReference, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyCollection, companyDoc, toMillis } from '../../core/firestore';
import { POLICY_DEFAULTS, REQUEST_TYPES, type RequestPolicy, type ShiftRequest } from './schemas';

/**
 * Shift requests live at companies/{companyId}/shiftRequests/{id}; the company's approval policy
 * at companies/{companyId}/requestPolicy/policy. The stored state is the last transition; a
 * pending shift request whose shift has started is answered as expired (`effectiveState` in transitions.ts)
 * until the expiry job records it (expiry.ts).
 */
function requestFromDoc(id: string, d: DocumentData): ShiftRequest {
  return {
    id,
    companyId: String(d.companyId),
    type: d.type,
    state: d.state,
    employeeId: String(d.employeeId),
    date: String(d.date),
    shiftId: d.shiftId ?? null,
    shiftStartsAt: typeof d.shiftStartsAt === 'number' ? d.shiftStartsAt : null,
    peerEmployeeId: d.peerEmployeeId ?? null,
    peerShiftId: d.peerShiftId ?? null,
    volunteers: Array.isArray(d.volunteers) ? d.volunteers.map(String) : [],
    takerEmployeeId: d.takerEmployeeId ?? null,
    dayOff: d.dayOff ?? null,
    availabilities: d.availabilities ?? null,
    note: typeof d.note === 'string' ? d.note : '',
    needsManager: d.needsManager === true,
    history: Array.isArray(d.history) ? d.history : [],
    createdAt: toMillis(d.createdAt) ?? 0,
    updatedAt: toMillis(d.updatedAt) ?? 0,
  };
}

export const {
  collection: requestsCollection,
  ref: requestRef,
  fromSnapshot: requestFromSnapshot,
} = companyCollection('shiftRequests', requestFromDoc);

export function requestToDoc(r: ShiftRequest): DocumentData {
  const { id: _id, ...doc } = r;
  return doc;
}

export const policyRef = (companyId: string) => companyDoc(companyId).collection('requestPolicy').doc('policy');

export function policyFromSnapshot(snap: DocumentSnapshot): RequestPolicy {
  const stored = (snap.exists ? snap.data()?.managerApproval : undefined) ?? {};
  const managerApproval = { ...POLICY_DEFAULTS.managerApproval };
  for (const t of REQUEST_TYPES) if (typeof stored[t] === 'boolean') managerApproval[t] = stored[t];
  return { managerApproval };
}

export async function queryRequests(q: Query): Promise<ShiftRequest[]> {
  const snap = await q.get();
  return snap.docs.map((d) => requestFromDoc(d.id, d.data()));
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

export interface ExpiryEntry {
  companyId: string;
  requestId: string;
  expiresAt: number;
}

export async function dueExpiries(now: number): Promise<(ExpiryEntry & { ref: DocumentReference })[]> {
  const snap = await db().collection(EXPIRY_INDEX).where('expiresAt', '<=', now).get();
  return snap.docs.map((d) => ({
    ref: d.ref,
    companyId: String(d.get('companyId')),
    requestId: String(d.get('requestId')),
    expiresAt: Number(d.get('expiresAt')),
  }));
}
