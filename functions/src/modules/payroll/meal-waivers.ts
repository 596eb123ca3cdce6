import type { MealWaivers } from './meal-periods';

/**
 * Recorded California meal-period waivers: pure, no I/O. A waiver is one employee's written
 * mutual consent (Labor Code 512(a)) with its scope (`firstMeal` or `secondMeal`), the date it was
 * agreed and the days it covers (`effectiveFrom`, and `effectiveTo` once revoked or ended; it
 * never reaches back before the agreement). meal-periods.ts applies it only within 512(a)'s limits.
 */
export interface MealWaiverRecord {
  employeeId: string;
  scope: 'firstMeal' | 'secondMeal';
  effectiveFrom: string;
  effectiveTo: string | null;
}

/** The waivers in force on `date` among one employee's records. */
export function waiversOn(records: readonly MealWaiverRecord[], date: string): MealWaivers {
  const inForce = records.filter((w) => w.effectiveFrom <= date && (w.effectiveTo === null || date <= w.effectiveTo));
  return { first: inForce.some((w) => w.scope === 'firstMeal'), second: inForce.some((w) => w.scope === 'secondMeal') };
}
