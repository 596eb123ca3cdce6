import { addDays, wallClockInstant } from '../../core/calendar';
import { largestRemainder } from '../../core/rounding';
import type { WorkedSpan } from '../attendance';
import type { PoolSale } from '../sales';
import { spanMinutes, type TipsDay, type WorkDay } from './distribution';

/**
 * The windows of a business date a pool can take (pure, no I/O): its dayparts (breakfast, lunch,
 * dinner, late) or its shifts (am, pm). A date's parts tile it: part i runs from bound i to bound
 * i + 1, seconds of the business date from its local midnight, from the day change to the next
 * day change (so the last part of a date ends where the first of the next begins).
 *
 * - A sale enters the part holding its close time on the business calendar (the business hour and
 *   local time recorded on the sale when it was imported or synchronised, the same figures the
 *   sales answers split into morning and evening).
 * - A worked span (an approved punch) is cut at the parts' instants: its minutes, unpaid breaks out,
 *   go to the parts in proportion to the time worked in each (largest remainder, so the parts add
 *   up to the punch's minutes: no minute counted twice or lost), whatever business date it was
 *   clocked on (a punch past the day change works in the next date's first part).
 * - Cash tips declared on a punch carry no check time: a date's declared tips of an employee go to
 *   the parts in proportion to their minutes worked in each part of that date (largest remainder);
 *   with no minute worked that date they stay with the employee (they enter no part).
 */

const DAY_SECONDS = 86_400;

/**
 * The bounds of a date's parts: the day change, each cut (minutes of the business date, kept in
 * order and within the day: a cut before the previous bound, or past the next day change, makes
 * an empty part), the next day change. Seconds of the business date from its local midnight.
 */
export function partBounds(cutMinutes: readonly number[], dayChangeSeconds: number): number[] {
  const end = dayChangeSeconds + DAY_SECONDS;
  const bounds = [dayChangeSeconds];
  for (const c of cutMinutes) bounds.push(Math.min(end, Math.max(bounds[bounds.length - 1], c * 60)));
  bounds.push(end);
  return bounds;
}

/** The part holding a second of the business date: bound i <= second < bound i + 1; before the first cut the first part, past the last the last. */
export function partOf(bounds: readonly number[], second: number): number {
  const parts = bounds.length - 1;
  let i = 0;
  while (i < parts - 1 && second >= bounds[i + 1]) i++;
  return i;
}

/** One part of one business date, as instants. */
export interface Cell {
  date: string;
  part: number;
  startMs: number;
  endMs: number;
}

/** The parts of a business date as instants. */
export function cellsOf(date: string, bounds: readonly number[], zone: string): Cell[] {
  const at = bounds.map((b) => wallClockInstant(date, b, zone));
  // a wall clock in a DST change may come out of order by the hour repeated: never backwards
  for (let i = 1; i < at.length; i++) at[i] = Math.max(at[i], at[i - 1]);
  return at.slice(0, -1).map((startMs, part) => ({ date, part, startMs, endMs: at[part + 1] }));
}

const overlapMs = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

type Span = Pick<WorkedSpan, 'startMs' | 'endMs' | 'unpaidBreaks'>;

/**
 * A span's minutes cut over cells (which must cover it: the cells of its business date and the
 * dates around it): the time worked in each cell (unpaid breaks out, counted as spanMinutes counts
 * them), then its minutes (spanMinutes) as whole minutes of that time, the minutes left by
 * largest remainder (wholeMinutes): they add up to spanMinutes exactly, and no cell gets more than
 * its time rounded up. Cells in order; only those with minutes.
 */
export function splitSpan(span: Span, cells: readonly Cell[]): { cell: Cell; minutes: number }[] {
  const total = spanMinutes(span);
  if (total <= 0) return [];
  const worked = cells.map((c) => {
    const inCell = overlapMs(span.startMs, span.endMs, c.startMs, c.endMs);
    const breaks = span.unpaidBreaks.reduce(
      (t, b) => t + overlapMs(Math.max(b.startMs, span.startMs), Math.min(b.endMs, span.endMs), c.startMs, c.endMs),
      0,
    );
    return Math.max(0, inCell - breaks);
  });
  const sum = worked.reduce((t, w) => t + w, 0);
  if (sum <= 0) return [];
  const minutes =
    wholeMinutes(worked, total) ??
    largestRemainder(
      worked.map((w) => w * total),
      sum,
    );
  return cells.map((cell, i) => ({ cell, minutes: minutes[i] })).filter((x) => x.minutes > 0);
}

/**
 * The time worked in each cell (ms) as whole minutes adding up to `total`: each cell's whole
 * minutes, and the minutes left to the cells with the largest part of a minute (earlier cells
 * first on a tie), so that no cell gets more minutes than it was worked, rounded up. Null when the
 * counted total is not within the cells' whole minutes and their parts of a minute (the caller
 * then apportions by share).
 */
function wholeMinutes(worked: readonly number[], total: number): number[] | null {
  const floors = worked.map((w) => Math.floor(w / 60_000));
  const left = total - floors.reduce((t, f) => t + f, 0);
  const fractional = worked.map((w, i) => ({ i, part: w - floors[i] * 60_000 })).filter((f) => f.part > 0);
  if (left < 0 || left > fractional.length) return null;
  fractional.sort((a, b) => b.part - a.part || a.i - b.i);
  for (const { i } of fractional.slice(0, left)) floors[i] += 1;
  return floors;
}

export interface WindowInput {
  /** the business date */
  date: string;
  /** the pool's part of it */
  part: number;
  zone: string;
  /** the bounds of a business date's parts (they may differ by weekday) */
  boundsOf: (date: string) => number[];
  /** the date's sales */
  sales: readonly PoolSale[];
  /** cash tips declared on punches, of the date, per employee */
  declared: readonly { employeeId: string; amount: number }[];
  /** approved spans by employee, of the business dates around the date (the day before to the day after) */
  spans: ReadonlyMap<string, readonly (Span & Pick<WorkedSpan, 'businessDate' | 'positionId'>)[]>;
}

/** The minutes of every employee in every part of the dates around `date`, by role: [employeeId, cell, roleId, minutes]. */
export function workInCells(input: Pick<WindowInput, 'date' | 'zone' | 'boundsOf' | 'spans'>) {
  const cellsByDate = new Map<string, Cell[]>();
  const cellsFor = (date: string) => {
    let c = cellsByDate.get(date);
    if (!c) cellsByDate.set(date, (c = cellsOf(date, input.boundsOf(date), input.zone)));
    return c;
  };
  const out: { employeeId: string; cell: Cell; roleId: string; minutes: number }[] = [];
  for (const [employeeId, list] of input.spans)
    for (const s of list) {
      if (!s.positionId) continue;
      // the cells of its business date and the dates on either side, as far as the span reaches
      const cells: Cell[] = [];
      for (let d = addDays(s.businessDate, -1); ; d = addDays(d, 1)) {
        const day = cellsFor(d);
        cells.push(...day);
        if (day[day.length - 1].endMs >= s.endMs || d >= addDays(s.businessDate, 3)) break;
      }
      for (const { cell, minutes } of splitSpan(s, cells))
        out.push({ employeeId, cell, roleId: s.positionId, minutes });
    }
  return out;
}

/** What a pool of one part of one date reads: its tips per employee (TipsDay of that date) and the minutes worked in it (WorkDay). */
export function windowInputs(input: WindowInput): { tips: TipsDay[]; work: WorkDay[] } {
  const bounds = input.boundsOf(input.date);
  const parts = bounds.length - 1;
  const cells = workInCells(input).filter((w) => w.cell.date === input.date);
  const work: WorkDay[] = cells
    .filter((w) => w.cell.part === input.part)
    .map((w) => ({ employeeId: w.employeeId, date: input.date, roleId: w.roleId, minutes: w.minutes }));
  const tips = new Map<string, TipsDay>();
  const row = (employeeId: string) => {
    let r = tips.get(employeeId);
    if (!r) tips.set(employeeId, (r = { employeeId, date: input.date, sales: 0, card: 0, cash: 0, gratuities: 0 }));
    return r;
  };
  for (const s of input.sales) {
    if (s.date !== input.date || partOf(bounds, s.second) !== input.part) continue;
    const r = row(s.employeeId);
    r.sales += s.sales;
    r.card += s.card;
    r.cash += s.cash;
    r.gratuities += s.gratuities;
  }
  // declared cash tips: over the parts of the date by the employee's minutes in each
  for (const d of input.declared) {
    if (d.amount <= 0) continue;
    const byPart = new Array<number>(parts).fill(0);
    for (const w of cells) if (w.employeeId === d.employeeId) byPart[w.cell.part] += w.minutes;
    const minutes = byPart.reduce((t, m) => t + m, 0);
    if (minutes <= 0) continue;
    const share = largestRemainder(
      byPart.map((m) => m * d.amount),
      minutes,
    )[input.part];
    if (share > 0) row(d.employeeId).cash += share;
  }
  return {
    tips: [...tips.values()].sort((a, b) => (a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0)),
    work,
  };
}
