import type { CompanyRules } from './service';

/**
 * The company's dayparts (pure): the minutes of the business date (from its local midnight; 1500 =
 * 01:00 after midnight) at which lunch, dinner and the late part start. Breakfast runs from the
 * day change to lunch, late from its start to the next day change. One answer for the forecast,
 * the schedule's demand and the sales answers' morning and evening (morning: before dinner).
 *
 * - the setting `dayparts` when the company set it;
 * - else its schedule template (`daysStructure`): lunch from the days' most common morning start,
 *   dinner from their most common evening start, late 6 hours after dinner starts;
 * - else lunch 11:00, dinner at the setting `morningPeriodEnd` (default 16:00), late 22:00.
 */
export interface CompanyDayparts {
  lunch: number;
  dinner: number;
  late: number;
  source: 'setting' | 'template' | 'default';
}

const DEFAULT = { lunch: 11 * 60, dinner: 16 * 60, late: 22 * 60 };
/** A dinner the template starts runs 6 hours before the late part (16:00-22:00 by default). */
const DINNER_HOURS = 6;
const DAY_MINUTES = 1440;

function mostCommon(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  for (const [v, n] of counts)
    if (best === null || n > counts.get(best)! || (n === counts.get(best)! && v < best)) best = v;
  return best;
}

const startOf = (day: unknown, part: 'morning' | 'evening'): number | null => {
  const p = day && typeof day === 'object' ? (day as Record<string, unknown>)[part] : null;
  const start = p && typeof p === 'object' ? (p as Record<string, unknown>).start : null;
  return typeof start === 'number' && Number.isFinite(start) && start >= 0 && start < DAY_MINUTES ? start : null;
};

export function companyDayparts(rules: Pick<CompanyRules, 'profile' | 'settings'>): CompanyDayparts {
  const set = rules.settings.dayparts;
  if (set) return { ...set, source: 'setting' };
  const days = Object.values(rules.profile.daysStructure ?? {});
  const morning = mostCommon(days.map((d) => startOf(d, 'morning')).filter((v): v is number => v !== null));
  const evening = mostCommon(days.map((d) => startOf(d, 'evening')).filter((v): v is number => v !== null));
  const byDefault = { ...DEFAULT, dinner: rules.settings.morningPeriodEnd ?? DEFAULT.dinner };
  if (evening !== null && (morning === null || morning < evening)) {
    const lunch = morning ?? Math.min(byDefault.lunch, evening);
    return { lunch, dinner: evening, late: evening + DINNER_HOURS * 60, source: 'template' };
  }
  const fromMorning = morning !== null && morning < byDefault.dinner;
  const { lunch, dinner, late } = fromMorning ? { ...byDefault, lunch: morning } : byDefault;
  return {
    lunch: Math.min(lunch, dinner),
    dinner,
    late: Math.max(late, dinner),
    source: fromMorning ? 'template' : 'default',
  };
}

/**
 * Where the business date's evening (PM) shift starts, a minute of the date (from its local
 * midnight): its weekday's evening start in the schedule template (`daysStructure`), else the
 * company's dinner daypart (the same cut as the sales answers' morning and evening). The morning
 * (AM) shift runs from the day change to it, the evening one to the next day change.
 */
export function eveningShiftStart(rules: Pick<CompanyRules, 'profile' | 'settings'>, weekday: string): number {
  return startOf(rules.profile.daysStructure?.[weekday], 'evening') ?? companyDayparts(rules).dinner;
}
