import fc from 'fast-check';
import {
  PAY_FREQUENCIES,
  addDays,
  businessDateOf,
  businessDayStart,
  nextPayPeriod,
  payPeriodOf,
  type DateRange,
} from '../../../../src/core/calendar';
import { datesToRead, periodPay, type RatedSpan } from '../../../../src/modules/payroll/pay';
import { DEFAULT_RULES, type CalendarInput, type OvertimeRules } from '../../../../src/modules/payroll/overtime';

/**
 * Conservation of worked minutes: over any run of consecutive pay periods, every worked minute is
 * paid in exactly one period, whatever the frequency, the timezone (DST included), the day-change
 * time, the week and payroll starting days, overnight punches and period edges. Each period reads
 * the punches the report reads (by the business date of their clock-in, `datesToRead`), and the
 * sum over the periods is compared with the paid time of all the punches, counted independently.
 */
const MIN = 60_000;
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];
// windows that hold a DST change in the zones above (March / April and October / November)
const WINDOW_STARTS = ['2026-02-25', '2026-03-25', '2026-10-20', '2026-06-01'];
const WINDOW_DAYS = 40;

interface Case {
  cal: CalendarInput;
  payrollStartingDay: number;
  frequency: (typeof PAY_FREQUENCIES)[number];
  anchor: string;
  rules: OvertimeRules;
  windowStart: string;
  punches: { startMinute: number; minutes: number; breakAt: number; breakMinutes: number; rate: number }[];
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  cal: fc.record({
    timezone: fc.constantFrom(...ZONES),
    dayChangeTime: fc.constantFrom(0, 4 * 3600, 6 * 3600 + 1800),
    weekStartingDay: fc.integer({ min: 0, max: 6 }),
  }),
  payrollStartingDay: fc.integer({ min: 0, max: 6 }),
  frequency: fc.constantFrom(...PAY_FREQUENCIES),
  anchor: fc.constantFrom('2026-01-05', '2025-12-31', '2026-01-01'),
  rules: fc.constantFrom<OvertimeRules>(DEFAULT_RULES.flsa, DEFAULT_RULES.california, DEFAULT_RULES.none),
  windowStart: fc.constantFrom(...WINDOW_STARTS),
  punches: fc.array(
    fc.record({
      startMinute: fc.integer({ min: 0, max: WINDOW_DAYS * 1440 }),
      minutes: fc.integer({ min: 1, max: 1440 }),
      breakAt: fc.integer({ min: 0, max: 1440 }),
      breakMinutes: fc.integer({ min: 0, max: 90 }),
      rate: fc.constantFrom(1200, 1550, 2000),
    }),
    { maxLength: 25 },
  ),
});

function spansOf(c: Case): (RatedSpan & { businessDate: string })[] {
  const origin = businessDayStart(c.windowStart, c.cal);
  return c.punches.map((p) => {
    const startMs = origin + p.startMinute * MIN;
    const endMs = startMs + p.minutes * MIN;
    const breakStart = startMs + Math.min(p.breakAt, p.minutes) * MIN;
    return {
      startMs,
      endMs,
      unpaidBreaks: p.breakMinutes ? [{ startMs: breakStart, endMs: breakStart + p.breakMinutes * MIN }] : [],
      businessDate: businessDateOf(startMs, c.cal),
      positionId: null,
      rate: p.rate,
      rateSource: 'employee' as const,
    };
  });
}

/** Paid minutes of the spans inside [fromMs, toMs): every millisecond covered by a span and by none of its breaks, once. */
function paidMinutesBetween(spans: RatedSpan[], fromMs: number, toMs: number): number {
  const edges = new Set<number>([fromMs, toMs]);
  for (const s of spans) {
    edges.add(s.startMs).add(s.endMs);
    for (const b of s.unpaidBreaks ?? []) edges.add(b.startMs).add(b.endMs);
  }
  const points = [...edges].filter((e) => e >= fromMs && e <= toMs).sort((a, b) => a - b);
  let ms = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const mid = (points[i] + points[i + 1]) / 2;
    const paid = spans.some(
      (s) =>
        s.startMs <= mid && mid < s.endMs && !(s.unpaidBreaks ?? []).some((b) => b.startMs <= mid && mid < b.endMs),
    );
    if (paid) ms += points[i + 1] - points[i];
  }
  return ms / MIN;
}

function consecutivePeriods(c: Case): DateRange[] {
  const cal = { payrollStartingDay: c.payrollStartingDay };
  const out = [payPeriodOf(c.windowStart, cal, c.frequency, c.anchor)];
  while (out[out.length - 1].end < addDays(c.windowStart, WINDOW_DAYS + 2))
    out.push(nextPayPeriod(out[out.length - 1], cal, c.frequency, c.anchor));
  return out;
}

describe('conservation of worked minutes across pay periods', () => {
  it('pays every worked minute in exactly one of any run of consecutive periods (property)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const spans = spansOf(c);
        const periods = consecutivePeriods(c);
        let paid = 0;
        for (const period of periods) {
          const dates = { startDate: period.start, endDate: period.end };
          const read = datesToRead(dates, c.cal);
          const mine = spans.filter((s) => s.businessDate >= read.startDate && s.businessDate <= read.endDate);
          const pay = periodPay(mine, dates, c.cal, c.rules);
          const { hours } = pay;
          // within a period: the split and the lines account for every minute
          expect(hours.regularMinutes + hours.overtimeMinutes + hours.doubleTimeMinutes).toBe(hours.workedMinutes);
          expect(pay.lines.reduce((s, l) => s + l.minutes, 0)).toBe(hours.workedMinutes);
          paid += hours.workedMinutes;
        }
        const from = businessDayStart(periods[0].start, c.cal);
        const to = businessDayStart(addDays(periods[periods.length - 1].end, 1), c.cal);
        expect(paid).toBe(paidMinutesBetween(spans, from, to));
      }),
      { numRuns: 2000 },
    );
  });

  it('splits an overnight punch at a weekly period edge: 22:00 Sunday to 02:00 Monday is 2 h in each', () => {
    const cal = { timezone: 'America/Los_Angeles', dayChangeTime: 0, weekStartingDay: 1 };
    const startMs = businessDayStart('2026-03-15', cal) + 22 * 60 * MIN;
    const span: RatedSpan = {
      startMs,
      endMs: startMs + 4 * 60 * MIN,
      positionId: null,
      rate: 1000,
      rateSource: 'employee',
    };
    const first = { startDate: '2026-03-09', endDate: '2026-03-15' };
    const second = { startDate: '2026-03-16', endDate: '2026-03-22' };
    // the second period reads the punch dated the Sunday before its first workweek
    expect(datesToRead(second, cal).startDate <= '2026-03-15').toBe(true);
    expect(periodPay([span], first, cal, DEFAULT_RULES.flsa).hours.workedMinutes).toBe(120);
    expect(periodPay([span], second, cal, DEFAULT_RULES.flsa).hours.workedMinutes).toBe(120);
  });

  it('counts the spring-forward night in real hours: 22:00 to 06:00 over the change is 7 h', () => {
    const cal = { timezone: 'America/New_York', dayChangeTime: 0, weekStartingDay: 0 };
    const startMs = businessDayStart('2026-03-07', cal) + 22 * 60 * MIN;
    const endMs = businessDayStart('2026-03-08', cal) + 5 * 60 * MIN; // 06:00 local, after the lost hour
    const pay = periodPay(
      [{ startMs, endMs, positionId: null, rate: 1000, rateSource: 'employee' }],
      { startDate: '2026-03-01', endDate: '2026-03-15' },
      cal,
      DEFAULT_RULES.flsa,
    );
    expect(pay.hours.days.map((d) => [d.date, d.workedMinutes])).toEqual([
      ['2026-03-07', 120],
      ['2026-03-08', 300],
    ]);
    expect(pay.regularPay).toBe(70_00);
  });
});

describe('a minute two spans contest', () => {
  const utc: CalendarInput = { timezone: 'UTC', dayChangeTime: 0, weekStartingDay: 1 };
  const at = (minute: number) => Date.parse('2026-03-08T00:00:00Z') + minute * MIN;
  const span = (rate: number): RatedSpan => ({
    positionId: null,
    startMs: at(518),
    endMs: at(519),
    unpaidBreaks: [],
    rate,
    rateSource: 'employee',
  });

  it('goes to the higher rate when the spans start at once, whatever order they come in', () => {
    const pay = (spans: RatedSpan[]) =>
      periodPay(spans, { startDate: '2026-03-02', endDate: '2026-03-08' }, utc, DEFAULT_RULES.flsa);
    const [low, high] = [span(1200), span(2000)];
    const one = pay([low, high]);
    const other = pay([high, low]);
    expect(one.hours.workedMinutes).toBe(1);
    expect(one.regularPay).toBe(other.regularPay);
    // one minute at $20.00 an hour: 33 cents (not the 20 of $12.00)
    expect(one.regularPay).toBe(33);
  });
});
