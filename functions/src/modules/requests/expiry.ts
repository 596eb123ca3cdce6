import { db } from '../../core/firebase';
import { dispatchEvents, stageEvent, type StagedEvent } from '../events';
import { dueExpiries, requestFromSnapshot, requestRef, requestToDoc } from './repo';
import { PENDING, type ShiftRequest } from './schemas';
import { effectiveState } from './transitions';

const EXPIRY_ACTOR = { uid: null, job: 'requests-expiry' };

/**
 * Records the expiry of each pending request whose shift has started (found through the expiry
 * index of repo.ts), with its `request.expired`
 * event in the same transaction. The transaction re-reads the request and writes only while its
 * stored state is still pending: a rerun, or two runs at once, record (and announce) it once.
 */
export async function expirePendingRequests(now = Date.now()): Promise<{ expired: number }> {
  const events: StagedEvent[] = [];
  for (const entry of await dueExpiries(now)) {
    const ref = requestRef(entry.companyId, entry.requestId);
    const event = await db().runTransaction(async (tx) => {
      const request = requestFromSnapshot(await tx.get(ref));
      tx.delete(entry.ref);
      if (!request || !PENDING.includes(request.state) || effectiveState(request, now) !== 'expired') return null;
      const staged = expiredEvent(request);
      tx.set(ref, requestToDoc(expired(request, now)));
      staged.write(tx);
      return staged;
    });
    if (event) events.push(event);
  }
  await dispatchEvents(events);
  return { expired: events.length };
}

function expired(r: ShiftRequest, now: number): ShiftRequest {
  return {
    ...r,
    state: 'expired',
    updatedAt: now,
    history: [...r.history, { at: now, by: 'system', action: 'expire', state: 'expired' }],
  };
}

function expiredEvent(r: ShiftRequest): StagedEvent {
  return stageEvent({
    companyId: r.companyId,
    type: 'request.expired',
    actor: EXPIRY_ACTOR,
    subjects: { requestIds: [r.id], employeeIds: [r.employeeId] },
    data: { requestId: r.id, kind: r.type, employeeId: r.employeeId },
  });
}
