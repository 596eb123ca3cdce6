/** Edges of the one business calendar, money conversion and token normalisation. */
import {
  businessDayStart,
  businessSlot,
  dateOfDayNumber,
  instant,
  payPeriodOf,
  requireDateRange,
  shiftInterval,
} from '../../../src/core/calendar';
import { toMinorUnits } from '../../../src/core/money';
import { fromAnthropic, mergeAnthropicStreamUsage } from '../../../src/ai/usage';

describe('the business calendar', () => {
  it('knows February of century years: 29 days in 2000, 28 in 1900 and 2100', () => {
    const cal = { payrollStartingDay: 1 };
    expect(payPeriodOf('2000-02-20', cal, 'semimonthly')).toEqual({ start: '2000-02-16', end: '2000-02-29' });
    expect(payPeriodOf('1900-02-20', cal, 'monthly')).toEqual({ start: '1900-02-01', end: '1900-02-28' });
    expect(payPeriodOf('2100-02-03', cal, 'monthly')).toEqual({ start: '2100-02-01', end: '2100-02-28' });
    expect(payPeriodOf('2028-02-03', cal, 'monthly')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('aligns biweekly periods, without an anchor, on the first payroll weekday from 1970-01-01', () => {
    // Monday payrolls: the first Monday on or after 1970-01-01 is 1970-01-05; 2026-11-23 is 20,412 days after it (1,458 fortnights)
    expect(payPeriodOf('2026-11-24', { payrollStartingDay: 1 }, 'biweekly')).toEqual({
      start: '2026-11-23',
      end: '2026-12-06',
    });
    expect(payPeriodOf('1970-01-05', { payrollStartingDay: 1 }, 'biweekly')).toEqual({
      start: '1970-01-05',
      end: '1970-01-18',
    });
  });

  it.each([
    [0, '1970-01-04'],
    [1, '1970-01-05'],
    [2, '1970-01-06'],
    [3, '1970-01-07'],
    [4, '1970-01-01'],
    [5, '1970-01-02'],
    [6, '1970-01-03'],
  ])(
    'without an anchor, biweekly periods of payroll weekday %d start on %s, the first such weekday from 1970-01-01 (a Thursday)',
    (payrollStartingDay, first) => {
      const firstDay = new Date(`${first}T00:00:00Z`);
      expect(firstDay.getUTCDay()).toBe(payrollStartingDay);
      const day = (offset: number) => new Date(firstDay.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      expect(payPeriodOf(first, { payrollStartingDay }, 'biweekly')).toEqual({ start: first, end: day(13) });
      // the day before belongs to the previous fortnight, and 1,484 fortnights later a period starts again
      expect(payPeriodOf(day(-1), { payrollStartingDay }, 'biweekly')).toEqual({ start: day(-14), end: day(-1) });
      expect(payPeriodOf(day(1484 * 14 + 13), { payrollStartingDay }, 'biweekly')).toEqual({
        start: day(1484 * 14),
        end: day(1484 * 14 + 13),
      });
    },
  );

  it('reads a shift that ends when it starts as empty, not as a day long', () => {
    const { startMs, endMs } = shiftInterval({ date: '2026-05-04', start: 600, end: 600 }, 'America/New_York', 480);
    expect(endMs).toBe(startMs);
  });

  it('starts the business day at dayChangeTime to the second', () => {
    const tz = 'America/New_York';
    const at = (hms: [number, number, number]) => instant('2026-05-05', hms[0] * 60 + hms[1], tz) + hms[2] * 1000;
    expect(businessSlot(at([4, 0, 30]), tz, 14400).businessDate).toBe('2026-05-05');
    expect(businessSlot(at([3, 59, 59]), tz, 14400).businessDate).toBe('2026-05-04');
    expect(businessSlot(at([4, 0, 30]), tz, 14430).businessDate).toBe('2026-05-05');
    expect(businessSlot(at([4, 0, 29]), tz, 14430).businessDate).toBe('2026-05-04');
  });

  it('names what it cannot read', () => {
    expect(() => dateOfDayNumber(Number.NaN)).toThrow('Invalid day number: NaN');
    expect(() => businessSlot(0, 'Mars/Olympus', 0)).toThrow('Invalid time zone or instant: Mars/Olympus, 0');
    expect(() => businessDayStart('2026-05-04', { timezone: 'Mars/Olympus', dayChangeTime: 0 })).toThrow(
      'Invalid time zone or date: Mars/Olympus, 2026-05-04',
    );
    expect(() => requireDateRange('2026-05-05', '2026-05-04', 31)).toThrow(
      'startDate 2026-05-05 is after endDate 2026-05-04',
    );
  });
});

describe('money', () => {
  it('turns a rate in major units into minor units of its currency, rounded', () => {
    expect([
      toMinorUnits(18.5, 'USD'),
      toMinorUnits(1500, 'JPY'),
      toMinorUnits(1.2345, 'KWD'),
      toMinorUnits(0.125, 'EUR'),
    ]).toEqual([1850, 1500, 1235, 13]);
  });
});

describe('token counts', () => {
  it('counts a negative or fractional count from a provider as a sane whole number', () => {
    expect(
      fromAnthropic({
        input_tokens: -5,
        output_tokens: 10.4,
        cache_read_input_tokens: Number.NaN,
        cache_creation_input_tokens: 3,
      }),
    ).toMatchObject({
      inputTokens: 0,
      outputTokens: 10,
      cacheReadTokens: 0,
      cacheCreateTokens: 3,
    });
  });

  it('keeps the earlier count when a stream event reports a field as null', () => {
    const start = { input_tokens: 100, output_tokens: 1, cache_read_input_tokens: 50, cache_creation_input_tokens: 0 };
    expect(mergeAnthropicStreamUsage(start, { output_tokens: 40, cache_read_input_tokens: null } as never)).toEqual({
      ...start,
      output_tokens: 40,
    });
  });
});
