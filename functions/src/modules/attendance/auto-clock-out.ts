/** The scheduled job that closes punches left open too long. */
import { runExclusive } from '../../core/exclusive';
import { logger } from '../../core/logger';
import { dispatchEvents, stageEvent } from '../events';
import { recordAudit } from './punch-store';
import { MINUTE, closePunch } from './punch-rules';
import * as repo from './repo';
import { lockKeys } from '../../core/locks';

/**
 * The scheduled job: every open punch whose autoCloseAt (clock-in + autoClockOutAfterMinutes, the
 * settings in force at clock-in) has passed is closed at that time, flagged autoClockedOut, left
 * pending for a manager, with an audit entry. One query on the root registry `openPunches`.
 * Payroll locks do not stop it (a punch cannot stay open forever).
 */
export async function autoClockOut(now: number = Date.now()): Promise<{ closed: number }> {
  let closed = 0;
  for (let round = 0; round < 50; round++) {
    const snap = await repo.dueOpenPunchesQuery(now, 200).get();
    if (snap.empty) break;
    const entries = snap.docs.map(repo.openEntryFromDoc);
    for (let i = 0; i < entries.length; i += 20) {
      const done = await Promise.all(
        entries
          .slice(i, i + 20)
          .map((e) =>
            closeOverdue(e, now).catch(
              (err) => (
                logger.error('auto clock-out failed', { err, companyId: e.companyId, punchId: e.punchId }),
                false
              ),
            ),
          ),
      );
      closed += done.filter(Boolean).length;
    }
    if (snap.size < 200) break;
  }
  if (closed) logger.info('attendance auto clock-out', { closed });
  return { closed };
}

async function closeOverdue(entry: repo.OpenPunchEntry, now: number): Promise<boolean> {
  const { companyId, employeeId } = entry;
  const outcome = await runExclusive(lockKeys.attendance(companyId, employeeId), async (tx) => {
    const openRef = repo.openPunchRef(companyId, employeeId);
    const [openSnap, settingsSnap] = await tx.getAll(openRef, repo.settingsRef(companyId));
    const open = openSnap.exists ? repo.openEntryFromDoc(openSnap) : null;
    if (!open || open.autoCloseAt > now) return { result: null };
    const punch = repo.punchFromSnapshot(await tx.get(repo.punchRef(companyId, open.punchId)));
    if (!punch || punch.clockOutAt !== null) return { result: null, write: (t) => void t.delete(openRef) };
    const settings = repo.settingsFromSnapshot(settingsSnap);
    const after = closePunch(
      punch,
      Math.max(open.autoCloseAt, punch.clockInAt),
      settings,
      { autoClockedOut: true },
      now,
      false,
    );
    const minutes = Math.round((open.autoCloseAt - punch.clockInAt) / MINUTE);
    const event = stageEvent({
      companyId,
      type: 'punch.auto_clocked_out',
      actor: { uid: null, job: 'auto-clock-out' },
      subjects: { punchIds: [punch.id], employeeIds: [employeeId] },
      data: { punchId: punch.id, employeeId, clockedOutAt: Math.max(open.autoCloseAt, punch.clockInAt) },
    });
    return {
      result: event,
      write: (t) => {
        event.write(t);
        t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(after));
        t.delete(openRef);
        recordAudit(t, companyId, {
          punchId: punch.id,
          by: 'system',
          action: 'auto_clock_out',
          before: punch,
          after,
          reason: `No clock-out ${minutes} minutes after clock-in: closed at the limit`,
          at: now,
        });
      },
    };
  });
  await dispatchEvents([outcome]);
  return outcome !== null;
}
