import type { BusinessSlot } from '../../core/calendar';
import { posSale, type PosSale } from '../../pos/connectors/sale';
import { externalSaleRecord, type PosAuditEntry, type PosSource, type StoredExternalSale } from './schemas';
import type { StoredInvoice } from './repo';
import { isZeroTips, noTips, type TipKinds } from './tip-kinds';

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
  /**
   * Whom each of `sale.tipsTo` goes to (same order): the caller's id of the outside employee
   * credited (null when it names none the caller knows) and the employee it is linked to (null
   * while unlinked). Absent: none linked.
   */
  tipsToEmployees?: readonly { posEmployeeId: string | null; employeeId: string | null }[];
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
  const tipsToEmployees = parsed.data.tipsTo.map((_, i) => ({
    posEmployeeId: e.tipsToEmployees?.[i]?.posEmployeeId ?? null,
    employeeId: e.tipsToEmployees?.[i]?.employeeId ?? null,
  }));
  return {
    ...parsed.data,
    connectionId: e.connectionId,
    slug: e.slug,
    posSource: e.source,
    posEmployeeId: e.posEmployeeId,
    employeeId: e.employeeId,
    held: e.posEmployeeId !== null && e.employeeId === null,
    tipsToEmployees,
    tipsHeldFor: heldRecipients(tipsToEmployees),
    businessDate: businessDate(parsed.data.closedAt),
    updatedAt: now,
  };
}

const heldRecipients = (list: StoredExternalSale['tipsToEmployees']): string[] => [
  ...new Set(list.flatMap((r) => (r.posEmployeeId !== null && r.employeeId === null ? [r.posEmployeeId] : []))),
];

/** The connector's record of a stored sale from outside (to record it again, e.g. once its employee is linked). */
export const saleOf = (e: StoredExternalSale): PosSale => posSale.parse(e);

/**
 * A sale already attributed keeps its employee while its outside employee is unlinked; so does a
 * tip credited to another employee (matched by the outside employee it names).
 */
export function keepAttribution(fresh: StoredExternalSale, before: StoredExternalSale | null): StoredExternalSale {
  const server =
    fresh.held && before?.employeeId && before.posEmployeeId === fresh.posEmployeeId
      ? { ...fresh, employeeId: before.employeeId, held: false }
      : fresh;
  if (!before || !fresh.tipsHeldFor.length) return server;
  const known = new Map(
    before.tipsToEmployees.flatMap((r) => (r.posEmployeeId && r.employeeId ? [[r.posEmployeeId, r.employeeId]] : [])),
  );
  const tipsToEmployees = fresh.tipsToEmployees.map((r) =>
    r.employeeId === null && r.posEmployeeId !== null && known.has(r.posEmployeeId)
      ? { ...r, employeeId: known.get(r.posEmployeeId)! }
      : r,
  );
  return { ...server, tipsToEmployees, tipsHeldFor: heldRecipients(tipsToEmployees) };
}

/**
 * Whether a version of a recorded sale arrives after the stored one in the vendor's time: an older
 * version (a page read before a void was delivered after it) changes nothing. Equal times: the one
 * arriving last wins (a vendor that does not move its time of change on a void).
 */
export const isStale = (fresh: StoredExternalSale, before: StoredExternalSale | null): boolean =>
  before !== null && fresh.modifiedAt < before.modifiedAt;

/** Whether a recorded sale counts in the figures: one the vendor took back (voided) counts nowhere. */
export const isCounted = (e: StoredExternalSale | null | undefined): e is StoredExternalSale => !!e && !e.voided;

/**
 * The audit line of a version that takes a sale out of the figures (voided) or puts it back
 * (reclosed: closed again after a void), null when it does neither. A void of a sale never counted
 * reverses nothing and leaves no line.
 */
export function auditOf(
  fresh: StoredExternalSale,
  before: StoredExternalSale | null,
  runId: string | null,
  now: number,
): PosAuditEntry | null {
  const line = (action: PosAuditEntry['action'], e: StoredExternalSale): PosAuditEntry => ({
    at: now,
    action,
    runId,
    connectionId: fresh.connectionId,
    vendorId: fresh.vendorId,
    modifiedAt: fresh.modifiedAt,
    amount: e.amount,
    tips: e.tips,
    cashTips: e.cashTips,
    gratuities: e.gratuities,
    serviceCharges: e.serviceCharges,
    employeeId: e.employeeId,
  });
  if (fresh.voided && isCounted(before)) return line('voided', before);
  if (!fresh.voided && before?.voided) return line('reclosed', fresh);
  return null;
}

/** The audit lines an invoice keeps, newest last (older ones dropped beyond this). */
export const MAX_AUDIT_LINES = 50;

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
    gratuities: e.gratuities,
    serviceCharges: e.serviceCharges,
    voided: e.voided,
    importedAt: now,
    updatedAt: now,
    pos: e,
    posHeldFor: e.held ? e.posEmployeeId : null,
    posTipsHeldFor: e.tipsHeldFor,
  };
}

/** The id of the tips document of a business day and employee (`-`: of no employee). */
export const tipsDocId = (date: string, employeeId: string | null) => `${date}~${employeeId ?? '-'}`;

/**
 * The change one or more sales (or declared tips) make to the tips of a business day and employee,
 * each kind apart (tip-kinds.ts).
 */
export interface TipsDelta extends TipKinds {
  date: string;
  employeeId: string | null;
  currency: string;
}

/** The delta of a business day and employee in `deltas`, made when absent. */
export function deltaOf(
  deltas: Map<string, TipsDelta>,
  date: string,
  employeeId: string | null,
  currency: string,
): TipsDelta {
  const id = tipsDocId(date, employeeId);
  let d = deltas.get(id);
  if (!d) {
    d = { date, employeeId, currency, ...noTips() };
    deltas.set(id, d);
  }
  return d;
}

/**
 * What a recorded sale adds to the tips per business day and employee: to its server, card tips
 * (tips - cashTips), cash tips entered, gratuities, service charges, and the tips given to others
 * (the sum of tipsTo); to each employee credited, the tips received. A voided sale adds nothing.
 */
export function tipsOfSale(e: StoredExternalSale): { employeeId: string | null; kinds: TipKinds }[] {
  if (e.voided) return [];
  const given = e.tipsTo.reduce((sum, t) => sum + t.amount, 0);
  const server = {
    employeeId: e.employeeId,
    kinds: {
      ...noTips(),
      cardTips: e.tips - e.cashTips,
      cashTips: e.cashTips,
      gratuities: e.gratuities,
      serviceCharges: e.serviceCharges,
      tipsGiven: given,
    },
  };
  const received = e.tipsTo.map((t, i) => ({
    employeeId: e.tipsToEmployees[i]?.employeeId ?? null,
    kinds: { ...noTips(), tipsReceived: t.amount },
  }));
  return [server, ...received].filter((c) => !isZeroTips(c.kinds));
}

export function contribute(deltas: Map<string, TipsDelta>, e: StoredExternalSale, sign: 1 | -1): void {
  for (const c of tipsOfSale(e)) {
    const d = deltaOf(deltas, e.businessDate, c.employeeId, e.currency);
    for (const [kind, value] of Object.entries(c.kinds) as [keyof TipKinds, number][]) d[kind] += sign * value;
  }
}

/** The tips documents (per business day and employee) a recorded sale touches. */
export const tipsDocsOf = (e: StoredExternalSale): string[] => [
  ...new Set(tipsOfSale(e).map((c) => tipsDocId(e.businessDate, c.employeeId))),
];

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
    const tipsIds = tipsDocsOf(e);
    const newTips = (ids: Set<string>) => tipsIds.filter((id) => !ids.has(id)).length;
    const writes = 1 + (days.has(e.businessDate) ? 0 : 1) + newTips(tips);
    if (current.length && current.length + days.size + tips.size + writes > budget) {
      commits.push(current);
      [current, days, tips] = [[], new Set(), new Set()];
    }
    current.push(e);
    days.add(e.businessDate);
    for (const id of tipsIds) tips.add(id);
  }
  if (current.length) commits.push(current);
  return commits;
}
