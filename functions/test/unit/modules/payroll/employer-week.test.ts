import fc from 'fast-check';
import { addDays, businessDayStart } from '../../../../src/core/calendar';
import { allocateWeek, placeOnDays } from '../../../../src/modules/payroll/employer-week';
import { computeHours, DEFAULT_RULES, type OvertimeRules } from '../../../../src/modules/payroll/overtime';
import { periodPay, type RatedSpan, type WorkElsewhere } from '../../../../src/modules/payroll/pay';

/**
 * Weekly overtime over an employer's locations (employer-week.ts), each location's report figured
 * on its own with the others' work beside it: over random punches at two or three locations (they
 * may overlap), random rates and a pay-period edge anywhere in the week, the locations' overtime
 * minutes add up to the employer's (FLSA: max(0, total - 40 h)), every worked minute is counted
 * once at exactly one location, and the premium shares add up exactly to the week's premium.
 */
const MIN = 60_000;
const cal = { timezone: 'America/New_York', dayChangeTime: 0, weekStartingDay: 1 };
const WEEK = '2026-11-02';
const LOCATIONS = ['loc-a', 'loc-b', 'loc-c'];

const caseArb = fc.record({
  rules: fc.constantFrom<OvertimeRules>(DEFAULT_RULES.flsa, DEFAULT_RULES.california, DEFAULT_RULES.none),
  locations: fc.integer({ min: 2, max: 3 }),
  /** the first day of the second period (7: the week is inside one period) */
  edge: fc.integer({ min: 1, max: 7 }),
  punches: fc.array(
    fc.record({
      location: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 0, max: 6 }),
      startMinute: fc.integer({ min: 0, max: 1200 }),
      minutes: fc.integer({ min: 1, max: 840 }),
      rate: fc.constantFrom(725, 1010, 1199, 1250, 1533, 2000, 2345),
    }),
    { maxLength: 24 },
  ),
});

function spansOf(c: CaseOf): Map<string, RatedSpan[]> {
  const out = new Map(LOCATIONS.slice(0, c.locations).map((l) => [l, [] as RatedSpan[]]));
  for (const p of c.punches) {
    const location = LOCATIONS[p.location % c.locations];
    const startMs = businessDayStart(addDays(WEEK, p.day), cal) + p.startMinute * MIN;
    out.get(location)!.push({
      startMs,
      endMs: startMs + p.minutes * MIN,
      positionId: `pos-${p.rate}`,
      rate: p.rate,
      rateSource: 'position',
    });
  }
  return out;
}
type CaseOf = {
  rules: OvertimeRules;
  locations: number;
  edge: number;
  punches: { location: number; day: number; startMinute: number; minutes: number; rate: number }[];
};

/** Each location's pay of the week over the period(s) holding it, with the others' work as elsewhere. */
function figures(c: CaseOf) {
  const byLocation = spansOf(c);
  const periods =
    c.edge === 7
      ? [{ startDate: WEEK, endDate: addDays(WEEK, 6) }]
      : [
          { startDate: addDays(WEEK, -7), endDate: addDays(WEEK, c.edge - 1) },
          { startDate: addDays(WEEK, c.edge), endDate: addDays(WEEK, 13) },
        ];
  return [...byLocation].map(([here, spans]) => {
    const elsewhere: WorkElsewhere = {
      here,
      others: [...byLocation]
        .filter(([l]) => l !== here)
        .map(([l, s]) => ({ locationId: l, locationName: l, spans: s })),
    };
    const pays = periods.map((p) => periodPay(spans, p, cal, c.rules, undefined, elsewhere));
    const weeks = pays.flatMap((p) => p.weeks.filter((w) => w.weekStart === WEEK));
    const days = pays.flatMap((p) => p.hours.days).filter((d) => d.date >= WEEK && d.date <= addDays(WEEK, 6));
    return { here, spans, weeks, days, pays };
  });
}

describe('weekly overtime across an employer’s locations', () => {
  it('counts every minute once, adds the locations’ overtime up to the employer’s and the premium shares to the whole (property)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const all = figures(c);
        const every = [...spansOf(c).values()].flat();
        const whole = computeHours(every, { startDate: WEEK, endDate: addDays(WEEK, 6) }, cal, c.rules);
        const sum = (f: (x: (typeof all)[number]) => number) => all.reduce((s, x) => s + f(x), 0);
        const daysSum = (f: (d: (typeof all)[number]['days'][number]) => number) =>
          sum((x) => x.days.reduce((s, d) => s + f(d), 0));
        // no worked minute counted twice or lost
        expect(daysSum((d) => d.workedMinutes)).toBe(whole.workedMinutes);
        for (const x of all)
          for (const d of x.days)
            expect(d.regularMinutes + d.overtimeMinutes + d.doubleTimeMinutes).toBe(d.workedMinutes);
        // the locations' overtime is the employer's
        expect(daysSum((d) => d.overtimeMinutes)).toBe(whole.overtimeMinutes);
        expect(daysSum((d) => d.doubleTimeMinutes)).toBe(whole.doubleTimeMinutes);
        if (c.rules.kind === 'flsa') expect(whole.overtimeMinutes).toBe(Math.max(0, whole.workedMinutes - 2400));
        // the premium shares add up exactly to the week's premium, seen alike from every location
        const across = all.flatMap((x) => x.weeks.map((w) => w.acrossLocations).filter((a) => a !== undefined));
        if (across.length) {
          const premium = across[0].premium;
          for (const a of across) expect(a.premium).toBe(premium);
          expect(sum((x) => x.weeks.reduce((s, w) => s + w.premiumPortion, 0))).toBe(premium);
          expect(sum((x) => x.weeks.reduce((s, w) => s + w.overtimeMinutes, 0))).toBe(whole.overtimeMinutes);
        }
        // each week's itemised earnings add up to its pay
        for (const x of all)
          for (const p of x.pays)
            for (const w of p.weeks)
              expect(p.earnings.filter((e) => e.weekStart === w.weekStart).reduce((s, e) => s + e.amount, 0)).toBe(
                w.regularPay + w.overtimePay + w.doubleTimePay,
              );
      }),
      { numRuns: 300 },
    );
  });

  it('gives the answer of one location when the others worked nothing in the week', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const spans = spansOf({ ...c, locations: 2 }).get('loc-a')!;
        const period = { startDate: WEEK, endDate: addDays(WEEK, 6) };
        const alone = periodPay(spans, period, cal, c.rules);
        const beside = periodPay(spans, period, cal, c.rules, undefined, {
          here: 'loc-a',
          others: [{ locationId: 'loc-b', locationName: 'B', spans: [] }],
        });
        expect(beside).toEqual(alone);
      }),
      { numRuns: 100 },
    );
  });

  it('splits 24 h and 24 h of FLSA overtime 4 h and 4 h, the $64 premium $32 and $32', () => {
    const week = allocateWeek({
      locations: [
        { locationId: 'b', minutes: 1440 },
        { locationId: 'a', minutes: 1440 },
      ],
      overtimeMinutes: 480,
      doubleTimeMinutes: 0,
      regularRate: 1600,
      multipliers: { overtime: 1.5, doubleTime: 2 },
    });
    expect(week.premium).toBe(6400);
    expect(week.shares).toEqual([
      { locationId: 'a', minutes: 1440, overtimeMinutes: 240, doubleTimeMinutes: 0, premium: 3200 },
      { locationId: 'b', minutes: 1440, overtimeMinutes: 240, doubleTimeMinutes: 0, premium: 3200 },
    ]);
  });

  it('splits overtime in proportion to the minutes at each location: 30 h and 18 h give 5 h and 3 h', () => {
    const week = allocateWeek({
      locations: [
        { locationId: 'a', minutes: 1800 },
        { locationId: 'b', minutes: 1080 },
      ],
      overtimeMinutes: 480,
      doubleTimeMinutes: 0,
      regularRate: 1600,
      multipliers: { overtime: 1.5, doubleTime: 2 },
    });
    expect(week.shares.map((s) => [s.overtimeMinutes, s.premium])).toEqual([
      [300, 4000],
      [180, 2400],
    ]);
  });

  it('places a location’s overtime on its latest days, double time first', () => {
    expect(placeOnDays([480, 0, 600, 300], 400, 100)).toEqual([
      { regular: 480, overtime: 0, doubleTime: 0 },
      { regular: 0, overtime: 0, doubleTime: 0 },
      { regular: 400, overtime: 200, doubleTime: 0 },
      { regular: 0, overtime: 200, doubleTime: 100 },
    ]);
  });
});
