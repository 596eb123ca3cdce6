import { addDays } from '../../core/calendar';
import { accrualCorrection, leaveYearOf, periodsEnded, yearAccrualTarget, yearEnd, type LeaveYear } from './accrual';
import type { EntryKind, LeaveEntry, LeavePolicy } from './schemas';

/**
 * The ledger's rules (pure): a balance is the sum of its entries, never a stored number a call
 * overwrites. Entries are integer minutes, positive (accrual, grant, a usage returned, carried in)
 * or negative (usage, forfeiture, carried out, a correction after a punch edit).
 */
export const balanceOf = (entries: readonly { minutes: number }[]): number =>
  entries.reduce((sum, e) => sum + e.minutes, 0);

const sumOf = (entries: readonly LeaveEntry[], year: string, kinds: readonly EntryKind[]) =>
  balanceOf(entries.filter((e) => e.year === year && kinds.includes(e.kind)));

/** An approved punch as accrual counts it: its business date and worked minutes (unpaid breaks out). */
export interface WorkedPunch {
  punchId: string;
  businessDate: string;
  minutes: number;
}

/** An entry to write: everything but the id, company and time, which the writer adds. */
export type PlannedEntry = Omit<LeaveEntry, 'id' | 'companyId' | 'createdAt'>;

const system = (
  e: Pick<PlannedEntry, 'employeeId' | 'policyId' | 'kind' | 'minutes' | 'year' | 'date' | 'reason'> &
    Partial<PlannedEntry['source']>,
): PlannedEntry => ({
  employeeId: e.employeeId,
  policyId: e.policyId,
  kind: e.kind,
  minutes: e.minutes,
  year: e.year,
  date: e.date,
  days: 0,
  reason: e.reason,
  by: 'system',
  source: {
    punchIds: e.punchIds ?? [],
    removedPunchIds: e.removedPunchIds ?? [],
    periods: e.periods ?? [],
    requestId: null,
  },
});

/** The leave years an accrual run through `through` settles: the one holding it and the one before. */
export function yearsToSettle(through: string, policy: LeavePolicy, hireDate: string | null): LeaveYear[] {
  const current = leaveYearOf(through, policy.yearStart, hireDate);
  const previous = leaveYearOf(addDays(current.start, -1), policy.yearStart, hireDate);
  return hireDate && previous.end <= hireDate ? [current] : [previous, current];
}

/**
 * What an accrual run writes for one employee under one policy, given the ledger as it is and the
 * approved punches: per year (oldest first), the accrual (or grant) correction that brings the
 * year's accruals to what its hours, periods or grant earn, then, for a year that has ended, the
 * close: forfeiture of what exceeds the carryover cap, and the carryover out of it and into the
 * next year. Each figure is reconciled against the entries already there, so a second run writes
 * nothing, and a punch edited or deleted after it accrued is corrected by a new entry.
 */
export function planAccruals({
  policy,
  employeeId,
  hireDate,
  through,
  punches,
  entries,
  payrollStartingDay,
}: {
  policy: LeavePolicy;
  employeeId: string;
  hireDate: string | null;
  through: string;
  punches: readonly WorkedPunch[];
  entries: readonly LeaveEntry[];
  payrollStartingDay: number;
}): PlannedEntry[] {
  const ledger: LeaveEntry[] = [...entries];
  const out: PlannedEntry[] = [];
  const push = (p: PlannedEntry) => {
    out.push(p);
    ledger.push({ ...p, id: '', companyId: '', createdAt: Number.MAX_SAFE_INTEGER });
  };
  const base = { employeeId, policyId: policy.id };
  for (const year of yearsToSettle(through, policy, hireDate)) {
    const from = hireDate && hireDate > year.start ? hireDate : year.start;
    const last = addDays(year.end, -1) < through ? addDays(year.end, -1) : through;
    if (!policy.archived && from <= last) {
      const a = policy.accrual;
      const kind: EntryKind = a.method === 'frontLoaded' ? 'grant' : 'accrual';
      const inYear = punches.filter((p) => p.businessDate >= from && p.businessDate <= last);
      const periods =
        a.method === 'perPayPeriod' ? periodsEnded(from, last, a.frequency, payrollStartingDay, a.anchor) : [];
      const target =
        a.method === 'frontLoaded'
          ? Math.min(a.minutesPerYear, policy.annualAccrualCapMinutes ?? Infinity)
          : yearAccrualTarget(a, policy.annualAccrualCapMinutes, {
              workedMinutes: inYear.reduce((sum, p) => sum + p.minutes, 0),
              periodsEnded: periods.length,
            });
      const minutes = accrualCorrection({
        target,
        accruedSoFar: sumOf(ledger, year.start, [kind]),
        balance: balanceOf(ledger.filter((e) => e.year === year.start)),
        balanceCap: policy.balanceCapMinutes,
      });
      if (minutes !== 0) {
        // the punches the year's accrual was computed from, as of its latest entry
        const previous = ledger
          .filter((e) => e.year === year.start && e.kind === kind)
          .sort((x, y) => x.createdAt - y.createdAt);
        const counted = new Set(previous.at(-1)?.source.punchIds ?? []);
        const now = inYear.map((p) => p.punchId);
        const countedPeriods = new Set(previous.flatMap((e) => e.source.periods));
        push(
          system({
            ...base,
            kind,
            minutes,
            year: year.start,
            date: last,
            reason:
              minutes < 0
                ? 'correction: hours counted before were edited or removed'
                : kind === 'grant'
                  ? 'front-loaded grant of the year'
                  : null,
            punchIds: now,
            removedPunchIds: [...counted].filter((id) => !now.includes(id)),
            periods: periods.map((p) => p.end).filter((end) => !countedPeriods.has(end)),
          }),
        );
      }
    }
    if (through < year.end) continue;
    // the year has ended: close it
    const open = balanceOf(
      ledger.filter((e) => e.year === year.start && e.kind !== 'carryoverOut' && e.kind !== 'forfeiture'),
    );
    const { carried, forfeited } = yearEnd(open, policy.carryoverCapMinutes);
    const forfeit = -forfeited - sumOf(ledger, year.start, ['forfeiture']);
    if (forfeit !== 0)
      push(
        system({
          ...base,
          kind: 'forfeiture',
          minutes: forfeit,
          year: year.start,
          date: addDays(year.end, -1),
          reason: `year end: over the carryover cap of ${policy.carryoverCapMinutes} minutes`,
        }),
      );
    const carry = -carried - sumOf(ledger, year.start, ['carryoverOut']);
    if (carry !== 0) {
      push(
        system({
          ...base,
          kind: 'carryoverOut',
          minutes: carry,
          year: year.start,
          date: addDays(year.end, -1),
          reason: 'year end: carried into the next year',
        }),
      );
      push(
        system({
          ...base,
          kind: 'carryoverIn',
          minutes: -carry,
          year: year.end,
          date: year.end,
          reason: 'carried over from the previous year',
        }),
      );
    }
  }
  return out;
}

/** The figures of one employee's balance under a policy, in the leave year holding `date`. */
export function balanceFigures(entries: readonly LeaveEntry[], year: string) {
  return {
    balanceMinutes: balanceOf(entries),
    accruedMinutes: sumOf(entries as LeaveEntry[], year, ['accrual', 'grant']),
    usedMinutes: -sumOf(entries as LeaveEntry[], year, ['usage', 'usageReturned']),
    carriedInMinutes: sumOf(entries as LeaveEntry[], year, ['carryoverIn']),
    adjustedMinutes: sumOf(entries as LeaveEntry[], year, ['adjustment']),
    entries: entries.length,
  };
}
