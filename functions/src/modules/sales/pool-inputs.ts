import * as repo from './repo';

/** An employee's sales and tips of one business date, by the classes a tip pool takes (cents). */
export interface PoolTipsDay {
  employeeId: string;
  date: string;
  /** net sales (refunds subtracted, voided sales left out) */
  sales: number;
  /** card tips of POS sales, and the tips of imported invoices (which carry no kind) */
  card: number;
  /** cash tips entered on checks and declared on POS punches */
  cash: number;
  gratuities: number;
}

/**
 * The sales and tips per employee and business date of a range, for the tip pools: one pass over
 * the invoices (their projection, streamed in pages) and one query of the POS tips per day. The
 * tips the POS credits between servers (given, received) are settled by the POS and not pooled;
 * service charges are not tips.
 */
export async function poolInputs(companyId: string, startDate: string, endDate: string): Promise<PoolTipsDay[]> {
  const rows = new Map<string, PoolTipsDay>();
  const row = (employeeId: string, date: string) => {
    const k = `${date}~${employeeId}`;
    let r = rows.get(k);
    if (!r) rows.set(k, (r = { employeeId, date, sales: 0, card: 0, cash: 0, gratuities: 0 }));
    return r;
  };
  const [, days] = await Promise.all([
    repo.forEachInvoicePage(companyId, startDate, endDate, {}, (page) => {
      for (const inv of page) {
        if (!inv.employeeId || inv.voided) continue;
        const r = row(inv.employeeId, inv.businessDate);
        r.sales += inv.amount;
        // a POS sale's tips are in posTips, kind by kind
        if (!inv.fromPos) r.card += inv.tips;
      }
    }),
    repo.readTips(companyId, startDate, endDate),
  ]);
  for (const d of days) {
    if (!d.employeeId) continue;
    const r = row(d.employeeId, d.date);
    r.card += d.cardTips;
    r.cash += d.cashTips + d.declaredCashTips;
    r.gratuities += d.gratuities;
  }
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || (a.employeeId < b.employeeId ? -1 : 1));
}
