import type { PosEmployee } from '../../../pos/connectors';
import { runExclusive } from '../../../core/exclusive';
import { logger } from '../../../core/logger';
import { listEmployees } from '../../employees';
import { autoLinkMatch } from '../matching';
import * as repo from '../repo';
import { type SinkCounts, type SinkTarget } from './common';
import { replayHeld } from './held';
import { latest, ROSTER_FIELDS, rosterFields, zero } from './mapping';
import { lockKeys } from '../../../core/locks';

const ROSTER_CHUNK = 400;

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
    const done = await runExclusive(lockKeys.posRoster(t.companyId, t.connectionId), async (tx) => {
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
