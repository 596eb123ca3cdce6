import { seededRandom } from '../../dev/demo/random';
import { datesInRange, weekdayOf } from '../../src/core/calendar';
import type { DaypartBounds } from '../../src/modules/forecast/dayparts';
import { holidayCalendar, type HolidayCalendar } from '../../src/modules/forecast/holidays';
import type { History } from '../../src/modules/forecast/model';

/**
 * Generated Spanish restaurants (Europe/Madrid, country ES, business day changing at 04:00) with
 * what a restaurant's year holds: a yearly season, a weekly cycle, growth, public holidays and
 * observances moving their day and its hours (Nochebuena's dinner closed, Nochevieja's late
 * dinner), closures (Christmas Day, a weekday, a summer month, a winter break, every holiday), and
 * multiplicative noise per day and per hour. A closed day has no record, as the sales module
 * stores it. `truth` is the noise-free day: the WAPE of the truth is the noise floor.
 */

/** Hours of a Spanish day (business hours from the business date's midnight; 24-25 are after midnight). */
const LUNCH: [number, number][] = [
  [13, 4],
  [14, 10],
  [15, 8],
  [16, 3],
];
const AFTERNOON: [number, number][] = [
  [10, 1],
  [11, 1],
  [12, 1.5],
  [17, 1.5],
  [18, 1.5],
  [19, 1.5],
];
const DINNER: [number, number][] = [
  [20, 1],
  [21, 6],
  [22, 10],
  [23, 7],
  [24, 3],
  [25, 1],
];

/** The company's dayparts as its schedule template has them (morning from 12:00, evening from 20:00, no late part). */
export const SPANISH_DAYPARTS: DaypartBounds = { lunch: 12 * 60, dinner: 20 * 60, late: 26 * 60 };

interface DayShape {
  /** Day multiplier (0: closed). */
  day: number;
  lunch?: number;
  dinner?: number;
}

export interface RestaurantSpec {
  name: string;
  seed: number;
  startDate: string;
  endDate: string;
  /** Mean day sales, minor units. */
  level: number;
  /** Sunday..Saturday multipliers (0: closed that weekday). */
  weekday: number[];
  /** Yearly season of a date (1 = average). */
  season: (monthDay: string, dayOfYear: number) => number;
  /** A holiday's effect (absent: a 10 % lift), or closed. */
  holiday: (name: string) => DayShape;
  /** A closure that is not a holiday (a summer month, a winter break). */
  closed?: (monthDay: string) => boolean;
  growthPerYear: number;
}

const bump = (dayOfYear: number, center: number, width: number) => {
  const d = Math.min(Math.abs(dayOfYear - center), 365 - Math.abs(dayOfYear - center));
  return Math.exp(-((d / width) ** 2));
};

const SPANISH_HOLIDAYS: Record<string, DayShape> = {
  Navidad: { day: 0 },
  'Año Nuevo': { day: 0.55, lunch: 1.6, dinner: 0.2 },
  Nochebuena: { day: 1, lunch: 1.7, dinner: 0 },
  Nochevieja: { day: 1, lunch: 0.7, dinner: 2.6 },
  'Día de la Madre': { day: 1.35, lunch: 1.6, dinner: 0.9 },
  'Día de los Reyes Magos': { day: 0.8 },
  'Viernes Santo': { day: 0.75 },
};

export const RESTAURANTS: RestaurantSpec[] = [
  {
    name: 'Madrid city restaurant (closed Christmas Day, December peak, August dip)',
    seed: 11,
    startDate: '2024-05-06',
    endDate: '2026-11-29',
    level: 900_000,
    weekday: [1.15, 0.7, 0.75, 0.85, 1.0, 1.35, 1.5],
    season: (_, y) => 1 + 0.35 * bump(y, 350, 12) - 0.4 * bump(y, 225, 14) + 0.1 * bump(y, 130, 30),
    holiday: (n) => SPANISH_HOLIDAYS[n] ?? { day: 1.1 },
    growthPerYear: 0.05,
  },
  {
    name: 'Beach restaurant (summer season, closed Mondays, winter break 8 January to end of February)',
    seed: 23,
    startDate: '2024-03-04',
    endDate: '2026-11-29',
    level: 700_000,
    weekday: [1.4, 0, 0.7, 0.75, 0.85, 1.2, 1.6],
    season: (_, y) => 0.55 + 1.5 * bump(y, 212, 35) + 0.2 * bump(y, 120, 20),
    holiday: (n) => SPANISH_HOLIDAYS[n] ?? { day: 1.25 },
    closed: (md) => (md >= '01-08' && md <= '02-29') || md === '12-25',
    growthPerYear: 0.03,
  },
  {
    name: 'Campus café (closed Sundays, every holiday, August and the Christmas break)',
    seed: 37,
    startDate: '2024-06-03',
    endDate: '2026-11-29',
    level: 250_000,
    weekday: [0, 1.1, 1.15, 1.15, 1.05, 0.95, 0.45],
    season: (_, y) => 1 - 0.45 * bump(y, 190, 25) - 0.2 * bump(y, 100, 6) + 0.15 * bump(y, 285, 30),
    holiday: () => ({ day: 0 }),
    closed: (md) => md.startsWith('08-') || md >= '12-22' || md <= '01-07',
    growthPerYear: 0.02,
  },
];

export interface GeneratedRestaurant {
  spec: RestaurantSpec;
  calendar: HolidayCalendar;
  history: History;
  truth: History;
}

export function generateRestaurant(spec: RestaurantSpec): GeneratedRestaurant {
  const random = seededRandom(spec.seed);
  const gauss = () => {
    let s = 0;
    for (let i = 0; i < 6; i++) s += random();
    return (s - 3) / Math.sqrt(0.5);
  };
  const calendar = holidayCalendar('ES', 'MD');
  const history: History = new Map();
  const truth: History = new Map();
  const t0 = Date.parse(spec.startDate);
  for (const date of datesInRange(spec.startDate, spec.endDate)) {
    const monthDay = date.slice(5);
    const dayOfYear = (Date.parse(date) - Date.parse(`${date.slice(0, 4)}-01-01`)) / 86_400_000;
    const holiday = calendar.holidayOf(date);
    const shape: DayShape = holiday ? spec.holiday(holiday) : { day: 1 };
    const weekday = spec.weekday[weekdayOf(date)];
    if (shape.day === 0 || weekday === 0 || spec.closed?.(monthDay)) continue;
    const years = (Date.parse(date) - t0) / (365 * 86_400_000);
    const level =
      spec.level * spec.season(monthDay, dayOfYear) * (1 + spec.growthPerYear * years) * weekday * shape.day;
    const dayNoise = Math.max(0.5, 1 + 0.08 * gauss());
    const sales = new Float64Array(48);
    const exact = new Float64Array(48);
    const parts: [[number, number][], number][] = [
      [LUNCH, 0.5 * (shape.lunch ?? 1)],
      [AFTERNOON, 0.1],
      [DINNER, 0.4 * (shape.dinner ?? 1)],
    ];
    for (const [hours, share] of parts) {
      const weight = hours.reduce((s, [, w]) => s + w, 0);
      for (const [h, w] of hours) {
        exact[h] = (level * share * w) / weight;
        sales[h] = Math.max(0, Math.round(exact[h] * dayNoise * Math.max(0, 1 + 0.15 * gauss())));
      }
    }
    if (sales.every((v) => v === 0)) continue;
    history.set(date, { sales, covers: sales.map((v) => Math.round(v / 2500)) });
    truth.set(date, { sales: exact, covers: exact.map((v) => v / 2500) });
  }
  return { spec, calendar, history, truth };
}
