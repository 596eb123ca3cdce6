import { FieldValue } from 'firebase-admin/firestore';
import { lockKeys, writesLeft } from '../../../core/locks';
import type { CompanyRules } from '../../companies';
import { createInvoices } from '../../sales';
import * as repo from '../repo';
import { contribute, invoiceItemOf, type TipsDelta } from './mapping';

/** The writes of one commit of new sales besides their own: the sales state document; the two lock heads are in writesLeft. */
const WRITES_BUDGET = writesLeft(2) - 1;

/**
 * New sales cut into commits as large as the per-commit write limit allows: each sale is its
 * invoice, plus the day document and the tips document (per day and employee) it touches first.
 * Fewer, fuller commits: each costs a read and a commit round trip whatever its size.
 */
export function newSaleCommits(entries: readonly repo.SaleEntry[]): repo.SaleEntry[][] {
  const commits: repo.SaleEntry[][] = [];
  let current: repo.SaleEntry[] = [];
  let days = new Set<string>();
  let tips = new Set<string>();
  for (const e of entries) {
    const tipsId = e.tips === 0 && e.cashTips === 0 ? null : repo.tipsDocId(e.businessDate, e.employeeId);
    const writes = 1 + (days.has(e.businessDate) ? 0 : 1) + (tipsId === null || tips.has(tipsId) ? 0 : 1);
    if (current.length + days.size + tips.size + writes > WRITES_BUDGET) {
      commits.push(current);
      [current, days, tips] = [[], new Set(), new Set()];
    }
    current.push(e);
    days.add(e.businessDate);
    if (tipsId !== null) tips.add(tipsId);
  }
  if (current.length) commits.push(current);
  return commits;
}

/**
 * Sales the sync has never seen, written without reading anything per sale: one commit creates
 * their invoices, each keeping its ledger entry (through the sales module, which moves the day
 * aggregates it reads, a few per commit), and adds their tips to the tips per day and employee with
 * increments. Answers false, having written nothing, when any of them is not new (a rerun, a sale
 * changed since) or would be refused: the caller then writes them the reading way (updateSales).
 *
 * A tips document whose increments sum to zero stays (with zero tips): readers skip it.
 */
export async function createSales(companyId: string, rules: CompanyRules, entries: readonly repo.SaleEntry[]) {
  const tips = new Map<string, TipsDelta>();
  for (const e of entries) contribute(tips, e, 1);
  const now = Date.now();
  return createInvoices({
    companyId,
    items: entries.map(invoiceItemOf),
    kept: entries.map(repo.ledgerFields),
    zone: rules.profile.timezone,
    dayChangeSeconds: rules.settings.dayChangeTime,
    also: {
      lock: lockKeys.posSales(companyId),
      writes: tips.size,
      write: (w) => {
        for (const [id, d] of tips)
          w.set(
            repo.tipsRef(companyId, id),
            {
              date: d.date,
              employeeId: d.employeeId,
              currency: d.currency,
              cardTips: FieldValue.increment(d.cardTips),
              cashTips: FieldValue.increment(d.cashTips),
              updatedAt: now,
            },
            { merge: true },
          );
      },
    },
  });
}
