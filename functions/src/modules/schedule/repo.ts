import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Query,
  QuerySnapshot,
  Transaction,
} from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { shiftSchema, type Shift, type ShiftMode } from './schemas';

/** A shift document: the API's shift, its id the document's, with defaults for what older shifts lack. */
const storedShift = shiftSchema
  .extend({
    // a shift stored without its employee reads as the employee 'null', which matches none (as it always did)
    employeeId: z
      .string()
      .nullable()
      .transform((id) => id ?? 'null'),
    positionId: shiftSchema.shape.positionId.default(null),
    subRoleId: shiftSchema.shape.subRoleId.default(null),
    end: shiftSchema.shape.end.default(null),
    scheduleId: shiftSchema.shape.scheduleId.default(null),
    note: shiftSchema.shape.note.default(''),
    onHold: shiftSchema.shape.onHold.default(false),
    minutes: shiftSchema.shape.minutes.default(0),
    workedMinutes: shiftSchema.shape.workedMinutes.optional(),
    createdAt: storedMillis.default(0),
    updatedAt: storedMillis.default(0),
  })
  // a shift written before workedMinutes worked its scheduled minutes
  .transform((s): Shift => ({ ...s, workedMinutes: s.workedMinutes ?? s.minutes }));

/**
 * Shifts live at companies/{companyId}/shifts/{shiftId}, one document per shift:
 *   {companyId, date 'YYYY-MM-DD' (company-local day it starts), employeeId, positionId|null,
 *    subRoleId|null, start 0..1439, end 0..1439|null, mode published|manual|draft, scheduleId|null,
 *    note, onHold, minutes, workedMinutes, createdAt, updatedAt (epoch ms)}
 * Indexed queries (firestore.indexes.json, collection group "shifts"):
 *   (mode, date)                  a company's week: one query whatever the number of employees
 *   (employeeId, mode, date)      one employee's shifts (GET filter, user-shifts)
 *   (positionId, mode, date)      one role's shifts
 *   (scheduleId, mode, date)      one schedule's shifts
 *   (employeeId, date)            the conflict check: one employee, all modes, a few days around a date
 */
export const {
  collection: shiftsCollection,
  ref: shiftRef,
  fromDoc: shiftFromDoc,
  fromSnapshot: shiftFromSnapshot,
} = storedCollection('shifts', storedShift);

/** The stored document of a shift (the view minus its id). */
export function shiftToDoc(shift: Shift): DocumentData {
  const { id: _id, ...doc } = shift;
  return doc;
}

export interface ShiftRangeFilter {
  companyId: string;
  from: string;
  to: string;
  modes: readonly ShiftMode[];
  employeeId?: string;
  positionId?: string;
  scheduleId?: string;
}

/**
 * One indexed query for a date range: the most selective equality (employee, else role, else
 * schedule) is in the query, with the modes and the date range; the other filters are applied
 * to the rows.
 */
export function rangeQuery(f: ShiftRangeFilter): { query: Query; keep: (s: Shift) => boolean } {
  let q: Query = shiftsCollection(f.companyId);
  let used: 'employeeId' | 'positionId' | 'scheduleId' | null = null;
  if (f.employeeId) [q, used] = [q.where('employeeId', '==', f.employeeId), 'employeeId'];
  else if (f.positionId) [q, used] = [q.where('positionId', '==', f.positionId), 'positionId'];
  else if (f.scheduleId !== undefined) [q, used] = [q.where('scheduleId', '==', f.scheduleId), 'scheduleId'];
  q = q
    .where('mode', 'in', [...f.modes])
    .where('date', '>=', f.from)
    .where('date', '<=', f.to);
  const keep = (s: Shift) =>
    (used === 'employeeId' || !f.employeeId || s.employeeId === f.employeeId) &&
    (used === 'positionId' || !f.positionId || s.positionId === f.positionId) &&
    (used === 'scheduleId' || f.scheduleId === undefined || s.scheduleId === f.scheduleId);
  return { query: q, keep };
}

export async function listShiftsInRange(f: ShiftRangeFilter, tx?: Transaction): Promise<Shift[]> {
  const { query, keep } = rangeQuery(f);
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map(shiftFromDoc).filter(keep);
}

/** Every shift of one employee (all modes) whose date is within [from, to]: the reads of a conflict check. */
export function employeeWindowQuery(companyId: string, employeeId: string, from: string, to: string): Query {
  return shiftsCollection(companyId)
    .where('employeeId', '==', employeeId)
    .where('date', '>=', from)
    .where('date', '<=', to);
}
/** Reads in a transaction, or outside one (eligibility listings). */
export interface Reader {
  getAll(...refs: DocumentReference[]): Promise<DocumentSnapshot[]>;
  get(query: Query): Promise<QuerySnapshot>;
}
export const plainReader: Reader = { getAll: (...refs) => db().getAll(...refs), get: (q) => q.get() };
export const txReader = (tx: Transaction): Reader => ({
  getAll: (...refs) => tx.getAll(...refs),
  get: (q) => tx.get(q),
});
