import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { companyCollection } from '../../core/firestore';
import type { PayrollReport, PayrollSettings } from './schemas';

/**
 * Payroll's documents:
 *   companies/{id}/payrollSettings/current     pay frequency, anchor, overtime rules, export company code
 *   companies/{id}/payPeriods/{startDate}      a period that was closed (its frozen report) or reopened, with its history
 */
export const { ref: settingsDocRef } = companyCollection('payrollSettings', (_id, data) => data);
export const settingsRef = (companyId: string) => settingsDocRef(companyId, 'current');

export interface PeriodEvent {
  action: 'close' | 'reopen';
  at: number;
  by: string;
  reason: string | null;
}

export interface StoredPeriod {
  startDate: string;
  endDate: string;
  status: 'open' | 'closed';
  closedAt: number | null;
  closedBy: string | null;
  /** The report as it was when the period closed: exports and later reads use it, whatever rates change afterwards. */
  report: PayrollReport | null;
  history: PeriodEvent[];
}

export const {
  collection: periodsCollection,
  ref: periodRef,
  fromSnapshot: periodFromSnapshot,
} = companyCollection('payPeriods', (_id, data: DocumentData) => data as StoredPeriod);

export async function readSettings(companyId: string): Promise<Partial<PayrollSettings>> {
  const snap = await settingsRef(companyId).get();
  return (snap.data() ?? {}) as Partial<PayrollSettings>;
}

export async function storedPeriods(companyId: string, from: string, to: string): Promise<Map<string, StoredPeriod>> {
  const snap = await periodsCollection(companyId).where('startDate', '>=', from).where('startDate', '<=', to).get();
  return new Map(snap.docs.map((d) => [d.id, d.data() as StoredPeriod]));
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
