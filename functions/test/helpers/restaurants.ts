import { seededRandom } from '../../dev/demo/random';
import type { Employee } from '../../src/modules/employees';
import type { Role } from '../../src/modules/roles';
import type { GenerationInputs } from '../../src/modules/schedule/generate/problem';
import type { ScheduleRules } from '../../src/modules/schedule/rules';

/** Rules of a generated restaurant: UTC, weeks from Monday, 60 minutes of rest, 10 hours a day. */
export const RESTAURANT_RULES: ScheduleRules = {
  timezone: 'UTC',
  weekStartingDay: 1,
  dayChangeTime: 0,
  defaultDuration: 240,
  betweenShifts: 60,
  maxDayHours: 10,
  excludeBreaks: false,
  breaks: {},
  conflictsDetectionEnabled: true,
  maxHoursPerWeek: 48,
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAYPARTS = [
  { start: 7 * 60, end: 15 * 60, key: 'open' },
  { start: 11 * 60, end: 15 * 60, key: 'lunch' },
  { start: 16 * 60, end: 23 * 60, key: 'dinner' },
  { start: 18 * 60, end: 60, key: 'close' },
];
const ROLE_SHAPES = [
  { id: 'server', subs: ['floor', 'lead'], share: 0.3, rate: 12 },
  { id: 'line', subs: ['grill', 'saute', 'prep'], share: 0.25, rate: 17 },
  { id: 'bar', subs: ['bar', 'barback'], share: 0.15, rate: 14 },
  { id: 'host', subs: ['host'], share: 0.1, rate: 13 },
  { id: 'dish', subs: ['dish'], share: 0.12, rate: 13 },
  { id: 'mgr', subs: ['shift'], share: 0.08, rate: 24 },
];

/**
 * A generated restaurant of `employees` people and about `seats` seats a week (seeded: the same
 * arguments give the same restaurant). Employees hold one or two positions, are unavailable on
 * about two days a week, available only in a window on some days, and have weekly limits; some
 * already have a published shift in the week.
 */
export function restaurant({
  employees: n,
  seats: target,
  seed = 1,
  from = '2026-03-02',
  days = 7,
}: {
  employees: number;
  seats: number;
  seed?: number;
  from?: string;
  days?: number;
}): GenerationInputs {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const roles: Role[] = ROLE_SHAPES.map((r) => ({
    id: r.id,
    name: r.id,
    priority: 0,
    type: 'FOH',
    rate: r.rate,
    archived: false,
    subRoles: Object.fromEntries(r.subs.map((s, i) => [s, { name: s, priority: i }])),
  })) as unknown as Role[];

  // Template: each weekday, each role, two or three dayparts; required counts scaled to the target.
  const perDay = target / days;
  const template: Record<string, unknown> = {};
  for (const day of WEEKDAYS) {
    const shifts: Record<string, unknown[]> = {};
    for (const role of ROLE_SHAPES) {
      const parts = DAYPARTS.filter(() => random() < 0.7);
      const seatsForRole = Math.max(1, Math.round(perDay * role.share));
      shifts[role.id] = (parts.length ? parts : [DAYPARTS[2]]).map((p, i, all) => {
        const slot: Record<string, unknown> = { start: p.start, end: p.end, key: p.key };
        const forPart = Math.max(1, Math.floor(seatsForRole / all.length) + (i === 0 ? seatsForRole % all.length : 0));
        role.subs.forEach((sub, k) => {
          const required = Math.floor(forPart / role.subs.length) + (k === 0 ? forPart % role.subs.length : 0);
          if (required > 0) slot[sub] = { required, hold: random() < 0.1 ? 1 : 0 };
        });
        return slot;
      });
    }
    template[day] = { shifts };
  }

  const people: Employee[] = [];
  const shifts: GenerationInputs['shifts'] = [];
  for (let i = 0; i < n; i++) {
    const main = ROLE_SHAPES[pickWeighted(random)];
    const positions = [{ categoryId: main.id, subcategoryId: pick(main.subs) }];
    if (random() < 0.4) positions.push({ categoryId: main.id, subcategoryId: pick(main.subs) });
    if (random() < 0.2) {
      const other = pick(ROLE_SHAPES);
      positions.push({ categoryId: other.id, subcategoryId: pick(other.subs) });
    }
    const availabilities: Record<string, unknown> = {
      maxHoursInWeek: pick([20, 25, 30, 35, 40]),
      minHoursInWeek: pick([0, 0, 10, 15, 20]),
      maxDaysPerWeek: pick([3, 4, 5, 5, 6]),
    };
    for (const day of WEEKDAYS) {
      const r = random();
      if (r < 0.25) availabilities[day] = { allDay: false, priority: 0 };
      else if (r < 0.5)
        availabilities[day] = {
          allDay: false,
          priority: 2,
          shift1: pick([
            { start: 420, end: 960 },
            { start: 960, end: 1440 },
            { start: 600, end: 1380 },
          ]),
        };
      else availabilities[day] = { allDay: true, priority: 1 };
    }
    const id = `e${String(i).padStart(4, '0')}`;
    people.push({
      id,
      name: `Emp${i}`,
      surname: 'Test',
      archived: false,
      positions: dedupe(positions),
      availabilities,
      hiring: `20${10 + Math.floor(random() * 16)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
      ...(random() < 0.3 ? { rateRegular: 11 + Math.round(random() * 12) } : {}),
    } as Employee);
    if (random() < 0.1)
      shifts.push({ id: `fixed-${id}`, employeeId: id, date: from, start: 9 * 60, end: 13 * 60, mode: 'published' });
  }
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return {
    from,
    to,
    rules: RESTAURANT_RULES,
    generationPriority: 'longer-shifts',
    generationFormat: 'seniority',
    template,
    roles,
    employees: people,
    shifts,
    timeOff: [],
    minRestMinutes: () => RESTAURANT_RULES.betweenShifts,
    currency: 'USD',
  };
}

function pickWeighted(random: () => number): number {
  let r = random();
  for (let i = 0; i < ROLE_SHAPES.length; i++) {
    r -= ROLE_SHAPES[i].share;
    if (r <= 0) return i;
  }
  return ROLE_SHAPES.length - 1;
}

function dedupe(positions: { categoryId: string; subcategoryId: string }[]) {
  return positions.filter(
    (p, i) => positions.findIndex((q) => q.categoryId === p.categoryId && q.subcategoryId === p.subcategoryId) === i,
  );
}
