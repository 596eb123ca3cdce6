import { stageEvent, type StagedEvent } from '../events';
import type { ShiftRequest } from './schemas';

/**
 * The domain event of a request's write, staged in its transaction: created (for managers when it
 * waits for them), waiting for someone (the swap's coworker, or managers after the coworker),
 * approved or denied (for the requester). Null when the write changes nothing anyone is told.
 * (An expiry is recorded, with its event, by the expiry job: expiry.ts.)
 */
export function requestEvent(before: ShiftRequest | null, after: ShiftRequest, actorUid: string): StagedEvent | null {
  if (before?.state === after.state) return null;
  const data = { requestId: after.id, kind: after.type, employeeId: after.employeeId };
  const common = { companyId: after.companyId, actor: { uid: actorUid }, subjects: { requestIds: [after.id] } };
  switch (after.state) {
    case 'approved':
      return stageEvent({ ...common, type: 'request.approved', data });
    case 'denied':
      return stageEvent({ ...common, type: 'request.denied', data });
    case 'pending_manager':
      return before
        ? stageEvent({
            ...common,
            type: 'request.needs_action',
            data: { ...data, state: after.state, actorEmployeeIds: [] },
          })
        : stageEvent({ ...common, type: 'request.created', data });
    case 'pending_peer':
      return after.type === 'swap' && after.peerEmployeeId
        ? stageEvent({
            ...common,
            type: 'request.needs_action',
            data: { ...data, state: after.state, actorEmployeeIds: [after.peerEmployeeId] },
          })
        : null;
    default:
      return null;
  }
}
