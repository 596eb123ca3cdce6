import { businessSlot, businessSlotOfMinute, HOURS_PER_DAY_SLOTS } from '../../core/calendar';

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

/** Worked time of one employee: an approved punch, its unpaid breaks left out. */
export interface WorkedTime {
  employeeId: string;
  positionId: string | null;
  startMs: number;
  endMs: number;
  unpaidBreaks: { startMs: number; endMs: number }[];
}

const QUARTER_HOUR_MS = 15 * 60_000;

/** [start, end) minus the breaks that fall in it. */
function paidIntervals(t: WorkedTime): [number, number][] {
  const breaks = t.unpaidBreaks.filter((b) => b.endMs > b.startMs).sort((a, b) => a.startMs - b.startMs);
  const out: [number, number][] = [];
  let from = t.startMs;
  for (const b of breaks) {
    if (b.endMs <= from || b.startMs >= t.endMs) continue;
    if (b.startMs > from) out.push([from, b.startMs]);
    from = Math.max(from, b.endMs);
  }
  if (from < t.endMs) out.push([from, t.endMs]);
  return out;
}

/**
 * Labor cost per business date and hour of time actually worked, like laborByBusinessHour does for
 * shifts. Time is walked in quarter hours of real time: every time zone's offset is a multiple of 15
 * minutes, so a quarter hour never straddles a local hour (a dayChangeTime that is not a multiple of
 * 15 minutes puts the quarter hour it cuts on the business day where the quarter starts).
 */
export function laborOfWorkedTime(
  worked: readonly WorkedTime[],
  options: {
    rateMinorPerHour: (t: WorkedTime) => number;
    timezone: string;
    dayChangeSeconds: number;
    startDate: string;
    endDate: string;
  },
): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  for (const t of worked) {
    const rate = options.rateMinorPerHour(t);
    if (!(rate > 0)) continue;
    for (const [from, to] of paidIntervals(t)) {
      for (let m = from; m < to;) {
        const next = Math.min(to, (Math.floor(m / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
        const slot = businessSlot(m, options.timezone, options.dayChangeSeconds);
        if (slot.businessDate >= options.startDate && slot.businessDate <= options.endDate) {
          let day = out.get(slot.businessDate);
          if (!day) out.set(slot.businessDate, (day = new Float64Array(HOURS_PER_DAY_SLOTS)));
          day[slot.businessHour] += ((next - m) / 3_600_000) * rate;
        }
        m = next;
      }
    }
  }
  return out;
}
