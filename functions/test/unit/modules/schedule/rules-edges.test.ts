import {
  breakMinutes,
  evaluate,
  findingKey,
  scheduleRulesOf,
  timed,
  type ScheduleRules,
  type ShiftLike,
} from '../../../../src/modules/schedule/rules';
import type { CompanyRules } from '../../../../src/modules/companies';
import type { Finding } from '../../../../src/modules/schedule/schemas';

/** The edges of the conflict rules and the messages the API answers with them (the HTTP behaviour is in test/schedule). */
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
const shift = (id: string, date: string, start: number, end: number | null): ShiftLike => ({
  id,
  employeeId: 'e1',
  date,
  start,
  end,
  mode: 'published',
});
const findings = (
  candidate: ShiftLike,
  others: ShiftLike[],
  rules: Partial<ScheduleRules> = {},
  availabilities?: Record<string, unknown>,
): Finding[] => {
  const r = { ...RULES, ...rules };
  return evaluate(
    timed(candidate, r),
    others.map((o) => timed(o, r)),
    r,
    availabilities,
  );
};
const H = 60;

describe('the rules of a company', () => {
  it('takes the schedule rules from the profile and settings, with no breaks when none are set', () => {
    const company = {
      profile: {
        timezone: 'Europe/Madrid',
        weekStartingDay: 0,
        defaultDuration: 360,
        betweenShifts: 30,
        maxDayHours: false,
        excludeBreaks: true,
        breaks: { lunch: { hours: 6, length: 30 } },
      },
      settings: { dayChangeTime: 14400, conflictsDetectionEnabled: false, maxHoursPerWeek: 38 },
    } as unknown as CompanyRules;
    expect(scheduleRulesOf(company)).toEqual({
      timezone: 'Europe/Madrid',
      weekStartingDay: 0,
      dayChangeTime: 14400,
      defaultDuration: 360,
      betweenShifts: 30,
      maxDayHours: false,
      excludeBreaks: true,
      breaks: { lunch: { hours: 6, length: 30 } },
      conflictsDetectionEnabled: false,
      maxHoursPerWeek: 38,
      jurisdiction: 'none',
      minorRules: 'block',
      minors: { location: null, calendar: null, weekStartingDay: 0 },
    });
    const noBreaks = {
      ...company,
      profile: { ...company.profile, breaks: undefined, excludeBreaks: undefined },
    } as unknown as CompanyRules;
    expect(scheduleRulesOf(noBreaks)).toMatchObject({ breaks: {}, excludeBreaks: false });
  });

  it('takes the longest applicable break whatever order the rules are listed in', () => {
    const breaks = { long: { hours: 6, length: 30 }, short: { hours: 4, length: 15 } };
    expect(breakMinutes(7 * H, { ...RULES, excludeBreaks: true, breaks })).toBe(30);
    expect(breakMinutes(6 * H, { ...RULES, excludeBreaks: true, breaks })).toBe(30);
  });
});

describe('overlap and rest', () => {
  it('lets back-to-back shifts stand when no rest is required, in either order', () => {
    const a = shift('a', '2026-05-04', 8 * H, 12 * H);
    const b = shift('b', '2026-05-04', 12 * H, 16 * H);
    expect(findings(b, [a], { betweenShifts: 0 })).toEqual([]);
    expect(findings(a, [b], { betweenShifts: 0 })).toEqual([]);
  });

  it('says which shifts overlap', () => {
    const a = shift('a', '2026-05-04', 8 * H, 12 * H);
    const b = shift('b', '2026-05-04', 11 * H + 30, 16 * H);
    expect(findings(b, [a])).toEqual([
      {
        shiftId: 'b',
        employeeId: 'e1',
        date: '2026-05-04',
        rule: 'overlap',
        blocking: true,
        conflictingShiftId: 'a',
        message:
          'b (2026-05-04 11:30-16:00, published) overlaps a (2026-05-04 08:00-12:00, published) of the same employee',
      },
    ]);
  });

  it('measures the rest to a later shift as well as to an earlier one', () => {
    const later = shift('later', '2026-05-04', 12 * H + 59, 17 * H);
    const candidate = shift('c', '2026-05-04', 8 * H, 12 * H);
    expect(findings(candidate, [later])).toEqual([
      {
        shiftId: 'c',
        employeeId: 'e1',
        date: '2026-05-04',
        rule: 'betweenShifts',
        blocking: true,
        conflictingShiftId: 'later',
        limit: 60,
        actual: 59,
        unit: 'minutes',
        message:
          'c (2026-05-04 08:00-12:00, published) leaves 59 minutes of rest next to later (2026-05-04 12:59-17:00, published); the company requires 60',
      },
    ]);
  });

  it('counts no rest at all between back-to-back shifts', () => {
    const a = shift('a', '2026-05-04', 8 * H, 12 * H);
    const b = shift('b', '2026-05-04', 12 * H, 16 * H);
    expect(findings(b, [a])).toEqual([expect.objectContaining({ rule: 'betweenShifts', actual: 0 })]);
    expect(findings(a, [b])).toEqual([expect.objectContaining({ rule: 'betweenShifts', actual: 0 })]);
  });
});

describe('daily and weekly limits', () => {
  it('gives the daily total in hours, to the hundredth', () => {
    const a = shift('a', '2026-05-04', 6 * H, 12 * H);
    const b = shift('b', '2026-05-04', 12 * H, 16 * H + 20);
    expect(findings(b, [a], { betweenShifts: 0 })).toEqual([
      {
        shiftId: 'b',
        employeeId: 'e1',
        date: '2026-05-04',
        rule: 'maxDayHours',
        blocking: true,
        limit: 10,
        actual: 10.33,
        unit: 'hours',
        message: '10.33 hours on 2026-05-04 exceed the daily maximum of 10',
      },
    ]);
  });

  // Monday 2026-05-04 to Sunday 2026-05-10
  const week = (hours: number[]) => hours.map((h, i) => shift(`d${i}`, `2026-05-0${4 + i}`, 8 * H, 8 * H + h * H));

  it('counts a shift on the last day of the week, and allows a week of exactly the maximum', () => {
    const days = week([8, 8, 8, 8, 0, 0]).filter((_, i) => i < 4);
    const sunday = shift('sun', '2026-05-10', 8 * H, 16 * H);
    const saturday = shift('sat', '2026-05-09', 8 * H, 8 * H + 30);
    // 32 + 8 (Sunday) = 40: at the limit; the Saturday half hour goes over it
    expect(findings(shift('fri', '2026-05-08', 20 * H, 20 * H), [...days, sunday])).toEqual([]);
    expect(findings(saturday, [...days, sunday])).toEqual([
      {
        shiftId: 'sat',
        employeeId: 'e1',
        date: '2026-05-09',
        blocking: false,
        weekStart: '2026-05-04',
        rule: 'maxHoursPerWeek',
        limit: 40,
        actual: 40.5,
        unit: 'hours',
        message: '40.5 hours in the week of 2026-05-04 exceed the company maximum of 40',
      },
    ]);
  });

  it('leaves the shifts of the week before out of the week', () => {
    const previousSunday = shift('prev', '2026-05-03', 8 * H, 20 * H);
    const days = week([8, 8, 8, 8]);
    expect(findings(shift('fri', '2026-05-08', 8 * H, 16 * H), [previousSunday, ...days])).toEqual([]);
  });

  it("warns on the employee's own weekly hours and days only above them, and only when they are numbers", () => {
    const days = week([6, 6, 6]);
    const thursday = shift('thu', '2026-05-07', 8 * H, 14 * H);
    expect(findings(thursday, days, {}, { maxHoursInWeek: 24, maxDaysPerWeek: 4 })).toEqual([]);
    expect(findings(thursday, days, {}, { maxHoursInWeek: '20', maxDaysPerWeek: '3' })).toEqual([]);
    expect(findings(thursday, days, {}, { maxHoursInWeek: null })).toEqual([]);
    expect(findings(thursday, days, {}, { maxHoursInWeek: 23.5, maxDaysPerWeek: 3 })).toEqual([
      {
        shiftId: 'thu',
        employeeId: 'e1',
        date: '2026-05-07',
        blocking: false,
        weekStart: '2026-05-04',
        rule: 'maxHoursInWeek',
        limit: 23.5,
        actual: 24,
        unit: 'hours',
        message: "24 hours in the week of 2026-05-04 exceed the employee's maximum of 23.5",
      },
      {
        shiftId: 'thu',
        employeeId: 'e1',
        date: '2026-05-07',
        blocking: false,
        weekStart: '2026-05-04',
        rule: 'maxDaysPerWeek',
        limit: 3,
        actual: 4,
        unit: 'days',
        message: "4 working days in the week of 2026-05-04 exceed the employee's maximum of 3",
      },
    ]);
  });
});

describe('availability', () => {
  const monday = (day: unknown) => ({ Monday: day });
  const at = (start: number, end: number) => shift('s', '2026-05-04', start, end);

  it('accepts a shift that fills a window exactly', () => {
    expect(findings(at(8 * H, 12 * H), [], {}, monday({ shift1: { start: 8 * H, end: 12 * H } }))).toEqual([]);
  });

  it('names the windows, midnight as 24:00, when a shift leaves them', () => {
    const day = { shift1: { start: 8 * H, end: 12 * H }, shift2: { start: 17 * H + 30, end: 1440 } };
    expect(findings(at(13 * H, 15 * H), [], {}, monday(day))).toEqual([
      {
        shiftId: 's',
        employeeId: 'e1',
        date: '2026-05-04',
        rule: 'availability',
        blocking: false,
        message:
          "s (2026-05-04 13:00-15:00, published) is outside the employee's availability on Monday (08:00-12:00, 17:30-24:00)",
      },
    ]);
  });

  it('says the employee is not available on a day with no usable window', () => {
    const expected = [
      expect.objectContaining({ rule: 'availability', message: 'the employee is not available on Monday' }),
    ];
    expect(findings(at(8 * H, 12 * H), [], {}, monday({}))).toEqual(expected);
    expect(findings(at(8 * H, 12 * H), [], {}, monday({ shift1: { start: 8 * H } }))).toEqual(expected);
    expect(findings(at(8 * H, 12 * H), [], {}, monday({ shift1: { end: 12 * H } }))).toEqual(expected);
    expect(
      findings(at(8 * H, 12 * H), [], {}, monday({ shift1: null, shift2: { start: 8 * H, end: 12 * H } })),
    ).toEqual([]);
  });

  it('ignores a day entry that is not an object', () => {
    expect(findings(at(8 * H, 12 * H), [], {}, monday('evenings'))).toEqual([]);
    expect(findings(at(8 * H, 12 * H), [], {}, monday(null))).toEqual([]);
  });
});

describe('the identity of a finding', () => {
  const base = { shiftId: 's1', employeeId: 'e1', date: '2026-05-04', blocking: false, message: '' };
  it('names each rule by what makes it one problem', () => {
    expect(findingKey({ ...base, rule: 'betweenShifts', conflictingShiftId: 's2' } as Finding)).toBe(
      'betweenShifts:s1|s2',
    );
    expect(findingKey({ ...base, shiftId: 's2', rule: 'betweenShifts', conflictingShiftId: 's1' } as Finding)).toBe(
      'betweenShifts:s1|s2',
    );
    expect(findingKey({ ...base, rule: 'overlap', conflictingShiftId: 's0' } as Finding)).toBe('overlap:s0|s1');
    expect(findingKey({ ...base, rule: 'maxDayHours' } as Finding)).toBe('maxDayHours:e1:2026-05-04');
    for (const rule of ['maxHoursPerWeek', 'maxHoursInWeek', 'maxDaysPerWeek'] as const) {
      expect(findingKey({ ...base, rule, weekStart: '2026-05-04' } as Finding)).toBe(`${rule}:e1:2026-05-04`);
    }
    expect(findingKey({ ...base, rule: 'availability' } as Finding)).toBe('availability:s1');
  });
});
