import type { BusinessSlot } from '../../core/calendar';
import { posSale, type PosSale } from '../../pos/connectors/sale';
import { externalSaleRecord, type PosSource, type StoredExternalSale } from './schemas';
import type { StoredInvoice } from './repo';

/** What the sales module records of sales from outside, made from what they are: pure, no I/O. */

/** A sale from outside (a POS sync), as its caller hands it over. */
export interface ExternalSale {
  /** The connector's record, as read (checked here, the boundary it crosses). */
  sale: PosSale;
  /** The POS source of its invoice, and the connection (and catalogue slug) it came through. */
  source: PosSource;
  connectionId: string;
  slug: string;
  /** The outside employee it names (the caller's id for them), null when it names none. */
  posEmployeeId: string | null;
  /** The employee the caller links that outside employee to (trusted, not checked): null while unlinked. */
  employeeId: string | null;
}

/** How one sale from outside was recorded; `held`: it waits for its outside employee's link. */
export type ExternalOutcome =
  | { outcome: 'created' | 'updated' | 'unchanged'; held: boolean }
  | { outcome: 'failed'; held: false; code: string; message: string };

/**
 * The stored form of a sale from outside, or why it is refused. A refund serves no customers.
 * Every field of the connector's record is kept, so a field added to the record is stored with no
 * edit here.
 */
export function recordOf(
  e: ExternalSale,
  businessDate: (closedAt: number) => string,
  now: number,
): StoredExternalSale | { code: 'INVALID_ITEM'; message: string } {
  const parsed = externalSaleRecord.safeParse({ ...e.sale, customers: e.sale.refund ? 0 : e.sale.customers });
  if (!parsed.success)
    return {
      code: 'INVALID_ITEM',
      message: parsed.error.issues.map((i) => `${i.path.join('.') || 'sale'}: ${i.message}`).join('; '),
    };
  return {
    ...parsed.data,
    connectionId: e.connectionId,
    slug: e.slug,
    posSource: e.source,
    posEmployeeId: e.posEmployeeId,
    employeeId: e.employeeId,
    held: e.posEmployeeId !== null && e.employeeId === null,
    businessDate: businessDate(parsed.data.closedAt),
    updatedAt: now,
  };
}

/** The connector's record of a stored sale from outside (to record it again, e.g. once its employee is linked). */
export const saleOf = (e: StoredExternalSale): PosSale => posSale.parse(e);

/** A sale already attributed keeps its employee while its outside employee is unlinked. */
export function keepAttribution(fresh: StoredExternalSale, before: StoredExternalSale | null): StoredExternalSale {
  return fresh.held && before?.employeeId && before.posEmployeeId === fresh.posEmployeeId
    ? { ...fresh, employeeId: before.employeeId, held: false }
    : fresh;
}

/** Two versions of a recorded sale are the same when every field but the times of change is. */
export function sameSale(a: StoredExternalSale, b: StoredExternalSale): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('modifiedAt');
  keys.delete('updatedAt');
  // JSON: a field may be a list (tipsTo); stored documents keep their keys in the schema's order
  const field = (e: StoredExternalSale, k: string) => JSON.stringify((e as Record<string, unknown>)[k] ?? null);
  return [...keys].every((k) => field(a, k) === field(b, k));
}

/** The invoice of a recorded sale (a refund is its own signed record), with the sale kept on it. */
export function invoiceOf(e: StoredExternalSale, slot: BusinessSlot, now: number): StoredInvoice {
  return {
    externalId: e.vendorId,
    posSource: e.posSource,
    closedAt: e.closedAt,
    ...slot,
    currency: e.currency,
    amount: e.amount,
    tips: e.tips,
    customers: e.customers,
    refund: e.refund,
    refundOf: e.refundOf,
    employeeId: e.employeeId,
    positionId: null,
    role: null,
    roleKey: null,
    importedAt: now,
    updatedAt: now,
    pos: e,
    posHeldFor: e.held ? e.posEmployeeId : null,
  };
}

/** The id of the tips document of a business day and employee (`-`: of no employee). */
export const tipsDocId = (date: string, employeeId: string | null) => `${date}~${employeeId ?? '-'}`;

/** The change one or more sales make to the tips of a business day and employee, card and cash apart. */
export interface TipsDelta {
  date: string;
  employeeId: string | null;
  currency: string;
  cardTips: number;
  cashTips: number;
}

export function contribute(deltas: Map<string, TipsDelta>, e: StoredExternalSale, sign: 1 | -1): void {
  if (e.tips === 0 && e.cashTips === 0) return;
  const id = tipsDocId(e.businessDate, e.employeeId);
  const d = deltas.get(id) ?? {
    date: e.businessDate,
    employeeId: e.employeeId,
    currency: e.currency,
    cardTips: 0,
    cashTips: 0,
  };
  d.cardTips += sign * (e.tips - e.cashTips);
  d.cashTips += sign * e.cashTips;
  deltas.set(id, d);
}

/**
 * New sales cut into commits as large as `budget` writes allow: each sale is its invoice, plus the
 * day document and the tips document (per day and employee) it touches first. Fewer, fuller
 * commits: each costs a read and a commit round trip whatever its size.
 */
export function newSaleCommits(entries: readonly StoredExternalSale[], budget: number): StoredExternalSale[][] {
  const commits: StoredExternalSale[][] = [];
  let current: StoredExternalSale[] = [];
  let days = new Set<string>();
  let tips = new Set<string>();
  for (const e of entries) {
    const tipsId = e.tips === 0 && e.cashTips === 0 ? null : tipsDocId(e.businessDate, e.employeeId);
    const writes = 1 + (days.has(e.businessDate) ? 0 : 1) + (tipsId === null || tips.has(tipsId) ? 0 : 1);
    if (current.length + days.size + tips.size + writes > budget) {
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
