import type { PosDeletion, PosPunch, PosSale } from '../../../pos/connectors';
import { db } from '../../../core/firebase';
import { MAX_COMMIT_WRITES } from '../../../core/locks';
import { readLateRecords, readVendorPunches } from '../../attendance';
import { readExternalSales, saleOf } from '../../sales';
import * as repo from '../repo';
import type { SinkCounts, SinkTarget } from './common';
import { posSourceOf, zero } from './mapping';
import { writePunches, writeSales } from './write';

/**
 * Records the vendor says it deleted, known by their id alone (Square's `labor.timecard.deleted`
 * carries only the timecard's id): each is found by its vendor id among what this connection
 * stored and written again as deleted through the stream's own sink, so it is reversed exactly as
 * a deletion a read delivers. A punch in attendance is removed (flagged for review when a manager
 * edited or approved it; a late record when payroll closed its range, late records included); a punch still held for an unlinked POS employee is dropped from the
 * held punches; a sale is recorded again with `voided: true` (the sales module takes it out of the
 * sales, the day aggregates and the tips). A deletion of something never stored, or already
 * applied, changes nothing (`unchanged`): applying the same deletions twice is safe.
 */
export async function writeDeletions(t: SinkTarget, deletions: readonly PosDeletion[]): Promise<SinkCounts> {
  const counts = zero();
  const latest = new Map<string, PosDeletion>();
  for (const d of deletions) {
    const key = `${d.stream}~${d.vendorId}`;
    const seen = latest.get(key);
    if (seen) counts.unchanged++;
    if (!seen || d.deletedAt > seen.deletedAt) latest.set(key, d);
  }
  const unique = [...latest.values()];
  const punches = unique.filter((d) => d.stream === 'punches');
  const sales = unique.filter((d) => d.stream === 'sales');
  if (punches.length) add(counts, await deletePunches(t, punches));
  if (sales.length) add(counts, await voidSales(t, sales));
  return counts;
}

function add(into: SinkCounts, c: SinkCounts): void {
  for (const k of Object.keys(into) as (keyof SinkCounts)[]) into[k] += c[k];
}

async function deletePunches(t: SinkTarget, deletions: readonly PosDeletion[]): Promise<SinkCounts> {
  const counts = zero();
  const ids = deletions.map((d) => d.vendorId);
  const heldRefs = ids.map((id) => repo.heldRef(t.companyId, repo.heldPunchDocId(t.connectionId, id)));
  const [stored, lateRecords, heldSnaps, links] = await Promise.all([
    readVendorPunches(t.companyId, t.slug, ids),
    readLateRecords(t.companyId, t.slug, ids),
    db().getAll(...heldRefs),
    repo.linksOf(t.companyId, t.connectionId),
  ]);
  const held = heldSnaps.map(repo.heldFromSnapshot);
  // the POS employee a stored punch's employee is linked to on this connection (its vendor id)
  const posOf = links.get(t.connectionId) ?? new Map<string, string>();
  const posEmployees = await repo.readPosEmployees(t.companyId, [...new Set(posOf.values())]);
  const vendorIdOfPos = new Map(posEmployees.flatMap((p) => (p ? [[p.id, p.vendorId] as const] : [])));

  const page: PosPunch[] = [];
  const dropHeld: number[] = [];
  deletions.forEach((d, i) => {
    // a punch known only by its late record (reported after its range was closed) is deleted as a late record too
    const late = lateRecords.get(d.vendorId)?.final;
    const ours = stored.get(d.vendorId) ?? late ?? undefined;
    if (ours) {
      const posId = posOf.get(ours.employeeId);
      page.push({
        vendorId: d.vendorId,
        // unknown (unlinked since): the sink keeps the punch's own employee
        employeeVendorId: (posId && vendorIdOfPos.get(posId)) || held[i]?.punch.employeeVendorId || '',
        clockInAt: ours.clockInAt,
        clockOutAt: ours.clockOutAt,
        breaks: ours.breaks.map((b) => ({ startAt: b.startAt, endAt: b.endAt, paid: b.paid })),
        jobTitle: null,
        deleted: true,
        modifiedAt: d.deletedAt,
      });
    } else if (held[i]) dropHeld.push(i);
    else counts.unchanged++;
  });
  for (let i = 0; i < dropHeld.length; i += MAX_COMMIT_WRITES) {
    const batch = db().batch();
    for (const k of dropHeld.slice(i, i + MAX_COMMIT_WRITES)) batch.delete(heldRefs[k]);
    await batch.commit();
  }
  counts.updated += dropHeld.length;
  if (page.length) add(counts, await writePunches(t, page));
  return counts;
}

async function voidSales(t: SinkTarget, deletions: readonly PosDeletion[]): Promise<SinkCounts> {
  const counts = zero();
  const source = posSourceOf(t.slug);
  if (!source) {
    counts.failed += deletions.length;
    return counts;
  }
  const stored = await readExternalSales(
    t.companyId,
    source,
    deletions.map((d) => d.vendorId),
  );
  const page: PosSale[] = [];
  for (const d of deletions) {
    const ours = stored.get(d.vendorId);
    if (!ours || ours.voided) {
      counts.unchanged++;
      continue;
    }
    page.push({ ...saleOf(ours), voided: true, modifiedAt: Math.max(d.deletedAt, ours.modifiedAt) });
  }
  if (page.length) add(counts, await writeSales(t, page));
  return counts;
}

const QUEUE_PAGE = 500;

/**
 * Keeps deletions a webhook announced for a connection (by id alone: nothing a read can find again)
 * until the stream's next sync run applies them (applyQueuedDeletions). Idempotent: a redelivered
 * event queues the same documents again (the latest deletion time kept).
 */
export async function queueDeletions(
  t: Pick<SinkTarget, 'companyId' | 'connectionId'>,
  deletions: readonly PosDeletion[],
  /** The webhook event that announced them (its record's key), kept with each. */
  eventKey: string | null = null,
): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < deletions.length; i += MAX_COMMIT_WRITES) {
    const batch = db().batch();
    for (const d of deletions.slice(i, i + MAX_COMMIT_WRITES)) {
      const id = repo.deletionDocId(t.connectionId, d.stream, d.vendorId);
      batch.set(
        repo.deletionRef(t.companyId, id),
        repo.deletionToDoc({
          id,
          connectionId: t.connectionId,
          stream: d.stream,
          vendorId: d.vendorId,
          deletedAt: d.deletedAt,
          eventKey,
          queuedAt: now,
        }),
      );
    }
    await batch.commit();
  }
}

/**
 * Applies the deletions queued for one stream of the connection (writeDeletions) and removes them
 * from the queue once applied; a crash between the two applies them again, which changes nothing.
 * Answers what they did (the run counts them with the stream's records).
 */
export async function applyQueuedDeletions(
  t: SinkTarget,
  stream: 'punches' | 'sales',
): Promise<{ read: number; counts: SinkCounts }> {
  const counts = zero();
  let read = 0;
  const seen = new Set<string>();
  for (;;) {
    const queued = (await repo.queuedDeletions(t.companyId, t.connectionId, stream, QUEUE_PAGE)).filter(
      (q) => !seen.has(q.id),
    );
    if (queued.length === 0) break;
    queued.forEach((q) => seen.add(q.id));
    read += queued.length;
    add(
      counts,
      await writeDeletions(
        t,
        queued.map((q) => ({ stream: q.stream, vendorId: q.vendorId, deletedAt: q.deletedAt })),
      ),
    );
    for (let i = 0; i < queued.length; i += MAX_COMMIT_WRITES) {
      const batch = db().batch();
      for (const q of queued.slice(i, i + MAX_COMMIT_WRITES)) batch.delete(repo.deletionRef(t.companyId, q.id));
      await batch.commit();
    }
  }
  return { read, counts };
}
