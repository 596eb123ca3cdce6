import fc from 'fast-check';
import { addDays, businessDayStart, payPeriodOf, type PayFrequency } from '../../../../src/core/calendar';
import { DEFAULT_RULES, type OvertimeRules } from '../../../../src/modules/payroll/overtime';
import { datesToRead, periodPay, type RatedSpan } from '../../../../src/modules/payroll/pay';
import { businessDateOf } from '../../../../src/core/calendar';

/**
 * Itemised pay that adds up: over random punches, rates and period layouts, the straight-time
 * lines of a period sum to its straight time rounded once, and the itemised earnings of every
 * workweek sum to the week's pay to the cent, so a row's lines sum to its hour pay.
 */
const MIN = 60_000;
const cal = { timezone: 'America/Los_Angeles', dayChangeTime: 0, weekStartingDay: 1 };

const caseArb = fc.record({
  frequency: fc.constantFrom<PayFrequency>('weekly', 'biweekly', 'semimonthly', 'monthly'),
  rules: fc.constantFrom<OvertimeRules>(DEFAULT_RULES.flsa, DEFAULT_RULES.california, DEFAULT_RULES.none),
  explicitOvertime: fc.option(fc.integer({ min: 1000, max: 5000 }), { nil: undefined }),
  punches: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 40 }),
      startMinute: fc.integer({ min: 0, max: 1200 }),
      minutes: fc.integer({ min: 1, max: 900 }),
      // rates whose amounts end in fractions of a cent: 63 minutes at $10.10 is $10.605
      rate: fc.constantFrom(1010, 1070, 1199, 1250, 1533, 2000, 2345),
      position: fc.constantFrom('cook', 'server', 'host', 'bar'),
    }),
    { maxLength: 30 },
  ),
});

describe('itemised lines that sum', () => {
  it('every period: straight-time lines sum to the straight time rounded once, earnings to the pay (property)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const origin = '2026-03-02';
        const spans: (RatedSpan & { date: string })[] = c.punches.map((p) => {
          const startMs = businessDayStart(addDays(origin, p.day), cal) + p.startMinute * MIN;
          return {
            startMs,
            endMs: startMs + p.minutes * MIN,
            positionId: `${p.position}-${p.rate}`,
            rate: p.rate,
            rateSource: 'position' as const,
            date: businessDateOf(startMs, cal),
          };
        });
        const period = payPeriodOf(addDays(origin, 14), { payrollStartingDay: 1 }, c.frequency, '2026-01-05');
        const dates = { startDate: period.start, endDate: period.end };
        const read = datesToRead(dates, cal);
        const mine = spans.filter((s) => s.date >= read.startDate && s.date <= read.endDate);
        const pay = periodPay(mine, dates, cal, c.rules, c.explicitOvertime);
        const exact = pay.lines.reduce((s, l) => s + l.minutes * l.rate, 0);
        expect(pay.lines.reduce((s, l) => s + l.straightTimePay, 0)).toBe(Math.floor((2 * exact + 60) / 120));
        for (const l of pay.lines) expect(Math.abs(l.straightTimePay - (l.minutes * l.rate) / 60)).toBeLessThan(1);
        for (const w of pay.weeks) {
          const lines = pay.earnings.filter((e) => e.weekStart === w.weekStart);
          expect(lines.reduce((s, e) => s + e.amount, 0)).toBe(w.regularPay + w.overtimePay + w.doubleTimePay);
        }
        expect(pay.earnings.reduce((s, e) => s + e.amount, 0)).toBe(
          pay.regularPay + pay.overtimePay + pay.doubleTimePay,
        );
        for (const e of pay.earnings) expect(e.amount).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1500 },
    );
  });

  it('itemises a week in two positions as straight time per rate plus the overtime premium', () => {
    const day = (d: number, hours: number) => {
      const startMs = businessDayStart(addDays('2026-03-02', d), cal) + 8 * 60 * MIN;
      return { startMs, endMs: startMs + hours * 60 * MIN };
    };
    const spans: RatedSpan[] = [
      ...[0, 1, 2, 3, 4].map((d) => ({
        ...day(d, 8),
        positionId: 'cook',
        rate: 2000,
        rateSource: 'position' as const,
      })),
      { ...day(5, 10), positionId: 'server', rate: 1200, rateSource: 'role' as const },
    ];
    const pay = periodPay(spans, { startDate: '2026-03-02', endDate: '2026-03-08' }, cal, DEFAULT_RULES.flsa);
    expect(pay.earnings).toEqual([
      { kind: 'straightTime', weekStart: '2026-03-02', positionId: 'cook', rate: 2000, minutes: 2400, amount: 800_00 },
      { kind: 'straightTime', weekStart: '2026-03-02', positionId: 'server', rate: 1200, minutes: 600, amount: 120_00 },
      { kind: 'overtimePremium', weekStart: '2026-03-02', positionId: null, rate: 920, minutes: 600, amount: 92_00 },
    ]);
  });
});
