import { datesInRange, HOURS_PER_DAY_SLOTS, requireDateRange, weekdayName } from '../../core/calendar';
import { readScheduleTemplate } from '../companies';
import * as repo from './repo';
import { MAX_COVERS_DAYS } from './schemas';

type TemplatePart = { start?: number; perClient?: number; revenue?: number } | null;

function partOf(day: unknown, name: 'morning' | 'evening'): TemplatePart {
  const part = (day as Record<string, unknown> | undefined)?.[name] as Record<string, unknown> | undefined;
  if (!part || typeof part !== 'object') return null;
  const pick = (k: string) => (typeof part[k] === 'number' ? (part[k] as number) : undefined);
  return { start: pick('start'), perClient: pick('perClient'), revenue: pick('revenue') };
}

/** Covers per business day (and hour) of a range, beside the template's morning/evening figures of each weekday. */
export async function coversOf({
  companyId,
  startDate,
  endDate,
}: {
  companyId: string;
  startDate: string;
  endDate: string;
}) {
  requireDateRange(startDate, endDate, MAX_COVERS_DAYS);
  const [stored, template] = await Promise.all([
    repo.coversBetween(companyId, startDate, endDate),
    readScheduleTemplate(companyId),
  ]);
  const days = datesInRange(startDate, endDate).map((date) => {
    const day = stored.get(date);
    const weekday = weekdayName(date);
    const byHour = new Array(HOURS_PER_DAY_SLOTS).fill(0).map((_, h) => day?.byHour[h] ?? 0);
    return {
      date,
      weekday,
      covers: day?.covers ?? 0,
      reservations: day?.reservations ?? 0,
      byHour,
      template: { morning: partOf(template[weekday], 'morning'), evening: partOf(template[weekday], 'evening') },
    };
  });
  return { companyId, startDate, endDate, totalCovers: days.reduce((s, d) => s + d.covers, 0), days };
}
