/**
 * Forecast backtest: rolling origin (weekly origins, 7 days ahead, 8 weeks of warm-up) over
 * Harbor & Vine's demo year and over a two-year seasonal synthetic history with holiday effects.
 * Prints WAPE per day and per daypart of every candidate method and of the two baselines (same
 * weekday last week; mean of the last four same weekdays), the method the backtest chooses, and
 * its ratio to the better baseline (goal: 0.85 or less, i.e. at least 15 % lower WAPE).
 * Pure computation, no emulator: npx tsx bench/forecast.ts
 */
import { addDays } from '../src/core/calendar';
import { backtest, BASELINES, type Wape } from '../src/modules/forecast/backtest';
import { DAYPARTS } from '../src/modules/forecast/dayparts';
import { holidayCalendar } from '../src/modules/forecast/holidays';
import { METHODS } from '../src/modules/forecast/model';
import { demoHistory, seasonalHistory } from '../test/helpers/sales-history';

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);

function table(title: string, rows: [string, Wape][]) {
  console.log(`\n${title}`);
  console.log(`| method | day | ${DAYPARTS.join(' | ')} | all dayparts |`);
  console.log(`| --- | --- | ${DAYPARTS.map(() => '---').join(' | ')} | --- |`);
  for (const [name, w] of rows)
    console.log(
      `| ${name} | ${pct(w.day)} | ${DAYPARTS.map((p) => pct(w.dayparts[p])).join(' | ')} | ${pct(w.allDayparts)} |`,
    );
}

function run(title: string, history: ReturnType<typeof demoHistory>, calendar: ReturnType<typeof holidayCalendar>) {
  const t = performance.now();
  const r = backtest(history, calendar)!;
  const seconds = (performance.now() - t) / 1000;
  table(`${title}: ${r.from}..${r.to}, ${r.origins} origins, ${r.days} days forecast (${seconds.toFixed(1)} s)`, [
    ...BASELINES.map((b) => [`baseline ${b}`, r.baselines[b]] as [string, Wape]),
    ...METHODS.map(
      (m) => [m.name === r.chosen ? `**${m.name}** (chosen)` : m.name, r.methods[m.name]] as [string, Wape],
    ),
  ]);
  const f = (x: number | null) => (x === null ? '-' : x.toFixed(3));
  console.log(
    `chosen ${r.chosen} / better baseline ${r.betterBaseline}: day ${f(r.ratio.day)}, dayparts ${f(r.ratio.allDayparts)} (goal <= 0.85); 80 % interval multipliers day [${r.interval.day.map(f).join(', ')}], hour [${r.interval.hour.map(f).join(', ')}]`,
  );
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
