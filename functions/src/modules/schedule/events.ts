import { stageEvent, type StagedEvent } from '../events';
import type { Premium } from './premiums';
import type { Shift } from './schemas';

/**
 * The domain events of single-shift writes, staged in the transaction of the write: a published
 * shift changed (its times or its employee) or cancelled, with the premiums the change owes.
 * Drafts and manual shifts are nobody's news yet.
 */
export function shiftChangeEvent(
  existing: Shift | null,
  shift: Shift | null,
  premiums: Premium[],
  actorUid: string | null,
): StagedEvent | null {
  if (!existing || existing.mode !== 'published') return null;
  const common = {
    companyId: existing.companyId,
    actor: { uid: actorUid },
    subjects: {
      shiftIds: [existing.id],
      employeeIds: [...new Set([existing.employeeId, shift?.employeeId ?? ''])].filter(Boolean),
    },
  };
  if (!shift) {
    return stageEvent({
      ...common,
      type: 'shift.cancelled',
      data: { shiftId: existing.id, employeeId: existing.employeeId, date: existing.date, premiums },
    });
  }
  const moved = existing.employeeId !== shift.employeeId;
  if (!moved && existing.start === shift.start && existing.end === shift.end) return null;
  return stageEvent({
    ...common,
    type: 'shift.changed',
    data: {
      shiftId: shift.id,
      employeeId: shift.employeeId,
      date: shift.date,
      previousEmployeeId: moved ? existing.employeeId : null,
      premiums,
    },
  });
}
