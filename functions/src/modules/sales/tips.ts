import { requireDateRange } from '../../core/calendar';
import * as repo from './repo';
import { MAX_TIPS_DAYS } from './tips-schemas';

export interface TipsFigures {
  employeeId: string | null;
  cardTips: number;
  cashTips: number;
  tips: number;
}

/**
 * Tips of the sales from outside (POS sales) per business day and employee, card and cash apart, over a range of business
 * dates (refunded tips included), and per employee over the range. What payroll and managers read.
 */
export async function tipsBetween(companyId: string, startDate: string, endDate: string, employeeId?: string) {
  requireDateRange(startDate, endDate, MAX_TIPS_DAYS);
  const rows = await repo.readTips(companyId, startDate, endDate, employeeId);
  // ids in code-unit order (locale-independent); the unattributed tips (null) last
  const byEmployee = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  const days = rows
    .map((r) => ({
      date: r.date,
      employeeId: r.employeeId,
      cardTips: r.cardTips,
      cashTips: r.cashTips,
      tips: r.cardTips + r.cashTips,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || byEmployee(a.employeeId, b.employeeId));
  const totals = new Map<string | null, TipsFigures>();
  for (const d of days) {
    const t = totals.get(d.employeeId) ?? { employeeId: d.employeeId, cardTips: 0, cashTips: 0, tips: 0 };
    t.cardTips += d.cardTips;
    t.cashTips += d.cashTips;
    t.tips += d.tips;
    totals.set(d.employeeId, t);
  }
  return {
    companyId,
    startDate,
    endDate,
    currency: rows[0]?.currency ?? null,
    days,
    employees: [...totals.values()].sort((a, b) => byEmployee(a.employeeId, b.employeeId)),
  };
}
