import type { Transaction } from 'firebase-admin/firestore';
import { addDays, businessToday } from '../../core/calendar';
import { coreErrors } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { db } from '../../core/firebase';
import { companyNotFound } from '../../core/firestore';
import { listMembershipsOfUser, roleAtLeast, type Membership } from '../../core/memberships';
import { withhold } from '../../http/visibility';
import { companyRulesFromSnapshots, companyRulesRefs, policiesInForce, viewerOf } from '../companies';
import { employeeFromSnapshot, employeeRef, findEmployeeByUser } from '../employees';
import { roleFromSnapshot, roleRef, type Role } from '../roles';
import { dispatchEvents, type StagedEvent } from '../events';
import { changePremiums, premiumOf } from './change-premiums';
import { shiftChangeEvent } from './events';
import { scheduleErrors } from './errors';
import { stagePremiums } from './premiums';
import * as repo from './repo';
import { scheduleRulesOf, timed } from './rules';
import type { ListShiftsQuery, Shift, ShiftAddress, ShiftMode, ShiftPostBody, ShiftPutBody } from './schemas';
import { LIVE_MODES, userShiftsResponse } from './schemas';
import { checkRange, conflictWindow, standsWith, throwIfBlocked, withTimes, writeFindings } from './shift-checks';
import { listTimeOff } from './time-off';
import { lockKeys } from '../../core/locks';
import { outcomeOf } from './outcome';
import { elsewhereFindings, elsewhereRestPremiums, readShiftsElsewhereOf, scheduleLocks } from './elsewhere';

/** The shifts of a company read by the API, and the write and delete of one shift. */

const shiftNotFound = () => scheduleErrors.SHIFT_NOT_FOUND('Shift not found at that date, employee and mode');

// ---------------------------------------------------------------- reading

export async function listShiftsForMember({
  member,
  query,
}: {
  member: Membership;
  query: ListShiftsQuery;
}): Promise<Shift[]> {
  checkRange(query.startDate, query.endDate);
  if (query.includeDraft && !roleAtLeast(member.role, 'manager')) {
    throw coreErrors.INSUFFICIENT_ROLE(
      'Drafts are visible to managers and owners only; employees see the published schedule',
    );
  }
  const modes: ShiftMode[] = ['published'];
  if (query.includeManual) modes.push('manual');
  if (query.includeDraft) modes.push('draft');
  const [shifts, onlyOwn] = await Promise.all([
    repo.listShiftsInRange({
      companyId: member.companyId,
      from: query.startDate,
      to: query.endDate,
      modes,
      employeeId: query.employeeId,
      positionId: query.positionId,
      scheduleId: query.scheduleId,
    }),
    seesOwnShiftsOnly(member),
  ]);
  return shifts.filter((s) => !onlyOwn || s.employeeId === member.employeeId).sort(byTime);
}

/** Employees see who works with them (the colleagues' shifts) only while employeeInteractionWorkWith is on. */
async function seesOwnShiftsOnly(member: Membership): Promise<boolean> {
  return member.role === 'employee' && !(await policiesInForce(member.companyId)).employeeInteractionWorkWith;
}

/** The order shifts are listed in: by date, start, employee, id. */
export const byTime = (a: Shift, b: Shift) =>
  a.date.localeCompare(b.date) ||
  a.start - b.start ||
  a.employeeId.localeCompare(b.employeeId) ||
  a.id.localeCompare(b.id);

/** Days listed by GET /shifts/user-shifts: from a week ago to five weeks ahead, in each company's calendar. */
const USER_SHIFTS_PAST_DAYS = 7;
const USER_SHIFTS_AHEAD_DAYS = 35;

export async function userShifts({ uid }: { uid: string }) {
  const memberships = await listMembershipsOfUser(uid);
  if (memberships.length === 0) return { companies: [], shifts: [] };
  const snaps = await db().getAll(...memberships.flatMap((m) => companyRulesRefs(m.companyId)));
  const perCompany = await Promise.all(
    memberships.map(async (m, i) => {
      const company = companyRulesFromSnapshots(snaps[2 * i], snaps[2 * i + 1]);
      if (!company) return null;
      const employeeId = m.employeeId ?? (await findEmployeeByUser(m.companyId, uid))?.id;
      if (!employeeId) return null;
      const rules = scheduleRulesOf(company);
      const today = businessToday(rules.timezone, rules.dayChangeTime);
      const from = addDays(today, -USER_SHIFTS_PAST_DAYS);
      const to = addDays(today, USER_SHIFTS_AHEAD_DAYS);
      const [shifts, viewer] = await Promise.all([
        repo.listShiftsInRange({ companyId: m.companyId, from, to, modes: LIVE_MODES, employeeId }),
        viewerOf(m),
      ]);
      withhold(userShiftsResponse.shape.shifts, shifts, viewer);
      const name = company.profile.name;
      return {
        company: {
          companyId: m.companyId,
          name: typeof name === 'string' ? name : undefined,
          timezone: rules.timezone,
          employeeId,
          from,
          to,
        },
        shifts,
      };
    }),
  );
  const found = perCompany.filter((c) => c !== null);
  return { companies: found.map((c) => c.company), shifts: found.flatMap((c) => c.shifts).sort(byTime) };
}

// ---------------------------------------------------------------- writing one shift

interface WriteShiftInput {
  companyId: string;
  shiftId: string;
  address: ShiftAddress;
  body: ShiftPutBody;
  /** POST: the id is new by construction. */
  create?: boolean;
  /** Who writes it (the event's actor); null for our own code. */
  actorUid?: string | null;
  /** Check and answer what the write would do, writing nothing. */
  dryRun?: boolean;
}

function matchesAddress(existing: Shift, a: ShiftAddress): boolean {
  return (
    existing.date === a.date &&
    existing.employeeId === a.employeeId &&
    existing.mode === a.mode &&
    (a.positionId === undefined || existing.positionId === a.positionId) &&
    (a.subRoleId === undefined || existing.subRoleId === a.subRoleId) &&
    (a.scheduleId === undefined || existing.scheduleId === a.scheduleId)
  );
}

/**
 * PUT and POST: in one exclusive transaction (keyed by the employee the shift leaves and the one
 * it goes to), read the shift, the company, its settings, the employee, the role and the
 * employee's shifts of the surrounding days; check; write. Two concurrent writes for one
 * employee are serialized, so the second sees the first.
 */
export async function writeShift({
  companyId,
  shiftId,
  address,
  body,
  create,
  actorUid = null,
  dryRun = false,
}: WriteShiftInput) {
  const employeeId = body.employeeId ?? address.employeeId;
  const positionId = body.positionId ?? address.positionId ?? null;
  const subRoleId = body.subRoleId ?? address.subRoleId ?? null;
  // the same person at the other locations of the employer: their schedules are checked, and locked, with this one
  const locks = await scheduleLocks(companyId, [employeeId]);
  const keys = [lockKeys.schedule(companyId, address.employeeId), ...locks.keys];
  const saved = await runExclusive(keys, async (tx) => {
    const ref = repo.shiftRef(companyId, shiftId);
    const docs = [ref, ...companyRulesRefs(companyId), employeeRef(companyId, employeeId)];
    if (positionId) docs.push(roleRef(companyId, positionId));
    const around = conflictWindow(address.date);
    const window = repo.employeeWindowQuery(companyId, employeeId, around.from, around.to);
    const [[shiftSnap, companySnap, settingsSnap, employeeSnap, roleSnap], windowSnap, timeOffs, elsewhere] =
      await Promise.all([
        tx.getAll(...docs),
        tx.get(window),
        listTimeOff({ companyId, ...around, employeeIds: [employeeId] }, tx),
        readShiftsElsewhereOf(tx, locks.linked, address.date),
      ]);

    const company = companyRulesFromSnapshots(companySnap, settingsSnap);
    if (!company) throw companyNotFound();
    const existing = repo.shiftFromSnapshot(shiftSnap);
    if (existing && (create || !matchesAddress(existing, address))) throw shiftNotFound();

    const rules = scheduleRulesOf(company);
    const employee = employeeFromSnapshot(employeeSnap);
    const now = Date.now();
    const { shift, timing } = withTimes(
      {
        id: shiftId,
        companyId,
        date: address.date,
        employeeId,
        positionId,
        subRoleId,
        start: body.start,
        end: body.end,
        mode: address.mode,
        scheduleId: existing ? existing.scheduleId : (address.scheduleId ?? null),
        note: body.note ?? '',
        onHold: body.onHold ?? false,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      },
      rules,
    );

    const others = windowSnap.docs
      .filter((d) => d.id !== shiftId)
      .map(repo.shiftFromDoc)
      .filter(standsWith(shift.mode))
      .map((s) => timed(s, rules));
    const roles = new Map<string, Role | null>(roleSnap ? [[roleSnap.id, roleFromSnapshot(roleSnap)]] : []);
    const context = { rules, employee, roles, timeOffs };
    const local = writeFindings({ shift, timing }, others, context, body.restConsent === true);
    const { rest } = local;
    const found = [...local.findings, ...elsewhereFindings(timing, elsewhere, rules, body.restConsent === true)];
    const findings = dryRun ? found : throwIfBlocked(found);
    const changed =
      !existing ||
      existing.employeeId !== shift.employeeId ||
      existing.start !== shift.start ||
      existing.end !== shift.end;
    const owed = changed
      ? [
          ...changePremiums(existing, shift, rules, now),
          ...rest.map((r) => ({ ...r.premium, ...premiumOf(shift, rules) })),
          ...elsewhereRestPremiums(timing, elsewhere, rules).map((p) => ({ ...p, ...premiumOf(shift, rules) })),
        ]
      : [];
    const staged = stagePremiums(companyId, owed);
    const outcome = outcomeOf(dryRun, found, staged.premiums);
    if (dryRun) return { result: { shift, warnings: outcome.warnings, outcome, event: null as StagedEvent | null } };
    const event = shiftChangeEvent(existing, shift, staged.premiums, actorUid);
    return {
      result: {
        shift,
        warnings: findings,
        ...(staged.premiums.length ? { premiums: staged.premiums } : {}),
        outcome,
        event,
      },
      write: (t: Transaction) => {
        t.set(ref, repo.shiftToDoc(shift));
        staged.write(t);
        event?.write(t);
      },
    };
  });
  const { event, ...result } = saved;
  await dispatchEvents([event]);
  return result;
}

/** POST /shifts (legacy): a new draft under a generated id, written and checked like a PUT. */
export function createDraft({
  companyId,
  scheduleId,
  body,
}: {
  companyId: string;
  scheduleId?: string;
  body: ShiftPostBody;
}) {
  const { date, employeeId, ...rest } = body;
  return writeShift({
    companyId,
    shiftId: repo.shiftsCollection(companyId).doc().id,
    address: { companyId, date, employeeId, mode: 'draft', scheduleId },
    body: rest,
    create: true,
  });
}

export async function deleteShift({
  companyId,
  shiftId,
  address,
  actorUid = null,
  dryRun = false,
}: {
  companyId: string;
  shiftId: string;
  address: ShiftAddress;
  actorUid?: string | null;
  /** Answer what the removal would do, writing nothing. */
  dryRun?: boolean;
}) {
  const removed = await runExclusive(lockKeys.schedule(companyId, address.employeeId), async (tx) => {
    const ref = repo.shiftRef(companyId, shiftId);
    const [shiftSnap, companySnap, settingsSnap] = await tx.getAll(ref, ...companyRulesRefs(companyId));
    const existing = repo.shiftFromSnapshot(shiftSnap);
    if (!existing || !matchesAddress(existing, address)) throw shiftNotFound();
    const company = companyRulesFromSnapshots(companySnap, settingsSnap);
    const staged = stagePremiums(
      companyId,
      company ? changePremiums(existing, null, scheduleRulesOf(company), Date.now()) : [],
    );
    const outcome = outcomeOf(dryRun, [], staged.premiums);
    if (dryRun) return { result: { ...existing, outcome, event: null as StagedEvent | null } };
    const event = shiftChangeEvent(existing, null, staged.premiums, actorUid);
    return {
      result: { ...existing, ...(staged.premiums.length ? { premiums: staged.premiums } : {}), outcome, event },
      write: (t: Transaction) => {
        t.delete(ref);
        staged.write(t);
        event?.write(t);
      },
    };
  });
  const { event, ...result } = removed;
  await dispatchEvents([event]);
  return result;
}
