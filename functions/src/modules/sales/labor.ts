import { businessSlotOfMinute, HOURS_PER_DAY_SLOTS } from '../../core/calendar';

/**
 * Labor cost per business date and business hour, for the `ratio` field (pure, no I/O).
 *
 * Definitions (also in the OpenAPI description of GET /sales):
 * - counted shifts: mode `published` only (manual and draft shifts are plans, not cost);
 * - a shift runs from `start` to `end` minutes of its `date` (company-local wall clock); `end` <
 *   `start` crosses midnight; `end` null is open-ended and lasts the profile's defaultDuration;
 *   `end` equal to `start` is an empty shift; breaks are not subtracted (paid time);
 * - shifts of a role with `includedInLaborCost: false` cost nothing here;
 * - hourly rate: the employee's `rateRegular` when set, else the `rate` of the shift's position
 *   (role), else 0; rates are in major currency units and converted to minor units with the
 *   currency's ISO 4217 exponent;
 * - a shift's minutes are spread over the business hours they fall in (same business-day rule as
 *   sales: dayChangeTime applies), so period and hours filters cut labor exactly like sales.
 */
export interface ShiftForLabor {
  date: string;
  employeeId: string | null;
  positionId: string | null;
  start: number;
  end: number | null;
}

export function shiftMinutes(shift: Pick<ShiftForLabor, 'start' | 'end'>, defaultDuration: number): [number, number] {
  if (shift.end === null || shift.end === undefined) return [shift.start, shift.start + defaultDuration];
  return [shift.start, shift.end < shift.start ? shift.end + 1440 : shift.end];
}

export function laborByBusinessHour(
  shifts: readonly ShiftForLabor[],
  options: {
    rateMinorPerHour: (shift: ShiftForLabor) => number;
    defaultDuration: number;
    dayChangeSeconds: number;
    startDate: string;
    endDate: string;
  },
): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  const dayChangeMinute = options.dayChangeSeconds / 60;
  for (const shift of shifts) {
    const rate = options.rateMinorPerHour(shift);
    if (!(rate > 0)) continue;
    const [from, to] = shiftMinutes(shift, options.defaultDuration);
    let m = from;
    while (m < to) {
      const nextHour = (Math.floor(m / 60) + 1) * 60;
      const dayStart = Math.floor(m / 1440) * 1440;
      let nextChange = dayStart + dayChangeMinute;
      if (nextChange <= m) nextChange += 1440;
      const next = Math.min(to, nextHour, nextChange);
      const slot = businessSlotOfMinute(shift.date, Math.floor(m), options.dayChangeSeconds);
      if (slot.businessDate >= options.startDate && slot.businessDate <= options.endDate) {
        let day = out.get(slot.businessDate);
        if (!day) out.set(slot.businessDate, (day = new Float64Array(HOURS_PER_DAY_SLOTS)));
        day[slot.businessHour] += ((next - m) / 60) * rate;
      }
      m = next;
    }
  }
  return out;
}
