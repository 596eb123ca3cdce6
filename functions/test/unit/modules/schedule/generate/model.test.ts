/**
 * The schedule generator's model without the solver: the hard rules an assignment never
 * breaks (role and sub-role, availability, approved day-offs, no overlap, betweenShifts,
 * maxDayHours, weekly hours and days), the tiered objective (coverage, then generationPriority,
 * then generationFormat, then availability priority, fairness toward minHoursInWeek and cost), the
 * greedy pass and its coverage repair. Small hand-made seats, both sides of every limit.
 */
import {
  Ledger,
  WEIGHTS,
  availableFor,
  deficit,
  objectiveOf,
  priorityScore,
  scoring,
  staticReason,
  type FixedShift,
  type GenerationProblem,
  type GenerationRules,
  type Seat,
  type Staff,
} from '../../../../../src/modules/schedule/generate/model';
import { augment, eligibility, firstFit, greedy } from '../../../../../src/modules/schedule/generate/greedy';
import { buildProblem, seatsOf, type GenerationInputs } from '../../../../../src/modules/schedule/generate/problem';
import type { Employee } from '../../../../../src/modules/employees';
import type { Role } from '../../../../../src/modules/roles';
import { RESTAURANT_RULES } from '../../../../helpers/restaurants';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 2); // Monday 2026-03-02 00:00 UTC
const DATES = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Monday'];

/** A Cook/line seat on day `day` (0 = Monday 2026-03-02) from minute `start` to `end` (UTC), worked = its length unless given. */
function seat(id: string, day: number, start: number, end: number, extra: Partial<Seat> = {}): Seat {
  const startMs = T0 + (day * 1440 + start) * MIN;
  const endMs = T0 + (day * 1440 + (end < start ? end + 1440 : end)) * MIN;
  const minutes = (endMs - startMs) / MIN;
  return {
    id,
    date: DATES[day],
    weekStart: day < 7 ? DATES[0] : DATES[7],
    dayIndex: day,
    weekday: WEEKDAYS[day],
    start,
    end,
    startMs,
    endMs,
    minutes,
    worked: minutes,
    roleId: 'cook',
    subRoleId: 'line',
    slotKey: null,
    ...extra,
  };
}

const fixedOf = (s: Seat): FixedShift => ({
  id: `fixed-${s.id}`,
  date: s.date,
  weekStart: s.weekStart,
  startMs: s.startMs,
  endMs: s.endMs,
  worked: s.worked,
});

function staff(id: string, extra: Partial<Staff> = {}): Staff {
  return {
    id,
    name: id,
    positions: ['cook/line'],
    availability: {},
    maxWeekMinutes: null,
    minWeekMinutes: 0,
    maxDaysPerWeek: null,
    hiring: null,
    rateMinor: { cook: 1500 },
    blocked: [],
    minRestMinutes: 0,
    fixed: [],
    ...extra,
  };
}

const RULES: GenerationRules = { maxDayMinutes: null, priority: 'longer-shifts', format: 'standard' };
const problemOf = (
  seats: Seat[],
  people: Staff[],
  rules: Partial<GenerationRules> = {},
  days = 7,
): GenerationProblem => ({ seats, held: [], staff: people, rules: { ...RULES, ...rules }, days });
const byStaff = (a: { seatId: string; staffId: string }[]) => Object.fromEntries(a.map((x) => [x.seatId, x.staffId]));

describe('availability, as the conflict rules read it', () => {
  const nine = seat('s', 0, 9 * 60, 13 * 60);
  const withDay = (day: Staff['availability'][string]) => staff('a', { availability: { Monday: day } });

  it('puts no limit on a weekday without an entry, or marked allDay', () => {
    expect(availableFor(staff('a'), nine)).toBe(true);
    expect(
      availableFor(staff('a', { availability: { Tuesday: { allDay: false, priority: 0, windows: [] } } }), nine),
    ).toBe(true);
    expect(availableFor(withDay({ allDay: true, priority: 0, windows: [] }), nine)).toBe(true);
  });

  it('needs the whole seat inside one window: its exact bounds fit, a minute over either side does not', () => {
    const at = (start: number, end: number) =>
      availableFor(withDay({ allDay: false, priority: 0, windows: [{ start, end }] }), nine);
    expect(at(9 * 60, 13 * 60)).toBe(true);
    expect(at(9 * 60 + 1, 13 * 60)).toBe(false);
    expect(at(9 * 60, 13 * 60 - 1)).toBe(false);
    expect(availableFor(withDay({ allDay: false, priority: 0, windows: [] }), nine)).toBe(false);
  });

  it('accepts the seat in the second window (shift2) when the first does not hold it', () => {
    const day = {
      allDay: false,
      priority: 0,
      windows: [
        { start: 6 * 60, end: 8 * 60 },
        { start: 8 * 60, end: 14 * 60 },
      ],
    };
    expect(availableFor(withDay(day), nine)).toBe(true);
  });

  it('reads a seat past midnight by its length: 22:00 + 4h needs a window to 26:00', () => {
    const late = seat('late', 0, 22 * 60, 2 * 60);
    expect(
      availableFor(withDay({ allDay: false, priority: 0, windows: [{ start: 22 * 60, end: 24 * 60 }] }), late),
    ).toBe(false);
    expect(
      availableFor(withDay({ allDay: false, priority: 0, windows: [{ start: 22 * 60, end: 26 * 60 }] }), late),
    ).toBe(true);
  });
});

describe('static reasons: what keeps an employee off a seat whatever else they work', () => {
  const s = seat('s', 0, 9 * 60, 13 * 60);

  it('names the position first, then availability, then time off', () => {
    const off = { startMs: s.startMs, endMs: s.endMs };
    const closed = { Monday: { allDay: false, priority: 0, windows: [] } };
    expect(staticReason(staff('a', { positions: ['cook/prep'], availability: closed, blocked: [off] }), s)).toBe(
      'position',
    );
    expect(staticReason(staff('a', { availability: closed, blocked: [off] }), s)).toBe('availability');
    expect(staticReason(staff('a', { blocked: [off] }), s)).toBe('timeOff');
    expect(staticReason(staff('a'), s)).toBeNull();
  });

  it('needs the seat’s own role and sub-role', () => {
    expect(staticReason(staff('a', { positions: ['bar/line'] }), s)).toBe('position');
    expect(staticReason(staff('a', { positions: ['bar/prep', 'cook/line'] }), s)).toBeNull();
  });

  it('keeps the person off a seat meeting their shift (with its rest) at another location, not one that only touches it', () => {
    const reason = (startMs: number, endMs: number) => staticReason(staff('a', { elsewhere: [{ startMs, endMs }] }), s);
    expect(reason(s.endMs - MIN, s.endMs + 60 * MIN)).toBe('otherLocation');
    expect(reason(s.startMs - 60 * MIN, s.startMs + MIN)).toBe('otherLocation');
    expect(reason(s.endMs, s.endMs + 60 * MIN)).toBeNull();
    expect(reason(s.startMs - 60 * MIN, s.startMs)).toBeNull();
  });

  it('refuses a day-off that overlaps the seat by a minute, not one that only touches it', () => {
    const reason = (startMs: number, endMs: number) => staticReason(staff('a', { blocked: [{ startMs, endMs }] }), s);
    expect(reason(s.endMs - MIN, s.endMs + 60 * MIN)).toBe('timeOff');
    expect(reason(s.startMs - 60 * MIN, s.startMs + MIN)).toBe('timeOff');
    expect(reason(s.endMs, s.endMs + 60 * MIN)).toBeNull();
    expect(reason(s.startMs - 60 * MIN, s.startMs)).toBeNull();
  });
});

describe('the ledger: rules that depend on what the employee already works', () => {
  const mon9 = seat('mon9', 0, 9 * 60, 13 * 60);

  it('refuses an overlap, not shifts that touch', () => {
    const l = new Ledger(staff('a'), RULES);
    l.add(mon9);
    expect(l.check(seat('x', 0, 12 * 60 + 59, 15 * 60))).toBe('overlap');
    expect(l.check(seat('y', 0, 5 * 60, 9 * 60 + 1))).toBe('overlap');
    expect(l.check(seat('z', 0, 13 * 60, 15 * 60))).toBeNull();
    expect(l.check(seat('w', 0, 5 * 60, 9 * 60))).toBeNull();
  });

  it('counts the fixed shifts (published, drafts) it starts with', () => {
    const l = new Ledger(staff('a', { fixed: [fixedOf(mon9)] }), RULES);
    expect(l.check(seat('x', 0, 10 * 60, 11 * 60))).toBe('overlap');
    expect(l.weekWorked(DATES[0])).toBe(240);
    expect(l.daysWorked(DATES[0])).toBe(1);
  });

  it('keeps betweenShifts minutes of rest on both sides: exactly that much is fine, a minute less is not', () => {
    const l = new Ledger(staff('a', { minRestMinutes: 60 }), RULES);
    l.add(mon9);
    expect(l.check(seat('after', 0, 14 * 60, 16 * 60))).toBeNull();
    expect(l.check(seat('after-', 0, 14 * 60 - 1, 16 * 60))).toBe('betweenShifts');
    expect(l.check(seat('before', 0, 6 * 60, 8 * 60))).toBeNull();
    expect(l.check(seat('before-', 0, 6 * 60, 8 * 60 + 1))).toBe('betweenShifts');
    // an overlap is named as such, even with a rest rule
    expect(l.check(seat('over', 0, 12 * 60, 14 * 60))).toBe('overlap');
  });

  it('without a rest rule, back-to-back shifts are fine', () => {
    const l = new Ledger(staff('a'), RULES);
    l.add(mon9);
    expect(l.check(seat('next', 0, 13 * 60, 14 * 60))).toBeNull();
  });

  it('keeps the worked minutes of a date within maxDayHours: up to the limit is fine', () => {
    const l = new Ledger(staff('a'), { ...RULES, maxDayMinutes: 8 * 60 });
    l.add(mon9);
    expect(l.check(seat('four', 0, 14 * 60, 18 * 60))).toBeNull();
    expect(l.check(seat('four+', 0, 14 * 60, 18 * 60 + 1))).toBe('maxDayHours');
    expect(l.check(seat('tue', 1, 9 * 60, 17 * 60 + 1))).toBe('maxDayHours');
    expect(l.check(seat('tue8', 1, 9 * 60, 17 * 60))).toBeNull();
    // worked minutes (breaks excluded) count, not the length
    expect(l.check(seat('short', 0, 14 * 60, 19 * 60, { worked: 240 }))).toBeNull();
  });

  it('keeps the week within the weekly limit, counting only that week', () => {
    const l = new Ledger(staff('a', { maxWeekMinutes: 480 }), RULES);
    l.add(mon9);
    expect(l.check(seat('tue', 1, 9 * 60, 13 * 60))).toBeNull();
    expect(l.check(seat('tue+', 1, 9 * 60, 13 * 60 + 1))).toBe('maxHoursInWeek');
    expect(l.check(seat('nextMon', 7, 9 * 60, 17 * 60))).toBeNull();
    expect(new Ledger(staff('b', { maxWeekMinutes: 0 }), RULES).check(mon9)).toBe('maxHoursInWeek');
  });

  it('names the day limit before the weekly one', () => {
    const l = new Ledger(staff('a', { maxWeekMinutes: 60 }), { ...RULES, maxDayMinutes: 60 });
    expect(l.check(mon9)).toBe('maxDayHours');
  });

  it('keeps the days worked in a week within maxDaysPerWeek; a second shift on a worked day is no new day', () => {
    const l = new Ledger(staff('a', { maxDaysPerWeek: 2 }), RULES);
    l.add(mon9);
    l.add(seat('tue', 1, 9 * 60, 13 * 60));
    expect(l.daysWorked(DATES[0])).toBe(2);
    expect(l.check(seat('wed', 2, 9 * 60, 13 * 60))).toBe('maxDaysPerWeek');
    expect(l.check(seat('tueEvening', 1, 17 * 60, 20 * 60))).toBeNull();
    expect(l.check(seat('nextMon', 7, 9 * 60, 13 * 60))).toBeNull();
    expect(new Ledger(staff('b', { maxDaysPerWeek: 1 }), RULES).check(mon9)).toBeNull();
    expect(new Ledger(staff('c', { maxDaysPerWeek: 0 }), RULES).check(mon9)).toBe('maxDaysPerWeek');
  });

  it('gives back what a removed seat held, and a day stays worked while another shift remains on it', () => {
    const l = new Ledger(staff('a', { maxDaysPerWeek: 1, maxWeekMinutes: 480 }), { ...RULES, maxDayMinutes: 480 });
    const evening = seat('eve', 0, 17 * 60, 20 * 60);
    l.add(mon9);
    l.add(evening);
    l.remove(evening);
    expect(l.weekWorked(DATES[0])).toBe(240);
    expect(l.daysWorked(DATES[0])).toBe(1);
    expect(l.check(seat('tue', 1, 9 * 60, 10 * 60))).toBe('maxDaysPerWeek');
    expect(l.check(evening)).toBeNull();
    l.remove(mon9);
    expect([l.weekWorked(DATES[0]), l.daysWorked(DATES[0])]).toEqual([0, 0]);
    expect(l.check(seat('tue', 1, 9 * 60, 17 * 60))).toBeNull();
    // removing a seat it does not hold changes nothing
    l.add(mon9);
    l.remove(seat('never', 0, 9 * 60, 13 * 60));
    expect([l.weekWorked(DATES[0]), l.daysWorked(DATES[0])]).toEqual([240, 1]);
    expect(l.check(seat('x', 0, 10 * 60, 11 * 60))).toBe('overlap');
  });
});

describe('the objective', () => {
  it('longer-shifts scores a seat by its length over the longest seat', () => {
    const long = seat('long', 0, 8 * 60, 16 * 60);
    const short = seat('short', 1, 8 * 60, 10 * 60);
    const p = problemOf([long, short], []);
    const span = { firstMs: long.startMs, lastMs: short.startMs, longest: 480 };
    expect(priorityScore(long, p, span)).toBe(1);
    expect(priorityScore(short, p, span)).toBe(0.25);
    expect(priorityScore(short, p, { ...span, longest: 0 })).toBe(0);
  });

  it('period-start scores earlier days higher, and within a day the longer seat, never past the day before', () => {
    const p = problemOf([], [], { priority: 'period-start' }, 7);
    const span = { firstMs: 0, lastMs: 1, longest: 480 };
    const mon8h = priorityScore(seat('a', 0, 8 * 60, 16 * 60), p, span);
    const mon2h = priorityScore(seat('b', 0, 8 * 60, 10 * 60), p, span);
    const tue8h = priorityScore(seat('c', 1, 8 * 60, 16 * 60), p, span);
    const sun8h = priorityScore(seat('d', 6, 8 * 60, 16 * 60), p, span);
    expect(mon8h).toBeCloseTo((6 + 0.99) / 7, 12);
    expect(mon2h).toBeCloseTo((6 + 0.99 / 4) / 7, 12);
    expect(tue8h).toBeCloseTo((5 + 0.99) / 7, 12);
    expect(sun8h).toBeCloseTo(0.99 / 7, 12);
    expect(mon8h > mon2h && mon2h > tue8h).toBe(true);
    expect(priorityScore(seat('e', 0, 8 * 60, 16 * 60), p, { ...span, longest: 0 })).toBeCloseTo(6 / 7, 12);
  });

  it('chronological scores the first start 1 and the last 0, linearly; a single start instant scores 1', () => {
    const p = problemOf([], [], { priority: 'chronological' });
    const a = seat('a', 0, 8 * 60, 12 * 60);
    const b = seat('b', 0, 12 * 60, 16 * 60);
    const c = seat('c', 0, 16 * 60, 20 * 60);
    const span = { firstMs: a.startMs, lastMs: c.startMs, longest: 240 };
    expect([a, b, c].map((s) => priorityScore(s, p, span))).toEqual([1, 0.5, 0]);
    expect(priorityScore(a, p, { ...span, lastMs: a.startMs })).toBe(1);
  });

  it('scores the chronological priority over the seats of the problem: the earliest seat gets the full weight, the last none', () => {
    const seats = [seat('late', 1, 540, 780), seat('early', 0, 540, 780), seat('mid', 0, 1000, 1100)];
    const a = staff('a', { rateMinor: {} });
    const { pair } = scoring(problemOf(seats, [a], { priority: 'chronological' }));
    expect(pair(seats[1], a)).toBe(WEIGHTS.COVERAGE + WEIGHTS.PRIORITY);
    expect(pair(seats[0], a)).toBe(WEIGHTS.COVERAGE);
    expect(pair(seats[2], a)).toBeCloseTo(WEIGHTS.COVERAGE + WEIGHTS.PRIORITY * (1 - 460 / 1440), 9);
  });

  it('ranks seniority by hiring date: earliest 1, latest 0, equal dates alike, unknown last; one known date is 1', () => {
    const people = [
      staff('old', { hiring: '2019-05-01' }),
      staff('mid', { hiring: '2021-01-01' }),
      staff('mid2', { hiring: '2021-01-01' }),
      staff('new', { hiring: '2024-02-01' }),
      staff('nobody'),
    ];
    const { seniority } = scoring(problemOf([seat('s', 0, 540, 780)], people));
    expect(people.map(seniority)).toEqual([1, 0.5, 0.5, 0, 0]);
    const listedNewestFirst = [staff('new', { hiring: '2024-02-01' }), staff('old', { hiring: '2019-05-01' })];
    expect(listedNewestFirst.map(scoring(problemOf([seat('s', 0, 540, 780)], listedNewestFirst)).seniority)).toEqual([
      0, 1,
    ]);
    const alone = [staff('only', { hiring: '2020-01-01' }), staff('unknown')];
    expect(alone.map(scoring(problemOf([seat('s', 0, 540, 780)], alone)).seniority)).toEqual([1, 0]);
  });

  it('scales availability priority over the company’s range, zero included; no range scores 0', () => {
    const s = seat('s', 0, 540, 780);
    const pri = (priority: number) => ({ Monday: { allDay: true, priority, windows: [] } });
    const people = [staff('low', { availability: pri(-2) }), staff('none'), staff('high', { availability: pri(6) })];
    const { availability } = scoring(problemOf([s], people));
    expect(people.map((p) => availability(p, s))).toEqual([0, 0.25, 1]);
    const flat = [staff('a', { availability: pri(0) }), staff('b')];
    expect(flat.map((p) => scoring(problemOf([s], flat)).availability(p, s))).toEqual([0, 0]);
    const positive = [staff('a', { availability: pri(4) }), staff('b', { availability: pri(2) })];
    expect(positive.map((p) => scoring(problemOf([s], positive)).availability(p, s))).toEqual([1, 0.5]);
  });

  it('costs worked minutes at the employee’s rate for the seat’s role, rounded to minor units', () => {
    const s = seat('s', 0, 540, 580, { worked: 25 });
    const { cost } = scoring(problemOf([s], []));
    expect(cost(staff('a', { rateMinor: { cook: 1500 } }), s)).toBe(625);
    expect(cost(staff('b', { rateMinor: { cook: 1001 } }), s)).toBe(417); // 417.08
    expect(cost(staff('c', { rateMinor: { bar: 3000 } }), s)).toBe(0);
  });

  it('adds the tiers: coverage, priority, seniority (seniority format only), availability, less the cost share', () => {
    const long = seat('long', 0, 8 * 60, 16 * 60);
    const short = seat('short', 1, 8 * 60, 10 * 60);
    const people = [
      staff('old', {
        hiring: '2019-01-01',
        rateMinor: { cook: 2000 },
        availability: { Tuesday: { allDay: true, priority: 2, windows: [] } },
      }),
      staff('new', { hiring: '2023-01-01', rateMinor: { cook: 1000 } }),
    ];
    const standard = scoring(problemOf([long, short], people));
    // maxCost: old on the long seat, 2000 x 8h = 16000
    expect(standard.pair(long, people[0])).toBeCloseTo(WEIGHTS.COVERAGE + WEIGHTS.PRIORITY * 1 - WEIGHTS.COST * 1, 9);
    expect(standard.pair(short, people[0])).toBeCloseTo(
      WEIGHTS.COVERAGE + WEIGHTS.PRIORITY * 0.25 + WEIGHTS.AVAILABILITY * 1 - (WEIGHTS.COST * 4000) / 16000,
      9,
    );
    expect(standard.pair(long, people[1])).toBeCloseTo(
      WEIGHTS.COVERAGE + WEIGHTS.PRIORITY - (WEIGHTS.COST * 8000) / 16000,
      9,
    );
    const senior = scoring(problemOf([long, short], people, { format: 'seniority' }));
    expect(senior.pair(long, people[0]) - standard.pair(long, people[0])).toBeCloseTo(WEIGHTS.SENIORITY, 9);
    expect(senior.pair(long, people[1]) - standard.pair(long, people[1])).toBeCloseTo(0, 9);
    // no cost at all: no cost term
    const free = [staff('f', { rateMinor: {} })];
    expect(scoring(problemOf([long], free)).pair(long, free[0])).toBe(WEIGHTS.COVERAGE + WEIGHTS.PRIORITY);
  });

  it('weighs fairness per worked minute against the longest seat', () => {
    expect(scoring(problemOf([seat('a', 0, 540, 780), seat('b', 0, 800, 1280)], [])).fairnessPerMinute).toBe(
      WEIGHTS.FAIRNESS / 480,
    );
    expect(scoring(problemOf([seat('a', 0, 540, 540, { worked: 0 })], [])).fairnessPerMinute).toBe(WEIGHTS.FAIRNESS);
  });

  it('counts the minutes an employee still lacks toward minHoursInWeek, less that week’s fixed shifts, never below 0', () => {
    const mon = seat('m', 0, 540, 780);
    const nextMon = seat('n', 7, 540, 780);
    const a = staff('a', { minWeekMinutes: 600, fixed: [fixedOf(mon), fixedOf(nextMon)] });
    expect(deficit(a, DATES[0])).toBe(360);
    expect(deficit(staff('b', { minWeekMinutes: 120, fixed: [fixedOf(mon)] }), DATES[0])).toBe(0);
    expect(deficit(staff('c', { minWeekMinutes: 300 }), DATES[7])).toBe(300);
  });

  it('totals the pairs plus fairness up to each employee’s weekly deficit', () => {
    const s1 = seat('s1', 0, 540, 780);
    const s2 = seat('s2', 1, 540, 780);
    const s3 = seat('s3', 7, 540, 780);
    const a = staff('a', { minWeekMinutes: 300 });
    const b = staff('b');
    const p = problemOf([s1, s2, s3], [a, b]);
    const score = scoring(p);
    const assignments = [
      { seatId: 's1', staffId: 'a' },
      { seatId: 's2', staffId: 'a' },
      { seatId: 's3', staffId: 'a' },
    ];
    const pairs = score.pair(s1, a) + score.pair(s2, a) + score.pair(s3, a);
    // week 1: 480 worked, deficit 300; week 2: 240 worked, deficit 300
    expect(objectiveOf(p, assignments)).toBeCloseTo(pairs + score.fairnessPerMinute * (300 + 240), 9);
    expect(objectiveOf(p, [{ seatId: 's1', staffId: 'b' }])).toBeCloseTo(score.pair(s1, b), 9);
    expect(objectiveOf(p, [])).toBe(0);
    // the deficit is read per employee and week: ann's fixed 4h of week 1 leave 60 of her 300 minutes
    const ann = staff('ann', { minWeekMinutes: 300, fixed: [fixedOf(seat('f', 2, 540, 780))] });
    const q = problemOf([s1, s3], [ann]);
    const qs = scoring(q);
    expect(
      objectiveOf(q, [
        { seatId: 's1', staffId: 'ann' },
        { seatId: 's3', staffId: 'ann' },
      ]),
    ).toBeCloseTo(qs.pair(s1, ann) + qs.pair(s3, ann) + qs.fairnessPerMinute * (60 + 240), 9);
  });
});

describe('the greedy pass', () => {
  it('lists as candidates only the employees with no static reason', () => {
    const s = seat('s', 0, 540, 780);
    const p = problemOf(
      [s],
      [
        staff('a'),
        staff('prep', { positions: ['cook/prep'] }),
        staff('off', { blocked: [{ startMs: s.startMs, endMs: s.endMs }] }),
      ],
    );
    expect(
      eligibility(p)
        .candidates.get('s')!
        .map((x) => x.id),
    ).toEqual(['a']);
  });

  it('fills every seat it can without breaking a rule, keeping the start assignments', () => {
    const seats = [seat('a', 0, 540, 780), seat('b', 0, 600, 840), seat('c', 1, 540, 780)];
    const people = [staff('x'), staff('y')];
    const p = problemOf(seats, people);
    const out = byStaff(greedy(p, [{ seatId: 'a', staffId: 'y' }]));
    expect(out.a).toBe('y');
    expect(out.b).toBe('x');
    expect(Object.keys(out).sort()).toEqual(['a', 'b', 'c']);
  });

  it('gives a seat several can take to the one the other seats need least', () => {
    // at 9:00 two seats: `any` (x or y) and `xOnly` (prep: only x). Giving `any` to x would leave `xOnly` open.
    const any = seat('any', 0, 540, 780);
    const xOnly = seat('xOnly', 0, 540, 780, { subRoleId: 'prep' });
    const p = problemOf([any, xOnly], [staff('x', { positions: ['cook/line', 'cook/prep'] }), staff('y')]);
    expect(byStaff(greedy(p))).toEqual({ any: 'y', xOnly: 'x' });
  });

  it('prefers the better pair: the cheaper employee in the standard format, the senior one in the seniority format', () => {
    const s = seat('s', 0, 540, 780);
    const people = [
      staff('senior', { hiring: '2018-01-01', rateMinor: { cook: 3000 } }),
      staff('cheap', { hiring: '2024-01-01', rateMinor: { cook: 1000 } }),
    ];
    expect(byStaff(greedy(problemOf([s], people)))).toEqual({ s: 'cheap' });
    expect(byStaff(greedy(problemOf([s], people, { format: 'seniority' })))).toEqual({ s: 'senior' });
  });

  it('gives the seat to the employee short of minHoursInWeek', () => {
    const s = seat('s', 0, 540, 780);
    const people = [staff('a'), staff('short', { minWeekMinutes: 600 })];
    expect(byStaff(greedy(problemOf([s], people)))).toEqual({ s: 'short' });
  });

  it('counts toward minHoursInWeek only what the week still lacks: a met minimum weighs nothing', () => {
    const s = seat('s', 0, 540, 780);
    const mon = seat('fixed', 1, 540, 780);
    const people = [
      staff('met', { minWeekMinutes: 240, fixed: [fixedOf(mon)], rateMinor: { cook: 1000 } }),
      staff('cheaper', { rateMinor: { cook: 900 } }),
    ];
    expect(byStaff(greedy(problemOf([s], people)))).toEqual({ s: 'cheaper' });
  });

  it('first-fit, the baseline, takes seats in time order and the first employee whose ledger accepts', () => {
    const seats = [seat('late', 0, 600, 840), seat('early', 0, 540, 780), seat('tue', 1, 540, 780)];
    const people = [staff('x'), staff('y')];
    expect(byStaff(firstFit(problemOf(seats, people)))).toEqual({ early: 'x', late: 'y', tue: 'x' });
    expect(firstFit(problemOf(seats, [staff('z', { positions: [] })]))).toEqual([]);
  });

  it('repairs coverage: hands one of an employee’s seats to another so that the open seat is filled', () => {
    // x holds `a`; `b` (same time, prep) only x can take; y can take `a`
    const a = seat('a', 0, 540, 780);
    const b = seat('b', 0, 540, 780, { subRoleId: 'prep' });
    const p = problemOf([a, b], [staff('x', { positions: ['cook/line', 'cook/prep'] }), staff('y')]);
    expect(byStaff(augment(p, [{ seatId: 'a', staffId: 'x' }]))).toEqual({ a: 'y', b: 'x' });
    // from nothing: `a` is given to x directly, then the same move frees x for `b`
    expect(byStaff(augment(p, []))).toEqual({ a: 'y', b: 'x' });
  });

  it('leaves a seat open when no move frees anyone for it, and keeps what it had', () => {
    const a = seat('a', 0, 540, 780);
    const b = seat('b', 0, 540, 780, { subRoleId: 'prep' });
    const p = problemOf([a, b], [staff('x', { positions: ['cook/line', 'cook/prep'] })]);
    expect(augment(p, [{ seatId: 'a', staffId: 'x' }])).toEqual([{ seatId: 'a', staffId: 'x' }]);
  });
});

describe('the problem built from the company’s data', () => {
  const ROLES = [
    {
      id: 'cook',
      name: 'Cook',
      rate: 15,
      archived: false,
      subRoles: { line: { name: 'Line' }, prep: { name: 'Prep' }, old: { name: 'Old', archived: true } },
    },
    { id: 'bar', name: 'Bar', rate: 12.5, archived: false, subRoles: { main: { name: 'Main' } } },
    { id: 'gone', name: 'Gone', rate: 10, archived: true, subRoles: { main: { name: 'Main' } } },
  ] as unknown as Role[];
  const person = (id: string, extra: Record<string, unknown> = {}) =>
    ({
      id,
      name: id,
      surname: 'X',
      archived: false,
      positions: [{ categoryId: 'cook', subcategoryId: 'line' }],
      ...extra,
    }) as unknown as Employee;
  const base = (o: Partial<GenerationInputs> = {}): GenerationInputs => ({
    from: '2026-03-02',
    to: '2026-03-03',
    rules: { ...RESTAURANT_RULES, weekStartingDay: 1, maxDayHours: 10, maxHoursPerWeek: 40 },
    generationPriority: 'chronological',
    generationFormat: 'seniority',
    roles: ROLES,
    employees: [],
    shifts: [],
    timeOff: [],
    minRestMinutes: () => 30,
    currency: 'USD',
    template: {
      Monday: {
        shifts: {
          cook: [
            {
              start: 540,
              end: 780,
              key: 'lunch',
              line: { required: 2, hold: 1 },
              prep: { required: 1 },
              old: { required: 1 },
            },
            { start: 600, end: 600, line: { required: 1 } },
            'not a slot',
          ],
          bar: [{ start: 1320, end: 120, main: { required: 1 } }],
          gone: [{ start: 540, end: 780, main: { required: 1 } }],
        },
      },
      Tuesday: { shifts: { cook: [{ start: 480, end: 720, line: { required: 1 } }], bar: 'not a list' } },
    },
    ...o,
  });

  it('makes `required` seats and `hold` held seats per slot and sub-role, for active roles and sub-roles only', () => {
    const { seats, held } = seatsOf(base());
    expect(seats.map((s) => s.id)).toEqual([
      '2026-03-02.cook.0.line.0',
      '2026-03-02.cook.0.line.1',
      '2026-03-02.cook.0.prep.0',
      '2026-03-02.bar.0.main.0',
      '2026-03-03.cook.0.line.0',
    ]);
    expect(held.map((s) => s.id)).toEqual(['2026-03-02.cook.0.line.hold0']);
    const first = seats[0];
    expect(first).toEqual({
      id: '2026-03-02.cook.0.line.0',
      date: '2026-03-02',
      weekStart: '2026-03-02',
      dayIndex: 0,
      weekday: 'Monday',
      start: 540,
      end: 780,
      startMs: Date.UTC(2026, 2, 2, 9),
      endMs: Date.UTC(2026, 2, 2, 13),
      minutes: 240,
      worked: 240,
      roleId: 'cook',
      subRoleId: 'line',
      slotKey: 'lunch',
    });
    const overnight = seats[3];
    expect([overnight.minutes, overnight.endMs - overnight.startMs, overnight.slotKey]).toEqual([240, 240 * MIN, null]);
    expect(seats[4]).toMatchObject({ dayIndex: 1, weekday: 'Tuesday', weekStart: '2026-03-02' });
  });

  it('keeps only the roles asked for, and reads the week start from weekStartingDay', () => {
    const { seats } = seatsOf(base({ roleIds: ['bar'], rules: { ...RESTAURANT_RULES, weekStartingDay: 0 } }));
    expect(seats.map((s) => [s.id, s.weekStart])).toEqual([['2026-03-02.bar.0.main.0', '2026-03-01']]);
  });

  it('builds each employee’s limits, rates, fixed shifts and day-offs; archived or unasked employees are left out', () => {
    const employees = [
      person('zed', {
        rateRegular: 20,
        hiring: Date.UTC(2020, 4, 6, 12),
        availabilities: {
          maxHoursInWeek: 30,
          minHoursInWeek: 10,
          maxDaysPerWeek: 4,
          Monday: { allDay: false, priority: 3, shift1: { start: 480, end: 900 }, shift2: null },
        },
        positions: [
          { categoryId: 'cook', subcategoryId: 'line' },
          { categoryId: 'bar', subcategoryId: 'main' },
        ],
      }),
      person('amy', { hiring: '2019-02-03T00:00:00Z', availabilities: { maxHoursInWeek: 50, Tuesday: 'x' } }),
      person('old', { archived: true }),
      person('bob', { hiring: 'soon' }),
    ];
    const shifts = [
      { id: 's2', employeeId: 'zed', date: '2026-03-02', start: 1200, end: 1260, mode: 'published' },
      { id: 's1', employeeId: 'zed', date: '2026-03-03', start: 1200, end: null, mode: 'draft' },
    ];
    const timeOff = [{ employeeId: 'amy', date: '2026-03-03', start: null, end: null }];
    const p = buildProblem(base({ employees, shifts, timeOff, employeeIds: ['zed', 'amy', 'old'] }));
    expect(p.staff.map((s) => s.id)).toEqual(['amy', 'zed']);
    const [amy, zed] = p.staff;
    expect(zed).toMatchObject({
      name: 'zed X',
      positions: ['cook/line', 'bar/main'],
      maxWeekMinutes: 1800,
      minWeekMinutes: 600,
      maxDaysPerWeek: 4,
      hiring: '2020-05-06',
      rateMinor: { cook: 2000, bar: 2000 },
      minRestMinutes: 30,
      blocked: [],
      availability: { Monday: { allDay: false, priority: 3, windows: [{ start: 480, end: 900 }] } },
    });
    expect(zed.fixed.map((f) => [f.id, f.weekStart, f.worked])).toEqual([
      ['s1', '2026-03-02', 240],
      ['s2', '2026-03-02', 60],
    ]);
    expect(amy).toMatchObject({
      maxWeekMinutes: 2400,
      minWeekMinutes: 0,
      maxDaysPerWeek: null,
      hiring: '2019-02-03',
      rateMinor: { cook: 1500 },
      fixed: [],
      availability: {},
    });
    expect(amy.blocked).toEqual([{ startMs: Date.UTC(2026, 2, 3), endMs: Date.UTC(2026, 2, 4) }]);
    expect(buildProblem(base({ employees })).staff.find((s) => s.id === 'bob')).toMatchObject({
      hiring: null,
      maxWeekMinutes: 2400,
    });
    expect(p.rules).toEqual({ maxDayMinutes: 600, priority: 'chronological', format: 'seniority' });
    expect(p.days).toBe(2);
  });

  it('turns the person’s shifts at the other locations into windows widened by the rest, and adds nothing without them', () => {
    const employees = [person('amy'), person('bob')];
    const away = { startMs: Date.UTC(2026, 2, 2, 18), endMs: Date.UTC(2026, 2, 2, 22) };
    const p = buildProblem(base({ employees, shiftsElsewhere: { amy: [away] } }));
    const [amy, bob] = p.staff;
    expect(amy.elsewhere).toEqual([{ startMs: away.startMs - 30 * MIN, endMs: away.endMs + 30 * MIN }]);
    expect('elsewhere' in bob).toBe(false);
    // a problem without links is the one it was (a stored proposal's fingerprint still matches)
    expect(buildProblem(base({ employees, shiftsElsewhere: {} }))).toEqual(buildProblem(base({ employees })));
  });

  it('falls back to longer-shifts and standard for unknown settings, and has no day limit when maxDayHours is off', () => {
    const p = buildProblem(
      base({
        generationPriority: 'random',
        generationFormat: 'lottery',
        rules: { ...RESTAURANT_RULES, maxDayHours: false },
      }),
    );
    expect(p.rules).toEqual({ maxDayMinutes: null, priority: 'longer-shifts', format: 'standard' });
    const q = buildProblem(base({ generationPriority: 'period-start', generationFormat: 'standard' }));
    expect(q.rules).toMatchObject({ priority: 'period-start', format: 'standard' });
  });

  it('skips template entries that are not slots (no numeric start or end, null) and needs that are not numbers', () => {
    const template = {
      Monday: {
        shifts: {
          cook: [
            { start: 540, end: 780, line: { required: '2', hold: 1 }, prep: null, old: { hold: 1 } },
            { start: 540, line: { required: 1 } },
            { end: 780, line: { required: 1 } },
            null,
            { start: 800, end: 900, prep: { required: 1 } },
          ],
        },
      },
    };
    const { seats, held } = seatsOf(base({ template }));
    expect(seats.map((s) => s.id)).toEqual(['2026-03-02.cook.1.prep.0']);
    expect(held).toEqual([]);
    // a need without `required` holds nothing either
    expect(
      seatsOf(base({ template: { Monday: { shifts: { cook: [{ start: 540, end: 780, line: { hold: 2 } }] } } } })).held,
    ).toEqual([]);
  });

  it('reads availability on every weekday, allDay and a numeric priority only; a day that is no object is no limit', () => {
    const day = (start: number) => ({
      allDay: false,
      priority: 1,
      shift1: { start, end: start + 60 },
      shift2: { start: 'x', end: 900 },
    });
    const availabilities = {
      Monday: day(1),
      Tuesday: day(2),
      Wednesday: day(3),
      Thursday: day(4),
      Friday: day(5),
      Saturday: { allDay: true, priority: '9' },
      Sunday: day(7),
    };
    const [a] = buildProblem(base({ employees: [person('a', { availabilities })] })).staff;
    expect(a.availability).toEqual({
      Monday: { allDay: false, priority: 1, windows: [{ start: 1, end: 61 }] },
      Tuesday: { allDay: false, priority: 1, windows: [{ start: 2, end: 62 }] },
      Wednesday: { allDay: false, priority: 1, windows: [{ start: 3, end: 63 }] },
      Thursday: { allDay: false, priority: 1, windows: [{ start: 4, end: 64 }] },
      Friday: { allDay: false, priority: 1, windows: [{ start: 5, end: 65 }] },
      Saturday: { allDay: true, priority: 0, windows: [] },
      Sunday: { allDay: false, priority: 1, windows: [{ start: 7, end: 67 }] },
    });
    const [b] = buildProblem(
      base({
        employees: [person('b', { availabilities: { Monday: 'x', Tuesday: null, Wednesday: { allDay: 'yes' } } })],
      }),
    ).staff;
    expect(b.availability).toEqual({ Wednesday: { allDay: false, priority: 0, windows: [] } });
  });

  it('reads a hiring date only from a string that starts YYYY-MM-DD', () => {
    const hiring = (h: unknown) => buildProblem(base({ employees: [person('a', { hiring: h })] })).staff[0].hiring;
    expect(hiring('2019-02-03')).toBe('2019-02-03');
    expect(hiring('hired 2019-02-03')).toBeNull();
    expect(hiring('2019-02-3')).toBeNull();
    expect(hiring(Number.NaN)).toBeNull();
  });

  it('has no weekly limit when neither the employee nor the company sets one', () => {
    const p = buildProblem(
      base({ employees: [person('a')], rules: { ...RESTAURANT_RULES, maxHoursPerWeek: Infinity } }),
    );
    expect(p.staff[0].maxWeekMinutes).toBeNull();
  });
});

describe('the greedy pass: which seat goes first when an employee can take only one', () => {
  // x is the only one who can work; `none` is eligible but has no weekly hours left (counted as a choice)
  const x = (extra: Partial<Staff> = {}) => staff('x', { maxWeekMinutes: 240, ...extra });
  const none = staff('none', { maxWeekMinutes: 0 });

  it('the shortest seat first (weekly hours go further), before an earlier, longer one', () => {
    const long = seat('a', 0, 8 * 60, 16 * 60);
    const short = seat('b', 1, 8 * 60, 12 * 60);
    expect(byStaff(greedy(problemOf([long, short], [x({ maxWeekMinutes: 480 })])))).toEqual({ b: 'x' });
  });

  it('among seats of equal length, the one with the fewest eligible employees first', () => {
    // `early` (9-13) has x and `none` eligible; `later` (10-14) only x (none is available 9-13 only); they overlap
    const early = seat('early', 0, 9 * 60, 13 * 60);
    const later = seat('later', 0, 10 * 60, 14 * 60);
    const limited = staff('none', {
      maxWeekMinutes: 0,
      rateMinor: {},
      availability: { Monday: { allDay: false, priority: 0, windows: [{ start: 9 * 60, end: 13 * 60 }] } },
    });
    expect(byStaff(greedy(problemOf([early, later], [x({ maxWeekMinutes: null }), limited])))).toEqual({ later: 'x' });
  });

  it('then the seat with the best pair first, before an earlier one', () => {
    // x prefers Tuesday (availability priority 5): the Tuesday seat scores higher
    const mon = seat('early', 0, 9 * 60, 13 * 60);
    const tue = seat('late', 1, 9 * 60, 13 * 60);
    const pri = {
      Monday: { allDay: true, priority: 0, windows: [] },
      Tuesday: { allDay: true, priority: 5, windows: [] },
    };
    expect(byStaff(greedy(problemOf([mon, tue], [x({ availability: pri }), none])))).toEqual({ late: 'x' });
  });

  it('then the earlier seat first, whatever the ids', () => {
    const mon = seat('b', 0, 9 * 60, 13 * 60);
    const tue = seat('a', 1, 9 * 60, 13 * 60);
    expect(byStaff(greedy(problemOf([tue, mon], [x(), none])))).toEqual({ b: 'x' });
  });

  it('first-fit, the baseline, also goes by start time, not by id', () => {
    const p = problemOf([seat('a', 0, 10 * 60, 14 * 60), seat('b', 0, 9 * 60, 13 * 60)], [staff('x')]);
    expect(byStaff(firstFit(p))).toEqual({ b: 'x' });
  });
});

describe('the greedy pass: whom a seat goes to', () => {
  it('counts the start assignments in the employee’s ledger: an overlapping seat does not go to them too', () => {
    const a = seat('a', 0, 9 * 60, 13 * 60);
    const b = seat('b', 0, 10 * 60, 14 * 60);
    expect(greedy(problemOf([a, b], [staff('y')]), [{ seatId: 'a', staffId: 'y' }])).toEqual([
      { seatId: 'a', staffId: 'y' },
    ]);
  });

  it('does not hand out again a seat the start assignments fill', () => {
    const a = seat('a', 0, 9 * 60, 13 * 60);
    expect(greedy(problemOf([a], [staff('x'), staff('y')]), [{ seatId: 'a', staffId: 'y' }])).toEqual([
      { seatId: 'a', staffId: 'y' },
    ]);
  });

  it('breaks a tie toward the employee listed first (staff are sorted by id), so the same inputs give the same proposal', () => {
    const s = seat('s', 0, 9 * 60, 13 * 60);
    expect(byStaff(greedy(problemOf([s], [staff('a'), staff('b')])))).toEqual({ s: 'a' });
    expect(byStaff(greedy(problemOf([s], [staff('b'), staff('a')])))).toEqual({ s: 'b' });
  });

  it('keeps the employee needed by later seats for them, even when cheaper, where no repair could free them', () => {
    // x (cheaper, 4h a week) could take the two 2h seats, but then nobody works the 4h Wednesday seat only x holds
    const mon = seat('mon', 0, 9 * 60, 11 * 60);
    const tue = seat('tue', 1, 9 * 60, 11 * 60);
    const wed = seat('wed', 2, 9 * 60, 13 * 60, { subRoleId: 'prep' });
    const people = [
      staff('x', { positions: ['cook/line', 'cook/prep'], maxWeekMinutes: 240, rateMinor: { cook: 1000 } }),
      staff('y', { rateMinor: { cook: 1100 } }),
    ];
    expect(byStaff(greedy(problemOf([mon, tue, wed], people)))).toEqual({ mon: 'y', tue: 'y', wed: 'x' });
  });

  it('counts against an employee only the seats still open, not those already handed out', () => {
    // x has had the three short prep seats; of the line seats S1, S2 (x or y) x could still take one more, y two and
    // the 8h grill seat only y can work: S1 and S2 go to x, so that y's week (8h) stays free for the grill seat
    const prep = (id: string, day: number) => seat(id, day, 8 * 60, 8 * 60 + 30, { subRoleId: 'prep' });
    const seats = [
      prep('e1', 0),
      prep('e2', 1),
      prep('e3', 2),
      seat('s1', 3, 9 * 60, 10 * 60),
      seat('s2', 4, 9 * 60, 10 * 60),
      seat('l', 5, 9 * 60, 17 * 60, { subRoleId: 'grill' }),
    ];
    const people = [
      staff('x', { positions: ['cook/line', 'cook/prep'] }),
      staff('y', { positions: ['cook/line', 'cook/grill'], maxWeekMinutes: 480 }),
    ];
    expect(byStaff(greedy(problemOf(seats, people)))).toEqual({ e1: 'x', e2: 'x', e3: 'x', s1: 'x', s2: 'x', l: 'y' });
  });

  it('weighs minHoursInWeek by what the week lacks after its fixed shifts: 4h fixed of 10h leave a whole seat to count', () => {
    // a lacks 360 minutes (the whole 240 counts), b 180: a wins though dearer; were the fixed 4h counted twice, b would
    const s = seat('s', 0, 9 * 60, 13 * 60);
    const people = [
      staff('a', { minWeekMinutes: 600, fixed: [fixedOf(seat('f', 1, 9 * 60, 13 * 60))], rateMinor: { cook: 1000 } }),
      staff('b', { minWeekMinutes: 180, rateMinor: { cook: 900 } }),
    ];
    expect(byStaff(greedy(problemOf([s], people)))).toEqual({ s: 'a' });
  });

  it('reads fixed shifts of other weeks as no help toward this week’s minimum', () => {
    // met's week is met by its fixed Tuesday; its fixed shift next week does not reopen it
    const s = seat('s', 0, 540, 780);
    const fixed = [fixedOf(seat('tue', 1, 540, 780)), fixedOf(seat('next', 7, 540, 780))];
    const people = [
      staff('met', { minWeekMinutes: 240, fixed, rateMinor: { cook: 1000 } }),
      staff('cheaper', { rateMinor: { cook: 900 } }),
    ];
    expect(byStaff(greedy(problemOf([s], people)))).toEqual({ s: 'cheaper' });
  });

  it('counts the seats already given that week toward the minimum: once it is nearly met, the cheaper employee gets the next', () => {
    // a lacks 300: Monday's 240 count fully (a wins), Tuesday's only 60 (b, cheaper, wins)
    const mon = seat('mon', 0, 9 * 60, 13 * 60);
    const tue = seat('tue', 1, 9 * 60, 13 * 60);
    const people = [
      staff('a', { minWeekMinutes: 300, rateMinor: { cook: 1000 } }),
      staff('b', { rateMinor: { cook: 600 } }),
    ];
    expect(byStaff(greedy(problemOf([mon, tue], people)))).toEqual({ mon: 'a', tue: 'b' });
  });
});

describe('coverage repair over several passes', () => {
  // P (prep) only p can take, but p holds O; O's other candidate e holds R, which overlaps O;
  // Q (dish) only e can take: the first pass moves R to g and gives Q to e, which frees e for O, and the second pass fills P.
  const P = seat('P', 0, 9 * 60, 13 * 60, { subRoleId: 'prep' });
  const O = seat('O', 0, 9 * 60, 13 * 60);
  const R = seat('R', 0, 12 * 60, 16 * 60, { subRoleId: 'grill' });
  const Q = seat('Q', 0, 14 * 60, 18 * 60, { subRoleId: 'dish' });
  const people = [
    staff('p', { positions: ['cook/line', 'cook/prep'] }),
    staff('e', { positions: ['cook/line', 'cook/grill', 'cook/dish'] }),
    staff('g', { positions: ['cook/grill'] }),
  ];

  it('runs another pass while the last one filled a seat', () => {
    const out = augment(problemOf([P, O, R, Q], people), [
      { seatId: 'O', staffId: 'p' },
      { seatId: 'R', staffId: 'e' },
    ]);
    expect(byStaff(out)).toEqual({ P: 'p', O: 'e', Q: 'e', R: 'g' });
  });

  it('tries the next eligible employee when the first cannot take the open seat', () => {
    const a = seat('a', 0, 9 * 60, 13 * 60);
    const p = problemOf([a], [staff('full', { maxWeekMinutes: 0 }), staff('y')]);
    expect(augment(p, [])).toEqual([{ seatId: 'a', staffId: 'y' }]);
  });

  it('moves a seat only to an employee whose own rules accept it', () => {
    // y could take `a` by position but has no weekly hours left: x keeps `a`, and `b` stays open
    const a = seat('a', 0, 9 * 60, 13 * 60);
    const b = seat('b', 0, 9 * 60, 13 * 60, { subRoleId: 'prep' });
    const p = problemOf(
      [a, b],
      [staff('x', { positions: ['cook/line', 'cook/prep'] }), staff('y', { maxWeekMinutes: 0 })],
    );
    expect(augment(p, [{ seatId: 'a', staffId: 'x' }])).toEqual([{ seatId: 'a', staffId: 'x' }]);
  });

  it('makes a move only when handing over that one seat frees the employee for the open one', () => {
    // x holds 9-11 and 11-13; the open 9-13 prep seat overlaps both, so giving one to y is not enough
    const o1 = seat('o1', 0, 9 * 60, 11 * 60);
    const o2 = seat('o2', 0, 11 * 60, 13 * 60);
    const open = seat('open', 0, 9 * 60, 13 * 60, { subRoleId: 'prep' });
    const p = problemOf([open, o1, o2], [staff('x', { positions: ['cook/line', 'cook/prep'] }), staff('y')]);
    expect(
      byStaff(
        augment(p, [
          { seatId: 'o1', staffId: 'x' },
          { seatId: 'o2', staffId: 'x' },
        ]),
      ),
    ).toEqual({ o1: 'x', o2: 'x' });
  });

  it('keeps the seat handed over filled by the employee who takes it', () => {
    // b (prep, x only) is filled by handing `a` from x to y; y then cannot also take c (grill, y only), which stays open
    const a = seat('a', 0, 9 * 60, 13 * 60);
    const b = seat('b', 0, 9 * 60, 13 * 60, { subRoleId: 'prep' });
    const c = seat('c', 0, 9 * 60, 13 * 60, { subRoleId: 'grill' });
    const p = problemOf(
      [b, c, a],
      [staff('x', { positions: ['cook/line', 'cook/prep'] }), staff('y', { positions: ['cook/line', 'cook/grill'] })],
    );
    expect(byStaff(augment(p, [{ seatId: 'a', staffId: 'x' }]))).toEqual({ a: 'y', b: 'x' });
  });

  it('after a move, the employee who gave a seat away no longer holds it', () => {
    // x gives `a` to y and takes `b`; `c` (prep, overlapping b) stays open, and `a` stays with y
    const a = seat('a', 0, 9 * 60, 13 * 60);
    const b = seat('b', 0, 9 * 60, 13 * 60, { subRoleId: 'prep' });
    const c = seat('c', 0, 10 * 60, 14 * 60, { subRoleId: 'prep' });
    const p = problemOf([a, b, c], [staff('x', { positions: ['cook/line', 'cook/prep'] }), staff('y')]);
    expect(byStaff(augment(p, [{ seatId: 'a', staffId: 'x' }]))).toEqual({ a: 'y', b: 'x' });
  });
});
