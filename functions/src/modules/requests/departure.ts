import { runExclusive } from '../../core/exclusive';
import { lockKeys } from '../../core/locks';
import * as repo from './repo';
import { PENDING, type ShiftRequest } from './schemas';
import { departureEffect } from './transitions';

/**
 * An employee leaves the company (archived): each pending request they are a party to is cancelled
 * with `reason` in its history, and they are taken off the volunteers of the offers they only
 * volunteered for. Each request in its own exclusive section (the key its steps take); a retry
 * finds nothing left to do. Answers the ids of the requests cancelled. `dryRun`: the same sections,
 * writing nothing; answers the ids it would cancel.
 */
export async function withdrawEmployeeFromRequests({
  companyId,
  employeeId,
  reason,
  by,
  dryRun = false,
}: {
  companyId: string;
  employeeId: string;
  reason: string;
  by: string;
  dryRun?: boolean;
}): Promise<string[]> {
  const pending = await repo.queryRequests(repo.requestsCollection(companyId).where('state', 'in', [...PENDING]));
  const involved = pending.filter((r) => departureEffect(r, employeeId, Date.now()));
  const cancelled: string[] = [];
  for (const seen of involved) {
    const outcome = await runExclusive(lockKeys.request(companyId, seen.id), async (tx) => {
      const r = repo.requestFromSnapshot(await tx.get(repo.requestRef(companyId, seen.id)));
      const now = Date.now();
      const effect = r && departureEffect(r, employeeId, now);
      if (!r || !effect) return { result: null };
      if (dryRun) return { result: effect };
      const updated: ShiftRequest = { ...r, history: [...r.history], updatedAt: now };
      if (effect === 'cancel') {
        updated.state = 'cancelled';
        updated.history.push({ at: now, by, action: 'cancel', state: 'cancelled', reason });
      } else updated.volunteers = r.volunteers.filter((v) => v !== employeeId);
      return { result: effect, write: (t) => t.set(repo.requestRef(companyId, r.id), repo.requestToDoc(updated)) };
    });
    if (outcome === 'cancel') cancelled.push(seen.id);
  }
  return cancelled;
}
