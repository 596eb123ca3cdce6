import { requireCompany } from '../../core/firestore';
import type { SalesAuditQuery, SalesAuditResponse } from './audit-schemas';
import { salesErrors } from './errors';
import * as repo from './repo';
import type { StoredInvoice } from './repo';
import type { TipAdjustment } from './tip-adjustments';

type AuditedSale = SalesAuditResponse['sales'][number];

function saleOf(inv: StoredInvoice, adjustments: readonly TipAdjustment[]): AuditedSale {
  return {
    posSource: inv.posSource,
    externalId: inv.externalId,
    businessDate: inv.businessDate,
    currency: inv.currency,
    voided: inv.voided === true,
    audit: (inv.posAudit ?? []).map((a) => ({ ...a, tipAdjustmentDate: a.tipAdjustmentDate ?? null })),
    tipAdjustments: adjustments
      .filter((a) => a.posSource === inv.posSource && a.vendorId === inv.externalId)
      .map((a) => ({
        originalDate: a.originalDate,
        date: a.date,
        employeeId: a.employeeId,
        kind: a.kind,
        amount: a.amount,
        change: a.change,
        runId: a.runId,
        reason: a.reason,
      })),
  };
}

/**
 * GET /sales/audit: which sync run and which vendor record voided (or closed again) a sale from
 * outside, and the tip adjustments its changes after a pay period closed recorded; of one sale,
 * or of the sales of one business day that have either.
 */
export async function getSalesAudit({ query }: { query: SalesAuditQuery }): Promise<SalesAuditResponse> {
  const { companyId } = query;
  await requireCompany(companyId);
  if (query.posSource !== undefined && query.externalId !== undefined) {
    const [inv, adjustments] = await Promise.all([
      repo.readInvoice(companyId, query.posSource, query.externalId),
      repo.tipAdjustmentsOfRecord(companyId, query.externalId),
    ]);
    if (!inv) throw salesErrors.SALE_NOT_FOUND(`No ${query.posSource} invoice ${query.externalId} in the company`);
    return { companyId, date: null, hidden: [], sales: [saleOf(inv, adjustments)] };
  }
  const date = query.date!;
  const [invoices, adjustments] = await Promise.all([
    repo.invoicesOfDay(companyId, date),
    repo.readTipAdjustments(companyId, 'originalDate', date, date),
  ]);
  const sales = invoices
    .map((inv) => saleOf(inv, adjustments))
    .filter((s) => s.audit.length || s.tipAdjustments.length)
    .sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
  return { companyId, date, hidden: [], sales };
}
