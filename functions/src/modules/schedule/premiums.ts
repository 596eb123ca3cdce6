import type { Query, Transaction } from 'firebase-admin/firestore';
import { coreErrors } from '../../core/errors';
import { storedCollection, storedMillis } from '../../core/stored';
import { roleAtLeast, type Membership } from '../../core/memberships';
import { premiumSchema, type ListPremiumsQuery } from './schemas';
import { checkRange } from './shift-checks';
import type { Jurisdiction, PremiumDue } from './fair-workweek';

/**
 * Fair-workweek premiums owed to employees, at companies/{companyId}/schedulePremiums/{id}: one
 * per schedule change of a published shift inside the notice window, and per worked clopening.
 * Written by the schedule in the transaction of the change; payroll reads them through
 * `listPremiums` (schedule's index). `amountMinor` is USD cents; `payHours` is hours of the
 * employee's regular rate (payroll multiplies by the rate).
 */
export interface Premium extends PremiumDue {
  id: string;
  employeeId: string;
  /** Business date of the shift the premium is for. */
  date: string;
  shiftId: string;
  jurisdiction: Jurisdiction;
  currency: 'USD' | null;
  createdAt: number;
}

const storedPremium = premiumSchema.extend({
  reason: premiumSchema.shape.reason.default(''),
  citation: premiumSchema.shape.citation.default(''),
  amountMinor: premiumSchema.shape.amountMinor.default(null),
  // a currency other than USD reads as none, as the hand-written decoder read it
  currency: premiumSchema.shape.currency.catch(null),
  payHours: premiumSchema.shape.payHours.default(null),
  createdAt: storedMillis.default(0),
});

export const {
  collection: premiumsCollection,
  ref: premiumRef,
  fromDoc: premiumFromDoc,
} = storedCollection('schedulePremiums', storedPremium);

export type NewPremium = Omit<Premium, 'id' | 'createdAt' | 'currency'>;

/** Premiums to record in a transaction: their views (ids chosen now) and the write. */
export function stagePremiums(
  companyId: string,
  premiums: NewPremium[],
): { premiums: Premium[]; write: (tx: Transaction) => void } {
  const now = Date.now();
  const staged = premiums.map((p) => ({
    ...p,
    id: premiumsCollection(companyId).doc().id,
    currency: p.amountMinor !== null ? ('USD' as const) : null,
    createdAt: now,
  }));
  return {
    premiums: staged,
    write: (tx) => {
      for (const { id, ...doc } of staged) tx.set(premiumRef(companyId, id), doc);
    },
  };
}

/** The premiums of shifts dated from..to (optionally one employee's): what payroll adds to a pay period. */
export async function listPremiums({
  companyId,
  from,
  to,
  employeeId,
}: {
  companyId: string;
  from: string;
  to: string;
  employeeId?: string;
}): Promise<Premium[]> {
  let q: Query = premiumsCollection(companyId);
  if (employeeId) q = q.where('employeeId', '==', employeeId);
  const snap = await q.where('date', '>=', from).where('date', '<=', to).get();
  return snap.docs.map(premiumFromDoc).sort((a, b) => a.date.localeCompare(b.date) || a.createdAt - b.createdAt);
}

/** GET /shifts/premiums: managers list anyone's (or one employee's), an employee their own only. */
export async function listPremiumsForMember({ member, query }: { member: Membership; query: ListPremiumsQuery }) {
  checkRange(query.startDate, query.endDate);
  let employeeId = query.employeeId;
  if (!roleAtLeast(member.role, 'manager')) {
    if (!member.employeeId || (employeeId && employeeId !== member.employeeId))
      throw coreErrors.INSUFFICIENT_ROLE("Employees read only their own premiums; managers read everyone's");
    employeeId = member.employeeId;
  }
  return listPremiums({ companyId: member.companyId, from: query.startDate, to: query.endDate, employeeId });
}
