import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { businessSlot, businessToday } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { ALREADY_EXISTS } from '../../core/firestore';
import { lockKeys, writesLeft } from '../../core/locks';
import { payrollLocks } from '../attendance';
import type { CompanyRules } from '../companies';
import { addContribution, type DayMap } from './aggregate';
import {
  auditOf,
  contribute,
  invoiceOf,
  isStale,
  keepAttribution,
  MAX_AUDIT_LINES,
  newSaleCommits,
  recordOf,
  sameSale,
  type ExternalOutcome,
  type ExternalSale,
  type TipsDelta,
} from './external-rules';
import { isZeroTips, noTips, TIP_KINDS, type TipKinds } from './tip-kinds';
import { isClosedOn, payDateOf, tipAdjustmentsOf, type ClosedRange, type TipAdjustment } from './tip-adjustments';
import { moveDays } from './importer';
import * as repo from './repo';
import type { PosAuditEntry, StoredExternalSale } from './schemas';
import { logger } from '../../core/logger';

/** One commit's writes besides its own: the sales state document (the lock head is in writesLeft). */
const NEW_SALES_BUDGET = writesLeft(1) - 1;
const UPDATE_CHUNK = 200;

/** A sale waits for a link: of its server, or of an employee credited with part of its tips. */
const heldOf = (e: StoredExternalSale) => e.held || e.tipsHeldFor.length > 0;

/** The stored figures of a tips document moved by a delta. */
function moved(stored: TipKinds | null, d: TipsDelta): TipKinds {
  const out = noTips();
  for (const kind of TIP_KINDS) out[kind] = (stored?.[kind] ?? 0) + d[kind];
  return out;
}

interface Recorded {
  index: number;
  sale: StoredExternalSale;
}

/**
 * Sales from outside (a POS sync's pages), recorded as invoices: each sale is checked once, here,
 * and kept whole on its invoice (idempotent on (source, vendorId): the same sale again changes
 * nothing; a changed one, or one now attributed to an employee, moves its invoice, the day
 * aggregates and the tips per business day and employee, card and cash apart, in the same commit).
 * Sales never seen are created without reading them, in commits as full as the write limit allows;
 * a commit that finds one stored already is written again the reading way. A sale whose business
 * date is in a pay period payroll has closed is always written the reading way: what it changes of
 * an employee's tips there is also recorded as a tip adjustment paid in the open period
 * (tip-adjustments.ts), in the same commit. Answers, by index, how each was recorded; nothing of a
 * refused sale is written.
 */
export async function recordExternalSales(p: {
  companyId: string;
  /** The company's rules (timezone and day change: each sale's business date), read once per run by the caller. */
  rules: CompanyRules;
  sales: readonly ExternalSale[];
  /** The sync run delivering them (named by the audit of a void or a re-close); null outside a run. */
  runId?: string | null;
}): Promise<ExternalOutcome[]> {
  const runId = p.runId ?? null;
  const zone = p.rules.profile.timezone;
  const dayChange = p.rules.settings.dayChangeTime;
  const now = Date.now();
  const ctx: Context = { companyId: p.companyId, now, runId, today: businessToday(zone, dayChange, now) };
  const outcomes: ExternalOutcome[] = new Array(p.sales.length);
  const recorded: Recorded[] = [];
  const late: Recorded[] = [];
  const closed = p.sales.length ? await payrollLocks(p.companyId) : [];
  p.sales.forEach((e, index) => {
    const record = recordOf(e, (closedAt) => businessSlot(closedAt, zone, dayChange).businessDate, now);
    if ('code' in record) outcomes[index] = { outcome: 'failed', held: false, ...record };
    else (isClosedOn(closed, record.businessDate) ? late : recorded).push({ index, sale: record });
  });
  const slotOf = (e: StoredExternalSale) => businessSlot(e.closedAt, zone, dayChange);
  for (let k = 0; k < late.length; k += UPDATE_CHUNK)
    await recordReading(ctx, late.slice(k, k + UPDATE_CHUNK), slotOf, outcomes);
  const byCommit = newSaleCommits(
    recorded.map((r) => r.sale),
    NEW_SALES_BUDGET,
  );
  // sent together: they queue on the company's sales lock, so each one's reads and building overlap the commit before it
  let offset = 0;
  const commits = byCommit.map((sales) => {
    const chunk = recorded.slice(offset, offset + sales.length);
    offset += sales.length;
    return chunk;
  });
  const created = await Promise.all(commits.map((chunk) => createNew(p.companyId, chunk, slotOf, now)));
  for (const [i, chunk] of commits.entries()) {
    if (created[i]) for (const r of chunk) outcomes[r.index] = { outcome: 'created', held: heldOf(r.sale) };
    else
      for (let k = 0; k < chunk.length; k += UPDATE_CHUNK)
        await recordReading(ctx, chunk.slice(k, k + UPDATE_CHUNK), slotOf, outcomes);
  }
  return outcomes;
}

/** What every commit of one call shares. `today`: the company's business date, the day tip adjustments are paid on. */
interface Context {
  companyId: string;
  now: number;
  runId: string | null;
  today: string;
}

/** The tip adjustments of one sale's change when its tips move on a closed business date (none otherwise). */
function adjustmentsOf(
  closed: readonly ClosedRange[],
  sale: StoredExternalSale,
  before: StoredExternalSale | null,
  audit: PosAuditEntry | null,
  ctx: Context,
): TipAdjustment[] {
  if (!closed.length) return [];
  const own = new Map<string, TipsDelta>();
  if (before) contribute(own, before, -1);
  contribute(own, sale, 1);
  return tipAdjustmentsOf({
    deltas: own.values(),
    closed,
    payDate: payDateOf(closed, ctx.today),
    record: {
      posSource: sale.posSource,
      connectionId: sale.connectionId,
      slug: sale.slug,
      vendorId: sale.vendorId,
      runId: ctx.runId,
      change: audit?.action ?? (before ? 'changed' : 'late'),
    },
    at: ctx.now,
  });
}

/**
 * Sales believed new, written without reading them: each invoice is created, so the commit is
 * refused, and nothing written, should one exist (a rerun, a sale changed since, an invoice imported
 * another way). The day documents they touch (and the sales currency) are read and moved in the
 * same exclusive commit, their tips added with increments. Answers false, having written nothing,
 * when an invoice exists or a currency is not the company's.
 *
 * A tips document whose increments sum to zero stays (with zero tips): readers skip it.
 */
async function createNew(
  companyId: string,
  chunk: readonly Recorded[],
  slotOf: (e: StoredExternalSale) => ReturnType<typeof businessSlot>,
  now: number,
): Promise<boolean> {
  const invoices = chunk.map((r) => invoiceOf(r.sale, slotOf(r.sale), now));
  const days: DayMap = new Map();
  const tips = new Map<string, TipsDelta>();
  for (const [i, inv] of invoices.entries()) {
    addContribution(days, inv, 1);
    contribute(tips, chunk[i].sale, 1);
  }
  const stateRef = repo.stateRef(companyId);
  const dayRefs = [...days.keys()].map((d) => repo.dayRef(companyId, d));
  try {
    return await runExclusive(
      lockKeys.salesInvoices(companyId),
      async (_tx, [stateSnap, ...daySnaps]) => {
        const state = stateSnap.data();
        const currency = (state?.currency as string | undefined) ?? invoices[0]?.currency;
        if (invoices.some((inv) => inv.currency !== currency)) return { result: false };
        const stored = daySnaps.map((snap) => snap.data() ?? null);
        return {
          result: true,
          write: (w) => {
            if (!state?.currency) w.set(stateRef, { currency, updatedAt: now });
            moveDays(w, { refs: dayRefs, stored, deltas: days, currency: currency!, now });
            for (const [id, d] of tips)
              w.set(
                repo.tipsRef(companyId, id),
                {
                  date: d.date,
                  employeeId: d.employeeId,
                  currency: d.currency,
                  ...Object.fromEntries(TIP_KINDS.map((k) => [k, FieldValue.increment(d[k])])),
                  updatedAt: now,
                },
                { merge: true },
              );
          },
        };
      },
      [stateRef, ...dayRefs],
      // the invoices, the bulk of the commit, are checked while the reads wait for the lock
      (w) => {
        for (const inv of invoices) w.create(repo.invoiceRef(companyId, inv.posSource, inv.externalId), inv);
      },
    );
  } catch (err) {
    if ((err as { code?: unknown }).code === ALREADY_EXISTS) return false;
    throw err;
  }
}

/**
 * Sales of which some may be recorded already, in one exclusive commit that reads their invoices:
 * a sale unchanged is left as it is; the others move their invoice, its day aggregates and their
 * tips. Splits itself when its writes would pass the per-commit limit. Sets each one's outcome.
 */
async function recordReading(
  ctx: Context,
  chunk: readonly Recorded[],
  slotOf: (e: StoredExternalSale) => ReturnType<typeof businessSlot>,
  outcomes: ExternalOutcome[],
): Promise<void> {
  const { companyId, now, runId } = ctx;
  const refs = chunk.map((r) => repo.invoiceRef(companyId, r.sale.posSource, r.sale.vendorId));
  const stateRef = repo.stateRef(companyId);
  const audits: PosAuditEntry[] = [];
  const adjustments: TipAdjustment[] = [];
  const result = await runExclusive<Map<number, ExternalOutcome> | 'split'>(
    lockKeys.salesInvoices(companyId),
    async (tx: Transaction) => {
      const [stateSnap, ...snaps] = await tx.getAll(stateRef, ...refs);
      // read with the sales lock held: a period closed before this commit is seen by it
      const closed = await payrollLocks(companyId, tx);
      let currency: string | null = (stateSnap.get('currency') as string | undefined) ?? null;
      const setCurrency = currency === null;
      const decided = new Map<number, ExternalOutcome>();
      const days: DayMap = new Map();
      const tips = new Map<string, TipsDelta>();
      const writes: { ref: FirebaseFirestore.DocumentReference; data: repo.StoredInvoice }[] = [];
      audits.length = 0;
      adjustments.length = 0;
      chunk.forEach((r, i) => {
        const oldInvoice = repo.invoiceFromSnapshot(snaps[i]);
        const before = repo.externalSaleOf(snaps[i]);
        const sale = keepAttribution(r.sale, before);
        currency ??= sale.currency;
        if (sale.currency !== currency) {
          decided.set(r.index, {
            outcome: 'failed',
            held: false,
            code: 'CURRENCY_MISMATCH',
            message: `currency ${sale.currency} differs from the company's sales currency ${currency}; one company sells in one currency`,
          });
          return;
        }
        // an older version than the one stored (delivered late) changes nothing
        if (before && (sameSale(before, sale) || isStale(sale, before))) {
          decided.set(r.index, { outcome: 'unchanged', held: heldOf(before) });
          return;
        }
        const invoice = invoiceOf(sale, slotOf(sale), now);
        // a void reverses what was counted of it (a voided invoice counts nowhere), a re-close counts it once again
        if (oldInvoice) addContribution(days, oldInvoice, -1);
        addContribution(days, invoice, 1);
        if (before) contribute(tips, before, -1);
        contribute(tips, sale, 1);
        const plain = auditOf(sale, before, runId, now);
        const adjusted = adjustmentsOf(closed, sale, before, plain, ctx);
        adjustments.push(...adjusted);
        const audit = plain && adjusted.length ? { ...plain, tipAdjustmentDate: adjusted[0].date } : plain;
        const posAudit = [...(oldInvoice?.posAudit ?? []), ...(audit ? [audit] : [])].slice(-MAX_AUDIT_LINES);
        writes.push({
          ref: refs[i],
          data: { ...invoice, importedAt: oldInvoice?.importedAt ?? now, ...(posAudit.length ? { posAudit } : {}) },
        });
        if (audit) audits.push(audit);
        decided.set(r.index, { outcome: before ? 'updated' : 'created', held: heldOf(sale) });
      });
      const tipIds = [...tips.entries()].filter(([, d]) => !isZeroTips(d));
      if (writes.length + days.size + tipIds.length + adjustments.length + 1 > writesLeft(1))
        return { result: 'split' };
      if (!writes.length && !setCurrency) return { result: decided };
      const dayRefs = [...days.keys()].map((d) => repo.dayRef(companyId, d));
      const tipRefs = tipIds.map(([id]) => repo.tipsRef(companyId, id));
      const read = await repo.getAllInTx(tx, dayRefs);
      const storedTips = tipRefs.length ? (await tx.getAll(...tipRefs)).map(repo.tipsFromSnapshot) : [];
      return {
        result: decided,
        write: (w) => {
          if (setCurrency && currency) w.set(stateRef, { currency, updatedAt: now });
          for (const { ref, data } of writes) w.set(ref, data);
          for (const a of adjustments) w.set(repo.newTipAdjustmentRef(companyId), a);
          moveDays(w, { refs: dayRefs, stored: read, deltas: days, currency: currency!, now });
          tipIds.forEach(([, d], k) => {
            const figures = moved(storedTips[k], d);
            if (isZeroTips(figures)) w.delete(tipRefs[k]);
            else
              w.set(tipRefs[k], {
                date: d.date,
                employeeId: d.employeeId,
                ...figures,
                currency: d.currency,
                updatedAt: now,
              });
          });
        },
      };
    },
  );
  if (result !== 'split') {
    for (const [index, outcome] of result) outcomes[index] = outcome;
    for (const a of audits)
      logger.info(a.action === 'voided' ? 'POS sale voided: reversed' : 'POS sale closed again: counted', {
        companyId,
        runId: a.runId,
        connectionId: a.connectionId,
        vendorId: a.vendorId,
        tipAdjustmentDate: a.tipAdjustmentDate ?? null,
      });
    if (adjustments.length)
      logger.info('POS sales changed tips of a closed pay period: tip adjustments recorded', {
        companyId,
        runId,
        adjustments: adjustments.length,
        payDate: adjustments[0].date,
      });
    return;
  }
  const half = Math.ceil(chunk.length / 2);
  await recordReading(ctx, chunk.slice(0, half), slotOf, outcomes);
  await recordReading(ctx, chunk.slice(half), slotOf, outcomes);
}
