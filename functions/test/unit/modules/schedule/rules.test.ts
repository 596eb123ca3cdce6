import {
  breakMinutes,
  evaluate,
  findingKey,
  timed,
  type ScheduleRules,
  type ShiftLike,
} from '../../../../src/modules/schedule/rules';

/** The conflict rules of a shift as pure functions (the HTTP behaviour is in test/schedule). */
const RULES: ScheduleRules = {
  timezone: 'America/New_York',
  weekStartingDay: 1,
  dayChangeTime: 0,
  defaultDuration: 480,
  betweenShifts: 60,
  maxDayHours: 10,
  excludeBreaks: false,
  breaks: {},
  conflictsDetectionEnabled: true,
  maxHoursPerWeek: 40,
};

let n = 0;
const shift = (date: string, start: number, end: number | null, over: Partial<ShiftLike> = {}): ShiftLike => ({
  id: `s${++n}`,
  employeeId: 'e1',
  date,
  start,
  end,
  mode: 'published',
  ...over,
});
const findings = (
  candidate: ShiftLike,
  others: ShiftLike[],
  rules: Partial<ScheduleRules> = {},
  availabilities?: Record<string, unknown>,
) => {
  const r = { ...RULES, ...rules };
  return evaluate(
    timed(candidate, r),
    others.map((o) => timed(o, r)),
    r,
    availabilities,
  );
};
const rulesOf = (list: { rule: string }[]) => list.map((f) => f.rule).sort();

describe('shift timing', () => {
  it('lasts its real length across a DST change and past midnight', () => {
    // New York springs forward on 2026-03-08 at 02:00: 22:00 to 06:00 is 7 real hours
    expect(timed(shift('2026-03-07', 22 * 60, 6 * 60), RULES).minutes).toBe(7 * 60);
    // and falls back on 2026-11-01: the same night lasts 9 hours
    expect(timed(shift('2026-10-31', 22 * 60, 6 * 60), RULES).minutes).toBe(9 * 60);
  });

  it('counts an open-ended shift as the company defaultDuration', () => {
    expect(timed(shift('2026-05-04', 9 * 60, null), RULES).minutes).toBe(480);
  });

  it('subtracts the longest applicable break only when the company excludes breaks', () => {
    const breaks = { short: { hours: 4, length: 15 }, long: { hours: 6, length: 30 } };
    expect(breakMinutes(7 * 60, { ...RULES, excludeBreaks: true, breaks })).toBe(30);
    expect(breakMinutes(5 * 60, { ...RULES, excludeBreaks: true, breaks })).toBe(15);
    expect(breakMinutes(3 * 60, { ...RULES, excludeBreaks: true, breaks })).toBe(0);
    expect(breakMinutes(7 * 60, { ...RULES, excludeBreaks: false, breaks })).toBe(0);
  });
});

describe('conflict findings', () => {
  it('always blocks an overlap, including one with a shift that started the day before', () => {
    const night = shift('2026-05-04', 22 * 60, 2 * 60);
    const early = shift('2026-05-05', 60, 5 * 60);
    const [overlap] = findings(early, [night]);
    expect(overlap).toMatchObject({ rule: 'overlap', blocking: true, conflictingShiftId: night.id });
    expect(findings(early, [night], { conflictsDetectionEnabled: false })[0]).toMatchObject({
      rule: 'overlap',
      blocking: true,
    });
  });

  it('treats rest of exactly betweenShifts as enough and one minute less as a conflict, blocking only with detection on', () => {
    const morning = shift('2026-05-04', 8 * 60, 12 * 60);
    expect(findings(shift('2026-05-04', 13 * 60, 17 * 60), [morning])).toEqual([]);
    const tight = findings(shift('2026-05-04', 12 * 60 + 59, 17 * 60), [morning]);
    expect(tight).toEqual([
      expect.objectContaining({ rule: 'betweenShifts', blocking: true, limit: 60, actual: 59, unit: 'minutes' }),
    ]);
    expect(
      findings(shift('2026-05-04', 12 * 60 + 59, 17 * 60), [morning], { conflictsDetectionEnabled: false })[0].blocking,
    ).toBe(false);
  });

  it('adds the hours of the shifts starting that day against maxDayHours, breaks excluded when the company says so', () => {
    const a = shift('2026-05-04', 6 * 60, 12 * 60);
    const b = shift('2026-05-04', 14 * 60, 19 * 60);
    expect(rulesOf(findings(b, [a], { betweenShifts: 0 }))).toEqual(['maxDayHours']);
    const breaks = { lunch: { hours: 5, length: 30 } };
    expect(findings(b, [a], { betweenShifts: 0, excludeBreaks: true, breaks })).toEqual([]);
    expect(findings(b, [a], { betweenShifts: 0, maxDayHours: false })).toEqual([]);
  });

  it('warns, never blocks, on the weekly limits of the company week', () => {
    const week = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08'].map((d) =>
      shift(d, 8 * 60, 17 * 60),
    );
    const saturday = shift('2026-05-09', 8 * 60, 12 * 60);
    const found = findings(saturday, week, {}, { maxHoursInWeek: 44, maxDaysPerWeek: 5 });
    expect(rulesOf(found)).toEqual(['maxDaysPerWeek', 'maxHoursInWeek', 'maxHoursPerWeek']);
    expect(found.every((f) => f.blocking === false && f.weekStart === '2026-05-04')).toBe(true);
    // the next company week (starting Monday 2026-05-11) starts from zero
    expect(findings(shift('2026-05-11', 8 * 60, 12 * 60), week)).toEqual([]);
  });

  it('warns when the shift leaves the availability of its weekday, and not for a weekday without an entry', () => {
    const availability = { Monday: { shift1: { start: 8 * 60, end: 12 * 60 }, shift2: { start: 16 * 60, end: 1440 } } };
    expect(findings(shift('2026-05-04', 16 * 60, 23 * 60), [], {}, availability)).toEqual([]);
    expect(findings(shift('2026-05-04', 11 * 60, 14 * 60), [], {}, availability)).toEqual([
      expect.objectContaining({ rule: 'availability', blocking: false }),
    ]);
    expect(findings(shift('2026-05-05', 11 * 60, 14 * 60), [], {}, availability)).toEqual([]);
    expect(findings(shift('2026-05-04', 11 * 60, 14 * 60), [], {}, { Monday: { allDay: true } })).toEqual([]);
  });

  it('identifies a pair finding the same way from either shift, so a publish lists it once', () => {
    const a = shift('2026-05-04', 8 * 60, 12 * 60);
    const b = shift('2026-05-04', 11 * 60, 15 * 60);
    expect(findingKey(findings(a, [b])[0])).toBe(findingKey(findings(b, [a])[0]));
  });
});
