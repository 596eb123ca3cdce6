import { db } from '../../../src/core/firebase';
import { addDays, businessSlotOfMinute, businessToday, shiftInterval } from '../../../src/core/calendar';
import type { DemoCompany } from '../types';
import { getCompanyRules } from '../../../src/modules/companies';
import { listShiftsInRange } from '../../../src/modules/schedule';
import { punchRef, punchToDoc, auditCollection } from '../../../src/modules/attendance/repo';
import { autoApproves } from '../../../src/modules/attendance/rules';
import { SETTINGS_DEFAULTS, type Break, type PunchView } from '../../../src/modules/attendance/schemas';
import { blankPunch, derive, shiftLinkOf } from '../../../src/modules/attendance/punch-rules';

const MINUTE = 60_000;

/**
 * Demo punches: one per published shift of the last two weeks that has already ended (the schedule
 * seeder publishes the current company week, so these are its past days). Deterministic with
 * company.random(): most on time, about one in seven late (6-20 minutes), a meal break in shifts of
 * six hours or more except one (a missed break), one auto clock-out; punches older than two days
 * approved, the recent ones pending unless they auto-approve. Ids are stable (a reload rewrites them).
 */
export async function seed(company: DemoCompany): Promise<string> {
  const rules = await getCompanyRules({ companyId: company.companyId });
  const { timezone, defaultDuration } = rules.profile;
  const dayChangeTime = rules.settings.dayChangeTime;
  const today = businessToday(timezone, dayChangeTime);
  const now = Date.now();
  const settings = SETTINGS_DEFAULTS;
  const shifts = (
    await listShiftsInRange({
      companyId: company.companyId,
      from: addDays(today, -15),
      to: today,
      modes: ['published'],
    })
  )
    .filter((s) => businessSlotOfMinute(s.date, s.start, dayChangeTime).businessDate >= addDays(today, -14))
    .map((s) => ({ shift: s, ...shiftInterval(s, timezone, defaultDuration) }))
    .filter((s) => s.endMs < now)
    .sort((a, b) => a.startMs - b.startMs || a.shift.employeeId.localeCompare(b.shift.employeeId));

  const punches: PunchView[] = [];
  let missedBreak = false;
  let autoClosed = false;
  for (const { shift, startMs, endMs } of shifts) {
    const businessDate = businessSlotOfMinute(shift.date, shift.start, dayChangeTime).businessDate;
    const late = company.random() < 0.15;
    const clockInAt =
      startMs + (late ? 6 + Math.floor(company.random() * 15) : -6 + Math.floor(company.random() * 9)) * MINUTE;
    let clockOutAt = endMs + (-3 + Math.floor(company.random() * 11)) * MINUTE;
    const breaks: Break[] = [];
    const long = endMs - startMs >= 6 * 60 * MINUTE;
    if (long && !missedBreak && punches.length > 3) missedBreak = true;
    else if (long) {
      const mid = startMs + Math.floor((endMs - startMs) / 2 / MINUTE) * MINUTE;
      breaks.push({ type: 'meal', startAt: mid, endAt: mid + 30 * MINUTE, paid: settings.mealBreaksPaid });
    }
    if (company.random() < 0.3) {
      const at = startMs + 2 * 60 * MINUTE;
      if (at + 10 * MINUTE < clockOutAt && !breaks.some((b) => b.startAt < at + 10 * MINUTE && at < (b.endAt ?? 0)))
        breaks.push({ type: 'rest', startAt: at, endAt: at + 10 * MINUTE, paid: settings.restBreaksPaid });
    }
    const autoClockedOut =
      !autoClosed && punches.length > 6 && !long && clockInAt + settings.autoClockOutAfterMinutes * MINUTE <= now;
    if (autoClockedOut) {
      autoClosed = true;
      clockOutAt = clockInAt + settings.autoClockOutAfterMinutes * MINUTE;
    }
    const punch = derive(
      {
        ...blankPunch(`demo-${shift.id}`, company.companyId, shift.employeeId, clockInAt),
        positionId: shift.positionId,
        businessDate,
        clockOutAt,
        deviceClockInAt: clockInAt - 2000,
        deviceClockOutAt: autoClockedOut ? null : clockOutAt + 1500,
        breaks: breaks.sort((a, b) => a.startAt - b.startAt),
        state: 'pending',
        shift: shiftLinkOf(shift, startMs, endMs),
        autoClockedOut,
        updatedAt: clockOutAt,
      },
      settings,
    );
    const approved = (businessDate < addDays(today, -2) && !autoClockedOut) || autoApproves(punch, settings);
    punches.push(
      approved
        ? { ...punch, state: 'approved', approvedAt: clockOutAt + 3600_000, approvedBy: company.ownerUid }
        : punch,
    );
  }

  for (let i = 0; i < punches.length; i += 400) {
    const batch = db().batch();
    for (const p of punches.slice(i, i + 400)) {
      batch.set(punchRef(company.companyId, p.id), punchToDoc(p));
      if (p.autoClockedOut) {
        batch.set(auditCollection(company.companyId).doc(`demo-${p.id}-auto`), {
          punchId: p.id,
          at: p.clockOutAt,
          by: 'system',
          action: 'auto_clock_out',
          before: { ...punchToDoc(p), clockOutAt: null, state: 'open', autoClockedOut: false },
          after: punchToDoc(p),
          reason: `No clock-out ${settings.autoClockOutAfterMinutes} minutes after clock-in: closed at the limit`,
        });
      }
    }
    await batch.commit();
  }
  const approved = punches.filter((p) => p.state === 'approved').length;
  const late = punches.filter((p) => p.exceptions.includes('late')).length;
  return `${punches.length} punches (${approved} approved, ${late} late, ${missedBreak ? 1 : 0} missed break, ${autoClosed ? 1 : 0} auto clock-out) for the published shifts of ${addDays(today, -14)}..${today}`;
}
