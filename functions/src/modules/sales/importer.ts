import { DateTime } from 'luxon';
import type { DocumentData, DocumentReference, Transaction } from 'firebase-admin/firestore';
import { runExclusive } from '../../core/exclusive';
import { payrollLocks } from '../attendance';
import { getCompanyRules, type CompanyRules } from '../companies';
import { addContribution, isEmptyVector, packHours, unpackHours, vectorTotals, type DayMap } from './aggregate';
import { deltaOf, type TipsDelta } from './external-rules';
import * as repo from './repo';
import {
  IMPORT_CONNECTION,
  payDateOf,
  tipAdjustmentsOf,
  type ClosedRange,
  type TipAdjustment,
} from './tip-adjustments';
import { invoiceItem, type ImportResult, type InvoiceItem } from './schemas';
import { businessSlot, businessToday } from '../../core/calendar';
import { lockKeys, writesLeft } from '../../core/locks';

type Rejection = ImportResult['rejectedItems'][number];

/** An item that passed validation, in its stored form. */
interface Prepared {
  index: number;
  ref: DocumentReference;
  invoice: repo.StoredInvoice;
}

const CHUNK_ITEMS = 400;

/** The fields that make two versions of an invoice "the same" (a re-import with them equal is a no-op). */
const CONTENT_FIELDS = [
  'closedAt',
  'localTime',
  'businessDate',
  'businessHour',
  'currency',
  'amount',
  'tips',
  'customers',
  'refund',
  'refundOf',
  'employeeId',
  'positionId',
  'role',
  'roleKey',
] as const;

const sameContent = (a: repo.StoredInvoice, b: repo.StoredInvoice) =>
  CONTENT_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

export interface ImportContext {
  zone: string;
  dayChangeSeconds: number;
  employees: ReadonlySet<string>;
  roles: ReadonlyMap<string, { name: string }>;
}

/** Validates one raw item and derives its stored form; a string is the reason it is rejected. */
export function prepareInvoice(
  raw: unknown,
  ctx: ImportContext,
  now: number,
): { invoice: repo.StoredInvoice } | Omit<Rejection, 'index'> {
  const ids = {
    externalId:
      typeof (raw as { externalId?: unknown })?.externalId === 'string'
        ? (raw as { externalId: string }).externalId
        : null,
    posSource:
      typeof (raw as { posSource?: unknown })?.posSource === 'string' ? (raw as { posSource: string }).posSource : null,
  };
  const parsed = invoiceItem.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'item'}: ${i.message}`).join('; ');
    return { ...ids, code: 'INVALID_ITEM', message };
  }
  const item: InvoiceItem = parsed.data;
  const closedAt =
    typeof item.closedAt === 'number' ? item.closedAt : DateTime.fromISO(item.closedAt, { zone: ctx.zone }).toMillis();
  if (!Number.isFinite(closedAt))
    return { ...ids, code: 'INVALID_ITEM', message: 'closedAt: not an ISO 8601 date-time or epoch milliseconds' };
  if (item.employeeId && !ctx.employees.has(item.employeeId)) {
    return {
      ...ids,
      code: 'UNKNOWN_EMPLOYEE',
      message: `employeeId ${item.employeeId} is not an employee of this company`,
    };
  }
  const position = item.positionId ? ctx.roles.get(item.positionId) : undefined;
  if (item.positionId && !position) {
    return { ...ids, code: 'UNKNOWN_POSITION', message: `positionId ${item.positionId} is not a role of this company` };
  }
  const role = item.role ?? (position?.name || null);
  const slot = businessSlot(closedAt, ctx.zone, ctx.dayChangeSeconds);
  return {
    invoice: {
      externalId: item.externalId,
      posSource: item.posSource,
      closedAt,
      ...slot,
      currency: item.currency,
      amount: item.amount,
      tips: item.tips,
      customers: item.customers,
      refund: item.refund,
      refundOf: item.refundOf ?? null,
      employeeId: item.employeeId ?? null,
      positionId: item.positionId ?? null,
      role,
      roleKey: role ? role.trim().toLowerCase() : null,
      importedAt: now,
      updatedAt: now,
    },
  };
}

/** An actual-sales day document (layout in repo.ts). */
export function dayDocument(date: string, currency: string, v: Float64Array, now: number) {
  return { date, currency, ...packHours(v), totals: vectorTotals(v), updatedAt: now };
}

/** Moves each day document (read as `stored`) by its delta in `deltas`, in key order; a day left empty is deleted. */
export function moveDays(
  tx: Transaction,
  p: { refs: DocumentReference[]; stored: (DocumentData | null)[]; deltas: DayMap; currency: string; now: number },
): void {
  [...p.deltas.entries()].forEach(([date, delta], i) => {
    const v = unpackHours(p.stored[i]?.hourFrom, p.stored[i]?.hours);
    for (let k = 0; k < v.length; k++) v[k] += delta[k];
    if (isEmptyVector(v)) tx.delete(p.refs[i]);
    else tx.set(p.refs[i], dayDocument(date, p.currency, v, p.now));
  });
}

/**
 * POST /sales/invoices. Items are validated one by one; the valid ones are written in chunks, each
 * chunk one exclusive commit (per company) holding its invoices and the day documents they change,
 * so aggregates always match the invoices, overlapping imports never double-count, and a failure
 * leaves every committed chunk consistent (a retry is a no-op for what was written).
 */
export async function importInvoices({
  companyId,
  items,
  rules: known,
}: {
  companyId: string;
  items: readonly unknown[];
  /** The company's rules when the caller read them already (a sync reads them once per run). */
  rules?: CompanyRules;
}): Promise<ImportResult> {
  const [rules, roles, rates] = await Promise.all([
    known ?? getCompanyRules({ companyId }),
    repo.listRoleRows(companyId),
    repo.listEmployeeRates(companyId),
  ]);
  const ctx: ImportContext = {
    zone: rules.profile.timezone,
    dayChangeSeconds: rules.settings.dayChangeTime,
    employees: new Set(rates.keys()),
    roles,
  };
  const now = Date.now();
  const today = businessToday(ctx.zone, ctx.dayChangeSeconds, now);
  const rejected: Rejection[] = [];
  const prepared: Prepared[] = [];
  const seen = new Map<string, number>();
  items.forEach((raw, index) => {
    const outcome = prepareInvoice(raw, ctx, now);
    if (!('invoice' in outcome)) {
      rejected.push({ index, ...outcome });
      return;
    }
    const ref = repo.invoiceRef(companyId, outcome.invoice.posSource, outcome.invoice.externalId);
    const first = seen.get(ref.id);
    if (first !== undefined) {
      rejected.push({
        index,
        externalId: outcome.invoice.externalId,
        posSource: outcome.invoice.posSource,
        code: 'DUPLICATE_IN_BATCH',
        message: `same posSource and externalId as item ${first}; send each invoice once per import`,
      });
      return;
    }
    seen.set(ref.id, index);
    prepared.push({ index, ref, invoice: outcome.invoice });
  });

  const totals = { created: 0, updated: 0, unchanged: 0 };
  let currency: string | null = null;
  for (let i = 0; i < prepared.length; i += CHUNK_ITEMS) {
    const result = await commitChunk(companyId, prepared.slice(i, i + CHUNK_ITEMS), now, today);
    totals.created += result.created;
    totals.updated += result.updated;
    totals.unchanged += result.unchanged;
    rejected.push(...result.rejected);
    currency = result.currency;
  }
  currency ??= await repo.readSalesCurrency(companyId);
  rejected.sort((a, b) => a.index - b.index);
  return { received: items.length, ...totals, rejected: rejected.length, rejectedItems: rejected, currency };
}

interface ChunkResult {
  created: number;
  updated: number;
  unchanged: number;
  rejected: Rejection[];
  currency: string | null;
}

/**
 * The tip adjustments of an imported invoice's change (its tips count as paid through payroll,
 * service.ts tipsByEmployee): when its tips or employee change on a business date payroll has
 * closed (tip-adjustments.ts). An invoice that keeps a sale from outside is counted by its posTips.
 */
function importAdjustments(
  old: repo.StoredInvoice | null,
  inv: repo.StoredInvoice,
  closed: readonly ClosedRange[],
  payDate: string,
  now: number,
): TipAdjustment[] {
  if (!closed.length || old?.pos || old?.posHeldFor !== undefined) return [];
  const own = new Map<string, TipsDelta>();
  for (const [i, sign] of [
    [old, -1],
    [inv, 1],
  ] as const)
    if (i?.employeeId && i.tips) deltaOf(own, i.businessDate, i.employeeId, i.currency).cardTips += sign * i.tips;
  return tipAdjustmentsOf({
    deltas: own.values(),
    closed,
    payDate,
    record: {
      posSource: inv.posSource,
      connectionId: IMPORT_CONNECTION,
      slug: inv.posSource,
      vendorId: inv.externalId,
      runId: null,
      change: old ? 'changed' : 'late',
    },
    at: now,
  });
}

/** One exclusive commit; splits itself when its writes would pass the per-commit limit. */
async function commitChunk(companyId: string, chunk: Prepared[], now: number, today: string): Promise<ChunkResult> {
  const outcome = await runExclusive<ChunkResult | 'split'>(
    lockKeys.salesInvoices(companyId),
    async (tx: Transaction) => {
      const stateRef = repo.stateRef(companyId);
      const [stateSnap, ...invoiceSnaps] = await tx.getAll(stateRef, ...chunk.map((p) => p.ref));
      const existing = invoiceSnaps.map(repo.invoiceFromSnapshot);
      const closed = await payrollLocks(companyId, tx);
      const payDate = payDateOf(closed, today);
      const adjustments: TipAdjustment[] = [];
      let currency: string | null = (stateSnap.get('currency') as string | undefined) ?? null;
      const setCurrency = currency === null;
      const result: ChunkResult = { created: 0, updated: 0, unchanged: 0, rejected: [], currency };
      const deltas: DayMap = new Map();
      const writes: { ref: DocumentReference; data: repo.StoredInvoice }[] = [];
      chunk.forEach((p, i) => {
        const inv = p.invoice;
        currency ??= inv.currency;
        if (inv.currency !== currency) {
          result.rejected.push({
            index: p.index,
            externalId: inv.externalId,
            posSource: inv.posSource,
            code: 'CURRENCY_MISMATCH',
            message: `currency ${inv.currency} differs from the company's sales currency ${currency}; one company sells in one currency`,
          });
          return;
        }
        const old = existing[i];
        if (old && sameContent(old, inv)) {
          result.unchanged++;
          return;
        }
        if (old) {
          addContribution(deltas, old, -1);
          result.updated++;
        } else {
          result.created++;
        }
        addContribution(deltas, inv, 1);
        adjustments.push(...importAdjustments(old, inv, closed, payDate, now));
        writes.push({
          ref: p.ref,
          data: old ? { ...inv, importedAt: old.importedAt ?? now, ...repo.externalFields(old) } : inv,
        });
      });
      result.currency = currency;
      const dates = [...deltas.keys()];
      if (writes.length + dates.length + adjustments.length + 1 > writesLeft(1)) return { result: 'split' };
      if (!writes.length && !setCurrency) return { result };
      const dayRefs = dates.map((d) => repo.dayRef(companyId, d));
      const stored = await repo.getAllInTx(tx, dayRefs);
      return {
        result,
        write: (t) => {
          if (setCurrency && currency) t.set(stateRef, { currency, updatedAt: now });
          for (const w of writes) t.set(w.ref, w.data);
          for (const a of adjustments) t.set(repo.newTipAdjustmentRef(companyId), a);
          moveDays(t, { refs: dayRefs, stored, deltas, currency: currency!, now });
        },
      };
    },
  );
  if (outcome !== 'split') return outcome;
  const half = Math.ceil(chunk.length / 2);
  const a = await commitChunk(companyId, chunk.slice(0, half), now, today);
  const b = await commitChunk(companyId, chunk.slice(half), now, today);
  return {
    created: a.created + b.created,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    rejected: [...a.rejected, ...b.rejected],
    currency: b.currency ?? a.currency,
  };
}
