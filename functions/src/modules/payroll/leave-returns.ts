import { addDays, type DateRange } from '../../core/calendar';
import { leaveReturnedBefore, type LeaveReturn } from '../leave';
import type { LeaveLine, LeaveReturnedLine } from './leave-pay';
import { storedPeriods } from './repo';

/**
 * Paid time off cancelled after the period that paid it closed. The closed report is never
 * rewritten: what it paid for the request's leave (its `leave` line, frozen) is taken back by a
 * prior-period adjustment line (`kind: leaveReturned`) of the first report after the close, as
 * late records are (late-records.ts). The leave module records the give-back in the ledger; here it
 * is only money. A request whose line a closed report after that one already carries is settled.
 */
/** A closed period's frozen rows as far as this reads them. */
export interface ClosedPeriodRows {
  startDate: string;
  endDate: string;
  rows: readonly {
    employeeId: string;
    leave?: readonly Pick<LeaveLine, 'requestId' | 'minutes' | 'rate' | 'amount' | 'policyName'>[];
    adjustments?: readonly { kind: string; requestId?: string }[];
  }[];
}

const hours = (minutes: number) => (Math.abs(minutes) / 60).toFixed(2);

/**
 * The leaveReturned lines of a report (pure): each give-back dated in a closed period whose frozen
 * report paid the request's leave, unless a closed report after it already took it back.
 */
export function leaveReturnedLines(
  returns: readonly LeaveReturn[],
  closed: readonly ClosedPeriodRows[],
): LeaveReturnedLine[] {
  const settled = new Set<string>();
  for (const p of closed)
    for (const row of p.rows)
      for (const a of row.adjustments ?? [])
        if (a.kind === 'leaveReturned' && a.requestId) settled.add(`${row.employeeId}/${a.requestId}`);
  const out: LeaveReturnedLine[] = [];
  for (const r of returns) {
    if (settled.has(`${r.employeeId}/${r.requestId}`)) continue;
    const period = closed.find((p) => p.startDate <= r.date && r.date <= p.endDate);
    const paid = period?.rows
      .find((row) => row.employeeId === r.employeeId)
      ?.leave?.find((l) => l.requestId === r.requestId);
    if (!period || !paid || !paid.amount) continue;
    out.push({
      kind: 'leaveReturned',
      requestId: r.requestId,
      policyId: r.policyId,
      policyName: paid.policyName,
      date: r.date,
      closedPeriodStart: period.startDate,
      closedPeriodEnd: period.endDate,
      minutes: -paid.minutes,
      rate: paid.rate ?? 0,
      amount: -paid.amount,
      reason:
        `${paid.policyName} of ${r.date} (request ${r.requestId}) was cancelled after payroll closed ` +
        `${period.startDate} to ${period.endDate}: that period stays as paid, and its ${hours(paid.minutes)} h of leave are taken back here`,
    });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.requestId.localeCompare(b.requestId));
}

/** The leaveReturned lines of the report of `range`, by employee (I/O: the give-backs dated before it and the closed reports since). */
export async function leaveReturnsOf(companyId: string, range: DateRange): Promise<Map<string, LeaveReturnedLine[]>> {
  const returns = await leaveReturnedBefore(companyId, range.start);
  const out = new Map<string, LeaveReturnedLine[]>();
  if (!returns.length) return out;
  const earliest = returns.reduce((m, r) => (r.date < m ? r.date : m), returns[0].date);
  // a period is at most a month: the one holding the earliest date starts within 31 days before it
  const stored = await storedPeriods(companyId, addDays(earliest, -31), addDays(range.start, -1));
  const closed: ClosedPeriodRows[] = [...stored.values()]
    .filter((p) => p.status === 'closed' && p.report && p.startDate < range.start)
    .map((p) => ({
      startDate: p.startDate,
      endDate: p.endDate,
      rows: p.report!.employees as unknown as ClosedPeriodRows['rows'],
    }));
  for (const line of leaveReturnedLines(returns, closed)) {
    const employeeId = returns.find((r) => r.requestId === line.requestId)!.employeeId;
    out.set(employeeId, [...(out.get(employeeId) ?? []), line]);
  }
  return out;
}
