import fc from 'fast-check';
import { addDays } from '../../../../../src/core/calendar';
import { minorBreaches, type MinorShift } from '../../../../../src/modules/compliance';
import type { Employee } from '../../../../../src/modules/employees';
import type { Role } from '../../../../../src/modules/roles';
import { greedy } from '../../../../../src/modules/schedule/generate/greedy';
import { scoring, type Assignment, type GenerationProblem } from '../../../../../src/modules/schedule/generate/model';
import { buildProblem, type GenerationInputs } from '../../../../../src/modules/schedule/generate/problem';
import { keepValid } from '../../../../../src/modules/schedule/generate/solve';
import { RESTAURANT_RULES } from '../../../../helpers/restaurants';

/**
 * Schedule generation never proposes a minor outside the hours the minors' rules allow: over
 * random templates, ages, places and school calendars, every shift the greedy pass gives a minor,
 * and every assignment the MIP's answer keeps (keepValid), passes the same check PUT /shifts runs
 * (compliance's minorBreaches) against the minor's other generated shifts.
 */

const FROM = '2026-05-25'; // a Monday; the range reaches June (the federal summer hours)
const ROLES = [
  { id: 'cook', name: 'Cook', rate: 15, archived: false, subRoles: { line: { name: 'Line' } } },
] as unknown as Role[];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

// mostly daytime slots a minor may take, a few at any hour
const slot = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      start: fc.integer({ min: 12, max: 40 }).map((q) => q * 30),
      length: fc.integer({ min: 1, max: 12 }).map((q) => q * 30),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      start: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
      length: fc.integer({ min: 1, max: 40 }).map((q) => q * 15),
    }),
  },
);
const template = fc.array(fc.array(slot, { maxLength: 6 }), { minLength: 7, maxLength: 7 }).map((days) =>
  Object.fromEntries(
    days.map((slots, d) => [
      WEEKDAYS[d],
      {
        shifts: {
          cook: slots.map((s) => ({
            start: s.start,
            end: (s.start + s.length) % 1440,
            line: { required: 1, hold: 0 },
          })),
        },
      },
    ]),
  ),
);
const people = fc.array(fc.integer({ min: 12, max: 19 }), { minLength: 1, maxLength: 2 });
const places = fc.constantFrom(null, 'CA', 'NY', 'TX');
const calendars = fc.constantFrom(null, {
  terms: [{ from: '2025-09-01', to: '2026-06-05' }],
  closedDays: ['2026-05-25'],
  hours: { start: 8 * 60, end: 15 * 60 },
});

function inputsOf(
  t: Record<string, unknown>,
  ages: number[],
  state: string | null,
  calendar: unknown,
): GenerationInputs {
  const location = state ? { state, county: null, city: null } : null;
  return {
    from: FROM,
    to: addDays(FROM, 13),
    rules: {
      ...RESTAURANT_RULES,
      betweenShifts: 0,
      maxDayHours: 12,
      minorRules: 'block',
      minors: { location, calendar: calendar as never, weekStartingDay: 1 },
    },
    generationPriority: 'longer-shifts',
    generationFormat: 'standard',
    template: t,
    roles: ROLES,
    employees: ages.map(
      (age, i) =>
        ({
          id: `p${i}`,
          name: `p${i}`,
          surname: 'X',
          archived: false,
          positions: [{ categoryId: 'cook', subcategoryId: 'line' }],
          dateOfBirth: `${2026 - age}-06-01`,
        }) as unknown as Employee,
    ),
    shifts: [],
    timeOff: [],
    minRestMinutes: () => 0,
    currency: 'USD',
  };
}

/** Every minor's generated shift passes the PUT /shifts check against the minor's other generated shifts. */
function expectWithinHours(problem: GenerationProblem, inputs: GenerationInputs, assignments: Assignment[]) {
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  for (const e of inputs.employees) {
    const mine: MinorShift[] = assignments
      .filter((a) => a.staffId === e.id)
      .map((a) => seats.get(a.seatId)!)
      .map((s) => ({ id: s.id, date: s.date, start: s.start, minutes: s.minutes, worked: s.worked }));
    for (const s of mine) {
      const others = mine.filter((o) => o.id !== s.id);
      expect(minorBreaches(e.dateOfBirth, s, others, inputs.rules.minors!)).toEqual([]);
    }
  }
}

describe("generation and the minors' hours", () => {
  it('the greedy pass never gives a minor a shift outside the hours', () => {
    fc.assert(
      fc.property(template, people, places, calendars, (t, ages, state, calendar) => {
        const inputs = inputsOf(t, ages, state, calendar);
        const problem = buildProblem(inputs);
        expectWithinHours(problem, inputs, greedy(problem, [], scoring(problem)));
      }),
      { numRuns: 150 },
    );
  });

  it("what the MIP's answer keeps never breaks them either, whatever it proposed", () => {
    fc.assert(
      fc.property(
        template,
        people,
        places,
        calendars,
        fc.array(fc.nat(), { maxLength: 40 }),
        (t, ages, state, calendar, picks) => {
          const inputs = inputsOf(t, ages, state, calendar);
          const problem = buildProblem(inputs);
          if (problem.seats.length === 0) return;
          const proposed = picks.map((k, i) => ({
            seatId: problem.seats[(k + i) % problem.seats.length].id,
            staffId: problem.staff[k % problem.staff.length].id,
          }));
          expectWithinHours(problem, inputs, keepValid(problem, proposed));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives an under-14 nothing and a 15-year-old only the hours of the day', () => {
    const t = {
      Saturday: {
        shifts: {
          cook: [
            { start: 9 * 60, end: 12 * 60, line: { required: 1, hold: 0 } },
            { start: 18 * 60, end: 21 * 60, line: { required: 1, hold: 0 } },
          ],
        },
      },
    };
    const young = buildProblem(inputsOf(t, [13], null, null));
    expect(greedy(young, [], scoring(young))).toEqual([]);
    const saturdayOnly = buildProblem({ ...inputsOf(t, [15], null, null), from: '2026-05-30', to: '2026-05-30' });
    const given = greedy(saturdayOnly, [], scoring(saturdayOnly)).map(
      (a) => saturdayOnly.seats.find((s) => s.id === a.seatId)!.start,
    );
    expect(given).toEqual([9 * 60]);
  });
});
