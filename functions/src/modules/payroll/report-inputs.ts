/** What the payroll report reads besides the punches: open and pending punches, the linked shifts, the late POS records (I/O). */

import { addDays, weekOf, type DateRange } from '../../core/calendar';
import { db } from '../../core/firebase';
import { listLateRecords, listPunches, workedSpans, type LateRecord, type WorkedSpan } from '../attendance';
import { shiftFromSnapshot, shiftRef } from '../schedule';
import { settledOf, type LateRecordLine, type SettledLate } from './late-records';
import { storedPeriods } from './repo';
import type { CalendarInput } from './overtime';
import { poolLedgerIn, tipCreditOn, weekTipsAfterPools, type TipCreditLocation, type TipCreditRow } from '../tip-pools';
import type { PoolEntryLine } from './tip-pay';

/** How many punches of the period are still open, and how many wait for approval. */
export async function punchStatesIn(companyId: string, dates: { startDate: string; endDate: string }) {
  const [open, pending] = await Promise.all([
    listPunches({ companyId, ...dates, state: 'open' }),
    listPunches({ companyId, ...dates, state: 'pending' }),
  ]);
  return { open: open.length, pending: pending.length };
}

/**
 * The shifts the spans are linked to: the positions of those whose spans have none of their own,
 * and (`withMinutes`: where reporting-time pay applies) every linked shift's scheduled minutes.
 */
export async function linkedShifts(
  companyId: string,
  spans: Iterable<WorkedSpan[]>,
  withMinutes: boolean,
): Promise<{ positions: Map<string, string>; minutes: Map<string, number> }> {
  const ids = new Set<string>();
  for (const list of spans) for (const s of list) if (s.shiftId && (withMinutes || !s.positionId)) ids.add(s.shiftId);
  const positions = new Map<string, string>();
  const minutes = new Map<string, number>();
  if (!ids.size) return { positions, minutes };
  const snaps = await db().getAll(...[...ids].map((id) => shiftRef(companyId, id)));
  for (const snap of snaps) {
    const shift = shiftFromSnapshot(snap);
    if (shift?.positionId) positions.set(shift.id, shift.positionId);
    if (shift) minutes.set(shift.id, shift.minutes);
  }
  return { positions, minutes };
}

/** The late POS records the report pays (late-records.ts), the punches they change as paid, and what closed reports paid for them. */
export interface LateInputs {
  records: LateRecord[];
  /** approved spans of the weeks the records touch, by employee */
  baseline: Map<string, WorkedSpan[]>;
  /** the lateRecord lines of the closed reports since the earliest close, by employee then record */
  settled: Map<string, Map<string, SettledLate>>;
}

const NO_LATE: LateInputs = { records: [], baseline: new Map(), settled: new Map() };

/**
 * The late records closed before the period starts (their range ends before it), with the spans
 * of their workweeks as paid and the lines closed reports after the close already paid for them.
 */
export async function lateInputsOf(companyId: string, range: DateRange, cal: CalendarInput): Promise<LateInputs> {
  const records = (await listLateRecords(companyId)).filter((r) => r.lock.endDate < range.start);
  if (!records.length) return NO_LATE;
  const earliest = records.reduce((m, r) => (r.lock.endDate < m ? r.lock.endDate : m), records[0].lock.endDate);
  const closed = [...(await storedPeriods(companyId, addDays(earliest, 1), addDays(range.start, -1))).values()].filter(
    (p) => p.status === 'closed' && p.report && p.startDate < range.start,
  );
  const lines = new Map<string, LateRecordLine[]>();
  for (const p of closed)
    for (const row of p.report!.employees)
      for (const a of row.adjustments ?? [])
        if (a.kind === 'lateRecord')
          lines.set(row.employeeId, [...(lines.get(row.employeeId) ?? []), a as LateRecordLine]);
  const settled = new Map([...lines].map(([employeeId, l]) => [employeeId, settledOf(l)]));
  const dates = records.flatMap((r) => [
    ...(r.paidBusinessDate ? [r.paidBusinessDate] : []),
    ...(r.final ? [r.final.businessDate] : []),
  ]);
  for (const l of lines.values()) dates.push(...l.map((x) => x.weekStart));
  const sorted = dates.sort();
  const baseline = await workedSpans(
    companyId,
    { startDate: addDays(weekOf(sorted[0], cal).start, -1), endDate: weekOf(addDays(sorted.at(-1)!, 1), cal).end },
    { approvedOnly: true },
  );
  return { records, baseline, settled };
}

/** A workweek ending in the pay period where a tip credit is allowed: its tip-credit row and each employee's tips after the pools. */
export interface MakeUpWeekInput {
  week: DateRange;
  row: TipCreditRow;
  tips: Map<string, number>;
}

/** The tips of a pay period beyond the POS: the pool ledger and what the tip-credit make-up reads (tip-pay.ts). */
export interface TipInputs {
  /** entries of the locked pool periods starting in the period, by employee */
  poolEntries: Map<string, PoolEntryLine[]>;
  /** pool periods starting in the period that are still open (payroll closes only without any) */
  openPoolPeriods: { poolId: string; periodStart: string }[];
  /** the workweeks ending in the period where a tip credit is allowed */
  makeUpWeeks: MakeUpWeekInput[];
  /** the first day of the first workweek ending in the period (its make-up elements are read from there) */
  weeksFrom: string;
}

/** The company workweeks whose last day is in the range (their make-up is paid in it). */
export function weeksEndingIn(range: DateRange, cal: Pick<CalendarInput, 'weekStartingDay'>): DateRange[] {
  const out: DateRange[] = [];
  for (let w = weekOf(range.start, cal); w.start <= range.end; w = weekOf(addDays(w.end, 1), cal))
    if (w.end <= range.end) out.push(w);
  return out;
}

/**
 * Reads the tip inputs: two queries for the pool ledger, and two per workweek where a tip credit is
 * allowed. `location` is the profile's lawLocation (its county and city rows apply); a bare state
 * code gets the state's rows only.
 */
export async function tipInputsOf(
  companyId: string,
  range: DateRange,
  cal: Pick<CalendarInput, 'weekStartingDay'>,
  location: TipCreditLocation | null,
): Promise<TipInputs> {
  const ending = weeksEndingIn(range, cal);
  const weeks = ending
    .map((week) => ({ week, row: tipCreditOn(location, week.start) }))
    .filter((w) => w.row.creditAllowed && w.row.minimumWage !== null);
  const [ledger, ...tips] = await Promise.all([
    poolLedgerIn(companyId, range.start, range.end),
    ...weeks.map((w) => weekTipsAfterPools(companyId, w.week.start, w.week.end)),
  ]);
  const poolEntries = new Map<string, PoolEntryLine[]>();
  for (const e of ledger.entries) {
    const { id: _id, employeeId, ...line } = e;
    poolEntries.set(employeeId, [...(poolEntries.get(employeeId) ?? []), line]);
  }
  return {
    poolEntries,
    openPoolPeriods: ledger.open,
    makeUpWeeks: weeks.map((w, i) => ({ ...w, tips: tips[i] })),
    weeksFrom: ending[0]?.start ?? range.start,
  };
}
