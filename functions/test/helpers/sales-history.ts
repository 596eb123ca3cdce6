import { readDemoFile, demoCompany } from '../../dev/demo/load';
import { generateDemoInvoices } from '../../dev/demo/seeds/sales';
import { seededRandom } from '../../dev/demo/random';
import { datesInRange, weekdayOf } from '../../src/core/calendar';
import { accumulateInvoices, salesAndCovers } from '../../src/modules/sales/aggregate';
import type { Calendar, History } from '../../src/modules/forecast/model';

/** Harbor & Vine's demo year of sales (the demo loader's own generator), as a forecast history. */
export function demoHistory(startDate: string, endDate: string, companyId = 'harbor-vine'): History {
  const file = readDemoFile().companies.find((c) => c.id === companyId)!;
  const days = accumulateInvoices(generateDemoInvoices(demoCompany(file), { startDate, endDate }));
  return new Map([...days].map(([date, v]) => [date, salesAndCovers(v)]));
}

export interface SyntheticOptions {
  startDate: string;
  endDate: string;
  /** Multiplier of each holiday's day (default: none). */
  holidayEffect?: (name: string) => number;
  calendar?: Calendar;
  /** Day-level noise, as a fraction (default 0.08). */
  noise?: number;
  seed?: number;
}

/** A restaurant's hour weights 0..23 (lunch and dinner peaks, a bar tail after midnight in hours 24-26). */
const HOURS: [number, number][] = [
  [11, 2],
  [12, 9],
  [13, 11],
  [14, 7],
  [15, 2],
  [16, 1],
  [17, 2],
  [18, 5],
  [19, 10],
  [20, 12],
  [21, 9],
  [22, 6],
  [23, 4],
  [24, 3],
  [25, 1.5],
  [26, 0.5],
];
const WEEKDAY = [1.2, 0.75, 0.8, 0.9, 1.0, 1.35, 1.45];

/**
 * A seasonal synthetic history: an annual cycle (+-25 %, peaking in July), a weekly cycle, growth
 * of 6 % a year, holidays moving their day by `holidayEffect`, and multiplicative noise per day
 * and per hour. Deterministic for a seed.
 */
export function seasonalHistory(o: SyntheticOptions): History {
  const random = seededRandom(o.seed ?? 42);
  const noise = o.noise ?? 0.08;
  const gauss = () => {
    let s = 0;
    for (let i = 0; i < 6; i++) s += random();
    return (s - 3) / Math.sqrt(0.5);
  };
  const history: History = new Map();
  const t0 = Date.parse(o.startDate);
  for (const date of datesInRange(o.startDate, o.endDate)) {
    const t = (Date.parse(date) - t0) / (365 * 86_400_000);
    const dayOfYear = (Date.parse(date) - Date.parse(`${date.slice(0, 4)}-01-01`)) / 86_400_000;
    const season = 1 + 0.25 * Math.cos((2 * Math.PI * (dayOfYear - 190)) / 365);
    const holiday = o.calendar?.holidayOf(date) ?? null;
    const effect = holiday && o.holidayEffect ? o.holidayEffect(holiday) : 1;
    const level =
      600_000 * season * (1 + 0.06 * t) * WEEKDAY[weekdayOf(date)] * effect * Math.max(0.5, 1 + noise * gauss());
    const sales = new Float64Array(48);
    const covers = new Float64Array(48);
    const weight = HOURS.reduce((s, [, w]) => s + w, 0);
    for (const [h, w] of HOURS) {
      sales[h] = Math.max(0, Math.round((level * w * Math.max(0, 1 + 0.15 * gauss())) / weight));
      covers[h] = Math.round(sales[h] / 4000);
    }
    history.set(date, { sales, covers });
  }
  return history;
}
