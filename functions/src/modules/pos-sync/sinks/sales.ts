import type { PosSale } from '../../../pos/connectors';
import { runExclusive } from '../../../core/exclusive';
import { db } from '../../../core/firebase';
import { logger } from '../../../core/logger';
import type { CompanyRules } from '../../companies';
import { importInvoices } from '../../sales';
import * as repo from '../repo';
import { employeeIdsOf, logFailure, rulesOf, type SinkCounts, type SinkTarget } from './common';
import { attributeIfLinkedMeanwhile } from './held';
import { createSales, newSaleCommits } from './new-sales';
import { contribute, entryOf, invoiceItemOf, latest, posSourceOf, zero, type TipsDelta } from './mapping';
import { lockKeys, writesLeft } from '../../../core/locks';

const SALES_CHUNK = 200;

/**
 * A page of POS sales (refunds included) with their tips. Each becomes an invoice of the sales
 * module (idempotent on (posSource, externalId); a changed sale, or one now attributed to an
 * employee, updates its invoice and the day aggregates), with the employee its POS employee is
 * linked to, keeping its ledger entry, plus its share of the tips per business day and employee (card
 * and cash). Sales are first written as new, in commits that read nothing per sale (createSales);
 * a commit that finds one stored already is written again the reading way (updateSales). A sale of an unlinked POS employee is imported without an
 * employee (so sales totals are right) and held: linking re-imports it with the employee. A sale
 * already attributed keeps its employee while its POS employee is unlinked.
 */
export async function writeSales(t: SinkTarget, page: readonly PosSale[]): Promise<SinkCounts> {
  const counts = zero();
  const { records, duplicates } = latest(page);
  counts.unchanged += duplicates;
  if (records.length === 0) return counts;
  const posSource = posSourceOf(t.slug);
  if (!posSource) {
    counts.failed += records.length;
    logger.error('pos-sync sales of a source the sales module does not know', {
      companyId: t.companyId,
      connectionId: t.connectionId,
      slug: t.slug,
      records: records.length,
    });
    return counts;
  }
  const posIds = records
    .filter((r) => r.employeeVendorId)
    .map((r) => repo.posEmployeeDocId(t.connectionId, r.employeeVendorId!));
  const [rules, links] = await Promise.all([rulesOf(t), employeeIdsOf(t.companyId, posIds)]);
  const now = Date.now();
  const entries: repo.SaleEntry[] = [];
  for (const r of records) {
    try {
      entries.push(entryOf(t, r, posSource, links, rules.profile.timezone, rules.settings.dayChangeTime, now));
    } catch (err) {
      counts.failed++;
      logFailure(t, 'sales', r.vendorId, 'INVALID_ITEM', (err as Error).message);
    }
  }
  const heldPosIds = new Set<string>();
  // sent together: they queue on the company's sales lock, so each one's reads and building overlap the commit before it
  const commits = newSaleCommits(entries);
  const created = await Promise.all(commits.map((chunk) => createSales(t.companyId, rules, chunk)));
  for (const [i, chunk] of commits.entries()) {
    if (created[i]) {
      counts.created += chunk.length;
      const held = chunk.filter((e) => e.held);
      counts.held += held.length;
      held.forEach((e) => heldPosIds.add(e.posEmployeeId!));
    } else {
      await updateSales(t, rules, chunk, counts, heldPosIds);
    }
  }
  await attributeIfLinkedMeanwhile(t, [...heldPosIds]);
  return counts;
}

/**
 * Sales of which some may be stored already: their ledger entries are read, a sale unchanged is
 * counted so, the others go to the sales module's invoice import (which reads their invoices) and
 * then to the ledger and tips (recordSales). Adds to `counts`, and the POS employees whose sales
 * stay held to `heldPosIds`.
 */
async function updateSales(
  t: SinkTarget,
  rules: CompanyRules,
  entries: readonly repo.SaleEntry[],
  counts: SinkCounts,
  heldPosIds: Set<string>,
): Promise<void> {
  const ledgerSnaps = await db().getAll(...entries.map((e) => repo.saleRef(t.companyId, e)));
  const changed: repo.SaleEntry[] = [];
  entries.forEach((fresh, i) => {
    let entry = fresh;
    const before = repo.saleFromSnapshot(ledgerSnaps[i]);
    if (entry.held && before?.employeeId && before.posEmployeeId === entry.posEmployeeId) {
      // a sale already attributed keeps its employee while its POS employee is unlinked
      entry = { ...entry, employeeId: before.employeeId, held: false };
    }
    if (entry.held) heldPosIds.add(entry.posEmployeeId!);
    if (before && repo.sameEntry(before, entry)) {
      if (entry.held) counts.held++;
      counts.unchanged++;
    } else {
      changed.push(entry);
    }
  });
  if (changed.length) {
    const imported = await importInvoices({ companyId: t.companyId, items: changed.map(invoiceItemOf), rules });
    const rejected = new Map(imported.rejectedItems.map((r) => [r.index, r]));
    const accepted = changed.filter((e, i) => {
      const refused = rejected.get(i);
      if (refused) logFailure(t, 'sales', e.vendorId, refused.code, refused.message);
      return !refused;
    });
    counts.failed += changed.length - accepted.length;
    const outcomes = await recordSales(t.companyId, accepted);
    accepted.forEach((e, i) => {
      if (e.held) counts.held++;
      counts[outcomes[i]]++;
    });
  }
}

type EntryOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Writes ledger entries onto their invoices (imported just before, which keeps the previous entry)
 * and moves their tips per day and employee, in exclusive commits of at most SALES_CHUNK entries.
 */
async function recordSales(companyId: string, entries: readonly repo.SaleEntry[]): Promise<EntryOutcome[]> {
  const out: EntryOutcome[] = [];
  for (let i = 0; i < entries.length; i += SALES_CHUNK)
    out.push(...(await commitSales(companyId, entries.slice(i, i + SALES_CHUNK))));
  return out;
}

async function commitSales(companyId: string, chunk: readonly repo.SaleEntry[]): Promise<EntryOutcome[]> {
  const refs = chunk.map((e) => repo.saleRef(companyId, e));
  const locks = [lockKeys.salesInvoices(companyId), lockKeys.posSales(companyId)];
  const outcome = await runExclusive<EntryOutcome[] | 'split'>(locks, async (tx) => {
    const before = (await tx.getAll(...refs)).map(repo.saleFromSnapshot);
    const deltas = new Map<string, TipsDelta>();
    const writes: number[] = [];
    const outcomes = chunk.map((e, i): EntryOutcome => {
      const old = before[i];
      if (old && repo.sameEntry(old, e)) return 'unchanged';
      if (old) contribute(deltas, old, -1);
      contribute(deltas, e, 1);
      writes.push(i);
      return old ? 'updated' : 'created';
    });
    const tips = [...deltas.entries()].filter(([, d]) => d.cardTips !== 0 || d.cashTips !== 0);
    if (writes.length + tips.length > writesLeft(locks.length)) return { result: 'split' };
    if (writes.length === 0) return { result: outcomes };
    const tipRefs = tips.map(([id]) => repo.tipsRef(companyId, id));
    const stored = tipRefs.length ? (await tx.getAll(...tipRefs)).map(repo.tipsFromSnapshot) : [];
    const now = Date.now();
    return {
      result: outcomes,
      write: (w) => {
        for (const i of writes) w.update(refs[i], repo.ledgerFields(chunk[i]));
        tips.forEach(([, d], k) => {
          const cardTips = (stored[k]?.cardTips ?? 0) + d.cardTips;
          const cashTips = (stored[k]?.cashTips ?? 0) + d.cashTips;
          if (cardTips === 0 && cashTips === 0) w.delete(tipRefs[k]);
          else
            w.set(tipRefs[k], {
              date: d.date,
              employeeId: d.employeeId,
              cardTips,
              cashTips,
              currency: d.currency,
              updatedAt: now,
            });
        });
      },
    };
  });
  if (outcome !== 'split') return outcome;
  const half = Math.ceil(chunk.length / 2);
  return [
    ...(await commitSales(companyId, chunk.slice(0, half))),
    ...(await commitSales(companyId, chunk.slice(half))),
  ];
}
