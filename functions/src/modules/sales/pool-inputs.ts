import { tipsOfSale } from './external-rules';
import * as repo from './repo';
import type { StoredInvoice } from './schemas';

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

/** One sale as a pool of a part of the day reads it: its server, when it closed on the business calendar, its net sales and tips by class (cents). */
export interface PoolSale {
  employeeId: string;
  date: string;
  /** the second of its business date (from the date's local midnight; past 86400 after midnight) at which it closed */
  second: number;
  sales: number;
  card: number;
  cash: number;
  gratuities: number;
}

/**
 * The second of its business date at which a sale closed: its business hour and the minutes and
 * seconds of its local close time, both recorded when it was imported or synchronised (the same
 * figures GET /sales splits into morning and evening).
 */
export const closeSecond = (inv: Pick<StoredInvoice, 'businessHour' | 'localTime'>): number =>
  inv.businessHour * 3600 + Number(inv.localTime.slice(14, 16)) * 60 + Number(inv.localTime.slice(17, 19) || 0);

/**
 * A sale's part of the pools' inputs, null for a voided one or one without an employee: an imported
 * invoice's tips are card tips; a sale from outside its server's tips by kind as the day's tips
 * count them (tipsOfSale: card = tips - cashTips, cash entered, gratuities; given and received
 * tips are the POS's and not pooled).
 */
export function poolSaleOf(inv: StoredInvoice): PoolSale | null {
  if (!inv.employeeId || inv.voided) return null;
  const base = { employeeId: inv.employeeId, date: inv.businessDate, second: closeSecond(inv), sales: inv.amount };
  if (!inv.pos) return { ...base, card: inv.tips, cash: 0, gratuities: 0 };
  const server = tipsOfSale(inv.pos).find((c) => c.employeeId === inv.pos!.employeeId && c.kinds.tipsReceived === 0);
  const k = server?.kinds;
  return { ...base, card: k?.cardTips ?? 0, cash: k?.cashTips ?? 0, gratuities: k?.gratuities ?? 0 };
}

/**
 * The sales of one business date one by one with their close times, and the cash tips declared on
 * POS punches that date per employee (they carry no check time), for the pools of a part of the day.
 */
export async function timedPoolInputs(
  companyId: string,
  date: string,
): Promise<{ sales: PoolSale[]; declared: { employeeId: string; amount: number }[] }> {
  const [invoices, days] = await Promise.all([
    repo.invoicesOfDay(companyId, date),
    repo.readTips(companyId, date, date),
  ]);
  return {
    sales: invoices.map(poolSaleOf).filter((s): s is PoolSale => s !== null),
    declared: days
      .filter((d) => d.employeeId && d.declaredCashTips !== 0)
      .map((d) => ({ employeeId: d.employeeId!, amount: d.declaredCashTips })),
  };
}
