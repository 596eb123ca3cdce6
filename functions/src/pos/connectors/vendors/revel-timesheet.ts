import type { PosPunch } from '../types';

/**
 * Revel's time sheet as punches: pure, no I/O. Revel keeps a break as a TimeSheetEntry row of its
 * own (break_type set, clock_in and clock_out its start and end, break_length its minutes), beside
 * the worked entry it interrupts (src/pos/connectors/vendors/revel.ts names the sources).
 */

/** A TimeSheetEntry row, its times in epoch ms. */
export interface TimeSheetRow {
  id: string;
  employeeId: string;
  jobTitle: string | null;
  clockInAt: number;
  clockOutAt: number | null;
  /** Set on a break row: the break's name. */
  breakType: string | null;
  breakMinutes: number | null;
  deleted: boolean;
  modifiedAt: number;
}

/** The longest shift taken into account when looking for the breaks of an entry or the entry of a break. */
export const REVEL_MAX_SHIFT_MS = 24 * 3_600_000;

export const isBreakRow = (row: TimeSheetRow): boolean => row.breakType !== null && row.breakType.trim() !== '';

/** A paid break names "paid" (and not "unpaid"); any other is unpaid (assumption: Revel's names are not published). */
export const isPaidBreak = (breakType: string): boolean => /\bpaid\b/i.test(breakType);

/**
 * The worked entry a break belongs to: its employee's latest entry clocked in at or before the
 * break starts and not out before, a live one before a deleted one.
 */
export function entryOf(brk: TimeSheetRow, worked: readonly TimeSheetRow[]): TimeSheetRow | undefined {
  const rank = (w: TimeSheetRow) => [w.deleted ? 0 : 1, w.clockInAt];
  let found: TimeSheetRow | undefined;
  for (const w of worked) {
    if (w.employeeId !== brk.employeeId || w.clockInAt > brk.clockInAt) continue;
    if (w.clockOutAt !== null && w.clockOutAt <= brk.clockInAt) continue;
    const [live, at] = rank(w);
    const [foundLive, foundAt] = found ? rank(found) : [-1, 0];
    if (live > foundLive || (live === foundLive && at > foundAt)) found = w;
  }
  return found;
}

function toPunch(entry: TimeSheetRow, breaks: readonly TimeSheetRow[]): PosPunch {
  const endOf = (b: TimeSheetRow) =>
    b.clockOutAt ?? (b.breakMinutes === null ? null : b.clockInAt + b.breakMinutes * 60_000);
  return {
    vendorId: entry.id,
    employeeVendorId: entry.employeeId,
    clockInAt: entry.clockInAt,
    clockOutAt: entry.clockOutAt,
    breaks: [...breaks]
      .sort((a, b) => a.clockInAt - b.clockInAt)
      .map((b) => ({ startAt: b.clockInAt, endAt: endOf(b), paid: isPaidBreak(b.breakType ?? '') })),
    jobTitle: entry.jobTitle,
    deleted: entry.deleted,
    modifiedAt: Math.max(entry.modifiedAt, ...breaks.map((b) => b.modifiedAt)),
  };
}

/**
 * The punches a read names: its worked entries, and the entries its break rows belong to, each
 * with all its breaks found in `around` (rows read with a shift's margin around `read`);
 * `keep` narrows the worked entries (a backfill keeps those clocked in within its window).
 */
export function timeSheetPunches(
  read: readonly TimeSheetRow[],
  around: readonly TimeSheetRow[],
  keep: (entry: TimeSheetRow) => boolean = () => true,
): PosPunch[] {
  const entries = new Map<string, TimeSheetRow>();
  for (const row of [...around, ...read]) if (!isBreakRow(row)) entries.set(row.id, row);
  const worked = [...entries.values()];
  const breaksOf = new Map<string, TimeSheetRow[]>();
  for (const b of around) {
    if (!isBreakRow(b)) continue;
    const entry = entryOf(b, worked);
    // a deleted break of a live entry was taken back; a deleted entry's breaks went with it
    if (entry && (!b.deleted || entry.deleted)) breaksOf.set(entry.id, [...(breaksOf.get(entry.id) ?? []), b]);
  }
  const named = new Set<string>();
  for (const row of read) {
    const id = isBreakRow(row) ? entryOf(row, worked)?.id : row.id;
    if (id !== undefined) named.add(id);
  }
  return worked
    .filter((w) => named.has(w.id) && keep(w))
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((w) => toPunch(w, breaksOf.get(w.id) ?? []));
}
