import uPlot from 'uplot';
import type { DayTotals } from './api';
import { formatAxisUsd, formatUsd } from './format';

const COLORS = ['#0a66c2', '#e8710a', '#188038', '#a142f4', '#d93025', '#12b5cb', '#f9ab00', '#5f6368', '#9aa0a6'];
const MAX_SERIES = 8;

/**
 * Cost per day, stacked by provider/model: each series is drawn as bars of its cumulative height,
 * tallest first, so the visible band of each is its own cost. The legend shows each model's own
 * cost of the hovered day. Every day of the range has a bar (days without usage at 0).
 */
export function costChart(target: HTMLElement, days: string[], byDay: DayTotals[]): uPlot | null {
  const byDate = new Map(byDay.map((d) => [d.day, d]));
  const totals = new Map<string, number>();
  for (const d of byDay)
    for (const m of d.byModel)
      totals.set(`${m.provider}/${m.model}`, (totals.get(`${m.provider}/${m.model}`) ?? 0) + m.costNanoUsd);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  if (ranked.length === 0) return null;
  const shown = ranked.slice(0, MAX_SERIES);
  const keys = ranked.length > MAX_SERIES ? [...shown, 'other'] : shown;

  const own: number[][] = keys.map(() => days.map(() => 0));
  days.forEach((day, i) => {
    for (const m of byDate.get(day)?.byModel ?? []) {
      const k = keys.indexOf(`${m.provider}/${m.model}`);
      own[k === -1 ? keys.length - 1 : k][i] += m.costNanoUsd / 1e9;
    }
  });
  // cumulative from the bottom (the costliest model at the bottom)
  const stacked = own.map((_, s) => days.map((__, i) => own.slice(s).reduce((sum, series) => sum + series[i], 0)));
  const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const bars = uPlot.paths.bars!({ size: [0.8, 40], align: 0 });
  const width = Math.max(320, target.clientWidth - 16);
  return new uPlot(
    {
      width,
      height: 280,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      series: [
        { label: 'day' },
        ...keys.map((key, s) => ({
          label: key,
          fill: COLORS[s % COLORS.length],
          stroke: COLORS[s % COLORS.length],
          width: 0,
          paths: bars,
          points: { show: false },
          value: (_u: uPlot, _v: number | null, _si: number, i: number | null) =>
            i === null ? '' : formatUsd(Math.round(own[s][i] * 1e9)),
        })),
      ],
      axes: [{}, { values: (_u, ticks) => ticks.map((t) => formatAxisUsd(t, ticks[1] - ticks[0])), size: 70 }],
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.05 : 1] } },
      legend: { live: true },
    },
    [xs, ...stacked],
    target,
  );
}
