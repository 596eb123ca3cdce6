import type { PosEmployee, PosPunch, PosSale } from '../../connectors';
import { businessSlot } from '../../core/calendar';
import { AppError } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { db } from '../../core/firebase';
import { logger } from '../../core/logger';
import {
  readVendorPunches,
  removeVendorPunch,
  upsertVendorPunch,
  vendorPunchVersion,
  type VendorPunchInput,
} from '../attendance';
import { getCompanyRules } from '../companies';
import { listEmployees } from '../employees';
import { listRoles } from '../roles';
import { importInvoices, POS_SOURCES, type PosSource } from '../sales';
import { autoLinkMatch, emailKey, nameKey, phoneKey } from './matching';
import * as repo from './repo';
import type { Replayed } from './schemas';

/**
 * Where synced POS data lands. The sync engine hands each page a connector read to one of these
 * sinks; every sink is idempotent (the same page twice changes nothing the second time; a record
 * changed in the POS updates ours) and writes in batches, never one commit per record (sales and
 * roster) — punches go through attendance's per-punch transaction, the low-volume stream.
 */

/** The connection a page comes from. `slug` is the catalogue slug ('square', 'square_api_key', 'toast' ...). */
export interface SinkTarget {
  companyId: string;
  connectionId: string;
  slug: string;
}

/**
 * What a page did, record by record (the five add up to the records of the page): `held` are
 * records of a POS employee that is not linked to an employee (yet), kept to be attributed when it
 * is linked (punches are held instead of written; sales are imported without an employee and held
 * for attribution); `failed` are records refused (e.g. a punch in a payroll-locked range), logged.
 */
export interface SinkCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  held: number;
}

const zero = (): SinkCounts => ({ created: 0, updated: 0, unchanged: 0, failed: 0, held: 0 });

/** Every change of a connection's roster and links is serialized on this key (roster pages, link, unlink, create). */
export const rosterKey = (companyId: string, connectionId: string) => `posSync/${companyId}/${connectionId}`;
/** The sales ledger and the tips per day of a company change under this key. */
const salesKey = (companyId: string) => `posSync/${companyId}/sales`;

const ROSTER_CHUNK = 400;
const SALES_CHUNK = 200;
/** Firestore allows 500 writes per commit; runExclusive adds up to 3 of its own. */
const MAX_WRITES = 495;
const PUNCH_CONCURRENCY = 8;
const REPLAY_PAGE = 2000;

/** A record delivered twice in one page keeps its latest version (most recent modifiedAt, then the later one). */
function latest<T extends { vendorId: string; modifiedAt: number }>(
  page: readonly T[],
): { records: T[]; duplicates: number } {
  const byId = new Map<string, T>();
  for (const r of page) {
    const seen = byId.get(r.vendorId);
    if (!seen || r.modifiedAt >= seen.modifiedAt) byId.set(r.vendorId, r);
  }
  return { records: [...byId.values()], duplicates: page.length - byId.size };
}

/** A record refused by the module it was written to (a 4xx): counted and logged. Anything else stops the page, which the engine retries. */
function refusal(err: unknown): AppError | null {
  return err instanceof AppError && err.status < 500 && err.code !== 'CONCURRENT_MODIFICATION' ? err : null;
}

function logFailure(t: SinkTarget, stream: string, vendorId: string, code: string, message: string) {
  logger.warn('pos-sync record refused', {
    companyId: t.companyId,
    connectionId: t.connectionId,
    slug: t.slug,
    stream,
    vendorId,
    code,
    reason: message,
  });
}

/** The employee each POS employee (by document id) is linked to, null when unlinked or unknown. */
async function employeeIdsOf(
  companyId: string,
  posEmployeeIds: readonly string[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(posEmployeeIds)];
  const rows = await repo.readPosEmployees(companyId, ids);
  return new Map(ids.map((id, i) => [id, rows[i]?.employeeId ?? null]));
}

/** Runs `work` on every item, at most `limit` at once; the first error is thrown once all have settled. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item).catch((err) => void errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length) throw errors[0];
}

// ---------------------------------------------------------------- roster

type RosterFields = Pick<
  repo.StoredPosEmployee,
  | 'vendorId'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'emailKey'
  | 'phoneKey'
  | 'jobTitle'
  | 'active'
  | 'modifiedAt'
>;
const ROSTER_FIELDS: (keyof RosterFields | 'employeeId' | 'linkedBy')[] = [
  'vendorId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'emailKey',
  'phoneKey',
  'jobTitle',
  'active',
  'modifiedAt',
  'employeeId',
  'linkedBy',
];

function rosterFields(r: PosEmployee): RosterFields {
  return {
    vendorId: r.vendorId,
    firstName: r.firstName ?? '',
    lastName: r.lastName ?? '',
    email: r.email ?? null,
    phone: r.phone ?? null,
    emailKey: emailKey(r.email),
    phoneKey: phoneKey(r.phone),
    jobTitle: r.jobTitle ?? null,
    active: r.active !== false,
    modifiedAt: r.modifiedAt,
  };
}

/**
 * A page of the POS roster: each team member stored as a POS employee of the connection (created,
 * updated when the POS changed it, unchanged otherwise). One that is not linked, and was never
 * unlinked by hand, is auto-linked to the one employee whose email or phone matches exactly (see
 * matching.ts); what was held for it is then attributed (replayHeld).
 */
export async function writeRoster(t: SinkTarget, page: readonly PosEmployee[]): Promise<SinkCounts> {
  const counts = zero();
  const { records, duplicates } = latest(page);
  counts.unchanged += duplicates;
  if (records.length === 0) return counts;
  const employees = await listEmployees(t.companyId);
  const autoLinked: string[] = [];
  for (let i = 0; i < records.length; i += ROSTER_CHUNK) {
    const chunk = records.slice(i, i + ROSTER_CHUNK);
    const ids = chunk.map((r) => repo.posEmployeeDocId(t.connectionId, r.vendorId));
    const done = await runExclusive(rosterKey(t.companyId, t.connectionId), async (tx) => {
      const existing = await repo.readPosEmployees(t.companyId, ids, tx);
      const taken = new Set((await repo.linksOf(t.companyId, t.connectionId, tx)).get(t.connectionId)?.keys());
      const now = Date.now();
      const c = zero();
      const linked: string[] = [];
      const writes: repo.StoredPosEmployee[] = [];
      chunk.forEach((r, k) => {
        const before = existing[k];
        let next: repo.StoredPosEmployee = before
          ? { ...before, ...rosterFields(r) }
          : {
              id: ids[k],
              connectionId: t.connectionId,
              slug: t.slug,
              ...rosterFields(r),
              employeeId: null,
              linkedBy: null,
              linkedAt: null,
              unlinkedBy: null,
              unlinkedAt: null,
              createdAt: now,
              updatedAt: now,
            };
        if (!next.employeeId && !next.unlinkedBy) {
          const match = autoLinkMatch(next, employees, taken);
          if (match) {
            next = { ...next, employeeId: match, linkedBy: 'auto', linkedAt: now };
            taken.add(match);
            linked.push(next.id);
          }
        }
        if (before && ROSTER_FIELDS.every((f) => before[f] === next[f])) {
          c.unchanged++;
          return;
        }
        if (before) c.updated++;
        else c.created++;
        writes.push({ ...next, updatedAt: now });
      });
      return {
        result: { c, linked },
        write: writes.length
          ? (w) => writes.forEach((p) => w.set(repo.posEmployeeRef(t.companyId, p.id), repo.posEmployeeToDoc(p)))
          : undefined,
      };
    });
    for (const k of ['created', 'updated', 'unchanged'] as const) counts[k] += done.c[k];
    autoLinked.push(...done.linked);
  }
  for (const id of autoLinked) {
    logger.info('pos employee auto-linked', {
      companyId: t.companyId,
      connectionId: t.connectionId,
      posEmployeeId: id,
    });
    await replayHeld(t, id);
  }
  return counts;
}

// ---------------------------------------------------------------- punches

/** Role ids by name (compared like names), for the POS job title of a punch; a name two roles share names none. */
async function rolesByTitle(companyId: string): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const role of await listRoles(companyId)) {
    if (role.archived) continue;
    const key = nameKey(role.name);
    out.set(key, out.has(key) ? null : role.id);
  }
  return out;
}

function punchInput(
  t: SinkTarget,
  r: PosPunch,
  employeeId: string,
  roles: Map<string, string | null>,
): VendorPunchInput {
  const positionId = r.jobTitle ? roles.get(nameKey(r.jobTitle)) : undefined;
  return {
    slug: t.slug,
    externalId: r.vendorId,
    employeeId,
    clockInAt: r.clockInAt,
    clockOutAt: r.clockOutAt,
    // the POS says whether a break is paid; a paid one is a rest break, an unpaid one a meal break
    breaks: r.breaks.map((b) => ({
      type: b.paid ? ('rest' as const) : ('meal' as const),
      startAt: b.startAt,
      endAt: b.endAt,
      paid: b.paid,
    })),
    ...(positionId ? { positionId } : {}),
  };
}

/**
 * A page of POS punches. A punch of a linked POS employee goes to the attendance module's punches
 * (upsertVendorPunch: source pos, its vendor id; a punch a manager edited or approved is flagged
 * for review, not overwritten; a deleted one is removed, or flagged). A new punch of an unlinked
 * (or unknown) POS employee cannot be an attendance punch: it is held and replayed when the POS
 * employee is linked; one already in attendance keeps its employee. Punches of one employee are
 * written in clock-in order, employees in parallel.
 */
export async function writePunches(t: SinkTarget, page: readonly PosPunch[]): Promise<SinkCounts> {
  const counts = zero();
  const { records, duplicates } = latest(page);
  counts.unchanged += duplicates;
  if (records.length === 0) return counts;
  const posIdOf = (r: PosPunch) => repo.posEmployeeDocId(t.connectionId, r.employeeVendorId);
  const heldRefs = records.map((r) => repo.heldRef(t.companyId, repo.heldPunchDocId(t.connectionId, r.vendorId)));
  const [links, roles, stored, heldSnaps] = await Promise.all([
    employeeIdsOf(t.companyId, records.map(posIdOf)),
    records.some((r) => r.jobTitle) ? rolesByTitle(t.companyId) : new Map<string, string | null>(),
    readVendorPunches(
      t.companyId,
      t.slug,
      records.map((r) => r.vendorId),
    ),
    db().getAll(...heldRefs),
  ]);
  const held = heldSnaps.map(repo.heldFromSnapshot);

  const toHold: number[] = [];
  const toWrite: { index: number; input: VendorPunchInput; deleted: boolean }[] = [];
  const settled: number[] = [];
  records.forEach((r, i) => {
    const ours = stored.get(r.vendorId);
    // a punch already attributed keeps its employee while its POS employee is unlinked
    const employeeId = links.get(posIdOf(r)) ?? ours?.employeeId;
    if (!employeeId) return void toHold.push(i);
    const input = punchInput(t, r, employeeId, roles);
    const version = vendorPunchVersion(input, r.deleted);
    const known =
      r.deleted && !ours
        ? true
        : !!ours && (ours.vendor?.version === version || ours.vendor?.pending?.version === version);
    if (known) {
      counts.unchanged++;
      settled.push(i);
    } else {
      toWrite.push({ index: i, input, deleted: r.deleted });
    }
  });

  if (toHold.length) {
    counts.held += toHold.length;
    const now = Date.now();
    const changed = toHold.filter((i) => !held[i] || JSON.stringify(held[i]!.punch) !== JSON.stringify(records[i]));
    for (let i = 0; i < changed.length; i += MAX_WRITES) {
      const batch = db().batch();
      for (const k of changed.slice(i, i + MAX_WRITES)) {
        const r = records[k];
        batch.set(
          heldRefs[k],
          repo.heldToDoc({
            id: heldRefs[k].id,
            connectionId: t.connectionId,
            slug: t.slug,
            posEmployeeId: posIdOf(r),
            vendorId: r.vendorId,
            punch: r,
            modifiedAt: r.modifiedAt,
            heldAt: now,
          }),
        );
      }
      await batch.commit();
    }
  }

  const byEmployee = new Map<string, typeof toWrite>();
  for (const w of toWrite) byEmployee.set(w.input.employeeId, [...(byEmployee.get(w.input.employeeId) ?? []), w]);
  await inPool([...byEmployee.values()], PUNCH_CONCURRENCY, async (items) => {
    for (const w of items.sort((a, b) => a.input.clockInAt - b.input.clockInAt)) {
      try {
        const { outcome } = w.deleted
          ? await removeVendorPunch(t.companyId, w.input)
          : await upsertVendorPunch(t.companyId, w.input);
        if (outcome === 'created') counts.created++;
        else if (outcome === 'unchanged') counts.unchanged++;
        else counts.updated++;
        settled.push(w.index);
      } catch (err) {
        const refused = refusal(err);
        if (!refused) throw err;
        counts.failed++;
        logFailure(t, 'punches', records[w.index].vendorId, refused.code, refused.message);
      }
    }
  });

  // a punch held earlier and now written (its POS employee was linked since) is no longer held
  const release = settled.filter((i) => held[i]);
  for (let i = 0; i < release.length; i += MAX_WRITES) {
    const batch = db().batch();
    for (const k of release.slice(i, i + MAX_WRITES)) batch.delete(heldRefs[k]);
    await batch.commit();
  }
  await attributeIfLinkedMeanwhile(
    t,
    toHold.map((i) => posIdOf(records[i])),
  );
  return counts;
}

/**
 * A link committed between reading the links and holding a page's records would find nothing to
 * replay: whoever held records reads the links again and replays for the POS employees linked since.
 */
async function attributeIfLinkedMeanwhile(t: SinkTarget, posEmployeeIds: readonly string[]): Promise<void> {
  if (posEmployeeIds.length === 0) return;
  const links = await employeeIdsOf(t.companyId, posEmployeeIds);
  for (const [posEmployeeId, employeeId] of links) if (employeeId) await replayHeld(t, posEmployeeId);
}

// ---------------------------------------------------------------- sales and tips

/** The sales module's POS source of a catalogue slug (square_api_key is its own source). */
export function posSourceOf(slug: string): PosSource | null {
  const sources: readonly string[] = POS_SOURCES;
  if (sources.includes(slug)) return slug as PosSource;
  const base = slug.split('_')[0];
  return sources.includes(base) ? (base as PosSource) : null;
}

function entryOf(
  t: SinkTarget,
  r: PosSale,
  posSource: PosSource,
  links: Map<string, string | null>,
  zone: string,
  dayChangeSeconds: number,
  now: number,
): repo.SaleEntry {
  const posEmployeeId = r.employeeVendorId ? repo.posEmployeeDocId(t.connectionId, r.employeeVendorId) : null;
  const employeeId = posEmployeeId ? (links.get(posEmployeeId) ?? null) : null;
  return {
    connectionId: t.connectionId,
    slug: t.slug,
    vendorId: r.vendorId,
    posSource,
    posEmployeeId,
    employeeVendorId: r.employeeVendorId ?? null,
    employeeId,
    held: posEmployeeId !== null && employeeId === null,
    closedAt: r.closedAt,
    businessDate: businessSlot(r.closedAt, zone, dayChangeSeconds).businessDate,
    currency: r.currency,
    amount: r.amount,
    tips: r.tips,
    cashTips: r.cashTips ?? 0,
    customers: r.refund ? 0 : r.customers,
    refund: r.refund,
    refundOf: r.refundOf ?? null,
    modifiedAt: r.modifiedAt,
    updatedAt: now,
  };
}

/** The invoice of a sale, as POST /sales/invoices takes it (a refund is its own signed record). */
const invoiceItemOf = (e: repo.SaleEntry) => ({
  externalId: e.vendorId,
  posSource: e.posSource,
  closedAt: e.closedAt,
  currency: e.currency,
  amount: e.amount,
  tips: e.tips,
  customers: e.customers,
  refund: e.refund,
  refundOf: e.refundOf,
  employeeId: e.employeeId,
});

/**
 * A page of POS sales (refunds included) with their tips. Each goes to the sales module's invoice
 * import (idempotent on (posSource, externalId); a changed sale, or one now attributed to an
 * employee, updates its invoice and the day aggregates), with the employee its POS employee is
 * linked to. Then the ledger entry of each sale and the tips per business day and employee (card
 * and cash) are written together. A sale of an unlinked POS employee is imported without an
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
  const ledgerRefs = records.map((r) => repo.saleRef(t.companyId, repo.saleDocId(t.connectionId, r.vendorId)));
  const [rules, links, ledgerSnaps] = await Promise.all([
    getCompanyRules({ companyId: t.companyId }),
    employeeIdsOf(t.companyId, posIds),
    db().getAll(...ledgerRefs),
  ]);
  const now = Date.now();
  const changed: repo.SaleEntry[] = [];
  const heldPosIds = new Set<string>();
  records.forEach((r, i) => {
    let entry: repo.SaleEntry;
    try {
      entry = entryOf(t, r, posSource, links, rules.profile.timezone, rules.settings.dayChangeTime, now);
    } catch (err) {
      counts.failed++;
      return logFailure(t, 'sales', r.vendorId, 'INVALID_ITEM', (err as Error).message);
    }
    const before = repo.saleFromSnapshot(ledgerSnaps[i]);
    if (entry.held && before?.employeeId && before.posEmployeeId === entry.posEmployeeId) {
      // a sale already attributed keeps its employee while its POS employee is unlinked
      entry = { ...entry, employeeId: before.employeeId, held: false };
    }
    if (entry.held) heldPosIds.add(entry.posEmployeeId!);
    if (before && repo.sameEntry(before, entry)) {
      if (entry.held) counts.held++;
      else counts.unchanged++;
    } else {
      changed.push(entry);
    }
  });
  if (changed.length) {
    const imported = await importInvoices({ companyId: t.companyId, items: changed.map(invoiceItemOf) });
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
      else counts[outcomes[i]]++;
    });
  }
  await attributeIfLinkedMeanwhile(t, [...heldPosIds]);
  return counts;
}

type EntryOutcome = 'created' | 'updated' | 'unchanged';

/** Writes ledger entries and moves their tips per day and employee, in exclusive commits of at most SALES_CHUNK entries. */
async function recordSales(companyId: string, entries: readonly repo.SaleEntry[]): Promise<EntryOutcome[]> {
  const out: EntryOutcome[] = [];
  for (let i = 0; i < entries.length; i += SALES_CHUNK)
    out.push(...(await commitSales(companyId, entries.slice(i, i + SALES_CHUNK))));
  return out;
}

interface TipsDelta {
  date: string;
  employeeId: string | null;
  currency: string;
  cardTips: number;
  cashTips: number;
}

function contribute(deltas: Map<string, TipsDelta>, e: repo.SaleEntry, sign: 1 | -1): void {
  if (e.tips === 0 && e.cashTips === 0) return;
  const id = repo.tipsDocId(e.businessDate, e.employeeId);
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

async function commitSales(companyId: string, chunk: readonly repo.SaleEntry[]): Promise<EntryOutcome[]> {
  const refs = chunk.map((e) => repo.saleRef(companyId, repo.saleDocId(e.connectionId, e.vendorId)));
  const outcome = await runExclusive<EntryOutcome[] | 'split'>(salesKey(companyId), async (tx) => {
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
    if (writes.length + tips.length > MAX_WRITES) return { result: 'split' };
    if (writes.length === 0) return { result: outcomes };
    const tipRefs = tips.map(([id]) => repo.tipsRef(companyId, id));
    const stored = tipRefs.length ? (await tx.getAll(...tipRefs)).map(repo.tipsFromSnapshot) : [];
    const now = Date.now();
    return {
      result: outcomes,
      write: (w) => {
        for (const i of writes) w.set(refs[i], chunk[i]);
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

const saleOf = (e: repo.SaleEntry): PosSale => ({
  vendorId: e.vendorId,
  employeeVendorId: e.employeeVendorId,
  closedAt: e.closedAt,
  currency: e.currency,
  amount: e.amount,
  tips: e.tips,
  cashTips: e.cashTips,
  customers: e.customers,
  refund: e.refund,
  refundOf: e.refundOf,
  modifiedAt: e.modifiedAt,
});

// ---------------------------------------------------------------- attribution of held data

/**
 * Attributes what was held for a POS employee now linked: its held punches are written to
 * attendance (and no longer held), its held sales re-imported with the employee (the invoices and
 * their aggregates move to it). Records refused (e.g. a punch in a payroll-locked range) stay held
 * and are counted as failed. Safe to run twice, and concurrently with a sync.
 */
export async function replayHeld(t: SinkTarget, posEmployeeId: string): Promise<Replayed> {
  const out: Replayed = { punches: 0, sales: 0, failed: 0 };
  const seenPunches = new Set<string>();
  for (;;) {
    const held = (await repo.heldPunchesOf(t.companyId, posEmployeeId, REPLAY_PAGE)).filter(
      (h) => !seenPunches.has(h.id),
    );
    if (held.length === 0) break;
    held.forEach((h) => seenPunches.add(h.id));
    const c = await writePunches(
      t,
      held.map((h) => h.punch),
    );
    out.punches += c.created + c.updated + c.unchanged;
    out.failed += c.failed;
    if (c.held) break; // unlinked again meanwhile: what is left stays held
  }
  const seenSales = new Set<string>();
  for (;;) {
    const held = (await repo.heldSalesOf(t.companyId, posEmployeeId, REPLAY_PAGE)).filter(
      (e) => !seenSales.has(e.vendorId),
    );
    if (held.length === 0) break;
    held.forEach((e) => seenSales.add(e.vendorId));
    const c = await writeSales(t, held.map(saleOf));
    out.sales += c.created + c.updated + c.unchanged;
    out.failed += c.failed;
    if (c.held) break;
  }
  if (out.punches || out.sales || out.failed)
    logger.info('pos-sync held records attributed', {
      companyId: t.companyId,
      connectionId: t.connectionId,
      posEmployeeId,
      ...out,
    });
  return out;
}
