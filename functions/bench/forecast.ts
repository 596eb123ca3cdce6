/**
 * Forecast backtest: rolling origin (weekly origins, 8 weeks of warm-up) over Harbor & Vine's demo
 * year, a two-year seasonal US history, and three generated Spanish restaurants of two and a half
 * years with yearly seasons, closures and observances (test/forecast/generated-history.ts), the
 * dayparts of their own template. Prints WAPE per day and per daypart of every candidate method,
 * the two naive baselines (same weekday last week; mean of the last four same weekdays) and a
 * weekly Holt-Winters, the method the backtest chooses and its ratios, the 80 % intervals'
 * out-of-sample coverage, and the noise floor (WAPE of the noise-free truth), for week 1 (7 days
 * ahead) and weeks 1-6 (42 days ahead).
 * Pure computation, no emulator: npx tsx bench/forecast.ts
 */
import { addDays } from '../src/core/calendar';
import { backtest, BASELINES, type BacktestResult, type Wape } from '../src/modules/forecast/backtest';
import { BUSINESS_HOURS, DAYPARTS, daypartMap, type DaypartBounds } from '../src/modules/forecast/dayparts';
import { holidayCalendar } from '../src/modules/forecast/holidays';
import { METHODS, type History } from '../src/modules/forecast/model';
import { demoHistory, seasonalHistory } from '../test/helpers/sales-history';
import { generateRestaurant, RESTAURANTS, SPANISH_DAYPARTS } from '../test/forecast/generated-history';

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);
const f3 = (x: number | null) => (x === null ? '-' : x.toFixed(3));

function table(title: string, rows: [string, Wape][]) {
  console.log(`\n${title}`);
  console.log(`| method | day | ${DAYPARTS.join(' | ')} | all dayparts |`);
  console.log(`| --- | --- | ${DAYPARTS.map(() => '---').join(' | ')} | --- |`);
  for (const [name, w] of rows)
    console.log(
      `| ${name} | ${pct(w.day)} | ${DAYPARTS.map((p) => pct(w.dayparts[p])).join(' | ')} | ${pct(w.allDayparts)} |`,
    );
}

/** WAPE of the noise-free truth against the actuals over the days the backtest compared: the best any method can do. */
function noiseFloor(history: History, truth: History, r: BacktestResult, bounds: DaypartBounds) {
  const map = daypartMap(bounds);
  let [dayAbs, daySum, partAbs] = [0, 0, 0];
  const firstOrigin = addDays(r.to, -(r.origins - 1) * 7 - r.horizonDays);
  for (let o = 0; o < r.origins; o++)
    for (let k = 1; k <= r.horizonDays; k++) {
      const date = addDays(firstOrigin, o * 7 + k);
      const a = history.get(date)?.sales;
      const t = truth.get(date)?.sales;
      const parts = new Map<string, [number, number]>();
      let [ad, td] = [0, 0];
      for (let h = 0; h < BUSINESS_HOURS; h++) {
        const [x, y] = [a?.[h] ?? 0, t?.[h] ?? 0];
        const p = parts.get(map[h]) ?? [0, 0];
        parts.set(map[h], [p[0] + x, p[1] + y]);
        [ad, td] = [ad + x, td + y];
      }
      dayAbs += Math.abs(ad - td);
      daySum += ad;
      for (const [x, y] of parts.values()) partAbs += Math.abs(x - y);
    }
  return { day: dayAbs / daySum, allDayparts: partAbs / daySum };
}

function run(
  title: string,
  history: History,
  calendar: ReturnType<typeof holidayCalendar>,
  horizonDays = 7,
  dayparts?: DaypartBounds,
  print = true,
) {
  const t = performance.now();
  const r = backtest(history, calendar, { horizonDays, ...(dayparts ? { dayparts } : {}) })!;
  const seconds = (performance.now() - t) / 1000;
  if (print)
    table(
      `${title}: ${r.from}..${r.to}, ${r.origins} origins, ${r.days} days forecast ${horizonDays} ahead (${seconds.toFixed(1)} s)`,
      [
        ...BASELINES.map((b) => [`baseline ${b}`, r.baselines[b]] as [string, Wape]),
        ['reference holtWinters (weekly)', r.references.holtWinters],
        ...METHODS.map(
          (m) => [m.name === r.chosen ? `**${m.name}** (chosen)` : m.name, r.methods[m.name]] as [string, Wape],
        ),
      ],
    );
  console.log(
    `${title} (${horizonDays} days ahead): chosen ${r.chosen}; over better baseline ${r.betterBaseline}: day ${f3(r.ratio.day)}, dayparts ${f3(r.ratio.allDayparts)}; over Holt-Winters: day ${f3(r.ratioToHoltWinters.day)}, dayparts ${f3(r.ratioToHoltWinters.allDayparts)}; 80 % interval coverage day ${pct(r.coverage.day)}, daypart ${pct(r.coverage.daypart)}, hour ${pct(r.coverage.hour)}`,
  );
  return r;
}

const END = '2026-10-31';
const us = holidayCalendar('US');
run('Harbor & Vine demo year', demoHistory(addDays(END, -364), END), us);
const effects: Record<string, number> = {
  'Thanksgiving Day': 0.45,
  'Christmas Day': 0.3,
  "Valentine's Day": 1.6,
  "Mother's Day": 1.5,
  "New Year's Eve": 1.4,
  'Independence Day': 0.7,
};
run(
  'Seasonal synthetic, two years, holidays',
  seasonalHistory({ startDate: addDays(END, -729), endDate: END, calendar: us, holidayEffect: (n) => effects[n] ?? 1 }),
  us,
);

const summary: string[] = [];
for (const horizon of [7, 42]) {
  const rows: {
    day: number[];
    part: number[];
    floor: [number, number][];
    cov: [number | null, number | null][];
    r: BacktestResult[];
  } = { day: [], part: [], floor: [], cov: [], r: [] };
  for (const spec of RESTAURANTS) {
    const g = generateRestaurant(spec);
    const r = run(spec.name, g.history, g.calendar, horizon, SPANISH_DAYPARTS, horizon === 7);
    const floor = noiseFloor(g.history, g.truth, r, SPANISH_DAYPARTS);
    console.log(`  noise floor: day ${pct(floor.day)}, dayparts ${pct(floor.allDayparts)}`);
    rows.r.push(r);
    rows.floor.push([floor.day, floor.allDayparts]);
  }
  const mean = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0) / xs.length;
  const line = (name: string, pick: (r: BacktestResult) => Wape) =>
    `| ${name} | ${pct(mean(rows.r.map((r) => pick(r).day)))} | ${pct(mean(rows.r.map((r) => pick(r).allDayparts)))} |`;
  summary.push(
    `\nSpanish restaurants, mean of three, ${horizon} days ahead`,
    '| method | day | dayparts |',
    '| --- | --- | --- |',
    line('chosen (per restaurant)', (r) => r.methods[r.chosen]),
    line('baseline lastWeek', (r) => r.baselines.lastWeek),
    line('baseline lastFourWeeks', (r) => r.baselines.lastFourWeeks),
    line('better baseline (per restaurant)', (r) => r.baselines[r.betterBaseline]),
    line('Holt-Winters weekly', (r) => r.references.holtWinters),
    `| noise floor | ${pct(mean(rows.floor.map((x) => x[0])))} | ${pct(mean(rows.floor.map((x) => x[1])))} |`,
    `ratios: over better baseline day ${f3(mean(rows.r.map((r) => r.ratio.day)))}, dayparts ${f3(mean(rows.r.map((r) => r.ratio.allDayparts)))}; over Holt-Winters day ${f3(mean(rows.r.map((r) => r.ratioToHoltWinters.day)))}, dayparts ${f3(mean(rows.r.map((r) => r.ratioToHoltWinters.allDayparts)))}; coverage day ${pct(mean(rows.r.map((r) => r.coverage.day)))}, daypart ${pct(mean(rows.r.map((r) => r.coverage.daypart)))}, hour ${pct(mean(rows.r.map((r) => r.coverage.hour)))}`,
  );
}
console.log(summary.join('\n'));
