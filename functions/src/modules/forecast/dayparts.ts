/**
 * Dayparts: the parts of a business day the forecast reports and staffing plans by. Bounds are
 * minutes from the business date's local midnight (1500 = 01:00 after midnight); an hour belongs
 * to the daypart in which it starts (the sales answers' morning/evening rule): breakfast from the
 * day change to `lunch`, lunch to `dinner`, dinner to `late`, late to the next day change. The
 * company's own bounds come from the companies module (`companyDayparts`: its setting, else its
 * schedule template's morning and evening starts); without either, 11:00, 16:00 and 22:00.
 */
export const DAYPARTS = ['breakfast', 'lunch', 'dinner', 'late'] as const;
export type Daypart = (typeof DAYPARTS)[number];

export interface DaypartBounds {
  lunch: number;
  dinner: number;
  late: number;
}

export const DEFAULT_DAYPARTS: DaypartBounds = { lunch: 11 * 60, dinner: 16 * 60, late: 22 * 60 };

/** The daypart of a business hour. */
export function daypartOf(businessHour: number, bounds: DaypartBounds = DEFAULT_DAYPARTS): Daypart {
  const minute = businessHour * 60;
  if (minute >= bounds.late) return 'late';
  if (minute >= bounds.dinner) return 'dinner';
  if (minute >= bounds.lunch) return 'lunch';
  return 'breakfast';
}

/** Business hours in a day's vector (48 covers a day change up to 24:00 the next day). */
export const BUSINESS_HOURS = 48;

/** Each business hour's daypart under the bounds (index: business hour). */
export const daypartMap = (bounds: DaypartBounds = DEFAULT_DAYPARTS): Daypart[] =>
  Array.from({ length: BUSINESS_HOURS }, (_, h) => daypartOf(h, bounds));

/** Per daypart, the sum of a per-business-hour vector. */
export function daypartTotals(
  hours: ArrayLike<number>,
  bounds: DaypartBounds = DEFAULT_DAYPARTS,
): Record<Daypart, number> {
  const out: Record<Daypart, number> = { breakfast: 0, lunch: 0, dinner: 0, late: 0 };
  for (let h = 0; h < hours.length; h++) out[daypartOf(h, bounds)] += hours[h];
  return out;
}
