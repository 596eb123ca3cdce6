/** The employee's own clock: clock in and out, breaks, and the current punch. */
import type { Transaction } from 'firebase-admin/firestore';
import { businessDateOf } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import type { Membership } from '../../core/memberships';
import { getCompanyRules, policiesInForce } from '../companies';
import { assertCertificationsValid } from '../documents';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { dispatchEvents, stageEvent } from '../events';
import { attendanceErrors } from './errors';
import { assertDatesUnlocked, linkShift, readEmployeeState, recordAudit } from './punch-store';
import {
  assertLocationAllowed,
  autoCloseAtOf,
  blankPunch,
  calendarOf,
  closePunch,
  derive,
  endRunningBreak,
  ownEmployeeId,
  paidOf,
} from './punch-rules';
import * as repo from './repo';
import type { AttendanceSettings, BreakType, ClockBody, PunchView } from './schemas';
import { lockKeys } from '../../core/locks';

interface ClockInput {
  member: Membership;
  body: ClockBody;
}

export async function clockIn({ member, body }: ClockInput): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  const geolocation = (await policiesInForce(companyId)).isGeolocationEnabled;
  return runExclusive(lockKeys.attendance(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, employeeId, [employeeRef(companyId, employeeId)]);
    const employee = employeeFromSnapshot(state.extra[0]);
    if (!employee || employee.archived)
      throw attendanceErrors.NOT_AN_EMPLOYEE('Your employee record is missing or archived');
    if (state.open)
      throw attendanceErrors.ALREADY_CLOCKED_IN('You are already clocked in: clock out first', [
        { path: 'punchId', message: 'open punch', punchId: state.open.punchId },
      ]);
    assertLocationAllowed(geolocation, state.company, state.settings, body.location);
    const businessDate = businessDateOf(now, calendarOf(state.company));
    await assertDatesUnlocked(tx, companyId, [businessDate]);
    await assertCertificationsValid(companyId, employeeId, businessDate);
    const linked = await linkShift(companyId, employeeId, businessDate, now, state.company, tx);
    const ref = repo.punchesCollection(companyId).doc();
    const punch = derive(
      {
        ...blankPunch(ref.id, companyId, employeeId, now),
        positionId: linked?.positionId ?? null,
        businessDate,
        clockInAt: now,
        deviceClockInAt: body.deviceTime ?? null,
        clockInLocation: body.location ?? null,
        shift: linked?.link ?? null,
        source: 'app',
      },
      state.settings,
    );
    const entry: repo.OpenPunchEntry = {
      companyId,
      employeeId,
      punchId: ref.id,
      clockInAt: now,
      autoCloseAt: autoCloseAtOf(now, state.settings),
    };
    return {
      result: punch,
      write: (t) => {
        t.create(ref, repo.punchToDoc(punch));
        t.create(repo.openPunchRef(companyId, employeeId), entry);
        recordAudit(t, companyId, {
          punchId: ref.id,
          by: member.uid,
          action: 'clock_in',
          before: null,
          after: punch,
          reason: null,
          at: now,
        });
      },
    };
  });
}

/** The open punch of the caller, in the transaction (NOT_CLOCKED_IN without one), with the rules. */
async function requireOpen(tx: Transaction, companyId: string, employeeId: string) {
  const state = await readEmployeeState(tx, companyId, employeeId);
  if (!state.open || !state.openPunch || state.openPunch.clockOutAt !== null)
    throw attendanceErrors.NOT_CLOCKED_IN('You are not clocked in');
  await assertDatesUnlocked(tx, companyId, [state.openPunch.businessDate]);
  return { ...state, punch: state.openPunch };
}

/**
 * A break starts or ends in the caller's open punch: `change` refuses it or gives the punch's
 * breaks after it, and the punch is written with its audit entry.
 */
async function changeBreaks(
  member: Membership,
  action: 'break_start' | 'break_end',
  change: (punch: PunchView, now: number, settings: AttendanceSettings) => PunchView['breaks'],
): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  return runExclusive(lockKeys.attendance(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const { punch, settings } = await requireOpen(tx, companyId, employeeId);
    const next = derive({ ...punch, breaks: change(punch, now, settings), updatedAt: now }, settings);
    return {
      result: next,
      write: (t) => {
        t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(next));
        recordAudit(t, companyId, {
          punchId: punch.id,
          by: member.uid,
          action,
          before: punch,
          after: next,
          reason: null,
          at: now,
        });
      },
    };
  });
}

export async function startBreak({
  member,
  body,
}: {
  member: Membership;
  body: { type: BreakType; deviceTime?: number };
}): Promise<PunchView> {
  const { settings } = await getCompanyRules({ companyId: member.companyId });
  if (!settings.attendanceBreaksEnabled)
    throw attendanceErrors.BREAKS_DISABLED(
      'This company does not track breaks on the time clock (attendanceBreaksEnabled)',
    );
  return changeBreaks(member, 'break_start', (punch, now, settings) => {
    if (punch.breaks.some((b) => b.endAt === null))
      throw attendanceErrors.BREAK_ALREADY_STARTED('A break is already running: end it first');
    return [
      ...punch.breaks,
      { type: body.type, startAt: Math.max(now, punch.clockInAt), endAt: null, paid: paidOf(body.type, settings) },
    ];
  });
}

export function endBreak({ member }: { member: Membership; body: { deviceTime?: number } }): Promise<PunchView> {
  return changeBreaks(member, 'break_end', (punch, now) => {
    if (!punch.breaks.some((b) => b.endAt === null)) throw attendanceErrors.NO_OPEN_BREAK('No break is running');
    return endRunningBreak(punch.breaks, now);
  });
}

export async function clockOut({ member, body }: ClockInput): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  const geolocation = (await policiesInForce(companyId)).isGeolocationEnabled;
  const closed = await runExclusive(lockKeys.attendance(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const { punch, settings, company } = await requireOpen(tx, companyId, employeeId);
    assertLocationAllowed(geolocation, company, settings, body.location);
    const next = closePunch(
      punch,
      Math.max(now, punch.clockInAt),
      settings,
      { deviceClockOutAt: body.deviceTime ?? null, clockOutLocation: body.location ?? null },
      now,
      true,
    );
    // a punch closed with exceptions (late, left early, ...) waits for a manager's review
    const event = next.exceptions.length
      ? stageEvent({
          companyId,
          type: 'punch.flagged',
          actor: { uid: member.uid },
          subjects: { punchIds: [punch.id], employeeIds: [employeeId] },
          data: { punchId: punch.id, employeeId, flags: next.exceptions },
        })
      : null;
    return {
      result: { next, event },
      write: (t) => {
        event?.write(t);
        t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(next));
        t.delete(repo.openPunchRef(companyId, employeeId));
        recordAudit(t, companyId, {
          punchId: punch.id,
          by: member.uid,
          action: 'clock_out',
          before: punch,
          after: next,
          reason: next.state === 'approved' ? 'auto-approved: within the variance, no exception' : null,
          at: now,
        });
      },
    };
  });
  await dispatchEvents([closed.event]);
  return closed.next;
}

export async function currentPunch({
  member,
}: {
  member: Membership;
}): Promise<{ punch: PunchView | null; onBreak: boolean }> {
  const employeeId = ownEmployeeId(member);
  const open = await repo.openPunchRef(member.companyId, employeeId).get();
  if (!open.exists) return { punch: null, onBreak: false };
  const punch = repo.punchFromSnapshot(
    await repo.punchRef(member.companyId, repo.openEntryFromDoc(open).punchId).get(),
  );
  return { punch, onBreak: !!punch?.breaks.some((b) => b.endAt === null) };
}
