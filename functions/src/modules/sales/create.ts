import type { Transaction } from 'firebase-admin/firestore';
import { runExclusive } from '../../core/exclusive';
import { lockKeys, writesLeft } from '../../core/locks';
import { addContribution, type DayMap } from './aggregate';
import { moveDays, prepareInvoice } from './importer';
import * as repo from './repo';

/** Firestore's answer to a create of a document that exists (gRPC ALREADY_EXISTS): the whole commit is refused. */
const ALREADY_EXISTS = 6;

/** Writes another module adds to the commit of its new invoices, under its own lock. */
export interface AlsoWrite {
  lock: string;
  writes: number;
  write: (tx: Transaction) => void;
}

/**
 * Invoices the caller believes new (a POS sync's first sight of its sales), written without
 * reading them: each is created, so the commit is refused, and nothing written, should one exist
 * (a rerun, a sale moved, an invoice imported another way); the caller then imports them with
 * importInvoices, which reads what is stored. The day documents they touch (and the sales
 * currency) are read and moved in the same exclusive commit, with the caller's own writes. Answers
 * false, having written nothing, when an invoice exists, one would be rejected (importInvoices
 * names why), or the commit would pass the per-commit write limit.
 *
 * `employeeIds` are trusted: they come from the caller's links to employees, not from a request.
 */
export async function createInvoices(p: {
  companyId: string;
  items: readonly Record<string, unknown>[];
  /** Kept on each invoice (by index): the caller's ledger of the sale, so one sale is one document. */
  kept: readonly repo.KeptFields[];
  zone: string;
  dayChangeSeconds: number;
  also: AlsoWrite;
}): Promise<boolean> {
  const now = Date.now();
  const employees = new Set(p.items.map((i) => i.employeeId).filter((id): id is string => typeof id === 'string'));
  const ctx = { zone: p.zone, dayChangeSeconds: p.dayChangeSeconds, employees, roles: new Map() };
  const invoices: repo.StoredInvoice[] = [];
  for (const [i, raw] of p.items.entries()) {
    const prepared = prepareInvoice(raw, ctx, now);
    if (!('invoice' in prepared)) return false;
    invoices.push({ ...prepared.invoice, ...p.kept[i] });
  }
  const deltas: DayMap = new Map();
  for (const inv of invoices) addContribution(deltas, inv, 1);
  const dates = [...deltas.keys()];
  if (invoices.length + dates.length + 1 + p.also.writes > writesLeft(2)) return false;
  const stateRef = repo.stateRef(p.companyId);
  const dayRefs = dates.map((d) => repo.dayRef(p.companyId, d));
  try {
    return await runExclusive(
      [lockKeys.salesInvoices(p.companyId), p.also.lock],
      async (_tx, [stateSnap, ...daySnaps]) => {
        const state = stateSnap.data();
        const stored = daySnaps.map((snap) => snap.data() ?? null);
        const currency = (state?.currency as string | undefined) ?? invoices[0]?.currency;
        if (invoices.some((inv) => inv.currency !== currency)) return { result: false };
        return {
          result: true,
          write: (w) => {
            if (!state?.currency) w.set(stateRef, { currency, updatedAt: now });
            moveDays(w, { refs: dayRefs, stored, deltas, currency: currency!, now });
            p.also.write(w);
          },
        };
      },
      [stateRef, ...dayRefs],
      // the invoices, the bulk of the commit, are checked while the reads wait for the lock
      (w) => {
        for (const inv of invoices) w.create(repo.invoiceRef(p.companyId, inv.posSource, inv.externalId), inv);
      },
    );
  } catch (err) {
    if ((err as { code?: unknown }).code === ALREADY_EXISTS) return false;
    throw err;
  }
}
