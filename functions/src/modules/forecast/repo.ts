import type { DocumentData } from 'firebase-admin/firestore';
import { storedCollection, storedMillis } from '../../core/stored';
import { specialDaySchema, type SpecialDay } from './schemas';

/**
 * The days a company declared for its forecast (closures, special days) live at
 * companies/{companyId}/forecastSpecialDays/{date}: one document per business date, so declaring
 * a date again replaces it (a retried PUT writes the same document).
 */
const storedSpecialDay = specialDaySchema.extend({ updatedAt: storedMillis.default(0) });

export const {
  collection: specialDays,
  ref: specialDayRef,
  fromDoc: specialDayFromDoc,
} = storedCollection('forecastSpecialDays', storedSpecialDay, { idField: 'date' });

export async function readSpecialDays(companyId: string, from: string, to: string): Promise<SpecialDay[]> {
  const snap = await specialDays(companyId).where('date', '>=', from).where('date', '<=', to).orderBy('date').get();
  return snap.docs.map((d) => {
    const { updatedAt: _u, ...day } = specialDayFromDoc(d);
    return day;
  });
}

export async function writeSpecialDay(companyId: string, day: SpecialDay): Promise<void> {
  const doc: DocumentData = { ...day, updatedAt: Date.now() };
  await specialDayRef(companyId, day.date).set(doc);
}

/** Deletes a declared day; false when there was none. */
export async function deleteSpecialDay(companyId: string, date: string): Promise<boolean> {
  const ref = specialDayRef(companyId, date);
  const snap = await ref.get();
  if (!snap.exists) return false;
  await ref.delete();
  return true;
}
