import fc from 'fast-check';
import { addDays } from '../../../../../src/core/calendar';
import type { Employee } from '../../../../../src/modules/employees';
import type { Role } from '../../../../../src/modules/roles';
import { commitFindings } from '../../../../../src/modules/schedule/generate/commit-checks';
import type { Assignment } from '../../../../../src/modules/schedule/generate/model';
import { buildProblem, type GenerationInputs } from '../../../../../src/modules/schedule/generate/problem';
import { generate } from '../../../../../src/modules/schedule/generate/solve';
import { timed } from '../../../../../src/modules/schedule/rules';
import type { Shift } from '../../../../../src/modules/schedule/schemas';
import { conflictWindow, withTimes } from '../../../../../src/modules/schedule/shift-checks';
import { timeOffInterval, type TimeOff } from '../../../../../src/modules/schedule/time-off';
import { restaurant } from '../../../../helpers/restaurants';

/**
 * The commit of a proposal checks its drafts exactly as PUT /shifts checks a draft. Over generated
 * restaurants (overnight closing dayparts, several time zones, business days changing after
 * midnight, day-offs starting at every hour around the range): what generation proposes passes
 * those checks, and a day-off approved after generating refuses the drafts it meets.
 */

const shiftOf = (s: GenerationInputs['shifts'][number]): Shift =>
  ({ companyId: 'c', positionId: null, subRoleId: null, scheduleId: null, note: '', onHold: false, ...s }) as Shift;

/** The drafts a commit of `assignments` writes. */
function draftsOf(inputs: GenerationInputs, assignments: Assignment[]) {
  const seats = new Map(buildProblem(inputs).seats.map((s) => [s.id, s]));
  return assignments.map((a, n) => {
    const seat = seats.get(a.seatId)!;
    return withTimes(
      {
        id: `p-${n + 1}`,
        companyId: 'c',
        date: seat.date,
        employeeId: a.staffId,
        positionId: seat.roleId,
        subRoleId: seat.subRoleId,
        start: seat.start,
        end: seat.end,
        mode: 'draft',
        scheduleId: null,
        note: '',
        onHold: false,
        createdAt: 0,
        updatedAt: 0,
      },
      inputs.rules,
    );
  });
}

function check(inputs: GenerationInputs, drafts: ReturnType<typeof draftsOf>, timeOffs: TimeOff[]) {
  return commitFindings(drafts, inputs.shifts.map(shiftOf), {
    rules: inputs.rules,
    employees: new Map<string, Employee>(inputs.employees.map((e) => [e.id, e])),
    roles: new Map<string, Role>(inputs.roles.map((r) => [r.id, r])),
    timeOffs,
  });
}

/** What generation reads of the approved day-offs: the dates of the window around the range. */
const readForGeneration = (inputs: GenerationInputs, timeOffs: TimeOff[]) => {
  const { from, to } = conflictWindow(inputs.from, inputs.to);
  return timeOffs.filter((t) => t.date >= from && t.date <= to);
};

/** A day-off of `employeeId` around `date`, starting at any hour (or the whole business day). */
const dayOff = fc.record({
  day: fc.integer({ min: -1, max: 1 }),
  whole: fc.boolean(),
  startHour: fc.integer({ min: 0, max: 23 }),
  hours: fc.integer({ min: 1, max: 12 }),
});

function timeOffOf(
  t: typeof dayOff extends fc.Arbitrary<infer T> ? T : never,
  employeeId: string,
  date: string,
  n: number,
): TimeOff {
  const start = t.startHour * 60;
  return {
    id: `off-${n}`,
    requestId: `req-${n}`,
    employeeId,
    date: addDays(date, t.day),
    start: t.whole ? null : start,
    end: t.whole ? null : Math.min(start + t.hours * 60, 1440),
  };
}

/** The parameters of a generated instance (a counterexample names these, not the whole restaurant). */
const instance = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  employees: fc.integer({ min: 4, max: 10 }),
  days: fc.integer({ min: 1, max: 7 }),
  firstDay: fc.integer({ min: 0, max: 13 }),
  timezone: fc.constantFrom('UTC', 'Europe/Madrid', 'America/New_York'),
  dayChangeHour: fc.constantFrom(0, 2, 4),
  weekStartingDay: fc.integer({ min: 0, max: 6 }),
  offs: fc.array(fc.record({ employee: fc.nat(), date: fc.integer({ min: -1, max: 7 }), off: dayOff }), {
    maxLength: 12,
  }),
  /** Per employee, a day-off the day after the range (often from midnight), which only an overnight seat reaches. */
  afterRange: fc.array(
    fc.record({
      whole: fc.boolean(),
      startHour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constant(0)),
      hours: fc.integer({ min: 1, max: 12 }),
    }),
    { minLength: 10, maxLength: 10 },
  ),
});

function build(o: typeof instance extends fc.Arbitrary<infer T> ? T : never) {
  const base = restaurant({
    employees: o.employees,
    seats: o.employees * 3,
    seed: o.seed,
    from: addDays('2026-03-02', o.firstDay),
    days: o.days,
  });
  const inputs: GenerationInputs = {
    ...base,
    rules: {
      ...base.rules,
      timezone: o.timezone,
      dayChangeTime: o.dayChangeHour * 3600,
      weekStartingDay: o.weekStartingDay,
    },
  };
  const timeOffs = [
    ...o.offs.map((t, n) =>
      timeOffOf(t.off, base.employees[t.employee % base.employees.length].id, addDays(base.from, t.date), n),
    ),
    ...base.employees.map((e, i) => timeOffOf({ ...o.afterRange[i], day: 1 }, e.id, base.to, o.offs.length + i)),
  ];
  return { inputs, timeOffs };
}

const RUNS = 20;

describe('committing a proposal: the checks of PUT /shifts', () => {
  it('over generated instances, every draft of a proposal passes the checks of PUT /shifts, day-offs the overnight seats reach included', async () => {
    await fc.assert(
      fc.asyncProperty(instance, async (params) => {
        const { inputs, timeOffs } = build(params);
        const read = { ...inputs, timeOff: readForGeneration(inputs, timeOffs) };
        const { assignments } = await generate(buildProblem(read), { timeLimitSeconds: 2 });
        const blocking = check(inputs, draftsOf(inputs, assignments), timeOffs).filter((f) => f.blocking);
        expect(blocking).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('over generated instances, a day-off approved after generating refuses exactly the drafts it meets (finding timeOff)', async () => {
    const lateOffs = fc.array(fc.record({ draft: fc.nat(), overnight: fc.boolean(), off: dayOff }), {
      minLength: 1,
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(instance, lateOffs, async (params, late) => {
        const { inputs } = build(params);
        const { assignments } = await generate(buildProblem(inputs), { timeLimitSeconds: 2 });
        const drafts = draftsOf(inputs, assignments);
        // Day-offs of the drafted employees, dated the day before, the day of or the day after a
        // draft; half of them near an overnight draft, when there is one.
        const overnight = drafts.filter(({ shift }) => shift.end !== null && shift.end < shift.start);
        const timeOffs = drafts.length
          ? late.map((t, n) => {
              const near = t.overnight && overnight.length ? overnight : drafts;
              const { shift } = near[t.draft % near.length];
              return timeOffOf(t.off, shift.employeeId, shift.date, n);
            })
          : [];
        const refused = new Set(
          check(inputs, drafts, timeOffs)
            .filter((f) => f.rule === 'timeOff' && f.blocking)
            .map((f) => f.shiftId),
        );
        const meets = drafts
          .filter(({ shift }) => {
            const t = timed(shift, inputs.rules);
            return timeOffs.some((off) => {
              const i = timeOffInterval(off, inputs.rules);
              return off.employeeId === shift.employeeId && i.startMs < t.endMs && t.startMs < i.endMs;
            });
          })
          .map((d) => d.shift.id);
        expect([...refused].sort()).toEqual(meets.sort());
      }),
      { numRuns: RUNS },
    );
  });

  it('a Sunday 18:00-01:00 draft proposed before a Monday 00:00-10:00 day-off was approved is refused at commit', async () => {
    const inputs = restaurant({ employees: 1, seats: 7, seed: 3, from: '2026-03-08', days: 1 });
    const employee = inputs.employees[0];
    const [position] = employee.positions;
    const closing = { start: 18 * 60, end: 60, [position.subcategoryId]: { required: 1, hold: 0 } };
    const sunday = { ...inputs, employees: [{ ...employee, availabilities: {} } as Employee] };
    sunday.template = { Sunday: { shifts: { [position.categoryId]: [closing] } } };
    const { assignments } = await generate(buildProblem(sunday), { timeLimitSeconds: 2 });
    const drafts = draftsOf(sunday, assignments);
    expect(drafts.map((d) => [d.shift.date, d.shift.start, d.shift.end])).toEqual([['2026-03-08', 18 * 60, 60]]);
    const off: TimeOff = {
      id: 'req-1_2026-03-09',
      requestId: 'req-1',
      employeeId: employee.id,
      date: '2026-03-09',
      start: 0,
      end: 10 * 60,
    };
    expect(check(sunday, drafts, [off])).toEqual([
      expect.objectContaining({ rule: 'timeOff', blocking: true, shiftId: 'p-1', timeOffId: off.id }),
    ]);
    const regenerated = await generate(buildProblem({ ...sunday, timeOff: [off] }), { timeLimitSeconds: 2 });
    expect(regenerated.assignments).toEqual([]);
  });
});
