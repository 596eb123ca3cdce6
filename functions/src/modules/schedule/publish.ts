import type { Transaction } from 'firebase-admin/firestore';
import { runExclusive } from '../../core/exclusive';
import { companyNotFound } from '../../core/firestore';
import { companyRulesFromSnapshots, companyRulesRefs } from '../companies';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { dispatchEvents, EVENT_WRITES, stageEvent, type StagedEvent } from '../events';
import { roleFromSnapshot, roleRef } from '../roles';
import { changePremiums, premiumOf } from './change-premiums';
import { scheduleErrors } from './errors';
import { stagePremiums, type NewPremium, type Premium } from './premiums';
import * as repo from './repo';
import { findingKey, restFindings, scheduleRulesOf, timed, type Timed } from './rules';
import { LIVE_MODES, type Finding, type Outcome, type PublishBody, type Shift, type ShiftMode } from './schemas';
import { outcomeOf } from './outcome';
import { checkRange, conflictError, conflictWindow, shiftFindings, withTimes } from './shift-checks';
import { byTime } from './shifts';
import { listTimeOff } from './time-off';
import { elsewhereFindings, elsewhereRestPremiums, readShiftsElsewhereOf, scheduleLocks } from './elsewhere';
import { LOCK_WRITES_PER_KEY, MAX_COMMIT_WRITES, writesLeft } from '../../core/locks';

/**
 * Publishes the drafts of a date range (optionally of some employees or one schedule) in one
 * transaction: each draft is checked against the live schedule of its employee and the other
 * drafts published with it; any blocking finding refuses the whole publish (422, nothing
 * written). Each draft is checked too against the same person's live shifts at the employer's other
 * locations (across-locations.ts), as PUT checks it. Exclusive per employee concerned (and their
 * linked records), like single-shift writes.
 */
export async function publish({
  companyId,
  body,
  actorUid,
  dryRun = false,
}: {
  companyId: string;
  body: PublishBody;
  actorUid: string;
  /** Check and answer what the publish would do, writing nothing. */
  dryRun?: boolean;
}) {
  checkRange(body.startDate, body.endDate);
  const wanted = body.employeeIds ? new Set(body.employeeIds) : null;
  const draftFilter = {
    companyId,
    from: body.startDate,
    to: body.endDate,
    modes: ['draft'] as ShiftMode[],
    scheduleId: body.scheduleId,
  };
  const selectDrafts = (shifts: Shift[]) => shifts.filter((s) => !wanted || wanted.has(s.employeeId));

  let employees = new Set(selectDrafts(await repo.listShiftsInRange(draftFilter)).map((s) => s.employeeId));
  // No drafts now: nothing to publish (a draft written after this read is simply later than the publish).
  const nothing = () => ({ published: [] as Shift[], warnings: [] as Finding[], outcome: outcomeOf(dryRun, [], []) });
  if (employees.size === 0) return nothing();
  // the event of the attempt that committed (the work runs again when its transaction is retried)
  let event: StagedEvent | undefined;
  for (;;) {
    const locked = employees;
    type Answer = { published: Shift[]; warnings: Finding[]; premiums?: Premium[]; outcome: Outcome };
    // the employees' schedules and their records' at the employer's other locations, checked with them
    const locks = await scheduleLocks(companyId, [...locked]);
    const outcome = await runExclusive<{ retry: Set<string> } | Answer>(locks.keys, async (tx) => {
      event = undefined;
      const drafts = selectDrafts(await repo.listShiftsInRange(draftFilter, tx));
      const concerned = new Set(drafts.map((d) => d.employeeId));
      if ([...concerned].some((e) => !locked.has(e))) return { result: { retry: concerned } };
      if (drafts.length === 0) return { result: nothing() };
      if (drafts.length > writesLeft(locks.keys.length) - EVENT_WRITES) {
        throw scheduleErrors.PUBLISH_TOO_LARGE(
          `${drafts.length} drafts of ${locked.size} employees are more than one atomic publish can write (${MAX_COMMIT_WRITES} writes, counting ${LOCK_WRITES_PER_KEY} per employee schedule locked); publish a shorter range or fewer employeeIds per call`,
        );
      }
      const employeeIds = [...concerned];
      const roleIds = [...new Set(drafts.map((d) => d.positionId).filter((p): p is string => !!p))];
      const around = conflictWindow(body.startDate, body.endDate);
      const live = repo.listShiftsInRange({ companyId, ...around, modes: LIVE_MODES }, tx);
      const refs = tx.getAll(
        ...companyRulesRefs(companyId),
        ...employeeIds.map((e) => employeeRef(companyId, e)),
        ...roleIds.map((r) => roleRef(companyId, r)),
      );
      const offs = listTimeOff({ companyId, ...around, employeeIds }, tx);
      const away = readShiftsElsewhereOf(tx, locks.linked, body.startDate, body.endDate);
      const [liveShifts, [companySnap, settingsSnap, ...rest], timeOffs, elsewhere] = await Promise.all([
        live,
        refs,
        offs,
        away,
      ]);
      const company = companyRulesFromSnapshots(companySnap, settingsSnap);
      if (!company) throw companyNotFound();
      const rules = scheduleRulesOf(company);
      const employees = new Map(rest.slice(0, employeeIds.length).map((s) => [s.id, employeeFromSnapshot(s)]));
      const roles = new Map(rest.slice(employeeIds.length).map((s) => [s.id, roleFromSnapshot(s)]));

      const now = Date.now();
      const published = drafts.map((d) => withTimes({ ...d, mode: 'published', updatedAt: now }, rules));
      const standing = new Map<string, Timed<Shift>[]>();
      for (const s of liveShifts) if (concerned.has(s.employeeId)) push(standing, s.employeeId, timed(s, rules));
      for (const p of published) push(standing, p.shift.employeeId, p.timing);

      const findings = new Map<string, Finding>();
      const across: Finding[] = [];
      const consented = new Set((body.restConsents ?? []).map((c) => `${c.employeeId}|${c.date}`));
      const restOwed: NewPremium[] = [];
      const publishing = new Set(published.map((p) => p.shift.id));
      for (const { shift, timing } of published) {
        const employee = employees.get(shift.employeeId) ?? null;
        const others = standing.get(shift.employeeId)!.filter((t) => t.shift.id !== shift.id);
        const found = shiftFindings({ shift, timing }, others, { rules, employee, roles, timeOffs });
        // A consent for either shift of a short rest covers the pair; its premium is recorded once, with the second shift.
        for (const r of restFindings(timing, others, rules, false)) {
          const ok =
            consented.has(`${shift.employeeId}|${shift.date}`) ||
            consented.has(`${shift.employeeId}|${r.other.shift.date}`);
          found.push({ ...r.finding, blocking: !ok });
          if (ok && (r.candidateIsSecond || !publishing.has(r.other.shift.id)))
            restOwed.push({ ...r.premium, ...premiumOf(shift, rules) });
        }
        for (const f of found) if (!findings.has(findingKey(f))) findings.set(findingKey(f), f);
        // the person's shifts at the other locations: a consent for the shift's date covers its rest
        // there, and the premium it owes is recorded here, with the shift that made the rest short
        const consentedHere = consented.has(`${shift.employeeId}|${shift.date}`);
        across.push(...elsewhereFindings(timing, elsewhere, rules, consentedHere));
        if (consentedHere)
          for (const p of elsewhereRestPremiums(timing, elsewhere, rules))
            restOwed.push({ ...p, ...premiumOf(shift, rules) });
      }
      const all = [...findings.values(), ...across];
      const blocking = all.filter((f) => f.blocking);
      if (blocking.length && dryRun)
        return { result: { published: [], warnings: [], outcome: outcomeOf(true, all, []) } };
      if (blocking.length) {
        throw conflictError(
          `Nothing was published: ${blocking.length} conflict(s): ${blocking
            .slice(0, 5)
            .map((f) => f.message)
            .join('; ')}${blocking.length > 5 ? '; ...' : ''}`,
          blocking,
        );
      }
      const shifts = published.map((p) => p.shift);
      const staged = stagePremiums(companyId, [
        ...shifts.flatMap((s) => changePremiums(null, s, rules, now)),
        ...restOwed,
      ]);
      const answer = {
        published: shifts.sort(byTime),
        warnings: all,
        outcome: outcomeOf(dryRun, all, staged.premiums),
      };
      if (dryRun) return { result: answer };
      const staging = stageEvent({
        companyId,
        type: 'shift.published',
        actor: { uid: actorUid },
        subjects: { shiftIds: shifts.map((s) => s.id), employeeIds: employeeIds },
        data: {
          startDate: body.startDate,
          endDate: body.endDate,
          shifts: shifts.map((s) => ({ shiftId: s.id, employeeId: s.employeeId, date: s.date })),
          premiums: staged.premiums,
        },
      });
      event = staging;
      return {
        result: { ...answer, ...(staged.premiums.length ? { premiums: staged.premiums } : {}) },
        write: (t: Transaction) => {
          for (const s of shifts) t.set(repo.shiftRef(companyId, s.id), repo.shiftToDoc(s));
          staged.write(t);
          staging.write(t);
        },
      };
    });
    if ('retry' in outcome) {
      employees = new Set([...locked, ...outcome.retry]);
      continue;
    }
    await dispatchEvents([event]);
    return outcome;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
