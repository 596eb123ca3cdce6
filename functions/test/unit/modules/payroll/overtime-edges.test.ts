/**
 * The edges of the payroll hours: paid minutes per business day against a minute-by-minute oracle
 * (spans, unpaid breaks, overlaps, work outside the period), and the errors that name a bad input.
 */
import { businessSlot, instant } from '../../../../src/core/calendar';
import {
  computeHours,
  DEFAULT_RULES,
  payOf,
  type CalendarInput,
  type OvertimeRules,
  type WorkedSpan,
} from '../../../../src/modules/payroll/overtime';
import { seededRandom } from '../../../../dev/demo/random';

const MINUTE = 60_000;
const LA = 'America/Los_Angeles';

describe('paid minutes per business day, minute by minute', () => {
  it.each([
    [0, 1, { startDate: '2026-04-13', endDate: '2026-04-26' }],
    [14400, 1, { startDate: '2026-04-15', endDate: '2026-04-21' }],
    [5400, 0, { startDate: '2026-04-14', endDate: '2026-04-14' }],
  ] as const)('dayChangeTime %d s, weeks from day %d, period %o', (dayChangeTime, weekStartingDay, period) => {
    const cal: CalendarInput = { timezone: LA, dayChangeTime, weekStartingDay };
    const random = seededRandom(dayChangeTime + weekStartingDay + 3);
    const int = (n: number) => Math.floor(random() * n);
    const origin = instant('2026-04-05', 0, LA);
    // four weeks of spans around the period, some of them outside the weeks it touches
    const spans: WorkedSpan[] = Array.from({ length: 24 }, () => {
      const startMs = origin + int(28 * 1440) * MINUTE;
      const endMs = startMs + int(11 * 60) * MINUTE;
      const unpaidBreaks = Array.from({ length: int(3) }, () => {
        const from = startMs + (int(12 * 60) - 60) * MINUTE;
        return { startMs: from, endMs: from + int(75) * MINUTE };
      });
      return { startMs, endMs, unpaidBreaks };
    });
    const paid = new Set<number>();
    for (const s of spans) {
      for (let ms = s.startMs; ms < s.endMs; ms += MINUTE) {
        if (!(s.unpaidBreaks ?? []).some((b) => ms >= b.startMs && ms < b.endMs)) paid.add(ms);
      }
    }
    const perDate = new Map<string, number>();
    for (const ms of paid) {
      const { businessDate } = businessSlot(ms, LA, dayChangeTime);
      if (businessDate >= period.startDate && businessDate <= period.endDate)
        perDate.set(businessDate, (perDate.get(businessDate) ?? 0) + 1);
    }
    const expected = [...perDate].sort(([a], [b]) => a.localeCompare(b)).map(([date, minutes]) => [date, minutes]);

    const result = computeHours(spans, period, cal, DEFAULT_RULES.none);
    expect(result.days.map((d) => [d.date, d.workedMinutes])).toEqual(expected);
    expect(result.days.every((d) => d.regularMinutes === d.workedMinutes && d.seventhDay === false)).toBe(true);
    expect(result.workedMinutes).toBe(expected.reduce((a, [, m]) => a + (m as number), 0));
  });

  it('accepts an empty span and an empty break, and counts nothing for them', () => {
    const start = instant('2026-04-14', 9 * 60, LA);
    const spans = [
      { startMs: start, endMs: start },
      {
        startMs: start,
        endMs: start + 60 * MINUTE,
        unpaidBreaks: [{ startMs: start + 10 * MINUTE, endMs: start + 10 * MINUTE }],
      },
    ];
    expect(
      computeHours(
        spans,
        { startDate: '2026-04-14', endDate: '2026-04-14' },
        { timezone: LA, dayChangeTime: 0, weekStartingDay: 1 },
        DEFAULT_RULES.none,
      ).workedMinutes,
    ).toBe(60);
  });

  it('marks no FLSA day as a seventh day, even in a seven-day week', () => {
    const week = ['2026-04-13', '2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17', '2026-04-18', '2026-04-19'];
    const spans = week.map((d) => ({ startMs: instant(d, 9 * 60, LA), endMs: instant(d, 17 * 60, LA) }));
    const result = computeHours(
      spans,
      { startDate: week[0], endDate: week[6] },
      { timezone: LA, dayChangeTime: 0, weekStartingDay: 1 },
      DEFAULT_RULES.flsa,
    );
    expect(result.days.map((d) => d.seventhDay)).toEqual(new Array(7).fill(false));
    expect(result.overtimeMinutes).toBe(16 * 60);
  });
});

describe('errors that name the bad input', () => {
  const cal: CalendarInput = { timezone: LA, dayChangeTime: 0, weekStartingDay: 1 };
  const P = { startDate: '2026-04-13', endDate: '2026-04-19' };
  const start = instant('2026-04-14', 9 * 60, LA);

  it('refuses a span or break that is reversed or not a finite time', () => {
    expect(() => computeHours([{ startMs: start, endMs: start - 1 }], P, cal, DEFAULT_RULES.none)).toThrow(
      `Invalid worked span: startMs ${start}, endMs ${start - 1}`,
    );
    expect(() => computeHours([{ startMs: Number.NaN, endMs: start }], P, cal, DEFAULT_RULES.none)).toThrow(
      'Invalid worked span: startMs NaN',
    );
    expect(() =>
      computeHours([{ startMs: start, endMs: Number.POSITIVE_INFINITY }], P, cal, DEFAULT_RULES.none),
    ).toThrow('Invalid worked span');
    const reversedBreak = {
      startMs: start,
      endMs: start + 60 * MINUTE,
      unpaidBreaks: [{ startMs: start + 30 * MINUTE, endMs: start + 20 * MINUTE }],
    };
    expect(() => computeHours([reversedBreak], P, cal, DEFAULT_RULES.none)).toThrow('Invalid unpaid break');
  });

  it('refuses a period whose dates are not plain dates or are reversed', () => {
    for (const period of [
      { startDate: '2026-04-13T00:00', endDate: '2026-04-19' },
      { startDate: '2026-04-13', endDate: 'x2026-04-19' },
      { startDate: '2026-04-19', endDate: '2026-04-13' },
    ]) {
      expect(() => computeHours([], period, cal, DEFAULT_RULES.none)).toThrow(
        `Invalid period: ${period.startDate} .. ${period.endDate}`,
      );
    }
  });

  it('says which field of the rules is wrong, or that the rules are missing', () => {
    const bad = { ...DEFAULT_RULES.california, dailyOvertimeMinutes: 800 } as OvertimeRules;
    expect(() => computeHours([], P, cal, bad)).toThrow(
      'Invalid overtime rules: dailyDoubleTimeMinutes: dailyOvertimeMinutes must be less than dailyDoubleTimeMinutes',
    );
    expect(() => computeHours([], P, cal, null as unknown as OvertimeRules)).toThrow(
      /^Invalid overtime rules: rules: /,
    );
  });

  it('names the pay input that is negative or not finite', () => {
    const hours = { regularMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0 };
    expect(() => payOf({ ...hours, regularMinutes: -1 }, { regular: 1000 }, DEFAULT_RULES.flsa)).toThrow(
      'Invalid regularMinutes: -1',
    );
    expect(() => payOf({ ...hours, overtimeMinutes: -1 }, { regular: 1000 }, DEFAULT_RULES.flsa)).toThrow(
      'Invalid overtimeMinutes: -1',
    );
    expect(() => payOf({ ...hours, doubleTimeMinutes: Number.NaN }, { regular: 1000 }, DEFAULT_RULES.flsa)).toThrow(
      'Invalid doubleTimeMinutes: NaN',
    );
    expect(() => payOf(hours, { regular: -5 }, DEFAULT_RULES.flsa)).toThrow('Invalid regular rate: -5');
    expect(() => payOf(hours, { regular: 1000, overtime: -1 }, DEFAULT_RULES.flsa)).toThrow(
      'Invalid overtime rate: -1',
    );
    expect(() => payOf(hours, { regular: 1000, doubleTime: Number.POSITIVE_INFINITY }, DEFAULT_RULES.flsa)).toThrow(
      'Invalid double-time rate: Infinity',
    );
  });
});
