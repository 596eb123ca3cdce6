import type { Query, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { businessDayBounds, instant } from '../../core/calendar';
import { storedCollection } from '../../core/stored';

/**
 * Approved day-offs, owned by the schedule (they block scheduling). One document per employee and
 * date at companies/{companyId}/timeOff/{requestId}_{date}: written by the approval of a dayOff
 * request (requests module, through this module's index), in the transaction of the approval.
 */
const timeOffSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  date: z.string(),
  /** Minutes of the company-local day (as shift start/end); both null: the whole business day. */
  start: z.number().nullable().default(null),
  end: z.number().nullable().default(null),
  requestId: z.string().default(''),
});
export type TimeOff = z.output<typeof timeOffSchema>;

export const {
  collection: timeOffCollection,
  ref: timeOffRef,
  fromDoc: timeOffFromDoc,
} = storedCollection('timeOff', timeOffSchema);

export interface TimeOffFilter {
  companyId: string;
  from: string;
  to: string;
  employeeIds?: readonly string[];
}

export function timeOffQuery(f: TimeOffFilter): Query {
  let q: Query = timeOffCollection(f.companyId);
  if (f.employeeIds?.length === 1) q = q.where('employeeId', '==', f.employeeIds[0]);
  return q.where('date', '>=', f.from).where('date', '<=', f.to);
}

/** The approved day-offs dated from..to (of some employees), read in `tx` when given. */
export async function listTimeOff(f: TimeOffFilter, tx?: Transaction): Promise<TimeOff[]> {
  const q = timeOffQuery(f);
  const snap = tx ? await tx.get(q) : await q.get();
  const wanted = f.employeeIds ? new Set(f.employeeIds) : null;
  return snap.docs
    .map(timeOffFromDoc)
    .filter((t) => !wanted || wanted.has(t.employeeId))
    .sort((a, b) => a.date.localeCompare(b.date) || a.employeeId.localeCompare(b.employeeId));
}

/** The records of an approved day-off request: one per date. */
export function timeOffRecords(r: {
  requestId: string;
  employeeId: string;
  dates: string[];
  start: number | null;
  end: number | null;
}): TimeOff[] {
  return r.dates.map((date) => ({
    id: `${r.requestId}_${date}`,
    employeeId: r.employeeId,
    date,
    start: r.start,
    end: r.end,
    requestId: r.requestId,
  }));
}

export function writeTimeOff(tx: Transaction, companyId: string, records: TimeOff[]): void {
  const now = Date.now();
  for (const { id, ...rest } of records) tx.set(timeOffRef(companyId, id), { ...rest, createdAt: now });
}

/** Removes the day-offs an approved request recorded (the request is cancelled). */
export function deleteTimeOff(tx: Transaction, companyId: string, r: { requestId: string; dates: string[] }): void {
  for (const date of r.dates) tx.delete(timeOffRef(companyId, `${r.requestId}_${date}`));
}

/** The instants a day-off covers: the whole business day, or its minutes of the local day. */
export function timeOffInterval(
  t: Pick<TimeOff, 'date' | 'start' | 'end'>,
  cal: { timezone: string; dayChangeTime: number },
): { startMs: number; endMs: number } {
  if (t.start === null || t.end === null) return businessDayBounds(t.date, cal);
  return { startMs: instant(t.date, t.start, cal.timezone), endMs: instant(t.date, t.end, cal.timezone) };
}
