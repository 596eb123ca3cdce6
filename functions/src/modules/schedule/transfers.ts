import type { Transaction } from 'firebase-admin/firestore';
import { addDays } from '../../core/calendar';
import { AppError } from '../../core/errors';
import { db } from '../../core/firebase';
import { companyNotFound } from '../../core/firestore';
import { companyRulesFromSnapshots, companyRulesRefs } from '../companies';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { roleFromSnapshot, roleRef } from '../roles';
import { scheduleErrors } from './errors';
import * as repo from './repo';
import { scheduleRulesOf, timed, type ScheduleRules, type Timed } from './rules';
import { LIVE_MODES, type Finding, type Shift } from './schemas';
import { conflictWindow, throwIfBlocked, withTimes, writeFindings, type CheckContext } from './shift-checks';
import { elsewhereFindings, readShiftsElsewhereOf } from './elsewhere';
import { linkedRecordsOfEach } from '../organizations';
import { timeOffFromDoc, timeOffInterval, timeOffQuery, timeOffRecords, writeTimeOff, type TimeOff } from './time-off';

/**
 * Changes of the live schedule that shift requests make (swap, replace, emergency, day off), for
 * the requests module to run inside its own exclusive transaction (keys: `lockKey` of every
 * employee concerned), so that the request's state and the schedule change commit together.
 */

/** Every finding of a shift moved to a taker, the fair-workweek rest included (a transfer carries no rest consent). */
function takerFindings(moved: ReturnType<typeof withTimes>, others: Timed[], context: CheckContext): Finding[] {
  return writeFindings(moved, others, context, false).findings;
}

export interface ShiftTransfer {
  shiftId: string;
  /** The employee the shift must belong to now (else 409 SHIFT_CHANGED). */
  from: string;
  to: string;
}

/**
 * Reads and checks moving live shifts to other employees, all at once (a swap moves two). Every
 * finding blocks (422 SHIFT_CONFLICT with the findings): a taker must hold the role, be
 * available, have no overlapping shift or day-off, and pass the rest, daily and weekly rules
 * and the fair-workweek rest. Returns the moved shifts and their write.
 */
export async function prepareTransfers(
  reader: repo.Reader,
  { companyId, transfers, now = Date.now() }: { companyId: string; transfers: ShiftTransfer[]; now?: number },
) {
  const takers = [...new Set(transfers.map((t) => t.to))];
  const snaps = await reader.getAll(
    ...transfers.map((t) => repo.shiftRef(companyId, t.shiftId)),
    ...companyRulesRefs(companyId),
    ...takers.map((e) => employeeRef(companyId, e)),
  );
  const shiftSnaps = snaps.slice(0, transfers.length);
  const [companySnap, settingsSnap] = snaps.slice(transfers.length, transfers.length + 2);
  const employees = new Map(snaps.slice(transfers.length + 2).map((s) => [s.id, employeeFromSnapshot(s)]));
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const rules = scheduleRulesOf(company);

  const current = shiftSnaps.map((snap, i) => {
    const shift = repo.shiftFromSnapshot(snap);
    const t = transfers[i];
    if (!shift || shift.employeeId !== t.from || !LIVE_MODES.includes(shift.mode)) {
      throw scheduleErrors.SHIFT_CHANGED(`Shift ${t.shiftId} is no longer a live shift of employee ${t.from}`);
    }
    return shift;
  });
  const roleIds = [...new Set(current.map((s) => s.positionId).filter((p): p is string => !!p))];
  const dates = current.map((s) => s.date).sort();
  const { from, to } = conflictWindow(dates[0], dates[dates.length - 1]);
  const linked = await linkedRecordsOfEach(companyId, takers);
  const [roleSnaps, windows, timeOffSnap, elsewhere] = await Promise.all([
    roleIds.length ? reader.getAll(...roleIds.map((r) => roleRef(companyId, r))) : Promise.resolve([]),
    Promise.all(takers.map((e) => reader.get(repo.employeeWindowQuery(companyId, e, from, to)))),
    reader.get(timeOffQuery({ companyId, from, to })),
    readShiftsElsewhereOf(reader, linked, dates[0], dates[dates.length - 1]),
  ]);
  const roles = new Map(roleSnaps.map((s) => [s.id, roleFromSnapshot(s)]));
  const timeOffs: TimeOff[] = timeOffSnap.docs.map(timeOffFromDoc);

  const moving = new Set(transfers.map((t) => t.shiftId));
  const moved = current.map((s, i) => withTimes({ ...s, employeeId: transfers[i].to, updatedAt: now }, rules));
  const findings: Finding[] = [];
  takers.forEach((taker, k) => {
    const standing = windows[k].docs
      .filter((d) => !moving.has(d.id))
      .map(repo.shiftFromDoc)
      .filter((s) => LIVE_MODES.includes(s.mode))
      .map((s) => timed(s, rules));
    const arriving = moved.filter((m) => m.shift.employeeId === taker);
    const context = { rules, employee: employees.get(taker) ?? null, roles, timeOffs };
    for (const m of arriving) {
      const others = [...standing, ...arriving.filter((o) => o !== m).map((o) => o.timing)];
      findings.push(...takerFindings(m, others, context), ...elsewhereFindings(m.timing, elsewhere, rules, false));
    }
  });
  throwIfBlocked(findings.map((f) => ({ ...f, blocking: true })));
  const shifts = moved.map((m) => m.shift);
  return {
    shifts,
    write: (tx: Transaction) => shifts.forEach((s) => tx.set(repo.shiftRef(companyId, s.id), repo.shiftToDoc(s))),
  };
}

/** Whether an employee could take a shift now (the checks of prepareTransfers, outside a transaction). */
export async function transferFindings(
  companyId: string,
  transfer: ShiftTransfer,
): Promise<{ eligible: boolean; findings: unknown[] }> {
  try {
    await prepareTransfers(repo.plainReader, { companyId, transfers: [transfer] });
    return { eligible: true, findings: [] };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { eligible: false, findings: err.details ?? [] };
    throw err;
  }
}

/**
 * Which of several live shifts one employee could take (the checks of prepareTransfers, each
 * shift alone), reading the company, the taker and the taker's schedule once for all of them:
 * the ids of the eligible shifts.
 */
export async function eligibleShifts(
  companyId: string,
  taker: string,
  candidates: { shiftId: string; from: string }[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const snaps = await db().getAll(
    ...candidates.map((c) => repo.shiftRef(companyId, c.shiftId)),
    ...companyRulesRefs(companyId),
    employeeRef(companyId, taker),
  );
  const [companySnap, settingsSnap, employeeSnap] = snaps.slice(candidates.length);
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const rules = scheduleRulesOf(company);
  const employee = employeeFromSnapshot(employeeSnap);
  const shifts = snaps
    .slice(0, candidates.length)
    .map((snap) => repo.shiftFromSnapshot(snap))
    .filter((s, i): s is Shift => !!s && s.employeeId === candidates[i].from && LIVE_MODES.includes(s.mode));
  if (shifts.length === 0) return new Set();
  const roleIds = [...new Set(shifts.map((s) => s.positionId).filter((p): p is string => !!p))];
  const dates = shifts.map((s) => s.date).sort();
  const around = conflictWindow(dates[0], dates[dates.length - 1]);
  const linked = await linkedRecordsOfEach(companyId, [taker]);
  const [roleSnaps, windowSnap, offs, elsewhere] = await Promise.all([
    roleIds.length ? db().getAll(...roleIds.map((r) => roleRef(companyId, r))) : Promise.resolve([]),
    repo.employeeWindowQuery(companyId, taker, around.from, around.to).get(),
    timeOffQuery({ companyId, ...around, employeeIds: [taker] }).get(),
    readShiftsElsewhereOf(repo.plainReader, linked, dates[0], dates[dates.length - 1]),
  ]);
  const roles = new Map(roleSnaps.map((snap) => [snap.id, roleFromSnapshot(snap)]));
  const timeOffs = offs.docs.map(timeOffFromDoc);
  const standing = windowSnap.docs
    .map(repo.shiftFromDoc)
    .filter((s) => LIVE_MODES.includes(s.mode))
    .map((s) => timed(s, rules));
  const context = { rules, employee, roles, timeOffs };
  const eligible = new Set<string>();
  for (const s of shifts) {
    const m = withTimes({ ...s, employeeId: taker }, rules);
    const others = standing.filter((o) => o.shift.id !== s.id);
    if (takerFindings(m, others, context).length === 0 && !elsewhereFindings(m.timing, elsewhere, rules, false).length)
      eligible.add(s.id);
  }
  return eligible;
}

export interface DayOffPlan {
  requestId: string;
  employeeId: string;
  dates: string[];
  start: number | null;
  end: number | null;
}

/**
 * Reads and checks an approved day-off: no live shift of the employee may meet it (422
 * TIME_OFF_CONFLICT listing them). Returns the time-off records and their write.
 */
export async function prepareTimeOff(reader: repo.Reader, companyId: string, plan: DayOffPlan) {
  const dates = [...plan.dates].sort();
  const [[companySnap, settingsSnap], shiftsSnap] = await Promise.all([
    reader.getAll(...companyRulesRefs(companyId)),
    reader.get(
      repo.employeeWindowQuery(companyId, plan.employeeId, addDays(dates[0], -1), addDays(dates[dates.length - 1], 1)),
    ),
  ]);
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const rules: ScheduleRules = scheduleRulesOf(company);
  const records = timeOffRecords(plan);
  const live = shiftsSnap.docs.map(repo.shiftFromDoc).filter((s) => LIVE_MODES.includes(s.mode));
  const meeting: Shift[] = live.filter((s) => {
    const t = timed(s, rules);
    return records.some((r) => {
      const i = timeOffInterval(r, rules);
      return i.startMs < t.endMs && t.startMs < i.endMs;
    });
  });
  if (meeting.length) {
    throw scheduleErrors.TIME_OFF_CONFLICT(
      `The day-off meets ${meeting.length} live shift(s) of the employee: ${meeting.map((s) => `${s.id} on ${s.date}`).join(', ')}`,
      meeting.map((s) => ({ path: 'timeOff', message: `shift ${s.id} on ${s.date}`, shiftId: s.id, date: s.date })),
    );
  }
  return { records, write: (tx: Transaction) => writeTimeOff(tx, companyId, records) };
}
