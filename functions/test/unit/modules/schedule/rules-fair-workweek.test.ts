/**
 * The schedule's day-off and fair-workweek rest findings (src/modules/schedule/rules.ts
 * timeOffFindings, restFindings): "dayOff: approved day-offs block scheduling (the
 * schedule conflict check refuses a shift on them)" and "a clopening below the rest threshold is
 * refused 422 unless the request carries the employee's recorded consent". The premiums themselves
 * are in fair-workweek.test.ts; the HTTP behaviour in test/schedule and test/requests.
 */
import {
  evaluate,
  restFindings,
  timed,
  timeOffFindings,
  type ScheduleRules,
  type ShiftLike,
} from '../../../../src/modules/schedule/rules';
import type { TimeOff } from '../../../../src/modules/schedule/time-off';

const H = 60;
const RULES: ScheduleRules = {
  timezone: 'America/New_York',
  weekStartingDay: 1,
  dayChangeTime: 0,
  defaultDuration: 480,
  betweenShifts: 0,
  maxDayHours: false,
  excludeBreaks: false,
  breaks: {},
  conflictsDetectionEnabled: true,
  maxHoursPerWeek: 40,
  jurisdiction: 'nyc',
};
const shift = (id: string, date: string, start: number, end: number | null, employeeId = 'e1'): ShiftLike => ({
  id,
  employeeId,
  date,
  start,
  end,
  mode: 'published',
});

describe('a shift on an approved day-off', () => {
  const dayOff = (over: Partial<TimeOff> = {}): TimeOff => ({
    id: 'req1_2026-06-02',
    employeeId: 'e1',
    date: '2026-06-02',
    start: null,
    end: null,
    requestId: 'req1',
    ...over,
  });
  const found = (candidate: ShiftLike, offs: TimeOff[], rules: Partial<ScheduleRules> = {}) => {
    const r = { ...RULES, ...rules };
    return timeOffFindings(timed(candidate, r), offs, r);
  };

  it('is refused (a blocking timeOff finding naming the day-off) when the day-off is the whole day', () => {
    expect(found(shift('s1', '2026-06-02', 9 * H, 17 * H), [dayOff()])).toEqual([
      {
        shiftId: 's1',
        employeeId: 'e1',
        date: '2026-06-02',
        rule: 'timeOff',
        blocking: true,
        timeOffId: 'req1_2026-06-02',
        message: 's1 (2026-06-02 09:00-17:00, published) falls on an approved day-off of the employee on 2026-06-02',
      },
    ]);
  });

  it('gives the hours of a partial day-off in the message, and blocks a shift that meets them', () => {
    const [f] = found(shift('s1', '2026-06-02', 9 * H, 13 * H), [dayOff({ start: 12 * H, end: 18 * H })]);
    expect(f).toMatchObject({ rule: 'timeOff', blocking: true });
    expect(f.message).toBe(
      's1 (2026-06-02 09:00-13:00, published) falls on an approved day-off of the employee on 2026-06-02 (12:00-18:00)',
    );
  });

  it('lets a shift that only touches a partial day-off stand, before it or after it', () => {
    const off = dayOff({ start: 12 * H, end: 18 * H });
    expect(found(shift('before', '2026-06-02', 8 * H, 12 * H), [off])).toEqual([]);
    expect(found(shift('after', '2026-06-02', 18 * H, 22 * H), [off])).toEqual([]);
    expect(found(shift('overlaps-end', '2026-06-02', 17 * H + 59, 22 * H), [off])).toHaveLength(1);
    expect(found(shift('overlaps-start', '2026-06-02', 8 * H, 12 * H + 1), [off])).toHaveLength(1);
  });

  it("ignores another employee's day-off and the employee's day-offs of other days", () => {
    expect(found(shift('s1', '2026-06-02', 9 * H, 17 * H), [dayOff({ employeeId: 'e2' })])).toEqual([]);
    expect(found(shift('s1', '2026-06-03', 9 * H, 17 * H), [dayOff()])).toEqual([]);
  });

  it('lists each day-off a shift meets, an overnight shift reaching into the next day included', () => {
    const offs = [
      dayOff({ id: 'a', date: '2026-06-02' }),
      dayOff({ id: 'b', date: '2026-06-03' }),
      dayOff({ id: 'c', employeeId: 'e2' }),
    ];
    expect(found(shift('night', '2026-06-02', 22 * H, 6 * H), offs).map((f) => f.timeOffId)).toEqual(['a', 'b']);
  });
});

describe('the fair-workweek rest between shifts of consecutive days', () => {
  const rest = (candidate: ShiftLike, others: ShiftLike[], consent = false, rules: Partial<ScheduleRules> = {}) => {
    const r = { ...RULES, ...rules };
    return restFindings(
      timed(candidate, r),
      others.map((o) => timed(o, r)),
      r,
      consent,
    );
  };

  it('says which shifts leave too little rest, and under which jurisdiction', () => {
    const close = shift('close', '2026-06-01', 15 * H, 23 * H);
    const [found] = rest(shift('open', '2026-06-02', 8 * H, 14 * H), [close]);
    expect(found.finding).toEqual({
      shiftId: 'open',
      employeeId: 'e1',
      date: '2026-06-02',
      rule: 'fairWorkweekRest',
      blocking: true,
      conflictingShiftId: 'close',
      limit: 660,
      actual: 540,
      unit: 'minutes',
      message:
        'open (2026-06-02 08:00-14:00, published) leaves 540 minutes of rest next to close (2026-06-01 15:00-23:00, published); the fair-workweek rule (nyc) requires 660 unless the employee consents (restConsent)',
    });
    expect(found.other.shift.id).toBe('close');
  });

  it('tells whether the candidate is the second shift (the one whose hours the premium pays) or the first', () => {
    const close = shift('close', '2026-06-01', 15 * H, 23 * H);
    const open = shift('open', '2026-06-02', 7 * H, 15 * H);
    expect(rest(open, [close])[0].candidateIsSecond).toBe(true);
    expect(rest(close, [open])[0].candidateIsSecond).toBe(false);
  });

  it('counts rest of zero between a shift ending at midnight and one starting then', () => {
    const [found] = rest(shift('open', '2026-06-02', 0, 8 * H), [shift('close', '2026-06-01', 16 * H, 24 * H)], false, {
      jurisdiction: 'seattle',
    });
    expect(found.finding).toMatchObject({ rule: 'fairWorkweekRest', actual: 0, limit: 600 });
    // the whole 8-hour shift is inside the 10-hour window, paid half again: 4 hours of premium
    expect(found.premium.payHours).toBe(4);
  });

  it("leaves an overnight shift that overlaps the next day's shift to the overlap rule (no rest finding)", () => {
    const night = shift('night', '2026-06-01', 22 * H, 6 * H);
    const early = shift('early', '2026-06-02', 5 * H, 9 * H);
    expect(rest(early, [night])).toEqual([]);
    expect(evaluate(timed(early, RULES), [timed(night, RULES)], RULES, undefined).map((f) => f.rule)).toEqual([
      'overlap',
    ]);
  });

  it('finds a short rest with a shift of the next day as well as of the previous one, each listed', () => {
    const before = shift('before', '2026-06-01', 16 * H, 23 * H);
    const candidate = shift('c', '2026-06-02', 8 * H, 16 * H + 30);
    const after = shift('after', '2026-06-03', 2 * H, 6 * H);
    expect(
      rest(candidate, [before, after]).map((x) => [
        x.finding.conflictingShiftId,
        x.finding.actual,
        x.candidateIsSecond,
      ]),
    ).toEqual([
      ['before', 540, true],
      ['after', 570, false],
    ]);
  });

  it('has no rule without a jurisdiction', () => {
    expect(
      rest(shift('open', '2026-06-02', 0, 8 * H), [shift('close', '2026-06-01', 16 * H, 24 * H)], false, {
        jurisdiction: undefined,
      }),
    ).toEqual([]);
  });
});

describe('the weekly totals', () => {
  it('leave the shifts of the following week out', () => {
    // week of Monday 2026-06-01: 40 hours in it; a shift on Monday 2026-06-08 belongs to the next week
    const rules: ScheduleRules = { ...RULES, jurisdiction: 'none' };
    const week = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'].map((d, i) =>
      timed(shift(`w${i}`, d, 8 * H, 16 * H), rules),
    );
    const next = timed(shift('next', '2026-06-08', 8 * H, 16 * H), rules);
    const candidate = timed(shift('c', '2026-06-05', 8 * H, 16 * H), rules);
    expect(evaluate(candidate, [...week, next], rules, undefined)).toEqual([]);
  });
});
