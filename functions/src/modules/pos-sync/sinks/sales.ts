import type { PosSale } from '../../../pos/connectors';
import { logger } from '../../../core/logger';
import { recordExternalSales } from '../../sales';
import * as repo from '../repo';
import { employeeIdsOf, logFailure, rulesOf, type Recorded, type SinkTarget } from './common';
import { latest, posSourceOf, zero } from './mapping';

/**
 * A page of POS sales (refunds included) with their tips, handed to the sales module as sales from
 * outside, each attributed to the employee its POS employee is linked to (idempotent on (POS
 * source, vendorId): a changed sale, or one now attributed to an employee, moves its invoice, the
 * day aggregates and the tips per business day and employee). A sale of an unlinked POS employee
 * is recorded without an employee (so sales totals are right) and held: linking records it again
 * with the employee. A sale already attributed keeps its employee while its POS employee is unlinked.
 */
export async function recordSales(t: SinkTarget, page: readonly PosSale[]): Promise<Recorded> {
  const counts = zero();
  const { records, duplicates } = latest(page);
  counts.unchanged += duplicates;
  if (records.length === 0) return { counts, heldFor: [] };
  const source = posSourceOf(t.slug);
  if (!source) {
    counts.failed += records.length;
    logger.error('pos-sync sales of a source the sales module does not know', {
      companyId: t.companyId,
      connectionId: t.connectionId,
      slug: t.slug,
      records: records.length,
    });
    return { counts, heldFor: [] };
  }
  const posIdOf = (vendorId: string | null) => (vendorId ? repo.posEmployeeDocId(t.connectionId, vendorId) : null);
  // the server and each POS employee credited with part of the tips (tipsTo), attributed alike
  const posIds = records
    .flatMap((r) => [posIdOf(r.employeeVendorId), ...(r.tipsTo ?? []).map((x) => posIdOf(x.employeeVendorId))])
    .filter((id): id is string => id !== null);
  const [rules, links] = await Promise.all([rulesOf(t), employeeIdsOf(t.companyId, posIds)]);
  const linked = (posEmployeeId: string | null) => (posEmployeeId ? (links.get(posEmployeeId) ?? null) : null);
  const sales = records.map((sale) => {
    const posEmployeeId = posIdOf(sale.employeeVendorId);
    const tipsToEmployees = (sale.tipsTo ?? []).map((x) => {
      const id = posIdOf(x.employeeVendorId);
      return { posEmployeeId: id, employeeId: linked(id) };
    });
    return {
      sale,
      source,
      connectionId: t.connectionId,
      slug: t.slug,
      posEmployeeId,
      employeeId: linked(posEmployeeId),
      tipsToEmployees,
    };
  });
  const outcomes = await recordExternalSales({ companyId: t.companyId, rules, sales, runId: t.runId ?? null });
  const heldPosIds = new Set<string>();
  outcomes.forEach((o, i) => {
    if (o.outcome === 'failed') logFailure(t, 'sales', records[i].vendorId, o.code, o.message);
    if (o.held) {
      counts.held++;
      // whoever of them is unlinked: the caller replays for those linked meanwhile
      for (const id of [sales[i].posEmployeeId, ...sales[i].tipsToEmployees.map((x) => x.posEmployeeId)])
        if (id && !linked(id)) heldPosIds.add(id);
    }
    counts[o.outcome]++;
  });
  return { counts, heldFor: [...heldPosIds] };
}
