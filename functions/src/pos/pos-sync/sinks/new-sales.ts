import { FieldValue } from 'firebase-admin/firestore';
import { lockKeys } from '../../../core/locks';
import type { CompanyRules } from '../../../modules/companies';
import { createInvoices } from '../../../modules/sales';
import * as repo from '../repo';
import { contribute, invoiceItemOf, type TipsDelta } from './mapping';

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
