import { instant } from '../../../../src/core/calendar';
import {
  computeHours,
  DEFAULT_RULES,
  overtimeRulesSchema,
  payOf,
  withDefaults,
  type CalendarInput,
  type DayHours,
  type HoursResult,
  type OvertimeRules,
  type WorkedSpan,
} from '../../../../src/modules/payroll/overtime';

const LA = 'America/Los_Angeles'; // 2026: PST -> PDT on 03-08 at 02:00, PDT -> PST on 11-01 at 02:00
const H = 60; // minutes per hour
const cal = (dayChangeTime = 0, weekStartingDay = 1, timezone = LA): CalendarInput => ({
  timezone,
  dayChangeTime,
  weekStartingDay,
});
const MON_WEEK = cal(); // weeks start on Monday, business day changes at local midnight

/** Epoch ms of a local wall clock 'HH:mm' on a date, in Los Angeles. */
const at = (date: string, hm: string) => instant(date, Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5)), LA);
/** A span from `from` on `date` to `to` on `toDate` (default the same date), with unpaid breaks on `date`. */
const span = (date: string, from: string, to: string, toDate = date, breaks: [string, string][] = []): WorkedSpan => ({
  startMs: at(date, from),
  endMs: at(toDate, to),
  unpaidBreaks: breaks.map(([b, e]) => ({ startMs: at(date, b), endMs: at(date, e) })),
});
/** `hours` hours from 09:00 on each date. */
const days = (dates: string[], hours: number) =>
  dates.map((d) => ({ startMs: at(d, '09:00'), endMs: at(d, '09:00') + hours * 3_600_000 }));

const week = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']; // Mon .. Sun
const WEEK_PERIOD = { startDate: week[0], endDate: week[6] };

const split = (d: DayHours) => [d.date, d.regularMinutes, d.overtimeMinutes, d.doubleTimeMinutes];
const totals = (r: HoursResult) => ({
  worked: r.workedMinutes,
  regular: r.regularMinutes,
  overtime: r.overtimeMinutes,
  doubleTime: r.doubleTimeMinutes,
});
/** Every day splits its worked minutes exactly, and the totals are the sums of the days. */
function expectConsistent(r: HoursResult): void {
  for (const d of r.days) expect(d.regularMinutes + d.overtimeMinutes + d.doubleTimeMinutes).toBe(d.workedMinutes);
  const sum = (k: 'workedMinutes' | 'regularMinutes' | 'overtimeMinutes' | 'doubleTimeMinutes') =>
    r.days.reduce((s, d) => s + d[k], 0);
  expect(totals(r)).toEqual({
    worked: sum('workedMinutes'),
    regular: sum('regularMinutes'),
    overtime: sum('overtimeMinutes'),
    doubleTime: sum('doubleTimeMinutes'),
  });
}

describe('FLSA', () => {
  it('five 9h days are 40h regular and 5h overtime, the overtime all on the last day', () => {
    // Mon..Thu: 4 x 9h = 36h, all under 40h -> regular. Fri: 4h regular (36 + 4 = 40), then 5h overtime.
    const r = computeHours(days(week.slice(0, 5), 9), WEEK_PERIOD, MON_WEEK, DEFAULT_RULES.flsa);
    expect(r.days.map(split)).toEqual([
      ['2026-03-02', 9 * H, 0, 0],
      ['2026-03-03', 9 * H, 0, 0],
      ['2026-03-04', 9 * H, 0, 0],
      ['2026-03-05', 9 * H, 0, 0],
      ['2026-03-06', 4 * H, 5 * H, 0],
    ]);
    expect(totals(r)).toEqual({ worked: 45 * H, regular: 40 * H, overtime: 5 * H, doubleTime: 0 });
    expectConsistent(r);
  });

  it('has no daily overtime: one 13h day is all regular', () => {
    const r = computeHours(days([week[0]], 13), WEEK_PERIOD, MON_WEEK, DEFAULT_RULES.flsa);
    expect(totals(r)).toEqual({ worked: 13 * H, regular: 13 * H, overtime: 0, doubleTime: 0 });
  });

  it('honours a custom weekly threshold', () => {
    // threshold 35h: 4 x 9h = 36h -> Thu: 8h regular (27 + 8 = 35), 1h overtime
    const r = computeHours(
      days(week.slice(0, 4), 9),
      WEEK_PERIOD,
      MON_WEEK,
      withDefaults({ kind: 'flsa', weeklyThresholdMinutes: 35 * H }),
    );
    expect(r.days.map(split)[3]).toEqual(['2026-03-05', 8 * H, 1 * H, 0]);
  });

  it('counts each workweek separately', () => {
    // Two weeks of 5 x 8h = 40h each: no overtime in either, although the period holds 80h.
    const next = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
    const r = computeHours(
      days([...week.slice(0, 5), ...next], 8),
      { startDate: week[0], endDate: '2026-03-15' },
      MON_WEEK,
      DEFAULT_RULES.flsa,
    );
    expect(totals(r)).toEqual({ worked: 80 * H, regular: 80 * H, overtime: 0, doubleTime: 0 });
  });
});

describe('California', () => {
  const CA = DEFAULT_RULES.california;

  it('splits a 13h day into 8h regular, 4h overtime and 1h double time', () => {
    // 0-8h regular, 8-12h overtime (4h), 12-13h double time (1h)
    const r = computeHours(days([week[0]], 13), WEEK_PERIOD, MON_WEEK, CA);
    expect(r.days.map(split)).toEqual([['2026-03-02', 8 * H, 4 * H, 1 * H]]);
  });

  it('gives five 10h days 2h daily overtime each and no extra weekly overtime', () => {
    // each day: 8h regular + 2h overtime -> 5 x 2h = 10h overtime; regular 5 x 8h = 40h, not past 40h -> no weekly OT
    const r = computeHours(days(week.slice(0, 5), 10), WEEK_PERIOD, MON_WEEK, CA);
    expect(r.days.map(split)).toEqual(week.slice(0, 5).map((d) => [d, 8 * H, 2 * H, 0]));
    expect(totals(r)).toEqual({ worked: 50 * H, regular: 40 * H, overtime: 10 * H, doubleTime: 0 });
  });

  it('pays the seventh consecutive day: first 8h overtime, beyond double time', () => {
    // Mon..Sat 6 x 8h = 48h regular by the daily rule; weekly: Mon..Fri reach 40h, so Saturday's 8h become overtime.
    // Sunday is the 7th worked day of the workweek: 9h -> 8h overtime + 1h double time.
    // Totals: regular 40h, overtime 8h + 8h = 16h, double time 1h, worked 57h.
    const r = computeHours([...days(week.slice(0, 6), 8), ...days([week[6]], 9)], WEEK_PERIOD, MON_WEEK, CA);
    expect(r.days.map(split)).toEqual([
      ...week.slice(0, 5).map((d) => [d, 8 * H, 0, 0]),
      ['2026-03-07', 0, 8 * H, 0],
      ['2026-03-08', 0, 8 * H, 1 * H],
    ]);
    expect(r.days.map((d) => d.seventhDay)).toEqual([false, false, false, false, false, false, true]);
    expect(totals(r)).toEqual({ worked: 57 * H, regular: 40 * H, overtime: 16 * H, doubleTime: 1 * H });
    expectConsistent(r);
  });

  it('applies no seventh-day rule when one day of the workweek is off, or when it is disabled', () => {
    // Tue..Sun = 6 days x 6h = 36h: all regular (no day past 8h, weekly regular 36h < 40h); Sunday is not a 7th day.
    const six = computeHours(days(week.slice(1), 6), WEEK_PERIOD, MON_WEEK, CA);
    expect(totals(six)).toEqual({ worked: 36 * H, regular: 36 * H, overtime: 0, doubleTime: 0 });
    // 7 days x 5h = 35h with seventhDay false: all regular; with the default the Sunday's 5h are overtime.
    const seven = days(week, 5);
    expect(
      totals(computeHours(seven, WEEK_PERIOD, MON_WEEK, withDefaults({ kind: 'california', seventhDay: false }))),
    ).toEqual({ worked: 35 * H, regular: 35 * H, overtime: 0, doubleTime: 0 });
    expect(totals(computeHours(seven, WEEK_PERIOD, MON_WEEK, CA))).toEqual({
      worked: 35 * H,
      regular: 30 * H,
      overtime: 5 * H,
      doubleTime: 0,
    });
  });

  it('adds weekly overtime on top of daily overtime without counting a minute twice', () => {
    // 6 days x 9h = 54h. Daily: each day 8h regular + 1h overtime -> 6h daily overtime, 48h regular.
    // Weekly: regular minutes past 40h -> Mon..Fri have 5 x 8h = 40h, so Saturday's 8 regular hours become overtime.
    // Overtime 6h + 8h = 14h, regular 40h (the 6h daily overtime never counted towards the 40h).
    const r = computeHours(days(week.slice(0, 6), 9), WEEK_PERIOD, MON_WEEK, CA);
    expect(r.days.map(split)).toEqual([
      ...week.slice(0, 5).map((d) => [d, 8 * H, 1 * H, 0]),
      ['2026-03-07', 0, 9 * H, 0],
    ]);
    expect(totals(r)).toEqual({ worked: 54 * H, regular: 40 * H, overtime: 14 * H, doubleTime: 0 });
    expectConsistent(r);
  });

  it('converts only the regular minutes past 40h, mid-day, chronologically', () => {
    // Mon..Thu 4 x 9h: 8h regular + 1h OT each -> regular 32h, OT 4h. Fri 7h: regular (39h).
    // Sat 6h: daily rule says 6h regular, but only 40 - 39 = 1h of weekly room is left -> 1h regular, 5h OT.
    // Regular 40h, OT 4h + 5h = 9h, worked 36 + 7 + 6 = 49h.
    const r = computeHours(
      [...days(week.slice(0, 4), 9), ...days([week[4]], 7), ...days([week[5]], 6)],
      WEEK_PERIOD,
      MON_WEEK,
      CA,
    );
    expect(r.days.map(split).slice(4)).toEqual([
      ['2026-03-06', 7 * H, 0, 0],
      ['2026-03-07', 1 * H, 5 * H, 0],
    ]);
    expect(totals(r)).toEqual({ worked: 49 * H, regular: 40 * H, overtime: 9 * H, doubleTime: 0 });
  });

  it('keeps daily double time as double time past the weekly threshold', () => {
    // 5 x 8h = 40h regular; Sat 13h: daily 8 reg + 4 OT + 1 DT; weekly room 0 -> the 8 regular become OT: 0 reg, 12 OT, 1 DT.
    const r = computeHours([...days(week.slice(0, 5), 8), ...days([week[5]], 13)], WEEK_PERIOD, MON_WEEK, CA);
    expect(r.days.map(split)[5]).toEqual(['2026-03-07', 0, 12 * H, 1 * H]);
    expectConsistent(r);
  });
});

describe('none', () => {
  it('counts everything as regular', () => {
    const r = computeHours(days(week, 13), WEEK_PERIOD, MON_WEEK, DEFAULT_RULES.none);
    expect(totals(r)).toEqual({ worked: 91 * H, regular: 91 * H, overtime: 0, doubleTime: 0 });
    expect(r.days.every((d) => !d.seventhDay)).toBe(true);
  });
});

describe('business days and pay periods', () => {
  // Semi-monthly periods: 2026-04-01..04-15 and 2026-04-16..04-30. 2026-04-15 is a Wednesday.
  const APRIL_1 = { startDate: '2026-04-01', endDate: '2026-04-15' };
  const APRIL_2 = { startDate: '2026-04-16', endDate: '2026-04-30' };
  const overnight = [span('2026-04-15', '22:00', '06:00', '2026-04-16')]; // 8h

  it('splits an overnight shift across a pay-period boundary at local midnight (dayChangeTime 0)', () => {
    // 22:00-24:00 on the 15th = 2h -> first period; 00:00-06:00 on the 16th = 6h -> second period.
    const first = computeHours(overnight, APRIL_1, cal(0), DEFAULT_RULES.flsa);
    const second = computeHours(overnight, APRIL_2, cal(0), DEFAULT_RULES.flsa);
    expect(first.days.map((d) => [d.date, d.workedMinutes])).toEqual([['2026-04-15', 2 * H]]);
    expect(second.days.map((d) => [d.date, d.workedMinutes])).toEqual([['2026-04-16', 6 * H]]);
  });

  it('keeps the part before the 04:00 day change on the first business day (dayChangeTime 14400)', () => {
    // business day 04-15 runs 04-15 04:00 .. 04-16 04:00: 22:00-04:00 = 6h; 04:00-06:00 = 2h is business day 04-16.
    const first = computeHours(overnight, APRIL_1, cal(14_400), DEFAULT_RULES.flsa);
    const second = computeHours(overnight, APRIL_2, cal(14_400), DEFAULT_RULES.flsa);
    expect(first.days.map((d) => [d.date, d.workedMinutes])).toEqual([['2026-04-15', 6 * H]]);
    expect(second.days.map((d) => [d.date, d.workedMinutes])).toEqual([['2026-04-16', 2 * H]]);
  });

  it('puts 01:30 on the previous business day with a 4h day change (a 13h shift is one California workday)', () => {
    // 14:30 -> 03:30 next morning = 13h, all before 04:00: one business day 04-15, 8h regular + 4h OT + 1h DT.
    const r = computeHours(
      [span('2026-04-15', '14:30', '03:30', '2026-04-16')],
      APRIL_1,
      cal(14_400),
      DEFAULT_RULES.california,
    );
    expect(r.days.map(split)).toEqual([['2026-04-15', 8 * H, 4 * H, 1 * H]]);
    // With the day change at midnight it is two workdays: 9.5h (8 reg + 1.5 OT) on the 15th, 3.5h on the 16th.
    const midnight = computeHours(
      [span('2026-04-15', '14:30', '03:30', '2026-04-16')],
      { startDate: '2026-04-15', endDate: '2026-04-16' },
      cal(0),
      DEFAULT_RULES.california,
    );
    expect(midnight.days.map(split)).toEqual([
      ['2026-04-15', 8 * H, 1.5 * H, 0],
      ['2026-04-16', 3.5 * H, 0, 0],
    ]);
  });

  it('counts real elapsed time on DST days: 00:00-10:00 is 9h in spring and 11h in autumn', () => {
    // 2026-03-08: clocks jump 02:00 -> 03:00, so 00:00-10:00 local = 9h real -> California 8h regular + 1h OT.
    const spring = computeHours(
      [span('2026-03-08', '00:00', '10:00')],
      { startDate: '2026-03-08', endDate: '2026-03-08' },
      MON_WEEK,
      DEFAULT_RULES.california,
    );
    expect(spring.days.map(split)).toEqual([['2026-03-08', 8 * H, 1 * H, 0]]);
    // 2026-11-01: clocks go back 02:00 -> 01:00, so 00:00-10:00 local = 11h real -> 8h regular + 3h OT.
    const autumn = computeHours(
      [span('2026-11-01', '00:00', '10:00')],
      { startDate: '2026-11-01', endDate: '2026-11-01' },
      MON_WEEK,
      DEFAULT_RULES.california,
    );
    expect(autumn.days.map(split)).toEqual([['2026-11-01', 8 * H, 3 * H, 0]]);
  });

  it('splits a night shift on the autumn DST night by the real length of each business day part', () => {
    // 2026-10-31 20:00 -> 11-01 04:00 local, day change at midnight: 4h on 10-31, then 00:00-04:00 on 11-01
    // holds the repeated 01:00 hour -> 5h real. 9h in all.
    const r = computeHours(
      [span('2026-10-31', '20:00', '04:00', '2026-11-01')],
      { startDate: '2026-10-16', endDate: '2026-11-15' },
      MON_WEEK,
      DEFAULT_RULES.none,
    );
    expect(r.days.map((d) => [d.date, d.workedMinutes])).toEqual([
      ['2026-10-31', 4 * H],
      ['2026-11-01', 5 * H],
    ]);
  });

  describe('a workweek spanning two pay periods (Mon 04-13 .. Sun 04-19, boundary after Wed 04-15)', () => {
    const monToWed = ['2026-04-13', '2026-04-14', '2026-04-15'];
    const thuToSat = ['2026-04-16', '2026-04-17', '2026-04-18'];

    it('gives the weekly overtime to the period whose days went past 40h', () => {
      // Mon..Sat 6 x 8h = 48h. Period 1 (Mon..Wed): 24h, all under 40h -> regular.
      // Period 2: Thu 8h (32h), Fri 8h (40h) regular; Sat 8h past 40h -> overtime.
      const spans = days([...monToWed, ...thuToSat], 8);
      const first = computeHours(spans, APRIL_1, MON_WEEK, DEFAULT_RULES.flsa);
      const second = computeHours(spans, APRIL_2, MON_WEEK, DEFAULT_RULES.flsa);
      expect(totals(first)).toEqual({ worked: 24 * H, regular: 24 * H, overtime: 0, doubleTime: 0 });
      expect(second.days.map(split)).toEqual([
        ['2026-04-16', 8 * H, 0, 0],
        ['2026-04-17', 8 * H, 0, 0],
        ['2026-04-18', 0, 8 * H, 0],
      ]);
    });

    it('keeps overtime in the first period when its days already went past 40h', () => {
      // Mon..Wed 3 x 14h = 42h: Wed has 12h regular (28 + 12 = 40) and 2h overtime -> period 1.
      // Thu, Fri 8h each: the week is past 40h -> 16h overtime in period 2, no regular.
      const spans = [...days(monToWed, 14), ...days(thuToSat.slice(0, 2), 8)];
      const first = computeHours(spans, APRIL_1, MON_WEEK, DEFAULT_RULES.flsa);
      const second = computeHours(spans, APRIL_2, MON_WEEK, DEFAULT_RULES.flsa);
      expect(first.days.map(split).slice(-1)).toEqual([['2026-04-15', 12 * H, 2 * H, 0]]);
      expect(totals(first)).toEqual({ worked: 42 * H, regular: 40 * H, overtime: 2 * H, doubleTime: 0 });
      expect(totals(second)).toEqual({ worked: 16 * H, regular: 0, overtime: 16 * H, doubleTime: 0 });
      // Without the first period's spans the second period would wrongly see only 16h: the caller passes whole weeks.
      expect(totals(computeHours(days(thuToSat.slice(0, 2), 8), APRIL_2, MON_WEEK, DEFAULT_RULES.flsa)).overtime).toBe(
        0,
      );
    });

    it('applies the California seventh-day rule with days outside the period', () => {
      // Mon..Sun 7 x 6h: Mon..Wed in period 1; Sunday 04-19 (period 2) is the 7th worked day -> 6h overtime.
      const spans = days([...monToWed, ...thuToSat, '2026-04-19'], 6);
      const second = computeHours(spans, APRIL_2, MON_WEEK, DEFAULT_RULES.california);
      expect(second.days.map(split)).toEqual([...thuToSat.map((d) => [d, 6 * H, 0, 0]), ['2026-04-19', 0, 6 * H, 0]]);
      expect(second.days[3].seventhDay).toBe(true);
    });
  });

  it('reports only the period’s days with work, and ignores work outside the weeks touching the period', () => {
    // Period Wed 03-04 .. Thu 03-05 (week Mon 03-02 .. Sun 03-08). Work on Mon 03-02 counts towards the week but is not reported;
    // work on Mon 03-09 (next week) is ignored.
    const spans = days(['2026-03-02', '2026-03-04', '2026-03-09'], 8);
    const r = computeHours(spans, { startDate: '2026-03-04', endDate: '2026-03-05' }, MON_WEEK, DEFAULT_RULES.flsa);
    expect(r.days.map((d) => d.date)).toEqual(['2026-03-04']);
    expect(r.workedMinutes).toBe(8 * H);
  });

  it('uses weekStartingDay for the workweek', () => {
    // Weeks starting Sunday: Sun 03-01 .. Sat 03-07. 5 x 9h Sun..Thu = 45h -> Thu 03-05: 4h regular + 5h OT.
    // Weeks starting Monday would put Sun 03-01 in the previous week (36h -> no OT).
    const spans = days(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'], 9);
    const period = { startDate: '2026-03-01', endDate: '2026-03-07' };
    expect(totals(computeHours(spans, period, cal(0, 0), DEFAULT_RULES.flsa)).overtime).toBe(5 * H);
    expect(totals(computeHours(spans, period, cal(0, 1), DEFAULT_RULES.flsa)).overtime).toBe(0);
  });
});

describe('paid time', () => {
  const P = { startDate: '2026-04-13', endDate: '2026-04-19' };

  it('removes unpaid breaks', () => {
    // 09:00-17:30 = 8.5h minus the 12:00-12:30 break = 8h
    const r = computeHours(
      [span('2026-04-13', '09:00', '17:30', '2026-04-13', [['12:00', '12:30']])],
      P,
      MON_WEEK,
      DEFAULT_RULES.california,
    );
    expect(r.days.map(split)).toEqual([['2026-04-13', 8 * H, 0, 0]]);
  });

  it('removes only the part of a break inside its span, and overlapping breaks once', () => {
    // 09:00-17:00 = 8h; break 16:30-17:30 -> only 16:30-17:00 (30 min) is inside; breaks 12:00-12:30 and 12:15-12:45
    // overlap -> 12:00-12:45 (45 min). 480 - 30 - 45 = 405.
    const s = span('2026-04-13', '09:00', '17:00', '2026-04-13', [
      ['16:30', '17:30'],
      ['12:00', '12:30'],
      ['12:15', '12:45'],
    ]);
    expect(computeHours([s], P, MON_WEEK, DEFAULT_RULES.none).workedMinutes).toBe(405);
  });

  it('removes a break where it falls in an overnight shift', () => {
    // 22:00 Mon -> 06:30 Tue with a break 23:45-00:15: Mon 22:00-24:00 = 120 - 15 = 105; Tue 00:00-06:30 = 390 - 15 = 375.
    const s: WorkedSpan = {
      ...span('2026-04-13', '22:00', '06:30', '2026-04-14'),
      unpaidBreaks: [{ startMs: at('2026-04-13', '23:45'), endMs: at('2026-04-14', '00:15') }],
    };
    const r = computeHours([s], P, MON_WEEK, DEFAULT_RULES.none);
    expect(r.days.map((d) => [d.date, d.workedMinutes])).toEqual([
      ['2026-04-13', 105],
      ['2026-04-14', 375],
    ]);
  });

  it('never counts overlapping spans twice', () => {
    // 09:00-13:00 and 12:00-17:00 overlap by 1h: 09:00-17:00 = 8h
    const r = computeHours(
      [span('2026-04-13', '09:00', '13:00'), span('2026-04-13', '12:00', '17:00')],
      P,
      MON_WEEK,
      DEFAULT_RULES.california,
    );
    expect(r.days.map(split)).toEqual([['2026-04-13', 8 * H, 0, 0]]);
  });

  it('rounds a day’s paid time to the nearest minute', () => {
    // 09:00:00 - 17:00:29 -> 480 min; 09:00:00 - 17:00:30 -> 481 min (half up)
    const start = at('2026-04-13', '09:00');
    expect(
      computeHours([{ startMs: start, endMs: start + 480 * 60_000 + 29_000 }], P, MON_WEEK, DEFAULT_RULES.none)
        .workedMinutes,
    ).toBe(480);
    expect(
      computeHours([{ startMs: start, endMs: start + 480 * 60_000 + 30_000 }], P, MON_WEEK, DEFAULT_RULES.none)
        .workedMinutes,
    ).toBe(481);
  });

  it('refuses reversed spans, bad periods and invalid rules', () => {
    const start = at('2026-04-13', '09:00');
    expect(() => computeHours([{ startMs: start, endMs: start - 1 }], P, MON_WEEK, DEFAULT_RULES.none)).toThrow(
      RangeError,
    );
    expect(() =>
      computeHours([], { startDate: '2026-04-19', endDate: '2026-04-13' }, MON_WEEK, DEFAULT_RULES.none),
    ).toThrow(RangeError);
    const bad = { ...DEFAULT_RULES.california, dailyOvertimeMinutes: 800 } as OvertimeRules; // OT past DT
    expect(() => computeHours([], P, MON_WEEK, bad)).toThrow(RangeError);
    expect(computeHours([], P, MON_WEEK, DEFAULT_RULES.flsa)).toEqual({
      days: [],
      regularMinutes: 0,
      overtimeMinutes: 0,
      doubleTimeMinutes: 0,
      workedMinutes: 0,
    });
  });
});

describe('payOf', () => {
  it('prices overtime at the regular rate times the multiplier, rounding each component half up', () => {
    // regular 40h x 1525 = 61000; overtime 5h x (1525 x 1.5 = 2287.5) = 11437.5 -> 11438
    expect(
      payOf(
        { regularMinutes: 40 * H, overtimeMinutes: 5 * H, doubleTimeMinutes: 0 },
        { regular: 1525 },
        DEFAULT_RULES.flsa,
      ),
    ).toEqual({
      regularPay: 61_000,
      overtimePay: 11_438,
      doubleTimePay: 0,
      totalPay: 72_438,
    });
  });

  it('uses an explicit overtime or double-time rate over the multiplier', () => {
    // overtime 5h x 2300 = 11500 (not 11438); double time 1h x 3100 = 3100 (not 1525 x 2 = 3050)
    expect(
      payOf(
        { regularMinutes: 0, overtimeMinutes: 5 * H, doubleTimeMinutes: 1 * H },
        { regular: 1525, overtime: 2300, doubleTime: 3100 },
        DEFAULT_RULES.california,
      ),
    ).toEqual({
      regularPay: 0,
      overtimePay: 11_500,
      doubleTimePay: 3_100,
      totalPay: 14_600,
    });
  });

  it('prices California double time at twice the regular rate', () => {
    // 8h x 1525 = 12200; 4h x 2287.5 = 9150; 1h x 3050 = 3050
    const hours = computeHours(days([week[0]], 13), WEEK_PERIOD, MON_WEEK, DEFAULT_RULES.california);
    expect(payOf(hours, { regular: 1525 }, DEFAULT_RULES.california)).toEqual({
      regularPay: 12_200,
      overtimePay: 9_150,
      doubleTimePay: 3_050,
      totalPay: 24_400,
    });
  });

  it('rounds minute fractions to integer minor units', () => {
    // 1 min x 1525/h = 25.41.. -> 25; 2 min x 1515/h = 50.5 -> 51; 7 min x (1001 x 1.5 = 1501.5)/h = 175.175 -> 175
    const r = payOf(
      { regularMinutes: 1, overtimeMinutes: 7, doubleTimeMinutes: 0 },
      { regular: 1525 },
      DEFAULT_RULES.flsa,
    );
    expect(r.regularPay).toBe(25);
    expect(
      payOf({ regularMinutes: 2, overtimeMinutes: 0, doubleTimeMinutes: 0 }, { regular: 1515 }, DEFAULT_RULES.flsa)
        .regularPay,
    ).toBe(51);
    expect(
      payOf({ regularMinutes: 0, overtimeMinutes: 7, doubleTimeMinutes: 0 }, { regular: 1001 }, DEFAULT_RULES.flsa)
        .overtimePay,
    ).toBe(175);
    for (const v of Object.values(r)) expect(Number.isInteger(v)).toBe(true);
  });

  it('rounds a half exactly even when floating point lands just below it', () => {
    // multiplier 1.2: 23 x 1.2 = 27.599999999999998 in floating point; 125 min x 27.6/h = 57.5 exactly -> 58
    const rules = withDefaults({ kind: 'flsa', overtimeMultiplier: 1.2 });
    expect(
      payOf({ regularMinutes: 0, overtimeMinutes: 125, doubleTimeMinutes: 0 }, { regular: 23 }, rules).overtimePay,
    ).toBe(58);
  });

  it('rounds a half up on large amounts too, where floating point misses it by more than a billionth', () => {
    // IDR 26,214.50/h = 2621450 minor units, overtime multiplier 1.4: 279 min x 2621450 x 1.4 / 60 = 17065639.5 exactly,
    // computed as 17065639.499999996 (4e-9 short: the tolerance has to grow with the amount) -> 17065640
    const rules = withDefaults({ kind: 'flsa', overtimeMultiplier: 1.4 });
    expect(
      payOf({ regularMinutes: 0, overtimeMinutes: 279, doubleTimeMinutes: 0 }, { regular: 2_621_450 }, rules)
        .overtimePay,
    ).toBe(17_065_640);
  });

  it('pays no premium under `none`', () => {
    expect(
      payOf({ regularMinutes: 60, overtimeMinutes: 60, doubleTimeMinutes: 0 }, { regular: 1000 }, DEFAULT_RULES.none)
        .totalPay,
    ).toBe(2000);
  });

  it('refuses negative or non-finite inputs', () => {
    expect(() =>
      payOf({ regularMinutes: -1, overtimeMinutes: 0, doubleTimeMinutes: 0 }, { regular: 1000 }, DEFAULT_RULES.flsa),
    ).toThrow(RangeError);
    expect(() =>
      payOf(
        { regularMinutes: 1, overtimeMinutes: 0, doubleTimeMinutes: 0 },
        { regular: Number.NaN },
        DEFAULT_RULES.flsa,
      ),
    ).toThrow(RangeError);
    expect(() =>
      payOf(
        { regularMinutes: 1, overtimeMinutes: 0, doubleTimeMinutes: 0 },
        { regular: 1000, overtime: -5 },
        DEFAULT_RULES.flsa,
      ),
    ).toThrow(RangeError);
  });
});

describe('rule-set schema', () => {
  it('fills in the defaults', () => {
    expect(withDefaults({ kind: 'california' })).toEqual(DEFAULT_RULES.california);
    expect(withDefaults({ kind: 'flsa' })).toEqual(DEFAULT_RULES.flsa);
    expect(withDefaults({ kind: 'none' })).toEqual(DEFAULT_RULES.none);
    expect(withDefaults({ kind: 'california', weeklyThresholdMinutes: 2280 })).toEqual({
      ...DEFAULT_RULES.california,
      weeklyThresholdMinutes: 2280,
    });
  });

  it.each([
    ['a fractional threshold', { kind: 'flsa', weeklyThresholdMinutes: 2400.5 }],
    ['a negative threshold', { kind: 'flsa', weeklyThresholdMinutes: -1 }],
    ['a threshold past a week (10080 minutes)', { kind: 'california', weeklyThresholdMinutes: 10_081 }],
    [
      'daily overtime not below daily double time',
      { kind: 'california', dailyOvertimeMinutes: 720, dailyDoubleTimeMinutes: 720 },
    ],
    [
      'daily overtime above daily double time',
      { kind: 'california', dailyOvertimeMinutes: 600, dailyDoubleTimeMinutes: 500 },
    ],
    ['an overtime multiplier below 1', { kind: 'flsa', overtimeMultiplier: 0.5 }],
    ['a California multiplier other than the law’s', { kind: 'california', overtimeMultiplier: 2 }],
    ['an unknown kind', { kind: 'eu' }],
    ['an unknown field', { kind: 'none', weeklyThresholdMinutes: 2400 }],
    ['a threshold given as a string', { kind: 'flsa', weeklyThresholdMinutes: '2400' }],
  ])('refuses %s', (_name, input) => {
    expect(overtimeRulesSchema.safeParse(input).success).toBe(false);
  });

  it('accepts the limits 0 and 10080 and points at the double-time field when the order is wrong', () => {
    expect(
      overtimeRulesSchema.safeParse({
        kind: 'california',
        dailyOvertimeMinutes: 0,
        dailyDoubleTimeMinutes: 10_080,
        weeklyThresholdMinutes: 0,
      }).success,
    ).toBe(true);
    const bad = overtimeRulesSchema.safeParse({
      kind: 'california',
      dailyOvertimeMinutes: 720,
      dailyDoubleTimeMinutes: 480,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['dailyDoubleTimeMinutes']);
  });

  it('describes itself for the API description', () => {
    expect(overtimeRulesSchema.description).toMatch(/overtime rule set/i);
    const json = JSON.stringify(overtimeRulesSchema.toJSONSchema({ io: 'input' }));
    expect(json).toContain('Worked minutes per business day after which minutes are double time');
  });
});

describe('invalid input is refused with a message naming what is wrong', () => {
  const P = { startDate: '2026-04-13', endDate: '2026-04-19' };
  const start = at('2026-04-13', '09:00');
  const HOUR = 3_600_000;

  it('names the rule field at fault, or the rule set itself when it is not a rule set', () => {
    const reversed = { ...DEFAULT_RULES.california, dailyOvertimeMinutes: 800 } as OvertimeRules;
    expect(() => computeHours([], P, MON_WEEK, reversed)).toThrow(
      new RangeError(
        'Invalid overtime rules: dailyDoubleTimeMinutes: dailyOvertimeMinutes must be less than dailyDoubleTimeMinutes',
      ),
    );
    expect(() =>
      payOf({ regularMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0 }, { regular: 1000 }, reversed),
    ).toThrow(/^Invalid overtime rules: dailyDoubleTimeMinutes: /);
    // a rule set that is not even an object has no field to name
    expect(() => computeHours([], P, MON_WEEK, null as never)).toThrow(/^Invalid overtime rules: rules: \S/);
  });

  it.each([
    [
      'a span with no start',
      { startMs: Number.NaN, endMs: start + HOUR },
      `Invalid worked span: startMs NaN, endMs ${start + HOUR}`,
    ],
    [
      'a span that never ends',
      { startMs: start, endMs: Number.POSITIVE_INFINITY },
      `Invalid worked span: startMs ${start}, endMs Infinity`,
    ],
    [
      'a span ending before it starts',
      { startMs: start, endMs: start - 1 },
      `Invalid worked span: startMs ${start}, endMs ${start - 1}`,
    ],
    [
      'a reversed unpaid break',
      {
        startMs: start,
        endMs: start + 8 * HOUR,
        unpaidBreaks: [{ startMs: start + 4 * HOUR, endMs: start + 3 * HOUR }],
      },
      'Invalid unpaid break: ',
    ],
    [
      'an unpaid break with no end',
      { startMs: start, endMs: start + 8 * HOUR, unpaidBreaks: [{ startMs: start + 4 * HOUR, endMs: Number.NaN }] },
      'Invalid unpaid break: ',
    ],
  ])('refuses %s', (_name, s, message) => {
    expect(() => computeHours([s], P, MON_WEEK, DEFAULT_RULES.none)).toThrow(RangeError);
    expect(() => computeHours([s], P, MON_WEEK, DEFAULT_RULES.none)).toThrow(message);
  });

  it('accepts a span of no length (clocked in and out at once): no work, no error', () => {
    expect(computeHours([{ startMs: start, endMs: start }], P, MON_WEEK, DEFAULT_RULES.flsa).days).toEqual([]);
  });

  it.each([
    ['an end date with a time', { startDate: '2026-04-13', endDate: '2026-04-19T00:00' }],
    ['an end date without zero padding', { startDate: '2026-04-13', endDate: '2026-4-19' }],
    ['a start date with a leading space', { startDate: ' 2026-04-13', endDate: '2026-04-19' }],
    ['a start date after the end date', { startDate: '2026-04-19', endDate: '2026-04-13' }],
  ])('refuses a period with %s', (_name, period) => {
    expect(() => computeHours([], period, MON_WEEK, DEFAULT_RULES.none)).toThrow(
      new RangeError(`Invalid period: ${period.startDate} .. ${period.endDate}`),
    );
  });

  it.each([
    [
      'regularMinutes',
      { regularMinutes: -1, overtimeMinutes: 0, doubleTimeMinutes: 0 },
      { regular: 1000 },
      'Invalid regularMinutes: -1',
    ],
    [
      'overtimeMinutes',
      { regularMinutes: 0, overtimeMinutes: Number.NaN, doubleTimeMinutes: 0 },
      { regular: 1000 },
      'Invalid overtimeMinutes: NaN',
    ],
    [
      'doubleTimeMinutes',
      { regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: -30 },
      { regular: 1000 },
      'Invalid doubleTimeMinutes: -30',
    ],
    [
      'the regular rate',
      { regularMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0 },
      { regular: Number.NaN },
      'Invalid regular rate: NaN',
    ],
    [
      'the overtime rate',
      { regularMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0 },
      { regular: 1000, overtime: -5 },
      'Invalid overtime rate: -5',
    ],
    [
      'the double-time rate',
      { regularMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0 },
      { regular: 1000, doubleTime: Number.POSITIVE_INFINITY },
      'Invalid double-time rate: Infinity',
    ],
  ])('payOf names %s when it is negative or not finite', (_name, hours, rates, message) => {
    expect(() => payOf(hours, rates, DEFAULT_RULES.california)).toThrow(new RangeError(message));
  });
});

describe('paid time: breaks outside their span', () => {
  const P = { startDate: '2026-04-13', endDate: '2026-04-19' };

  it('ignores a break taken wholly before or after its span', () => {
    // 09:00-17:00 = 8h; a break 17:30-18:00 (after the shift) and one 08:00-08:30 (before it) remove nothing
    const s = span('2026-04-13', '09:00', '17:00', '2026-04-13', [
      ['17:30', '18:00'],
      ['08:00', '08:30'],
    ]);
    expect(computeHours([s], P, MON_WEEK, DEFAULT_RULES.none).workedMinutes).toBe(8 * H);
  });

  it('removes back-to-back breaks as one', () => {
    // 09:00-17:00 with breaks 12:00-12:15 and 12:15-12:45: 45 min unpaid -> 435
    const s = span('2026-04-13', '09:00', '17:00', '2026-04-13', [
      ['12:15', '12:45'],
      ['12:00', '12:15'],
    ]);
    expect(computeHours([s], P, MON_WEEK, DEFAULT_RULES.none).workedMinutes).toBe(435);
  });
});

describe('the seventh-day flag', () => {
  it('is never set under FLSA or none, even when all seven days are worked', () => {
    for (const rules of [DEFAULT_RULES.flsa, DEFAULT_RULES.none]) {
      const r = computeHours(days(week, 6), WEEK_PERIOD, MON_WEEK, rules);
      expect(r.days).toHaveLength(7);
      expect(r.days.map((d) => d.seventhDay)).toEqual([false, false, false, false, false, false, false]);
    }
  });
});
