import { requireCompany } from '../../core/firestore';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { payrollErrors } from './errors';
import * as repo from './repo';
import type { MealWaiver, MealWaiverBody } from './schemas';

/**
 * Records a California meal-period waiver (managers and owners, with the employee's consent: Labor
 * Code 512(a) requires mutual consent). The meal rule honours it from `effectiveFrom`, within
 * 512(a)'s limits (meal-periods.ts). A closed period's frozen report is not recomputed.
 */
export async function recordMealWaiver({
  companyId,
  uid,
  body,
}: {
  companyId: string;
  uid: string;
  body: MealWaiverBody;
}): Promise<MealWaiver> {
  await requireCompany(companyId);
  const employee = employeeFromSnapshot(await employeeRef(companyId, body.employeeId).get());
  if (!employee) throw payrollErrors.MEAL_WAIVER_EMPLOYEE_NOT_FOUND(`No employee ${body.employeeId} in the company`);
  const { employeeConsented: _consented, ...fields } = body;
  const doc = { ...fields, createdAt: Date.now(), createdBy: uid };
  const ref = repo.mealWaiversCollection(companyId).doc();
  await ref.set(doc);
  return { id: ref.id, ...doc };
}

/** Ends a waiver on `effectiveTo` (an employee revoking it, or the agreement ending); the days after are not waived. */
export async function endMealWaiver({
  companyId,
  waiverId,
  effectiveTo,
}: {
  companyId: string;
  waiverId: string;
  effectiveTo: string;
}): Promise<MealWaiver> {
  await requireCompany(companyId);
  const ref = repo.mealWaiverRef(companyId, waiverId);
  const stored = repo.mealWaiverFromSnapshot(await ref.get());
  if (!stored) throw payrollErrors.MEAL_WAIVER_NOT_FOUND(`No meal waiver ${waiverId}`);
  if (effectiveTo < stored.effectiveFrom)
    throw payrollErrors.MEAL_WAIVER_END_BEFORE_START(
      `The waiver covers days from ${stored.effectiveFrom}; it cannot end on ${effectiveTo}`,
    );
  await ref.update({ effectiveTo });
  return { id: waiverId, ...stored, effectiveTo };
}
