import type { Transaction } from 'firebase-admin/firestore';
import { coreErrors, type ErrorFactory } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { db } from '../../core/firebase';
import { companyNotFound } from '../../core/firestore';
import { listMembershipsOfUser, roleAtLeast, type Membership } from '../../core/memberships';
import { companyRulesFromSnapshots, companyRulesRefs, mergeScheduleTemplate, readScheduleTemplate } from '../companies';
import { employeeErrors, employeeFromSnapshot, employeeRef, findEmployeeByUser, type Employee } from '../employees';
import { roleErrors, roleFromSnapshot, roleRef, type Role } from '../roles';
import { scheduleErrors } from './errors';
import * as repo from './repo';
import {
  evaluate,
  findingKey,
  restFindings,
  scheduleRulesOf,
  timeOffFindings,
  timed,
  type ScheduleRules,
  type Timed,
} from './rules';
import { changePremium, classifyChange, type Interval } from './fair-workweek';
import { stagePremiums, type NewPremium, type Premium } from './premiums';
import { listTimeOff } from './time-off';
import {
  LIVE_MODES,
  MAX_RANGE_DAYS,
  type Finding,
  type ListShiftsQuery,
  type PublishBody,
  type Shift,
  type ShiftAddress,
  type ShiftMode,
  type ShiftPostBody,
  type ShiftPutBody,
} from './schemas';
import { addDays, businessToday, requireDateRange } from '../../core/calendar';

/** Days read on each side of a shift's date for its conflict check: its company week and the neighbouring days. */
const WINDOW_DAYS = 7;
/** Firestore commits at most 500 writes; a publish writes each draft plus three lock writes per employee. */
const MAX_COMMIT_WRITES = 500;

export const lockKey = (companyId: string, employeeId: string) => `schedule/${companyId}/${employeeId}`;

const shiftNotFound = () => scheduleErrors.SHIFT_NOT_FOUND('Shift not found at that date, employee and mode');

export const checkRange = (startDate: string, endDate: string): number =>
  requireDateRange(startDate, endDate, MAX_RANGE_DAYS);

/** The shifts a candidate of `mode` must stand with: live shifts stand with live ones; a draft with the drafts and the live schedule it will join. */
export const standsWith = (mode: ShiftMode) => (other: Shift) => mode === 'draft' || LIVE_MODES.includes(other.mode);

// ---------------------------------------------------------------- reading

export async function listShifts({ member, query }: { member: Membership; query: ListShiftsQuery }): Promise<Shift[]> {
  checkRange(query.startDate, query.endDate);
  if (query.includeDraft && !roleAtLeast(member.role, 'manager')) {
    throw coreErrors.INSUFFICIENT_ROLE(
      'Drafts are visible to managers and owners only; employees see the published schedule',
    );
  }
  const modes: ShiftMode[] = ['published'];
  if (query.includeManual) modes.push('manual');
  if (query.includeDraft) modes.push('draft');
  const shifts = await repo.listRange({
    companyId: member.companyId,
    from: query.startDate,
    to: query.endDate,
    modes,
    employeeId: query.employeeId,
    positionId: query.positionId,
    scheduleId: query.scheduleId,
  });
  return shifts.sort(byTime);
}

const byTime = (a: Shift, b: Shift) =>
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
      const shifts = await repo.listRange({ companyId: m.companyId, from, to, modes: LIVE_MODES, employeeId });
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

// ---------------------------------------------------------------- references

interface References {
  employee: Employee | null;
  role: Role | null;
}

/** The codes of blocking reference findings (owned by the employees and roles modules). */
const REFERENCE_ERRORS: Partial<Record<Finding['rule'], ErrorFactory>> = {
  unknownEmployee: employeeErrors.UNKNOWN_EMPLOYEE,
  employeeArchived: employeeErrors.EMPLOYEE_ARCHIVED,
  unknownRole: roleErrors.UNKNOWN_ROLE,
  roleArchived: roleErrors.ROLE_ARCHIVED,
  unknownSubRole: roleErrors.UNKNOWN_SUB_ROLE,
  subRoleArchived: roleErrors.UNKNOWN_SUB_ROLE,
};

/** The employee and role of a shift must exist and be active, and the employee must hold the position. */
export function checkReferences(shift: Shift, refs: References): Finding[] {
  const base = { shiftId: shift.id, employeeId: shift.employeeId, date: shift.date, blocking: true };
  const out: Finding[] = [];
  const { employee, role } = refs;
  if (!employee)
    out.push({ ...base, rule: 'unknownEmployee', message: `no employee ${shift.employeeId} in this company` });
  else if (employee.archived)
    out.push({ ...base, rule: 'employeeArchived', message: `employee ${shift.employeeId} is archived` });
  if (shift.positionId) {
    if (!role) out.push({ ...base, rule: 'unknownRole', message: `no role ${shift.positionId} in this company` });
    else if (role.archived)
      out.push({ ...base, rule: 'roleArchived', message: `role ${shift.positionId} is archived` });
    else if (shift.subRoleId) {
      const sub = role.subRoles[shift.subRoleId];
      if (!sub)
        out.push({
          ...base,
          rule: 'unknownSubRole',
          message: `role ${shift.positionId} has no sub-role ${shift.subRoleId}`,
        });
      else if (sub.archived === true)
        out.push({
          ...base,
          rule: 'subRoleArchived',
          message: `sub-role ${shift.subRoleId} of role ${shift.positionId} is archived`,
        });
    }
    if (employee && role) {
      const holds = employee.positions.some(
        (p) => p.categoryId === shift.positionId && (!shift.subRoleId || p.subcategoryId === shift.subRoleId),
      );
      if (!holds) {
        out.push({
          ...base,
          rule: 'positionNotHeld',
          message: `employee ${shift.employeeId} does not hold the position ${shift.positionId}${shift.subRoleId ? ` / ${shift.subRoleId}` : ''}`,
        });
      }
    }
  } else if (shift.subRoleId) {
    out.push({ ...base, rule: 'unknownSubRole', message: 'a sub-role needs a role (positionId)' });
  }
  return out;
}

/** Unknown or archived references answer their own code; everything else that blocks is SHIFT_CONFLICT with every finding. */
export function throwIfBlocked(findings: Finding[]): Finding[] {
  const blocking = findings.filter((f) => f.blocking);
  if (blocking.length === 0) return findings;
  const reference = blocking.find((f) => REFERENCE_ERRORS[f.rule]);
  const details = blocking.map((f) => ({ ...f, path: f.rule }));
  if (reference) throw REFERENCE_ERRORS[reference.rule]!(blocking.map((f) => f.message).join('; '), details);
  throw scheduleErrors.SHIFT_CONFLICT(`The shift conflicts: ${blocking.map((f) => f.message).join('; ')}`, details);
}

// ---------------------------------------------------------------- writing one shift

interface WriteShiftInput {
  companyId: string;
  shiftId: string;
  address: ShiftAddress;
  body: ShiftPutBody;
  /** POST: the id is new by construction. */
  create?: boolean;
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

export function withTimes(
  shift: Omit<Shift, 'minutes' | 'workedMinutes'>,
  rules: ScheduleRules,
): { shift: Shift; timing: Timed<Shift> } {
  const draft = { ...shift, minutes: 0, workedMinutes: 0 };
  const timing = timed(draft, rules);
  draft.minutes = timing.minutes;
  draft.workedMinutes = timing.worked;
  return { shift: draft, timing };
}

/**
 * PUT and POST: in one exclusive transaction (keyed by the employee the shift leaves and the one
 * it goes to), read the shift, the company, its settings, the employee, the role and the
 * employee's shifts of the surrounding days; check; write. Two concurrent writes for one
 * employee are serialized, so the second sees the first.
 */
export async function writeShift({ companyId, shiftId, address, body, create }: WriteShiftInput) {
  const employeeId = body.employeeId ?? address.employeeId;
  const positionId = body.positionId ?? address.positionId ?? null;
  const subRoleId = body.subRoleId ?? address.subRoleId ?? null;
  const keys = [lockKey(companyId, address.employeeId), lockKey(companyId, employeeId)];
  return runExclusive(keys, async (tx) => {
    const ref = repo.shiftRef(companyId, shiftId);
    const docs = [ref, ...companyRulesRefs(companyId), employeeRef(companyId, employeeId)];
    if (positionId) docs.push(roleRef(companyId, positionId));
    const window = repo.employeeWindowQuery(
      companyId,
      employeeId,
      addDays(address.date, -WINDOW_DAYS),
      addDays(address.date, WINDOW_DAYS),
    );
    const [[shiftSnap, companySnap, settingsSnap, employeeSnap, roleSnap], windowSnap, timeOffs] = await Promise.all([
      tx.getAll(...docs),
      tx.get(window),
      listTimeOff(
        { companyId, from: addDays(address.date, -1), to: addDays(address.date, 1), employeeIds: [employeeId] },
        tx,
      ),
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
      .map((d) => repo.shiftFromDoc(d.id, d.data()))
      .filter(standsWith(shift.mode))
      .map((s) => timed(s, rules));
    const rest = shift.mode === 'draft' ? [] : restFindings(timing, others, rules, body.restConsent === true);
    const findings = throwIfBlocked([
      ...checkReferences(shift, { employee, role: roleSnap ? roleFromSnapshot(roleSnap) : null }),
      ...evaluate(timing, others, rules, employee?.availabilities),
      ...timeOffFindings(timing, timeOffs, rules),
      ...rest.map((r) => r.finding),
    ]);
    const changed =
      !existing ||
      existing.employeeId !== shift.employeeId ||
      existing.start !== shift.start ||
      existing.end !== shift.end;
    const owed = changed
      ? [
          ...changePremiums(existing, shift, rules, now),
          ...rest.map((r) => ({ ...r.premium, ...premiumOf(shift, rules) })),
        ]
      : [];
    const staged = stagePremiums(companyId, owed);
    return {
      result: { shift, warnings: findings, ...(staged.premiums.length ? { premiums: staged.premiums } : {}) },
      write: (t: Transaction) => {
        t.set(ref, repo.shiftToDoc(shift));
        staged.write(t);
      },
    };
  });
}

const intervalOf = (s: Shift, rules: ScheduleRules): Interval => {
  const t = timed(s, rules);
  return { startMs: t.startMs, endMs: t.endMs };
};

const premiumOf = (s: Shift, rules: ScheduleRules) => ({
  employeeId: s.employeeId,
  date: s.date,
  shiftId: s.id,
  jurisdiction: rules.jurisdiction ?? 'none',
});

/**
 * The fair-workweek premiums of a change of a published shift made at `now` (before: null for a
 * new shift; after: null for a cancellation; a move to another employee is a cancellation for one
 * and an addition for the other). Drafts and manual shifts are not the posted schedule: no premium.
 */
export function changePremiums(
  before: Shift | null,
  after: Shift | null,
  rules: ScheduleRules,
  now: number,
): NewPremium[] {
  const jurisdiction = rules.jurisdiction ?? 'none';
  if (jurisdiction === 'none') return [];
  const b = before?.mode === 'published' ? before : null;
  const a = after?.mode === 'published' ? after : null;
  const pairs: [Shift | null, Shift | null][] =
    b && a && b.employeeId !== a.employeeId
      ? [
          [b, null],
          [null, a],
        ]
      : [[b, a]];
  const out: NewPremium[] = [];
  for (const [x, y] of pairs) {
    const change = classifyChange(x && intervalOf(x, rules), y && intervalOf(y, rules), now);
    const due = change && changePremium(jurisdiction, change);
    if (due) out.push({ ...due, ...premiumOf((y ?? x)!, rules) });
  }
  return out;
}

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
}: {
  companyId: string;
  shiftId: string;
  address: ShiftAddress;
}) {
  return runExclusive(lockKey(companyId, address.employeeId), async (tx) => {
    const ref = repo.shiftRef(companyId, shiftId);
    const [shiftSnap, companySnap, settingsSnap] = await tx.getAll(ref, ...companyRulesRefs(companyId));
    const existing = repo.shiftFromSnapshot(shiftSnap);
    if (!existing || !matchesAddress(existing, address)) throw shiftNotFound();
    const company = companyRulesFromSnapshots(companySnap, settingsSnap);
    const staged = stagePremiums(
      companyId,
      company ? changePremiums(existing, null, scheduleRulesOf(company), Date.now()) : [],
    );
    return {
      result: existing,
      write: (t: Transaction) => {
        t.delete(ref);
        staged.write(t);
      },
    };
  });
}

// ---------------------------------------------------------------- publishing

/**
 * Publishes the drafts of a date range (optionally of some employees or one schedule) in one
 * transaction: each draft is checked against the live schedule of its employee and the other
 * drafts published with it; any blocking finding refuses the whole publish (422, nothing
 * written). Exclusive per employee concerned, like single-shift writes.
 */
export async function publish({ companyId, body }: { companyId: string; body: PublishBody }) {
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

  let employees = new Set(selectDrafts(await repo.listRange(draftFilter)).map((s) => s.employeeId));
  // No drafts now: nothing to publish (a draft written after this read is simply later than the publish).
  if (employees.size === 0) return { published: [] as Shift[], warnings: [] as Finding[] };
  for (;;) {
    const locked = employees;
    type Outcome = { retry: Set<string> } | { published: Shift[]; warnings: Finding[]; premiums?: Premium[] };
    const outcome = await runExclusive<Outcome>(
      [...locked].map((e) => lockKey(companyId, e)),
      async (tx) => {
        const drafts = selectDrafts(await repo.listRange(draftFilter, tx));
        const concerned = new Set(drafts.map((d) => d.employeeId));
        if ([...concerned].some((e) => !locked.has(e))) return { result: { retry: concerned } };
        if (drafts.length === 0) return { result: { published: [] as Shift[], warnings: [] as Finding[] } };
        if (drafts.length + 3 * locked.size > MAX_COMMIT_WRITES) {
          throw scheduleErrors.PUBLISH_TOO_LARGE(
            `${drafts.length} drafts of ${locked.size} employees are more than one atomic publish can write (${MAX_COMMIT_WRITES} writes, counting 3 per employee); publish a shorter range or fewer employeeIds per call`,
          );
        }
        const employeeIds = [...concerned];
        const roleIds = [...new Set(drafts.map((d) => d.positionId).filter((p): p is string => !!p))];
        const live = repo.listRange(
          {
            companyId,
            from: addDays(body.startDate, -WINDOW_DAYS),
            to: addDays(body.endDate, WINDOW_DAYS),
            modes: LIVE_MODES,
          },
          tx,
        );
        const refs = tx.getAll(
          ...companyRulesRefs(companyId),
          ...employeeIds.map((e) => employeeRef(companyId, e)),
          ...roleIds.map((r) => roleRef(companyId, r)),
        );
        const offs = listTimeOff(
          { companyId, from: addDays(body.startDate, -1), to: addDays(body.endDate, 1), employeeIds },
          tx,
        );
        const [liveShifts, [companySnap, settingsSnap, ...rest], timeOffs] = await Promise.all([live, refs, offs]);
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
        const consented = new Set((body.restConsents ?? []).map((c) => `${c.employeeId}|${c.date}`));
        const restOwed: NewPremium[] = [];
        const publishing = new Set(published.map((p) => p.shift.id));
        for (const { shift, timing } of published) {
          const employee = employees.get(shift.employeeId) ?? null;
          const others = standing.get(shift.employeeId)!.filter((t) => t.shift.id !== shift.id);
          const found = [
            ...checkReferences(shift, {
              employee,
              role: shift.positionId ? (roles.get(shift.positionId) ?? null) : null,
            }),
            ...evaluate(timing, others, rules, employee?.availabilities),
            ...timeOffFindings(timing, timeOffs, rules),
          ];
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
        }
        const all = [...findings.values()];
        const blocking = all.filter((f) => f.blocking);
        if (blocking.length) {
          throw scheduleErrors.SHIFT_CONFLICT(
            `Nothing was published: ${blocking.length} conflict(s): ${blocking
              .slice(0, 5)
              .map((f) => f.message)
              .join('; ')}${blocking.length > 5 ? '; ...' : ''}`,
            blocking.map((f) => ({ ...f, path: f.rule })),
          );
        }
        const shifts = published.map((p) => p.shift);
        const staged = stagePremiums(companyId, [
          ...shifts.flatMap((s) => changePremiums(null, s, rules, now)),
          ...restOwed,
        ]);
        return {
          result: {
            published: shifts.sort(byTime),
            warnings: all,
            ...(staged.premiums.length ? { premiums: staged.premiums } : {}),
          },
          write: (t: Transaction) => {
            for (const s of shifts) t.set(repo.shiftRef(companyId, s.id), repo.shiftToDoc(s));
            staged.write(t);
          },
        };
      },
    );
    if ('retry' in outcome) {
      employees = new Set([...locked, ...outcome.retry]);
      continue;
    }
    return outcome;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// ---------------------------------------------------------------- schedule template

export async function getTemplate({ companyId }: { companyId: string }) {
  return { daysStructure: await readScheduleTemplate(companyId) };
}

/** Merges day by day: each day sent replaces that day whole; days not sent are kept. */
export async function patchTemplate({
  companyId,
  daysStructure,
}: {
  companyId: string;
  daysStructure: Record<string, unknown>;
}) {
  await mergeScheduleTemplate(companyId, daysStructure);
  return getTemplate({ companyId });
}
