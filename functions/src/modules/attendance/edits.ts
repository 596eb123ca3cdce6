/** A manager's changes to punches: create, edit, delete, each with a reason and an audit entry. */
import type { Transaction } from 'firebase-admin/firestore';
import { businessDateOf } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { employeeErrors, employeeFromSnapshot, employeeRef } from '../employees';
import { attendanceErrors } from './errors';
import {
  assertDatesUnlocked,
  assertNoOverlap,
  assertRoleExists,
  linkShift,
  readEmployeeState,
  recordAudit,
  runExclusiveOnPunch,
} from './punch-store';
import {
  assertTimeline,
  autoCloseAtOf,
  blankPunch,
  breaksWithPay,
  calendarOf,
  derive,
  endRunningBreak,
  punchNotFound,
} from './punch-rules';
import * as repo from './repo';
import type { CreatePunchBody, EditPunchBody, PunchView } from './schemas';
import { reviewed } from './vendor-rules';
import { lockKeys } from '../../core/locks';

interface ManagerChange {
  companyId: string;
  uid: string;
}

export async function createPunch({
  companyId,
  uid,
  body,
}: ManagerChange & { body: CreatePunchBody }): Promise<PunchView> {
  return runExclusive(lockKeys.attendance(companyId, body.employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, body.employeeId, [employeeRef(companyId, body.employeeId)]);
    if (!employeeFromSnapshot(state.extra[0]))
      throw employeeErrors.UNKNOWN_EMPLOYEE(`No employee ${body.employeeId} in the company`, [
        { path: 'employeeId', message: 'unknown employee' },
      ]);
    await assertRoleExists(tx, companyId, body.positionId);
    const ref = repo.punchesCollection(companyId).doc();
    const businessDate = businessDateOf(body.clockInAt, calendarOf(state.company));
    const draft: PunchView = {
      ...blankPunch(ref.id, companyId, body.employeeId, now),
      businessDate,
      clockInAt: body.clockInAt,
      clockOutAt: body.clockOutAt,
      breaks: breaksWithPay(body.breaks, state.settings),
      source: 'manager',
      state: 'pending',
    };
    assertTimeline(draft, now);
    await assertDatesUnlocked(tx, companyId, [businessDate]);
    await assertNoOverlap(tx, draft, now);
    const linked = await linkShift(companyId, body.employeeId, businessDate, body.clockInAt, state.company, tx);
    const punch = derive(
      {
        ...draft,
        shift: linked?.link ?? null,
        positionId: body.positionId !== undefined ? body.positionId : (linked?.positionId ?? null),
      },
      state.settings,
    );
    return {
      result: punch,
      write: (t) => {
        t.create(ref, repo.punchToDoc(punch));
        recordAudit(t, companyId, {
          punchId: ref.id,
          by: uid,
          action: 'create',
          before: null,
          after: punch,
          reason: body.reason,
          at: now,
        });
      },
    };
  });
}

/** The punch read again in its employee's exclusive section, with the employee's state; an approved punch is PUNCH_LOCKED. */
async function readUnapprovedPunch(
  tx: Transaction,
  companyId: string,
  employeeId: string,
  punchId: string,
  doing: 'editing' | 'deleting',
) {
  const state = await readEmployeeState(tx, companyId, employeeId, [repo.punchRef(companyId, punchId)]);
  const before = repo.punchFromSnapshot(state.extra[0]);
  if (!before) throw punchNotFound();
  if (before.state === 'approved')
    throw attendanceErrors.PUNCH_LOCKED(`The punch is approved: unapprove it before ${doing}`);
  return { ...state, before };
}

export async function editPunch({
  companyId,
  uid,
  punchId,
  body,
}: ManagerChange & { punchId: string; body: EditPunchBody }): Promise<PunchView> {
  return runExclusiveOnPunch(companyId, punchId, async (tx, employeeId) => {
    const now = Date.now();
    const { before, ...state } = await readUnapprovedPunch(tx, companyId, employeeId, punchId, 'editing');
    if (body.positionId !== undefined) await assertRoleExists(tx, companyId, body.positionId);
    const clockInAt = body.clockInAt ?? before.clockInAt;
    const businessDate = businessDateOf(clockInAt, calendarOf(state.company));
    let breaks = body.breaks ? breaksWithPay(body.breaks, state.settings) : before.breaks;
    const closing = before.clockOutAt === null && body.clockOutAt !== undefined;
    const clockOutAt = body.clockOutAt ?? before.clockOutAt;
    if (closing && !body.breaks) breaks = endRunningBreak(breaks, clockOutAt!);
    let draft: PunchView = {
      ...before,
      clockInAt,
      clockOutAt,
      breaks,
      businessDate,
      updatedAt: now,
      state: clockOutAt === null ? 'open' : 'pending',
      vendor: reviewed(before.vendor, uid, now),
    };
    assertTimeline(draft, now);
    await assertDatesUnlocked(tx, companyId, [...new Set([before.businessDate, businessDate])]);
    await assertNoOverlap(tx, draft, now);
    if (clockInAt !== before.clockInAt) {
      const linked = await linkShift(companyId, before.employeeId, businessDate, clockInAt, state.company, tx);
      draft = { ...draft, shift: linked?.link ?? null };
    }
    if (body.positionId !== undefined) draft.positionId = body.positionId;
    const after = derive(draft, state.settings);
    const isOpenEntry = state.open?.punchId === punchId;
    return {
      result: after,
      write: (t) => {
        t.set(repo.punchRef(companyId, punchId), repo.punchToDoc(after));
        if (isOpenEntry && after.clockOutAt !== null) t.delete(repo.openPunchRef(companyId, before.employeeId));
        else if (isOpenEntry && after.clockInAt !== before.clockInAt) {
          t.set(repo.openPunchRef(companyId, before.employeeId), {
            ...state.open!,
            clockInAt: after.clockInAt,
            autoCloseAt: autoCloseAtOf(after.clockInAt, state.settings),
          });
        }
        recordAudit(t, companyId, { punchId, by: uid, action: 'edit', before, after, reason: body.reason, at: now });
      },
    };
  });
}

export async function deletePunch({
  companyId,
  uid,
  punchId,
  reason,
}: ManagerChange & { punchId: string; reason: string }): Promise<PunchView> {
  return runExclusiveOnPunch(companyId, punchId, async (tx, employeeId) => {
    const now = Date.now();
    const { before, open } = await readUnapprovedPunch(tx, companyId, employeeId, punchId, 'deleting');
    await assertDatesUnlocked(tx, companyId, [before.businessDate]);
    const isOpenEntry = open?.punchId === punchId;
    return {
      result: before,
      write: (t) => {
        t.delete(repo.punchRef(companyId, punchId));
        if (isOpenEntry) t.delete(repo.openPunchRef(companyId, before.employeeId));
        recordAudit(t, companyId, { punchId, by: uid, action: 'delete', before, after: null, reason, at: now });
      },
    };
  });
}
