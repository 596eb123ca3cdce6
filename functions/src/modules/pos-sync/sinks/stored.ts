import type { PosPunch } from '../../../pos/connectors';
import { listVendorPunchesIn } from '../../attendance';
import * as repo from '../repo';
import type { SinkTarget } from './common';

/**
 * The punches this connection put in attendance with a clock-in in [from, to), as the connector's
 * records (for a vendor whose deleted records are only absent from its answers: the connector
 * compares them with what it read over a window and answers the missing ones as deleted).
 *
 * Attendance keys a POS punch by its source (the catalogue slug), not by the connection. When the
 * company has no other connection of the slug (`siblings`, their ids), every punch of the slug is
 * this connection's. Otherwise a punch is this connection's only when its employee is linked to a
 * POS employee of this connection and of none of the others: a punch that cannot be told apart is
 * left out, so another merchant's shift is never taken for a deleted one.
 */
export async function storedPunchesOf(
  t: SinkTarget,
  siblings: readonly string[],
  from: number,
  to: number,
): Promise<PosPunch[]> {
  if (!(to > from)) return [];
  const [punches, links] = await Promise.all([
    listVendorPunchesIn(t.companyId, t.slug, from, to),
    repo.linksOf(t.companyId, null),
  ]);
  // employee id -> POS employee document id, on this connection and on the others of the slug
  const mine = links.get(t.connectionId) ?? new Map<string, string>();
  const theirs = siblings.map((id) => links.get(id) ?? new Map<string, string>());
  const owned = punches.filter(
    (p) =>
      p.vendor !== null &&
      (siblings.length === 0 || (mine.has(p.employeeId) && !theirs.some((l) => l.has(p.employeeId)))),
  );
  const posIds = [...new Set(owned.flatMap((p) => (mine.has(p.employeeId) ? [mine.get(p.employeeId)!] : [])))];
  const posEmployees = await repo.readPosEmployees(t.companyId, posIds);
  const vendorIdOf = new Map(posEmployees.flatMap((e) => (e ? [[e.id, e.vendorId] as const] : [])));
  return owned.map((p) => ({
    vendorId: p.vendor!.externalId,
    // unknown (unlinked since): the punches sink keeps the punch's own employee
    employeeVendorId: vendorIdOf.get(mine.get(p.employeeId) ?? '') ?? '',
    clockInAt: p.clockInAt,
    clockOutAt: p.clockOutAt,
    breaks: p.breaks.map((b) => ({ startAt: b.startAt, endAt: b.endAt, paid: b.paid })),
    jobTitle: null,
    deleted: false,
    modifiedAt: p.updatedAt,
  }));
}
