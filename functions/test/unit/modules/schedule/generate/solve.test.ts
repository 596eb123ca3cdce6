import type { Employee } from '../../../../../src/modules/employees';
import type { Role } from '../../../../../src/modules/roles';
import { augment, firstFit } from '../../../../../src/modules/schedule/generate/greedy';
import {
  objectiveOf,
  type Assignment,
  type GenerationProblem,
} from '../../../../../src/modules/schedule/generate/model';
import { buildProblem, type GenerationInputs } from '../../../../../src/modules/schedule/generate/problem';
import { explain, generate } from '../../../../../src/modules/schedule/generate/solve';
import { seededRandom } from '../../../../../dev/demo/random';
import { RESTAURANT_RULES, restaurant } from '../../../../helpers/restaurants';

const MON = '2026-03-02';
const TUE = '2026-03-03';
const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const ROLES = [
  {
    id: 'cook',
    name: 'Cook',
    priority: 0,
    type: 'BOH',
    rate: 15,
    archived: false,
    subRoles: { line: { name: 'Line', priority: 0 }, prep: { name: 'Prep', priority: 1 } },
  },
] as unknown as Role[];

type Slot = { start: number; end: number; line?: number; prep?: number; hold?: number };

/** A template of Cook slots by weekday ({line: n} = n line cooks needed). */
function template(days: Record<string, Slot[]>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(days).map(([day, slots]) => [
      day,
      {
        shifts: {
          cook: slots.map(({ start, end, line, prep, hold }) => ({
            start,
            end,
            ...(line !== undefined ? { line: { required: line, hold: hold ?? 0 } } : {}),
            ...(prep !== undefined ? { prep: { required: prep, hold: 0 } } : {}),
          })),
        },
      },
    ]),
  );
}

function employee(id: string, extra: Partial<Employee> = {}): Employee {
  return {
    id,
    name: id,
    surname: 'X',
    archived: false,
    positions: [{ categoryId: 'cook', subcategoryId: 'line' }],
    ...extra,
  } as Employee;
}

function inputs(
  o: Partial<GenerationInputs> & { days: Record<string, Slot[]>; employees: Employee[] },
): GenerationInputs {
  const { days, ...rest } = o;
  return {
    from: MON,
    to: '2026-03-08',
    rules: { ...RESTAURANT_RULES, betweenShifts: 0, maxDayHours: false },
    generationPriority: 'longer-shifts',
    generationFormat: 'standard',
    roles: ROLES,
    shifts: [],
    timeOff: [],
    minRestMinutes: () => o.rules?.betweenShifts ?? 0,
    currency: 'USD',
    template: template(days),
    ...rest,
  };
}

async function run(i: GenerationInputs) {
  const problem = buildProblem(i);
  const { assignments, report } = await generate(problem, { timeLimitSeconds: 10 });
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const rows = assignments
    .map((a) => ({ ...seats.get(a.seatId)!, employeeId: a.staffId }))
    .sort((a, b) => a.startMs - b.startMs);
  return { problem, assignments, report, rows, explained: explain(problem, assignments) };
}

const times = (rows: { date: string; start: number; end: number }[]) =>
  rows.map((r) => `${r.date} ${r.start}-${r.end}`);

describe('schedule generation: hard rules', () => {
  it('gives a seat only to an employee holding its role and sub-role; a sub-role nobody holds stays open as noQualifiedEmployee', async () => {
    const { rows, explained } = await run(
      inputs({ days: { Monday: [{ start: h(9), end: h(13), line: 1, prep: 1 }] }, employees: [employee('ana')] }),
    );
    expect(rows.map((r) => [r.subRoleId, r.employeeId])).toEqual([['line', 'ana']]);
    expect(explained.unfilled).toEqual([
      expect.objectContaining({ reason: 'noQualifiedEmployee', seat: expect.objectContaining({ subRoleId: 'prep' }) }),
    ]);
  });

  it('never schedules outside the availability of the weekday; a window that holds the shift is fine', async () => {
    const availabilities = {
      Monday: { allDay: false, priority: 0 },
      Tuesday: { allDay: false, priority: 2, shift1: { start: h(8), end: h(12) } },
      Wednesday: { allDay: false, priority: 2, shift1: { start: h(8), end: h(14) } },
    };
    const day = [{ start: h(9), end: h(13), line: 1 }];
    const { rows, explained } = await run(
      inputs({ days: { Monday: day, Tuesday: day, Wednesday: day }, employees: [employee('ana', { availabilities })] }),
    );
    expect(times(rows)).toEqual(['2026-03-04 540-780']);
    expect(explained.unfilled.map((u) => [u.seat.date, u.reason, u.blockedBy])).toEqual([
      [MON, 'noAvailableEmployee', [{ employeeId: 'ana', rule: 'availability' }]],
      [TUE, 'noAvailableEmployee', [{ employeeId: 'ana', rule: 'availability' }]],
    ]);
  });

  it('never schedules over approved time off, whole day or part of it', async () => {
    const day = [{ start: h(9), end: h(13), line: 1 }];
    const { rows, explained } = await run(
      inputs({
        days: { Monday: day, Tuesday: day, Wednesday: day },
        employees: [employee('ana')],
        timeOff: [
          { employeeId: 'ana', date: MON, start: null, end: null },
          { employeeId: 'ana', date: TUE, start: h(12), end: h(14) },
        ],
      }),
    );
    expect(times(rows)).toEqual(['2026-03-04 540-780']);
    expect(explained.unfilled.map((u) => u.blockedBy[0].rule)).toEqual(['timeOff', 'timeOff']);
  });

  it('never double-books: of two overlapping seats one employee takes one, and never one over an existing shift', async () => {
    const { rows, explained } = await run(
      inputs({
        days: {
          Monday: [
            { start: h(9), end: h(13), line: 1 },
            { start: h(12), end: h(16), line: 1 },
          ],
          Tuesday: [{ start: h(9), end: h(13), line: 1 }],
        },
        employees: [employee('ana')],
        shifts: [{ id: 'live', employeeId: 'ana', date: TUE, start: h(10), end: h(11), mode: 'published' }],
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].date).toBe(MON);
    expect(explained.unfilled.map((u) => [u.seat.date, u.reason, u.blockedBy[0].rule])).toEqual([
      [MON, 'allCandidatesBusy', 'overlap'],
      [TUE, 'allCandidatesBusy', 'overlap'],
    ]);
  });

  it('keeps betweenShifts minutes of rest (exactly that much is fine), and a stricter rest given per employee', async () => {
    const days = {
      Monday: [
        { start: h(8), end: h(12), line: 1 },
        { start: h(13), end: h(17), line: 1 },
        { start: h(17, 30), end: h(20), line: 1 },
      ],
    };
    const loose = await run(inputs({ days, employees: [employee('ana')], minRestMinutes: () => 60 }));
    expect(times(loose.rows)).toEqual([`${MON} 480-720`, `${MON} 780-1020`]);
    expect(loose.explained.unfilled[0].blockedBy).toEqual([{ employeeId: 'ana', rule: 'betweenShifts' }]);
    const strict = await run(inputs({ days, employees: [employee('ana')], minRestMinutes: () => 90 }));
    expect(strict.rows).toHaveLength(2);
    expect(times(strict.rows)).toEqual([`${MON} 480-720`, `${MON} 1050-1200`]);
  });

  it('keeps a closing shift and the next opening shift apart by the fair-workweek rest', async () => {
    const days = { Monday: [{ start: h(18), end: h(1), line: 1 }], Tuesday: [{ start: h(8), end: h(12), line: 1 }] };
    const tight = await run(inputs({ days, employees: [employee('ana')], minRestMinutes: () => 600 }));
    expect(tight.rows).toHaveLength(1);
    const loose = await run(inputs({ days, employees: [employee('ana')], minRestMinutes: () => 420 }));
    expect(loose.rows).toHaveLength(2);
  });

  it('keeps the worked hours of a day within maxDayHours', async () => {
    const days = {
      Monday: [
        { start: h(6), end: h(12), line: 1 },
        { start: h(14), end: h(20), line: 1 },
      ],
    };
    const limited = await run(
      inputs({ days, employees: [employee('ana')], rules: { ...RESTAURANT_RULES, betweenShifts: 0, maxDayHours: 10 } }),
    );
    expect(limited.rows).toHaveLength(1);
    expect(limited.explained.unfilled[0].blockedBy).toEqual([{ employeeId: 'ana', rule: 'maxDayHours' }]);
    const open = await run(
      inputs({
        days,
        employees: [employee('ana')],
        rules: { ...RESTAURANT_RULES, betweenShifts: 0, maxDayHours: false },
      }),
    );
    expect(open.rows).toHaveLength(2);
  });

  it("keeps the week within the employee's maxHoursInWeek, counting the shifts already scheduled", async () => {
    const day = [{ start: h(9), end: h(17), line: 1 }];
    const { rows, explained } = await run(
      inputs({
        days: { Monday: day, Tuesday: day, Wednesday: day, Thursday: day, Friday: day },
        employees: [employee('ana', { availabilities: { maxHoursInWeek: 30 } })],
        shifts: [{ id: 'd', employeeId: 'ana', date: '2026-03-07', start: h(9), end: h(15), mode: 'draft' }],
      }),
    );
    expect(rows).toHaveLength(3);
    expect(explained.unfilled.map((u) => u.blockedBy[0].rule)).toEqual(['maxHoursInWeek', 'maxHoursInWeek']);
    expect(explained.assignments.at(-1)!.why).toMatchObject({ weekHoursAfter: 30, maxHoursInWeek: 30 });
  });

  it('keeps the company maxHoursPerWeek too, when it is lower', async () => {
    const day = [{ start: h(9), end: h(17), line: 1 }];
    const { rows } = await run(
      inputs({
        days: { Monday: day, Tuesday: day, Wednesday: day },
        employees: [employee('ana')],
        rules: { ...RESTAURANT_RULES, betweenShifts: 0, maxDayHours: false, maxHoursPerWeek: 16 },
      }),
    );
    expect(rows).toHaveLength(2);
  });

  it('keeps the working days of a week within maxDaysPerWeek; a second shift on a day already worked is no new day', async () => {
    const day = [
      { start: h(8), end: h(11), line: 1 },
      { start: h(15), end: h(18), line: 1 },
    ];
    const { rows, explained } = await run(
      inputs({
        days: { Monday: day, Tuesday: day, Wednesday: day },
        employees: [employee('ana', { availabilities: { maxDaysPerWeek: 2 } })],
      }),
    );
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.date)).size).toBe(2);
    expect(explained.unfilled.map((u) => u.blockedBy[0].rule)).toEqual(['maxDaysPerWeek', 'maxDaysPerWeek']);
  });

  it('leaves the template hold open, reported as held', async () => {
    const { rows, explained } = await run(
      inputs({
        days: { Monday: [{ start: h(9), end: h(13), line: 1, hold: 2 }] },
        employees: [employee('ana'), employee('ben')],
      }),
    );
    expect(rows).toHaveLength(1);
    expect(explained.unfilled.map((u) => u.reason)).toEqual(['held', 'held']);
  });

  it('on generated restaurants, no assignment breaks any rule (checked by an independent oracle)', async () => {
    for (const seed of [1, 2, 3]) {
      const i = restaurant({ employees: 25, seats: 120, seed });
      const { problem, assignments, explained } = await run(i);
      expect(violations(problem, assignments)).toEqual([]);
      // Every open seat's reason is true: each holder listed is really kept off by the rule named.
      for (const u of explained.unfilled.filter((x) => x.reason !== 'held')) {
        const seat = problem.seats.find((s) => s.id === u.seat.id)!;
        for (const b of u.blockedBy) {
          const others = assignments.filter((a) => a.staffId === b.employeeId && a.seatId !== seat.id);
          expect(violations(problem, [...others, { seatId: seat.id, staffId: b.employeeId }]).length).toBeGreaterThan(
            0,
          );
        }
        expect(u.reason === 'allCandidatesBusy').toBe(
          u.blockedBy.some((b) => !['availability', 'timeOff'].includes(b.rule)),
        );
      }
      expect(violations(problem, firstFit(problem))).toEqual([]);
      expect(assignments.length).toBeGreaterThan(0);
    }
  });
});

describe('schedule generation: objective', () => {
  const overlapping = {
    Monday: [
      { start: h(9), end: h(17), line: 1 },
      { start: h(8), end: h(12), line: 1 },
    ],
  };
  const twoDays = { Monday: [{ start: h(18), end: h(23), line: 1 }], Tuesday: [{ start: h(8), end: h(16), line: 1 }] };
  const one = [employee('ana', { availabilities: { maxDaysPerWeek: 1 } })];

  it('longer-shifts takes the longer of two seats one employee can work', async () => {
    expect(times((await run(inputs({ days: overlapping, employees: one }))).rows)).toEqual([`${MON} 540-1020`]);
    expect(times((await run(inputs({ days: twoDays, employees: one }))).rows)).toEqual([`${TUE} 480-960`]);
  });

  it('period-start fills the earlier day first, then the longer shift of a day', async () => {
    const generationPriority = 'period-start';
    expect(times((await run(inputs({ days: twoDays, employees: one, generationPriority }))).rows)).toEqual([
      `${MON} 1080-1380`,
    ]);
    expect(times((await run(inputs({ days: overlapping, employees: one, generationPriority }))).rows)).toEqual([
      `${MON} 540-1020`,
    ]);
  });

  it('chronological fills in time order: the earlier start wins even on the same day', async () => {
    const generationPriority = 'chronological';
    expect(times((await run(inputs({ days: twoDays, employees: one, generationPriority }))).rows)).toEqual([
      `${MON} 1080-1380`,
    ]);
    expect(times((await run(inputs({ days: overlapping, employees: one, generationPriority }))).rows)).toEqual([
      `${MON} 480-720`,
    ]);
  });

  it('covers more seats before it honours the priority: two short shifts beat one long one', async () => {
    const days = {
      Monday: [{ start: h(9), end: h(17), line: 1 }],
      Tuesday: [{ start: h(9), end: h(13), line: 1 }],
      Wednesday: [{ start: h(9), end: h(13), line: 1 }],
    };
    const { rows } = await run(
      inputs({ days, employees: [employee('ana', { availabilities: { maxHoursInWeek: 8 } })] }),
    );
    expect(times(rows)).toEqual([`${TUE} 540-780`, '2026-03-04 540-780']);
  });

  it('the seniority format gives the seat to the earlier hiring date; the standard format to the cheaper employee', async () => {
    const employees = [
      employee('senior', { hiring: '2015-04-01', rateRegular: 25 }),
      employee('junior', { hiring: '2024-01-15', rateRegular: 14 }),
    ];
    const days = { Monday: [{ start: h(9), end: h(13), line: 1 }] };
    const seniority = await run(inputs({ days, employees, generationFormat: 'seniority' }));
    expect(seniority.rows.map((r) => r.employeeId)).toEqual(['senior']);
    expect(seniority.explained.assignments[0].why).toMatchObject({
      hiring: '2015-04-01',
      seniorityRank: 1,
      costMinor: 10000,
    });
    const standard = await run(inputs({ days, employees, generationFormat: 'standard' }));
    expect(standard.rows.map((r) => r.employeeId)).toEqual(['junior']);
    expect(standard.explained.assignments[0].why).toMatchObject({ costMinor: 5600, alternatives: 1 });
  });

  it('spreads hours toward minHoursInWeek: the employee short of their minimum gets the seat', async () => {
    const employees = [employee('full'), employee('short', { availabilities: { minHoursInWeek: 10 } })];
    const { rows, explained } = await run(
      inputs({ days: { Monday: [{ start: h(9), end: h(13), line: 1 }] }, employees }),
    );
    expect(rows.map((r) => r.employeeId)).toEqual(['short']);
    expect(explained.assignments[0].why).toMatchObject({ weekHoursBefore: 0, weekHoursAfter: 4, minHoursInWeek: 10 });
  });

  it('matches the exhaustive optimum on small generated restaurants and reports a zero gap', async () => {
    for (const seed of [4, 5, 6, 7, 8, 9]) {
      const { problem, assignments, report } = await run(tiny(seed));
      const best = exhaustive(problem);
      expect(report.used).toBe('mip');
      expect(report.status).toBe('optimal');
      expect(report.gap).toBeLessThan(1e-6);
      expect(objectiveOf(problem, assignments)).toBeCloseTo(best, 6);
    }
  });

  it('coverage repair moves a seat to another employee so that an open seat can be filled', () => {
    const problem = buildProblem(
      inputs({
        days: { Monday: [{ start: h(9), end: h(13), line: 1, prep: 1 }] },
        employees: [
          employee('ana', {
            positions: [
              { categoryId: 'cook', subcategoryId: 'line' },
              { categoryId: 'cook', subcategoryId: 'prep' },
            ],
          }),
          employee('ben'),
        ],
      }),
    );
    const line = problem.seats.find((s) => s.subRoleId === 'line')!;
    const prep = problem.seats.find((s) => s.subRoleId === 'prep')!;
    const repaired = augment(problem, [{ seatId: line.id, staffId: 'ana' }]);
    expect(repaired.sort((a, b) => a.staffId.localeCompare(b.staffId))).toEqual([
      { seatId: prep.id, staffId: 'ana' },
      { seatId: line.id, staffId: 'ben' },
    ]);
  });

  it('solves in its own thread: the event loop keeps turning while the MIP runs', async () => {
    const problem = buildProblem(restaurant({ employees: 60, seats: 300, seed: 3 }));
    let turns = 0;
    let solving = true;
    const spin = () => {
      if (!solving) return;
      turns++;
      setImmediate(spin);
    };
    const result = generate(problem, { timeLimitSeconds: 3 });
    setImmediate(spin);
    const { report } = await result;
    solving = false;
    expect(report.used).toBe('mip');
    expect(turns).toBeGreaterThan(20);
  });

  it('the greedy method answers without the solver and says so', async () => {
    const problem = buildProblem(restaurant({ employees: 10, seats: 40 }));
    const { assignments, report } = await generate(problem, { timeLimitSeconds: 5, method: 'greedy' });
    expect(report).toMatchObject({ used: 'greedy', bound: null, gap: null });
    expect(violations(problem, assignments)).toEqual([]);
  });
});

/** A random company small enough to enumerate: two days, at most six seats, three employees. */
function tiny(seed: number): GenerationInputs {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const slot = (): Slot => {
    const start = pick([h(7), h(9), h(11), h(14), h(17)]);
    return {
      start,
      end: (start + pick([h(3), h(4), h(6), h(8)])) % 1440,
      ...(random() < 0.6 ? { line: 1 } : { prep: 1 }),
    };
  };
  const days = { Monday: [slot(), slot(), slot()], Tuesday: [slot(), slot(), slot()] };
  const employees = ['a', 'b', 'c'].map((id) =>
    employee(id, {
      positions: [
        { categoryId: 'cook', subcategoryId: pick(['line', 'prep']) },
        ...(random() < 0.5 ? [{ categoryId: 'cook', subcategoryId: 'line' }] : []),
      ],
      availabilities: {
        maxHoursInWeek: pick([6, 8, 12, 20]),
        minHoursInWeek: pick([0, 4, 8]),
        maxDaysPerWeek: pick([1, 2]),
        Tuesday:
          random() < 0.3
            ? { allDay: false, priority: 1, shift1: { start: h(8), end: h(16) } }
            : { allDay: true, priority: 2 },
      },
      hiring: `20${10 + Math.floor(random() * 10)}-01-01`,
      rateRegular: pick([12, 15, 20]),
    }),
  );
  return inputs({
    days,
    employees,
    from: MON,
    to: TUE,
    rules: { ...RESTAURANT_RULES, betweenShifts: 60, maxDayHours: 10 },
    minRestMinutes: () => 60,
    generationPriority: pick(['longer-shifts', 'period-start', 'chronological']),
    generationFormat: pick(['standard', 'seniority']),
  });
}

/** Every rule broken by `assignments`, recomputed from the problem without the model's Ledger. */
function violations(problem: GenerationProblem, assignments: Assignment[]): string[] {
  const out: string[] = [];
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const seen = new Set<string>();
  for (const staff of problem.staff) {
    const mine = assignments.filter((a) => a.staffId === staff.id).map((a) => seats.get(a.seatId)!);
    for (const s of mine) {
      if (seen.has(s.id)) out.push(`${s.id} twice`);
      seen.add(s.id);
      if (!staff.positions.includes(`${s.roleId}/${s.subRoleId}`)) out.push(`${staff.id} position ${s.id}`);
      const day = staff.availability[s.weekday];
      if (day && !day.allDay && !day.windows.some((w) => w.start <= s.start && s.start + s.minutes <= w.end))
        out.push(`${staff.id} availability ${s.id}`);
      if (staff.blocked.some((b) => b.startMs < s.endMs && s.startMs < b.endMs))
        out.push(`${staff.id} time off ${s.id}`);
    }
    const all = [...mine, ...staff.fixed];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const [a, b] = [all[i], all[j]];
        const gap = Math.max(a.startMs, b.startMs) - Math.min(a.endMs, b.endMs);
        if (gap < staff.minRestMinutes * 60_000 && (i < mine.length || j < mine.length))
          out.push(`${staff.id} rest/overlap ${a.id} ${b.id}`);
      }
    }
    const sum = (key: (s: (typeof all)[number]) => string) => {
      const m = new Map<string, number>();
      for (const s of all) m.set(key(s), (m.get(key(s)) ?? 0) + s.worked);
      return m;
    };
    if (problem.rules.maxDayMinutes !== null)
      for (const [d, n] of sum((s) => s.date))
        if (n > problem.rules.maxDayMinutes && mine.some((s) => s.date === d)) out.push(`${staff.id} day ${d}`);
    for (const [w, n] of sum((s) => s.weekStart))
      if (staff.maxWeekMinutes !== null && n > staff.maxWeekMinutes && mine.some((s) => s.weekStart === w))
        out.push(`${staff.id} week hours ${w}`);
    const weeks = new Set(mine.map((s) => s.weekStart));
    for (const w of weeks) {
      const days = new Set(all.filter((s) => s.weekStart === w).map((s) => s.date)).size;
      if (staff.maxDaysPerWeek !== null && days > staff.maxDaysPerWeek) out.push(`${staff.id} week days ${w}`);
    }
  }
  return out;
}

/** The best objective over every assignment of the seats (each seat: nobody or one employee), checked by the oracle. */
function exhaustive(problem: GenerationProblem): number {
  let best = 0;
  const choose = (k: number, chosen: Assignment[]) => {
    if (k === problem.seats.length) {
      if (violations(problem, chosen).length === 0) best = Math.max(best, objectiveOf(problem, chosen));
      return;
    }
    choose(k + 1, chosen);
    for (const staff of problem.staff) choose(k + 1, [...chosen, { seatId: problem.seats[k].id, staffId: staff.id }]);
  };
  choose(0, []);
  return best;
}
