import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { getCompanyRules } from '../../../src/modules/companies';
import { shiftRef, shiftToDoc } from '../../../src/modules/schedule/repo';
import { scheduleRulesOf, timed } from '../../../src/modules/schedule/rules';
import type { Shift } from '../../../src/modules/schedule/schemas';
import { addDays, businessToday, weekStart, weekdayName } from '../../../src/core/calendar';

/**
 * Demo shifts: the current company week and the two before it published (the attendance seeder
 * punches the past ones). The next week is left empty for schedule generation (POST
 * /schedule-proposals fills it from the template; README "Schedule generation"). Each employee works one shift a day on the days their availability allows, up to
 * maxDaysPerWeek and maxHoursInWeek, always in the same daypart for the week so there is no
 * short rest between a closing and an opening shift. Ids are stable (a reload rewrites them).
 */
const DAYPARTS = [
  { start: 8 * 60, end: 16 * 60 },
  { start: 11 * 60, end: 15 * 60 },
  { start: 16 * 60, end: 23 * 60 },
  { start: 18 * 60, end: 60 }, // closes after midnight
] as const;

interface Window {
  start: number;
  end: number;
}

function fits(
  daypart: (typeof DAYPARTS)[number],
  availability: Record<string, unknown> | undefined,
  date: string,
): boolean {
  const day = availability?.[weekdayName(date)] as { allDay?: boolean; shift1?: Window; shift2?: Window } | undefined;
  if (!day || day.allDay) return true;
  const end = daypart.end < daypart.start ? daypart.end + 1440 : daypart.end;
  return [day.shift1, day.shift2].some((w) => w && daypart.start >= w.start && end <= w.end);
}

export async function seed(company: DemoCompany): Promise<string> {
  const rules = scheduleRulesOf(await getCompanyRules({ companyId: company.companyId }));
  const thisWeek = weekStart(businessToday(rules.timezone, rules.dayChangeTime), rules.weekStartingDay);
  const now = Date.now();
  const shifts: Shift[] = [];

  for (const [w, mode] of [
    [-2, 'published'],
    [-1, 'published'],
    [0, 'published'],
  ] as const) {
    const first = addDays(thisWeek, 7 * w);
    for (const employee of company.employees) {
      const position = employee.positions[0];
      const availability = employee.availabilities;
      const maxDays = typeof availability?.maxDaysPerWeek === 'number' ? availability.maxDaysPerWeek : 5;
      const maxMinutes = (typeof availability?.maxHoursInWeek === 'number' ? availability.maxHoursInWeek : 40) * 60;
      const daypart = DAYPARTS[Math.floor(company.random() * DAYPARTS.length)];
      const offset = Math.floor(company.random() * 7);
      let days = 0;
      let minutes = 0;
      for (let i = 0; i < 7 && days < maxDays; i++) {
        const date = addDays(first, (offset + i) % 7);
        if (!fits(daypart, availability, date) || company.random() < 0.15) continue;
        const base = {
          id: `demo-${employee.id}-${date}`,
          companyId: company.companyId,
          date,
          employeeId: employee.id,
          positionId: position?.categoryId ?? null,
          subRoleId: position?.subcategoryId ?? null,
          start: daypart.start,
          end: daypart.end,
          mode,
          scheduleId: null,
          note: '',
          onHold: false,
          minutes: 0,
          workedMinutes: 0,
          createdAt: now,
          updatedAt: now,
        } satisfies Shift;
        const t = timed(base, rules);
        if (minutes + t.worked > maxMinutes) break;
        shifts.push({ ...base, minutes: t.minutes, workedMinutes: t.worked });
        minutes += t.worked;
        days++;
      }
    }
  }

  for (let i = 0; i < shifts.length; i += 500) {
    const batch = db().batch();
    for (const s of shifts.slice(i, i + 500)) batch.set(shiftRef(company.companyId, s.id), shiftToDoc(s));
    await batch.commit();
  }
  return `${shifts.length} published shifts (weeks of ${addDays(thisWeek, -14)} to ${thisWeek}); the week of ${addDays(thisWeek, 7)} is left to schedule generation`;
}
