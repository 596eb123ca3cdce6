import { addDays, hhmm, weekdayName } from '../../core/calendar';
import { workedSpans } from '../attendance';
import { companyDayparts, eveningShiftStart, type CompanyRules } from '../companies';
import { timedPoolInputs, tipPoolInputs } from '../sales';
import { workDays, type TipsDay, type WorkDay } from './distribution';
import { DAYPARTS, SHIFT_BLOCKS, type TipPool } from './schemas';
import { partBounds, windowInputs } from './windows';

/**
 * What a pool's period reads (I/O): the tips per employee and date (the sales module) and the
 * approved minutes per employee, date and role (attendance). A day or week pool reads whole
 * business dates; a daypart or shift pool one part of one date (windows.ts): the sales closed in
 * it, one by one, and the minutes worked in it, punches cut at its bounds.
 */

type Rules = Pick<CompanyRules, 'profile' | 'settings'>;

/** The bounds of a date's parts for a daypart or shift pool (seconds of the business date). */
export function boundsFor(pool: Pick<TipPool, 'period'>, rules: Rules): (date: string) => number[] {
  const dayChange = rules.settings.dayChangeTime;
  if (pool.period === 'daypart') {
    const d = companyDayparts(rules);
    const bounds = partBounds([d.lunch, d.dinner, d.late], dayChange);
    return () => bounds;
  }
  return (date) => {
    // a template minute before the day change is after midnight (the evening of the same business date)
    const pm = eveningShiftStart(rules, weekdayName(date));
    return partBounds([pm * 60 < dayChange ? pm + 1440 : pm], dayChange);
  };
}

/** The index of a pool's part among its date's parts. */
export const partIndex = (pool: Pick<TipPool, 'period' | 'daypart' | 'shift'>): number =>
  pool.period === 'daypart' ? DAYPARTS.indexOf(pool.daypart!) : SHIFT_BLOCKS.indexOf(pool.shift!);

/** The window of a daypart or shift pool on a date, in words for its ledger entries (business-day wall clock). */
export function windowLabel(pool: Pick<TipPool, 'period' | 'daypart' | 'shift'>, date: string, rules: Rules): string {
  const bounds = boundsFor(pool, rules)(date);
  const i = partIndex(pool);
  const what = pool.period === 'daypart' ? `daypart ${pool.daypart}` : `shift ${pool.shift}`;
  return `${what} ${hhmm(Math.floor(bounds[i] / 60))}-${hhmm(Math.floor(bounds[i + 1] / 60))}`;
}

export async function poolInputs(
  companyId: string,
  pool: Pick<TipPool, 'period' | 'daypart' | 'shift'>,
  period: { start: string; end: string },
  rules: Rules,
): Promise<{ tips: TipsDay[]; work: WorkDay[] }> {
  if (pool.period === 'day' || pool.period === 'week') {
    const [tips, spans] = await Promise.all([
      tipPoolInputs(companyId, period.start, period.end),
      workedSpans(companyId, { startDate: period.start, endDate: period.end }, { approvedOnly: true }),
    ]);
    return { tips, work: workDays(spans) };
  }
  const date = period.start;
  // the punches of the day before (past the day change) and after (clocked in early) may reach into it
  const [timed, spans] = await Promise.all([
    timedPoolInputs(companyId, date),
    workedSpans(companyId, { startDate: addDays(date, -1), endDate: addDays(date, 1) }, { approvedOnly: true }),
  ]);
  return windowInputs({
    date,
    part: partIndex(pool),
    zone: rules.profile.timezone,
    boundsOf: boundsFor(pool, rules),
    sales: timed.sales,
    declared: timed.declared,
    spans,
  });
}
