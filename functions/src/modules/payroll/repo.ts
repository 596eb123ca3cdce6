import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { companyCollection } from '../../core/firestore';
import { storedCollection } from '../../core/stored';
import {
  mealWaiverSchema,
  payElementSchema,
  periodSchema,
  type MealWaiver,
  type PayElement,
  type PayrollReport,
  type PayrollSettings,
} from './schemas';

/**
 * Payroll's documents:
 *   companies/{id}/payrollSettings/current     pay frequency, anchor, overtime rules, export company code
 *   companies/{id}/payPeriods/{startDate}      a period that was closed (its frozen report) or reopened, with its history
 *   companies/{id}/payElements/{id}            a bonus or other pay element: employee, kind, amount, date, earned span
 *   companies/{id}/mealWaivers/{id}            a California meal-period waiver: employee, scope, agreed on, days covered
 */
export const { ref: settingsDocRef } = companyCollection('payrollSettings', (_id, data) => data);
export const settingsRef = (companyId: string) => settingsDocRef(companyId, 'current');

const periodEvent = z.object({
  action: z.enum(['close', 'reopen']),
  at: z.number(),
  by: z.string(),
  reason: z.string().nullable().default(null),
});
export type PeriodEvent = z.output<typeof periodEvent>;

/**
 * A pay period as stored: the answer's fields but `current` (made at read), the report frozen when
 * it closed (exports and later reads use it, whatever rates change afterwards) and its history.
 * The frozen report is read as the code that froze it wrote it: its shape is that code's, not checked here.
 */
const storedPeriod = periodSchema.omit({ current: true }).extend({
  closedAt: periodSchema.shape.closedAt.default(null),
  closedBy: periodSchema.shape.closedBy.default(null),
  report: z
    .custom<PayrollReport>((v) => typeof v === 'object')
    .nullable()
    .default(null),
  history: z.array(periodEvent).default([]),
});
export type StoredPeriod = z.output<typeof storedPeriod>;

export const {
  collection: periodsCollection,
  ref: periodRef,
  fromDoc: periodFromDoc,
  fromSnapshot: periodFromSnapshot,
} = storedCollection('payPeriods', storedPeriod);

export async function readSettings(companyId: string): Promise<Partial<PayrollSettings>> {
  const snap = await settingsRef(companyId).get();
  return (snap.data() ?? {}) as Partial<PayrollSettings>;
}

export async function storedPeriods(companyId: string, from: string, to: string): Promise<Map<string, StoredPeriod>> {
  const snap = await periodsCollection(companyId).where('startDate', '>=', from).where('startDate', '<=', to).get();
  return new Map(snap.docs.map((d) => [d.id, periodFromDoc(d)]));
}

export async function readPeriod(companyId: string, startDate: string, tx?: Transaction): Promise<StoredPeriod | null> {
  const ref = periodRef(companyId, startDate);
  return periodFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

/** Whether the California meal-period premium applies: the california rule set, mealPeriodPremium not turned off. */
export async function californiaMealRuleInForce(companyId: string): Promise<boolean> {
  const stored = await readSettings(companyId);
  return stored.overtimeRules?.kind === 'california' && stored.mealPeriodPremium !== false;
}

const storedPayElement = payElementSchema.omit({ id: true }).extend({ amountMinor: z.int() });

export const { collection: payElementsCollection, fromDoc: payElementFromDoc } = storedCollection(
  'payElements',
  storedPayElement,
);

/** The pay elements dated from `from` to `to`, by date then id. */
export async function listPayElements(
  companyId: string,
  range: { from: string; to: string },
  employeeId?: string,
): Promise<PayElement[]> {
  let query = payElementsCollection(companyId).where('date', '>=', range.from).where('date', '<=', range.to);
  if (employeeId) query = query.where('employeeId', '==', employeeId);
  const snap = await query.get();
  return snap.docs
    .map((d) => ({ id: d.id, ...payElementFromDoc(d) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

export const {
  collection: mealWaiversCollection,
  ref: mealWaiverRef,
  fromDoc: mealWaiverFromDoc,
  fromSnapshot: mealWaiverFromSnapshot,
} = storedCollection('mealWaivers', mealWaiverSchema.omit({ id: true }));

/** The company's meal waivers (of one employee), by employee then start. */
export async function listMealWaivers(companyId: string, employeeId?: string): Promise<MealWaiver[]> {
  const base = mealWaiversCollection(companyId);
  const snap = await (employeeId ? base.where('employeeId', '==', employeeId) : base).get();
  return snap.docs
    .map((d) => ({ id: d.id, ...mealWaiverFromDoc(d) }))
    .sort((a, b) => a.employeeId.localeCompare(b.employeeId) || a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** The meal waivers of the company, by employee id (for the meal rule of the report and the timesheets). */
export async function mealWaiversByEmployee(companyId: string): Promise<Map<string, MealWaiver[]>> {
  const out = new Map<string, MealWaiver[]>();
  for (const w of await listMealWaivers(companyId)) out.set(w.employeeId, [...(out.get(w.employeeId) ?? []), w]);
  return out;
}
