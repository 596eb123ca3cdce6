import { requireDateRange } from '../../core/calendar';
import * as repo from './repo';
import { addTips, noTips, staffTips, TIP_KINDS, type TipKinds } from './tip-kinds';
import { MAX_TIPS_DAYS } from './tips-schemas';

/** An employee's (or the unattributed, null) tips over a range, each kind apart, with their total (tip-kinds.ts). */
export interface TipsFigures extends TipKinds {
  employeeId: string | null;
  /** The staff's tips: cardTips + cashTips + declaredCashTips + gratuities - tipsGiven + tipsReceived. */
  tips: number;
}

const figuresOf = (employeeId: string | null, k: TipKinds): TipsFigures => {
  const out = { employeeId, ...noTips(), tips: staffTips(k) };
  for (const kind of TIP_KINDS) out[kind] = k[kind];
  return out;
};

/**
 * Tips of the sales from outside (POS sales) and of POS punches (declared cash tips) per business
 * day and employee, each kind apart, over a range of business dates (refunded tips included), and
 * per employee over the range. What payroll and managers read.
 */
export async function tipsBetween(companyId: string, startDate: string, endDate: string, employeeId?: string) {
  requireDateRange(startDate, endDate, MAX_TIPS_DAYS);
  const rows = await repo.readTips(companyId, startDate, endDate, employeeId);
  // ids in code-unit order (locale-independent); the unattributed tips (null) last
  const byEmployee = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  const days = rows
    .map((r) => ({ date: r.date, ...figuresOf(r.employeeId, r) }))
    .sort((a, b) => a.date.localeCompare(b.date) || byEmployee(a.employeeId, b.employeeId));
  const totals = new Map<string | null, TipKinds>();
  for (const d of days) totals.set(d.employeeId, addTips(totals.get(d.employeeId) ?? noTips(), d));
  return {
    companyId,
    startDate,
    endDate,
    currency: rows[0]?.currency ?? null,
    days,
    employees: [...totals.entries()]
      .map(([id, k]) => figuresOf(id, k))
      .sort((a, b) => byEmployee(a.employeeId, b.employeeId)),
  };
}
