import fc from 'fast-check';
import {
  ageOn,
  isSchoolDay,
  laborDay,
  minorBreaches,
  strictestLimits,
  type MinorContext,
  type MinorShift,
  type SchoolCalendar,
} from '../../../../src/modules/compliance';
import { addDays } from '../../../../src/core/calendar';

/**
 * The minors' hours as pure rules: the federal 14-15 limits (29 CFR 570.35), the minimum age of
 * 14, California (Labor Code 1391) and New York (Labor Law 142, 143), each on both sides of its
 * figure.
 */

const H = 60;
/** A school year: Monday 2026-03-02 is a school day; 2026-03-06 (Friday) is closed. */
const CALENDAR: SchoolCalendar = {
  terms: [{ from: '2025-09-01', to: '2026-06-12' }],
  closedDays: ['2026-03-06'],
  hours: { start: 8 * H, end: 15 * H },
};
const MON = '2026-03-02';
const ctx = (state: string | null, calendar: SchoolCalendar | null = CALENDAR): MinorContext => ({
  location: state ? { state, county: null, city: null } : null,
  calendar,
  weekStartingDay: 1,
});
let n = 0;
const shift = (date: string, start: number, minutes: number): MinorShift => ({
  id: `s${++n}`,
  date,
  start,
  minutes,
  worked: minutes,
});
/** Born so as to be `age` on 2026-03-02 (and the whole week). */
const bornAged = (age: number) => `${2026 - age}-01-15`;
const rules = (b: { rule: string; law: string }[]) => b.map((x) => `${x.law}:${x.rule}`).sort();

describe('the calendar of the minors rules', () => {
  it('finds Labor Day, the first Monday of September', () => {
    expect(laborDay(2026)).toBe('2026-09-07');
    expect(laborDay(2025)).toBe('2025-09-01');
    expect(laborDay(2027)).toBe('2027-09-06');
  });
  it('counts age in whole years, the birthday included', () => {
    expect(ageOn('2012-03-02', '2026-03-01')).toBe(13);
    expect(ageOn('2012-03-02', '2026-03-02')).toBe(14);
  });
  it('reads school days from the calendar, every weekday without one', () => {
    expect(isSchoolDay(MON, CALENDAR)).toBe(true);
    expect(isSchoolDay('2026-03-06', CALENDAR)).toBe(false);
    expect(isSchoolDay('2026-03-07', CALENDAR)).toBe(false);
    expect(isSchoolDay('2026-07-06', CALENDAR)).toBe(false);
    expect(isSchoolDay('2026-07-06', null)).toBe(true);
  });
});

describe('federal: under 14', () => {
  it('refuses anyone under 14 and accepts 14', () => {
    expect(rules(minorBreaches('2012-03-03', shift(MON, 16 * H, 60), [], ctx(null)))).toEqual(['us-federal:minorAge']);
    expect(minorBreaches('2012-03-02', shift(MON, 16 * H, 60), [], ctx(null))).toEqual([]);
  });
});

describe('federal 14-15 (29 CFR 570.35)', () => {
  const b = bornAged(15);
  it('3 hours on a school day', () => {
    expect(minorBreaches(b, shift(MON, 15 * H, 3 * H), [], ctx(null))).toEqual([]);
    expect(rules(minorBreaches(b, shift(MON, 15 * H, 3 * H + 1), [], ctx(null)))).toEqual([
      'us-federal-14-15:minorDayHours',
    ]);
  });
  it('8 hours on a day without school (the closed Friday)', () => {
    expect(minorBreaches(b, shift('2026-03-06', 9 * H, 8 * H), [], ctx(null))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-06', 9 * H, 8 * H + 30), [], ctx(null)))).toEqual([
      'us-federal-14-15:minorDayHours',
    ]);
  });
  it('18 hours in a school week', () => {
    const week = [0, 1, 2, 3].map((d) => shift(addDays(MON, d), 15 * H, 3 * H));
    expect(minorBreaches(b, shift('2026-03-07', 9 * H, 6 * H), week, ctx(null))).toEqual([]);
    const breaches = minorBreaches(b, shift('2026-03-07', 9 * H, 6 * H + 15), week, ctx(null));
    expect(rules(breaches)).toEqual(['us-federal-14-15:minorWeekHours']);
    expect(breaches[0]).toMatchObject({ limit: 18, actual: 18.25, unit: 'hours', weekStart: MON });
  });
  it('40 hours in a week without school', () => {
    const summer = '2026-07-06';
    const week = [0, 1, 2, 3].map((d) => shift(addDays(summer, d), 9 * H, 8 * H));
    expect(minorBreaches(b, shift('2026-07-10', 9 * H, 8 * H), week, ctx(null))).toEqual([]);
    expect(
      rules(minorBreaches(b, shift('2026-07-11', 9 * H, 60), [...week, shift('2026-07-10', 9 * H, 8 * H)], ctx(null))),
    ).toEqual(['us-federal-14-15:minorWeekHours']);
  });
  it('7 a.m. to 7 p.m.', () => {
    expect(minorBreaches(b, shift('2026-03-07', 7 * H, 60), [], ctx(null))).toEqual([]);
    expect(minorBreaches(b, shift('2026-03-07', 18 * H, 60), [], ctx(null))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-07', 6 * H + 59, 60), [], ctx(null)))).toEqual([
      'us-federal-14-15:minorTimeOfDay',
    ]);
    expect(rules(minorBreaches(b, shift('2026-03-07', 18 * H, 61), [], ctx(null)))).toEqual([
      'us-federal-14-15:minorTimeOfDay',
    ]);
  });
  it('9 p.m. from June 1 through Labor Day, 7 p.m. on the day before and after', () => {
    const late = (date: string) => minorBreaches(b, shift(date, 19 * H, 2 * H), [], ctx(null, null));
    expect(late('2026-06-01')).toEqual([]);
    expect(late('2026-09-07')).toEqual([]);
    // without a calendar every weekday is a school day: a Saturday is used to keep the day limit out
    expect(rules(minorBreaches(b, shift('2026-05-30', 19 * H, 2 * H), [], ctx(null, null)))).toEqual([
      'us-federal-14-15:minorTimeOfDay',
    ]);
    expect(rules(minorBreaches(b, shift('2026-09-12', 19 * H, 2 * H), [], ctx(null, null)))).toEqual([
      'us-federal-14-15:minorTimeOfDay',
    ]);
  });
  it("outside the school's hours on a school day", () => {
    expect(minorBreaches(b, shift(MON, 15 * H, 2 * H), [], ctx(null))).toEqual([]);
    expect(rules(minorBreaches(b, shift(MON, 14 * H, 2 * H), [], ctx(null)))).toEqual([
      'us-federal-14-15:minorSchoolHours',
    ]);
  });
  it('leaves 16-year-olds to the states, and adults alone', () => {
    expect(minorBreaches(bornAged(16), shift(MON, 9 * H, 10 * H), [], ctx(null))).toEqual([]);
    expect(minorBreaches(bornAged(18), shift(MON, 3 * H, 12 * H), [], ctx('CA'))).toEqual([]);
    expect(minorBreaches(null, shift(MON, 3 * H, 12 * H), [], ctx('CA'))).toEqual([]);
  });
});

describe('California 16-17 (Labor Code 1391)', () => {
  const b = bornAged(16);
  it('4 hours on a school day, 8 on a day without school', () => {
    expect(minorBreaches(b, shift(MON, 16 * H, 4 * H), [], ctx('CA'))).toEqual([]);
    expect(rules(minorBreaches(b, shift(MON, 16 * H, 4 * H + 1), [], ctx('CA')))).toEqual([
      'us-ca-16-17:minorDayHours',
    ]);
    expect(minorBreaches(b, shift('2026-03-07', 9 * H, 8 * H), [], ctx('CA'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-07', 9 * H, 8 * H + 1), [], ctx('CA')))).toEqual([
      'us-ca-16-17:minorDayHours',
    ]);
  });
  it('48 hours in a week', () => {
    const summer = '2026-07-06';
    const week = [0, 1, 2, 3, 4].map((d) => shift(addDays(summer, d), 9 * H, 8 * H));
    expect(minorBreaches(b, shift('2026-07-11', 9 * H, 8 * H), week, ctx('CA'))).toEqual([]);
    const six = [...week, shift('2026-07-11', 9 * H, 8 * H)];
    expect(rules(minorBreaches(b, shift('2026-07-12', 9 * H, 1), six, ctx('CA')))).toEqual([
      'us-ca-16-17:minorWeekHours',
    ]);
  });
  it('5 a.m. to 10 p.m. before a school day, 12:30 a.m. before a day without school', () => {
    // Sunday 2026-03-01 comes before the school Monday; Saturday 2026-03-07 before a Sunday
    expect(minorBreaches(b, shift('2026-03-01', 5 * H, 60), [], ctx('CA'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-01', 4 * H + 59, 60), [], ctx('CA')))).toEqual([
      'us-ca-16-17:minorTimeOfDay',
    ]);
    expect(minorBreaches(b, shift('2026-03-01', 18 * H, 4 * H), [], ctx('CA'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-01', 18 * H, 4 * H + 1), [], ctx('CA')))).toEqual([
      'us-ca-16-17:minorTimeOfDay',
    ]);
    expect(minorBreaches(b, shift('2026-03-07', 17 * H, 7 * H + 30), [], ctx('CA'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-07', 17 * H, 7 * H + 31), [], ctx('CA')))).toEqual([
      'us-ca-16-17:minorTimeOfDay',
    ]);
  });
  it('applies the federal and the California 14-15 rules together', () => {
    expect(rules(minorBreaches(bornAged(14), shift(MON, 16 * H, 4 * H), [], ctx('CA')))).toEqual([
      'us-ca-14-15:minorDayHours',
      'us-ca-14-15:minorTimeOfDay',
      'us-federal-14-15:minorDayHours',
      'us-federal-14-15:minorTimeOfDay',
    ]);
  });
});

describe('New York (Labor Law 142, 143)', () => {
  it('16-17: 4 hours on a school day before another, 8 on a Friday, 28 a week, 6 days, 6 a.m. to 10 p.m.', () => {
    const b = bornAged(17);
    expect(minorBreaches(b, shift(MON, 16 * H, 4 * H), [], ctx('NY'))).toEqual([]);
    expect(rules(minorBreaches(b, shift(MON, 16 * H, 4 * H + 1), [], ctx('NY')))).toEqual([
      'us-ny-16-17:minorDayHours',
    ]);
    // Thursday 2026-03-05 comes before the closed Friday: 8 hours
    expect(minorBreaches(b, shift('2026-03-05', 15 * H, 7 * H), [], ctx('NY'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-05', 15 * H, 7 * H + 1), [], ctx('NY')))).toEqual([
      'us-ny-16-17:minorTimeOfDay',
    ]);
    const week = [0, 1, 2, 3].map((d) => shift(addDays(MON, d), 16 * H, 4 * H));
    const saturday = shift('2026-03-07', 9 * H, 8 * H);
    expect(minorBreaches(b, saturday, week, ctx('NY'))).toEqual([]);
    expect(minorBreaches(b, shift('2026-03-08', 9 * H, 4 * H), [...week, saturday], ctx('NY'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-08', 9 * H, 4 * H + 1), [...week, saturday], ctx('NY')))).toEqual([
      'us-ny-16-17:minorWeekHours',
    ]);
    const six = [0, 1, 2, 3, 4, 5].map((d) => shift(addDays(MON, d), 16 * H, 60));
    expect(minorBreaches(b, shift('2026-03-07', 9 * H, 60), six.slice(0, 5), ctx('NY'))).toEqual([]);
    expect(rules(minorBreaches(b, shift('2026-03-08', 9 * H, 60), six, ctx('NY')))).toEqual([
      'us-ny-16-17:minorDaysPerWeek',
    ]);
  });
  it('14-15: 9 p.m. only from June 21 in a week without school', () => {
    const b = bornAged(15);
    const summer = ctx('NY', { terms: [], closedDays: [], hours: null });
    expect(rules(minorBreaches(b, shift('2026-06-20', 19 * H, 2 * H), [], summer))).toEqual([
      'us-ny-14-15:minorTimeOfDay',
    ]);
    expect(minorBreaches(b, shift('2026-06-22', 19 * H, 2 * H), [], summer)).toEqual([]);
  });
});

describe('invariants', () => {
  const dates = fc.integer({ min: 0, max: 365 }).map((d) => addDays('2026-01-01', d));
  const ages = fc.integer({ min: 10, max: 25 });
  const states = fc.constantFrom(null, 'CA', 'NY', 'TX');
  const shifts = (date: string) =>
    fc
      .record({ start: fc.integer({ min: 0, max: 1439 }), minutes: fc.integer({ min: 15, max: 14 * H }) })
      .map((s) => shift(date, s.start, s.minutes));

  it('an adult or someone without a date of birth never breaks a minors rule', () => {
    fc.assert(
      fc.property(dates, states, fc.integer({ min: 18, max: 80 }), (date, state, age) => {
        const s = shift(date, 0, 20 * H);
        expect(minorBreaches(`${Number(date.slice(0, 4)) - age - 1}-12-31`, s, [], ctx(state))).toEqual([]);
        expect(minorBreaches(undefined, s, [], ctx(state))).toEqual([]);
      }),
    );
  });

  it('a shift inside the strictest limits breaks no rule of any law (what generation relies on)', () => {
    fc.assert(
      fc.property(dates, states, ages, (date, state, age) => {
        const birth = `${Number(date.slice(0, 4)) - age}-01-01`;
        const l = strictestLimits(birth, date, ctx(state));
        if (!l || !l.allowed) return;
        const minutes = Math.min(l.dayMinutes, l.latest - l.earliest, l.weekMinutes);
        const school = l.schoolHours;
        // outside school hours: after the end when it fits, else before the start
        const start = school && school.end + minutes <= l.latest ? Math.max(l.earliest, school.end) : l.earliest;
        if (school && start < school.end && school.start < start + minutes) return;
        expect(minorBreaches(birth, shift(date, start, minutes), [], ctx(state))).toEqual([]);
      }),
    );
  });

  it('a breach of the strictest limits is a breach of some law', () => {
    fc.assert(
      fc.property(dates, states, ages, (date, state, age) => {
        const birth = `${Number(date.slice(0, 4)) - age}-01-01`;
        fc.assert(
          fc.property(shifts(date), (s) => {
            const l = strictestLimits(birth, date, ctx(state));
            const breaks = minorBreaches(birth, s, [], ctx(state));
            if (!l) return expect(breaks).toEqual([]);
            const outside =
              !l.allowed ||
              s.start < l.earliest ||
              s.start + s.minutes > l.latest ||
              s.worked > l.dayMinutes ||
              s.worked > l.weekMinutes ||
              (l.schoolHours !== null && s.start < l.schoolHours.end && l.schoolHours.start < s.start + s.minutes);
            expect(breaks.length > 0).toBe(outside);
          }),
          { numRuns: 20 },
        );
      }),
      { numRuns: 50 },
    );
  });
});
