/**
 * Dayparts: the parts of a business day the forecast reports and staffing plans by. Bounds are
 * business hours (wall-clock hours counted from the business date's local midnight; 25 = 01:00
 * after midnight): breakfast from the day change to 11:00, lunch 11:00-16:00, dinner
 * 16:00-22:00, late from 22:00 to the next day change.
 */
export const DAYPARTS = ['breakfast', 'lunch', 'dinner', 'late'] as const;
export type Daypart = (typeof DAYPARTS)[number];

const LUNCH_FROM = 11;
const DINNER_FROM = 16;
const LATE_FROM = 22;

/** The daypart of a business hour. */
export function daypartOf(businessHour: number): Daypart {
  if (businessHour >= LATE_FROM) return 'late';
  if (businessHour >= DINNER_FROM) return 'dinner';
  if (businessHour >= LUNCH_FROM) return 'lunch';
  return 'breakfast';
}

/** Business hours in a day's vector (48 covers a day change up to 24:00 the next day). */
export const BUSINESS_HOURS = 48;

/** Per daypart, the sum of a per-business-hour vector. */
export function daypartTotals(hours: ArrayLike<number>): Record<Daypart, number> {
  const out: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
  for (let h = 0; h < hours.length; h++) out[daypartOf(h)] += hours[h];
  return out;
}
