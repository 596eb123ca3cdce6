import { timeOffInterval } from '../time-off';
import type { DocumentData } from 'firebase-admin/firestore';
import { datesInRange, weekStart, weekdayName } from '../../../core/calendar';
import { toMinorUnits } from '../../../core/money';
import { strictestLimits } from '../../compliance';
import { birthDateOf, type Employee } from '../../employees';
import type { Role } from '../../roles';
import { timed, type ScheduleRules } from '../rules';
import type { DemandSeat } from './demand';
import {
  GENERATION_FORMATS,
  GENERATION_PRIORITIES,
  positionKey,
  type AvailabilityDay,
  type FixedShift,
  type GenerationFormat,
  type GenerationPriority,
  type GenerationProblem,
  type HeldSeat,
  type MinorPlan,
  type Seat,
  type Staff,
} from './model';

/** What the service gathers (generate/inputs.ts), as plain data: everything the proposal depends on. */
export interface GenerationInputs {
  from: string;
  to: string;
  rules: ScheduleRules;
  generationPriority: string;
  generationFormat: string;
  /** The schedule template (daysStructure): day -> shifts -> role id -> slots. */
  template: Record<string, unknown>;
  roles: Role[];
  employees: Employee[];
  /** Shifts that stand (every mode) in the conflict window around `from`..`to`. */
  shifts: { id: string; employeeId: string; date: string; start: number; end: number | null; mode: string }[];
  /** Approved day-offs in the same window (an overnight seat reaches the next date's): null start/end = the whole business day. */
  timeOff: { employeeId: string; date: string; start: number | null; end: number | null }[];
  /** Per linked employee, their live shifts at the employer's other locations (elsewhere.ts), epoch ms. */
  shiftsElsewhere?: Record<string, { startMs: number; endMs: number }[]>;
  /** Per employee, the minimum rest in minutes (betweenShifts, or stricter). */
  minRestMinutes: (employeeId: string) => number;
  currency: string;
  roleIds?: string[];
  employeeIds?: string[];
  /** Seats asked for by forecast demand (demand.ts), beside the template's. */
  demandSeats?: DemandSeat[];
}

type Slot = { start: number; end: number; key?: string } & Record<string, unknown>;

const isSlot = (v: unknown): v is Slot =>
  !!v && typeof v === 'object' && typeof (v as Slot).start === 'number' && typeof (v as Slot).end === 'number';
const isNeed = (v: unknown): v is { required: number; hold?: number } =>
  !!v && typeof v === 'object' && typeof (v as { required?: unknown }).required === 'number';

/**
 * The seats of the template over [from, to]: for each date, its weekday's slots; each slot's
 * sub-role entry {required, hold} gives `required` seats to fill and `hold` seats kept open.
 * Only active roles and sub-roles (and roleIds, when given) count. Then the seats forecast demand
 * asked for (`demandSeats`, demand.ts), each with its reason.
 */
export function seatsOf(
  inputs: Pick<GenerationInputs, 'from' | 'to' | 'rules' | 'template' | 'roles' | 'roleIds' | 'demandSeats'>,
): {
  seats: Seat[];
  held: HeldSeat[];
} {
  const seats: Seat[] = [];
  const held: HeldSeat[] = [];
  const active = new Map(
    inputs.roles.filter((r) => !r.archived && (!inputs.roleIds || inputs.roleIds.includes(r.id))).map((r) => [r.id, r]),
  );
  datesInRange(inputs.from, inputs.to).forEach((date, dayIndex) => {
    const weekday = weekdayName(date);
    const day = inputs.template[weekday] as { shifts?: Record<string, unknown> } | undefined;
    for (const [roleId, slots] of Object.entries(day?.shifts ?? {})) {
      const role = active.get(roleId);
      if (!role || !Array.isArray(slots)) continue;
      slots.filter(isSlot).forEach((slot, slotIndex) => {
        if (slot.start === slot.end) return;
        for (const [subRoleId, need] of Object.entries(slot)) {
          if (!isNeed(need) || !role.subRoles[subRoleId] || role.subRoles[subRoleId].archived === true) continue;
          const base = {
            date,
            weekStart: weekStart(date, inputs.rules.weekStartingDay),
            dayIndex,
            weekday,
            start: slot.start,
            end: slot.end,
            roleId,
            subRoleId,
            slotKey: typeof slot.key === 'string' ? slot.key : null,
          };
          const t = timed(
            { id: '', employeeId: '', date, start: slot.start, end: slot.end, mode: 'draft' },
            inputs.rules,
          );
          for (let n = 0; n < need.required; n++) {
            seats.push({
              ...base,
              id: `${date}.${roleId}.${slotIndex}.${subRoleId}.${n}`,
              startMs: t.startMs,
              endMs: t.endMs,
              minutes: t.minutes,
              worked: t.worked,
            });
          }
          for (let n = 0; n < (need.hold ?? 0); n++)
            held.push({ ...base, id: `${date}.${roleId}.${slotIndex}.${subRoleId}.hold${n}` });
        }
      });
    }
  });
  datesInRange(inputs.from, inputs.to).forEach((date, dayIndex) => {
    for (const d of inputs.demandSeats ?? []) {
      if (d.date !== date) continue;
      const t = timed({ id: '', employeeId: '', date, start: d.start, end: d.end, mode: 'draft' }, inputs.rules);
      seats.push({
        id: d.id,
        date,
        weekStart: weekStart(date, inputs.rules.weekStartingDay),
        dayIndex,
        weekday: weekdayName(date),
        start: d.start,
        end: d.end,
        roleId: d.roleId,
        subRoleId: d.subRoleId,
        slotKey: d.slotKey,
        because: d.because,
        startMs: t.startMs,
        endMs: t.endMs,
        minutes: t.minutes,
        worked: t.worked,
      });
    }
  });
  return { seats, held };
}

function availabilityOf(raw: DocumentData | undefined): Staff['availability'] {
  const out: Staff['availability'] = {};
  for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    const d = raw?.[name];
    if (!d || typeof d !== 'object') continue;
    const windows = [d.shift1, d.shift2].filter(
      (w) => w && typeof w.start === 'number' && typeof w.end === 'number',
    ) as AvailabilityDay['windows'];
    out[name] = { allDay: d.allDay === true, priority: typeof d.priority === 'number' ? d.priority : 0, windows };
  }
  return out;
}

/** A hiring date as YYYY-MM-DD (stored as epoch ms or a date string), else null. */
function hiringDate(h: unknown): string | null {
  if (typeof h === 'number' && Number.isFinite(h)) return new Date(h).toISOString().slice(0, 10);
  if (typeof h === 'string' && /^\d{4}-\d{2}-\d{2}/.test(h)) return h.slice(0, 10);
  return null;
}

/** An employee archived from a later date is not proposed from the day the archive takes effect. */
const departureOf = (e: Employee): Staff['blocked'] =>
  e.archive ? [{ startMs: e.archive.effectiveAt, endMs: Number.MAX_SAFE_INTEGER }] : [];

/** What the minors' laws allow the employee on each date of the range (null: an adult, or no date of birth). */
function minorPlanOf(e: Employee, inputs: GenerationInputs): MinorPlan | null {
  const { rules } = inputs;
  const birth = birthDateOf(e);
  if (!birth || !rules.minors) return null;
  const plan: MinorPlan = { days: {}, weekMinutes: {}, daysPerWeek: null };
  for (const date of datesInRange(inputs.from, inputs.to)) {
    const l = strictestLimits(birth, date, rules.minors);
    if (!l) continue;
    const { allowed, dayMinutes, earliest, latest, schoolHours } = l;
    plan.days[date] = { allowed, dayMinutes, earliest, latest, schoolHours };
    const week = weekStart(date, rules.weekStartingDay);
    plan.weekMinutes[week] = Math.min(plan.weekMinutes[week] ?? Infinity, l.weekMinutes);
    if (l.daysPerWeek !== null) plan.daysPerWeek = Math.min(plan.daysPerWeek ?? Infinity, l.daysPerWeek);
  }
  // a warn company may schedule minors outside the limits: generation still never proposes it
  return Object.keys(plan.days).length ? plan : null;
}

/**
 * The person's shifts at the other locations as windows no seat may meet: each shift widened by the
 * rest on both sides (the checks across locations, as the generation reads rest: the stricter of
 * betweenShifts and the fair-workweek rest). Absent for an employee with none, so that a problem
 * without links is what it was.
 */
function elsewhereOf(inputs: GenerationInputs, employeeId: string): Pick<Staff, 'elsewhere'> {
  const shifts = inputs.shiftsElsewhere?.[employeeId];
  if (!shifts?.length) return {};
  const restMs = inputs.minRestMinutes(employeeId) * 60_000;
  const elsewhere = shifts
    .map((s) => ({ startMs: s.startMs - restMs, endMs: s.endMs + restMs }))
    .sort((x, y) => x.startMs - y.startMs || x.endMs - y.endMs);
  return { elsewhere };
}

/** The whole problem, from the gathered inputs. Pure: the same inputs give the same problem. */
export function buildProblem(inputs: GenerationInputs): GenerationProblem {
  const { rules } = inputs;
  const { seats, held } = seatsOf(inputs);
  const roleRate = new Map(inputs.roles.map((r) => [r.id, r.rate]));
  const fixedOf = new Map<string, FixedShift[]>();
  for (const s of inputs.shifts) {
    const t = timed(s, rules);
    const list = fixedOf.get(s.employeeId) ?? [];
    list.push({
      id: s.id,
      date: s.date,
      weekStart: weekStart(s.date, rules.weekStartingDay),
      startMs: t.startMs,
      endMs: t.endMs,
      worked: t.worked,
    });
    fixedOf.set(s.employeeId, list);
  }
  const blockedOf = new Map<string, Staff['blocked']>();
  for (const off of inputs.timeOff) {
    const list = blockedOf.get(off.employeeId) ?? [];
    list.push(timeOffInterval(off, rules));
    blockedOf.set(off.employeeId, list);
  }
  const staff: Staff[] = inputs.employees
    .filter((e) => !e.archived && (!inputs.employeeIds || inputs.employeeIds.includes(e.id)))
    .map((e) => {
      const a = e.availabilities as DocumentData | undefined;
      const employeeMax = typeof a?.maxHoursInWeek === 'number' ? a.maxHoursInWeek * 60 : Infinity;
      const weekMax = Math.min(employeeMax, rules.maxHoursPerWeek * 60);
      return {
        id: e.id,
        name: `${e.name} ${e.surname}`,
        positions: e.positions.map((p) => positionKey(p.categoryId, p.subcategoryId)),
        availability: availabilityOf(a),
        maxWeekMinutes: Number.isFinite(weekMax) ? weekMax : null,
        minWeekMinutes: typeof a?.minHoursInWeek === 'number' ? a.minHoursInWeek * 60 : 0,
        maxDaysPerWeek: typeof a?.maxDaysPerWeek === 'number' ? a.maxDaysPerWeek : null,
        hiring: hiringDate(e.hiring),
        rateMinor: Object.fromEntries(
          e.positions.map((p) => [
            p.categoryId,
            toMinorUnits(e.rateRegular ?? roleRate.get(p.categoryId) ?? 0, inputs.currency),
          ]),
        ),
        blocked: [...(blockedOf.get(e.id) ?? []), ...departureOf(e)],
        minRestMinutes: inputs.minRestMinutes(e.id),
        ...elsewhereOf(inputs, e.id),
        fixed: (fixedOf.get(e.id) ?? []).sort((x, y) => x.id.localeCompare(y.id)),
        minor: minorPlanOf(e, inputs),
      };
    })
    .sort((x, y) => x.id.localeCompare(y.id));
  const priority = (GENERATION_PRIORITIES as readonly string[]).includes(inputs.generationPriority)
    ? (inputs.generationPriority as GenerationPriority)
    : 'longer-shifts';
  const format = (GENERATION_FORMATS as readonly string[]).includes(inputs.generationFormat)
    ? (inputs.generationFormat as GenerationFormat)
    : 'standard';
  return {
    seats,
    held,
    staff,
    rules: { maxDayMinutes: rules.maxDayHours === false ? null : rules.maxDayHours * 60, priority, format },
    days: datesInRange(inputs.from, inputs.to).length,
  };
}
