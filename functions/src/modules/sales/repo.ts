import {
  QueryDocumentSnapshot,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { storedCollection, storedDecoder } from '../../core/stored';
import { listEmployees } from '../employees';
import { listRoles } from '../roles';
import { listShiftsInRange } from '../schedule';
import { unpackHours, type DayMap, type InvoiceFilter, type InvoiceRecord } from './aggregate';
import { storedExternalSale, storedInvoice, type StoredExternalSale, type StoredInvoice } from './schemas';
import { isZeroTips, TIP_KINDS, type TipKind } from './tip-kinds';
import { ADJUSTED_KINDS, TIP_CHANGES, type TipAdjustment } from './tip-adjustments';

/**
 * Firestore paths of the sales module:
 *   companies/{cid}/invoices/{posSource}~{externalId}   one per POS ticket or imported invoice
 *       (externalId URI-encoded, so the id is stable per source and a re-import finds it); a sale
 *       from outside (a POS sync) also carries `pos`, the sale as recorded (StoredExternalSale), and
 *       `posHeldFor`, the outside employee it waits for (null once attributed)
 *   companies/{cid}/salesActual/{YYYY-MM-DD}            the business day's pre-aggregated figures:
 *       {date, currency, totals: {sales, customers, tips, refunds, refundTips, invoices,
 *       refundInvoices}, hourFrom, hours: bytes (per business hour from hourFrom, those 7 figures
 *       as little-endian float64; see aggregate.ts packHours), updatedAt}
 *       sales/tips: minor units of sales (>= 0); refunds/refundTips: minor units of refunds (<= 0)
 *   companies/{cid}/sales/state                         {currency, updatedAt}: the company's sales
 *       currency, fixed by its first import
 *   companies/{cid}/posTips/{date}~{employeeId|-}       tips of the sales from outside per business
 *       day and employee, each kind apart (tip-kinds.ts): {date, employeeId, currency, cardTips,
 *       cashTips, declaredCashTips, gratuities, serviceCharges, tipsGiven, tipsReceived, updatedAt},
 *       moved in the commit that records their sales (or declared tips)
 *   companies/{cid}/posDeclaredTips/{connectionId}~{punch vendorId}   the cash tips declared on a
 *       POS punch as counted in posTips: {connectionId, slug, vendorId, employeeId, date, amount,
 *       currency, updatedAt} (declared-tips.ts), so a changed or deleted punch moves them
 *   companies/{cid}/posTipAdjustments/{auto id}          a tip adjustment (tip-adjustments.ts): the
 *       change a sale (or a punch's declared tips) made to an employee's tips of one kind on a
 *       business date payroll had closed, paid on `date` in an open period: {date, originalDate,
 *       employeeId, currency, kind, amount, posSource, connectionId, slug, vendorId, runId, change,
 *       reason, at}, written in the commit that moves posTips
 * Invoices and the day documents they touch are written in the same commit (see importer.ts).
 */
export const invoicesCollection = (companyId: string) => companyDoc(companyId).collection('invoices');
export const daysCollection = (companyId: string) => companyDoc(companyId).collection('salesActual');
export const stateRef = (companyId: string) => companyDoc(companyId).collection('sales').doc('state');
export const dayRef = (companyId: string, date: string) => daysCollection(companyId).doc(date);

export const invoiceDocId = (posSource: string, externalId: string) => `${posSource}~${encodeURIComponent(externalId)}`;
export const invoiceRef = (companyId: string, posSource: string, externalId: string) =>
  invoicesCollection(companyId).doc(invoiceDocId(posSource, externalId));

/** An invoice as stored (schemas.ts storedInvoice). */
export type { StoredInvoice };
const invoiceFromDoc = storedDecoder('invoices', storedInvoice);

/** The invoice a read found, null when there is none. */
export const invoiceFromSnapshot = (snap: DocumentSnapshot): StoredInvoice | null =>
  snap.exists ? invoiceFromDoc(snap) : null;

/** What an import of an invoice keeps of it: its sale from outside. */
export type ExternalFields = Pick<StoredInvoice, 'pos' | 'posHeldFor'>;
export const externalFields = (inv: StoredInvoice): ExternalFields =>
  inv.pos ? { pos: inv.pos, posHeldFor: inv.posHeldFor ?? null } : {};

/** What an invoice's read of its sale from outside decodes: `pos` alone (absent or null on an imported invoice). */
const externalSaleOfInvoice = storedDecoder('invoices', z.object({ pos: storedExternalSale.nullish() }));

/** One invoice, null when there is none. */
export async function readInvoice(companyId: string, posSource: string, externalId: string) {
  return invoiceFromSnapshot(await invoiceRef(companyId, posSource, externalId).get());
}

/** The invoices of one business date (their audits read; a day's invoices, not a range's). */
export async function invoicesOfDay(companyId: string, date: string): Promise<StoredInvoice[]> {
  const snap = await invoicesCollection(companyId).where('businessDate', '==', date).get();
  return snap.docs.map(invoiceFromDoc);
}

/** The sale from outside an invoice keeps, null when it has none (imported, or no invoice). */
export function externalSaleOf(snap: DocumentSnapshot): StoredExternalSale | null {
  return snap.exists ? (externalSaleOfInvoice(snap).pos ?? null) : null;
}

/** The stored sales from outside of some vendor ids of one POS source (keyed by vendorId; those with none left out), in one read. */
export async function readExternalSales(
  companyId: string,
  posSource: string,
  vendorIds: readonly string[],
): Promise<Map<string, StoredExternalSale>> {
  const ids = [...new Set(vendorIds)];
  if (ids.length === 0) return new Map();
  const snaps = await db().getAll(...ids.map((id) => invoiceRef(companyId, posSource, id)));
  const out = new Map<string, StoredExternalSale>();
  snaps.forEach((snap, i) => {
    const sale = externalSaleOf(snap);
    if (sale) out.set(ids[i], sale);
  });
  return out;
}

/** The sales from outside held for an outside employee (recorded without an employee), at most `limit`. */
export async function heldExternalSales(
  companyId: string,
  posEmployeeId: string,
  limit: number,
): Promise<StoredExternalSale[]> {
  // held as the server, or as an employee credited with part of the tips
  const [served, credited] = await Promise.all([
    invoicesCollection(companyId).where('posHeldFor', '==', posEmployeeId).limit(limit).get(),
    invoicesCollection(companyId).where('posTipsHeldFor', 'array-contains', posEmployeeId).limit(limit).get(),
  ]);
  const byId = new Map([...served.docs, ...credited.docs].map((d) => [d.id, d]));
  return [...byId.values()]
    .slice(0, limit)
    .map((d) => externalSaleOf(d))
    .filter((e): e is StoredExternalSale => e !== null);
}

// ---------------------------------------------------------------- tips of sales from outside

const tipKind = z.number().default(0);
const storedTipsDay = z.object({
  date: z.string(),
  employeeId: z.string().nullable(),
  currency: z.string(),
  // a document written before a kind was kept apart has none of it
  ...(Object.fromEntries(TIP_KINDS.map((k) => [k, tipKind])) as Record<TipKind, typeof tipKind>),
});
export type TipsDay = z.output<typeof storedTipsDay>;

export const {
  collection: tipsCollection,
  ref: tipsRef,
  fromDoc: tipsFromDoc,
  fromSnapshot: tipsFromSnapshot,
} = storedCollection('posTips', storedTipsDay);

export async function readTips(
  companyId: string,
  startDate: string,
  endDate: string,
  employeeId?: string,
): Promise<TipsDay[]> {
  let q: Query = tipsCollection(companyId);
  if (employeeId) q = q.where('employeeId', '==', employeeId);
  const snap = await q.where('date', '>=', startDate).where('date', '<=', endDate).get();
  // new sales add their tips with increments, so a day whose tips sum to zero may keep its document
  return snap.docs.map(tipsFromDoc).filter((t) => !isZeroTips(t));
}

const storedTipAdjustment = z.object({
  date: z.string(),
  originalDate: z.string(),
  employeeId: z.string(),
  currency: z.string(),
  kind: z.enum(ADJUSTED_KINDS),
  amount: z.int(),
  posSource: z.string().nullable(),
  connectionId: z.string(),
  slug: z.string(),
  vendorId: z.string(),
  runId: z.string().nullable(),
  change: z.enum(TIP_CHANGES),
  reason: z.string(),
  at: z.number(),
}) satisfies z.ZodType<TipAdjustment>;

export const { collection: tipAdjustmentsCollection, fromDoc: tipAdjustmentFromDoc } = storedCollection(
  'posTipAdjustments',
  storedTipAdjustment,
);

/** A new tip adjustment's document (written in the commit that moves the tips it adjusts). */
export const newTipAdjustmentRef = (companyId: string) => tipAdjustmentsCollection(companyId).doc();

/**
 * The tip adjustments paid on (`date`) or adjusting (`originalDate`) the business dates of a range,
 * oldest first.
 */
export async function readTipAdjustments(
  companyId: string,
  by: 'date' | 'originalDate',
  startDate: string,
  endDate: string,
): Promise<TipAdjustment[]> {
  const snap = await tipAdjustmentsCollection(companyId).where(by, '>=', startDate).where(by, '<=', endDate).get();
  return snap.docs.map(tipAdjustmentFromDoc).sort((a, b) => a.at - b.at || a.employeeId.localeCompare(b.employeeId));
}

/** The tip adjustments of one vendor record (a sale or a punch of a connection), oldest first. */
export async function tipAdjustmentsOfRecord(companyId: string, vendorId: string): Promise<TipAdjustment[]> {
  const snap = await tipAdjustmentsCollection(companyId).where('vendorId', '==', vendorId).get();
  return snap.docs.map(tipAdjustmentFromDoc).sort((a, b) => a.at - b.at || a.employeeId.localeCompare(b.employeeId));
}

/** An invoice as the read path needs it, and the fields it selects (a projection: less to transfer and decode). */
const invoiceRecord = z.object({
  businessDate: z.string(),
  businessHour: z.int(),
  amount: z.number(),
  tips: z.number(),
  customers: z.number(),
  refund: z.boolean(),
  employeeId: z.string().nullable(),
  positionId: z.string().nullable(),
  roleKey: z.string().nullable(),
  posSource: z.string(),
  voided: z.boolean().optional(),
}) satisfies z.ZodType<InvoiceRecord>;
const invoiceRow = invoiceRecord.extend({ currency: z.string().optional(), posHeldFor: z.string().nullish() });
const invoiceRowOf = storedDecoder('invoices', invoiceRow);
const RECORD_FIELDS = invoiceRow.keyof().options;

/** A business day's figures as stored (see packHours): `updatedAt` and `totals` are not read here. */
const storedDay = z.object({
  date: z.string(),
  currency: z.string().nullish(),
  hourFrom: z.int().min(0),
  hours: z.instanceof(Uint8Array),
});
const dayOf = storedDecoder('salesActual', storedDay);

/** The company's sales state: its currency, fixed by its first import. */
const stateOf = storedDecoder('sales', z.object({ currency: z.string().nullish() }));

export interface DayRead {
  days: DayMap;
  currency: string | null;
}

/** The day documents of a date range in one query (not one lookup per day). */
export async function readDays(companyId: string, startDate: string, endDate: string): Promise<DayRead> {
  const snap = await daysCollection(companyId).where('date', '>=', startDate).where('date', '<=', endDate).get();
  const days: DayMap = new Map();
  let currency: string | null = null;
  for (const doc of snap.docs) {
    const day = dayOf(doc);
    days.set(day.date, unpackHours(day.hourFrom, day.hours));
    currency ??= day.currency ?? null;
  }
  return { days, currency };
}

const invoiceQuery = (companyId: string, startDate: string, endDate: string, filter: InvoiceFilter): Query => {
  let query: Query = invoicesCollection(companyId);
  if (filter.employeeId !== undefined) query = query.where('employeeId', '==', filter.employeeId);
  else if (filter.positionId !== undefined) query = query.where('positionId', '==', filter.positionId);
  else if (filter.roleKey !== undefined) query = query.where('roleKey', '==', filter.roleKey);
  else if (filter.posSources?.length && filter.posSources.length <= 30)
    query = query.where('posSource', 'in', [...filter.posSources]);
  return query
    .where('businessDate', '>=', startDate)
    .where('businessDate', '<=', endDate)
    .select(...RECORD_FIELDS);
};

/**
 * The invoices of a business-date range, streamed and handed over in pages of `pageSize`
 * records, so memory stays bounded by a page, not by a year of invoices. The most selective
 * equality filter given is pushed to Firestore (composite index field + businessDate in
 * firestore.indexes.json); the aggregation applies the others in memory.
 */
export async function forEachInvoicePage(
  companyId: string,
  startDate: string,
  endDate: string,
  filter: InvoiceFilter,
  onPage: (records: InvoiceRecord[]) => void,
  pageSize = 5000,
): Promise<{ count: number; currency: string | null }> {
  let page: InvoiceRecord[] = [];
  let count = 0;
  let currency: string | null = null;
  for await (const doc of invoiceQuery(companyId, startDate, endDate, filter).stream()) {
    // the stream is typed as bytes, yet yields the query's documents
    if (!(doc instanceof QueryDocumentSnapshot))
      throw new Error('an invoice query streamed something else than a document');
    const { currency: rowCurrency, posHeldFor, ...record } = invoiceRowOf(doc);
    currency ??= rowCurrency ?? null;
    // a sale from outside keeps posHeldFor (null once attributed); an imported invoice has none
    page.push(posHeldFor === undefined ? record : { ...record, fromPos: true });
    if (page.length >= pageSize) {
      onPage(page);
      count += page.length;
      page = [];
    }
  }
  if (page.length) onPage(page);
  return { count: count + page.length, currency };
}

/** All the invoice records of a range in one array (the benchmark's input). */
export async function readInvoiceRecords(
  companyId: string,
  startDate: string,
  endDate: string,
  filter: InvoiceFilter,
): Promise<{ records: InvoiceRecord[]; currency: string | null }> {
  const records: InvoiceRecord[] = [];
  const { currency } = await forEachInvoicePage(companyId, startDate, endDate, filter, (page) => {
    for (const r of page) records.push(r);
  });
  return { records, currency };
}

export async function readSalesCurrency(companyId: string): Promise<string | null> {
  const snap = await stateRef(companyId).get();
  return snap.exists ? (stateOf(snap).currency ?? null) : null;
}

export interface ShiftRow {
  date: string;
  employeeId: string | null;
  positionId: string | null;
  start: number;
  end: number | null;
}

/** Published shifts of a date range, read through the schedule module (index mode + date). */
export async function readPublishedShifts(companyId: string, fromDate: string, toDate: string): Promise<ShiftRow[]> {
  return listShiftsInRange({ companyId, from: fromDate, to: toDate, modes: ['published'] });
}

export interface RoleRow {
  id: string;
  name: string;
  rate: number;
  /** false leaves the role's shifts out of labor cost (e.g. salaried managers). */
  includedInLaborCost: boolean;
}

export async function listRoleRows(companyId: string): Promise<Map<string, RoleRow>> {
  const roles = await listRoles(companyId);
  return new Map(
    roles.map((r) => [
      r.id,
      { id: r.id, name: r.name, rate: r.rate, includedInLaborCost: r.includedInLaborCost !== false },
    ]),
  );
}

/** Employee id -> rateRegular (null when not set), archived employees included. */
export async function listEmployeeRates(companyId: string): Promise<Map<string, number | null>> {
  const employees = await listEmployees(companyId);
  return new Map(employees.map((e) => [e.id, typeof e.rateRegular === 'number' ? e.rateRegular : null]));
}

export async function getAllInTx(tx: Transaction, refs: DocumentReference[]): Promise<(DocumentData | null)[]> {
  if (!refs.length) return [];
  const snaps = await tx.getAll(...refs);
  return snaps.map((s) => (s.exists ? s.data()! : null));
}
