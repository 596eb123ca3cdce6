import fc from 'fast-check';
import { instant } from '../../../../src/core/calendar';
import { payRulesFor, type LawLocation } from '../../../../src/modules/compliance';
import { placePremiums, restBreaksRequired, type PricedSpan } from '../../../../src/modules/payroll/place-premiums';

/**
 * The pay rules by place on both sides of each threshold, with the figures of the compliance packs
 * (California split shift and reporting time, New York spread of hours, state rest breaks).
 */
const DAY = '2026-03-10';
const LA: LawLocation = { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' };
const NYC: LawLocation = { state: 'NY', county: 'Kings', city: 'New York' };
const ALBANY: LawLocation = { state: 'NY', county: 'Albany', city: 'Albany' };
const tzOf = (l: LawLocation) =>
  l.state === 'CA' || l.state === 'WA' || l.state === 'OR'
    ? 'America/Los_Angeles'
    : l.state === 'CO'
      ? 'America/Denver'
      : 'America/New_York';

/** A span of `date` from minute `from` to minute `to` of the local day at `rate` cents an hour. */
const span = (l: LawLocation, from: number, to: number, rate: number, extra: Partial<PricedSpan> = {}): PricedSpan => ({
  startMs: instant(DAY, from, tzOf(l)),
  endMs: instant(DAY, to, tzOf(l)),
  rate,
  ...extra,
});

function premiums(
  l: LawLocation,
  spans: PricedSpan[],
  options: { scheduled?: Record<string, number>; restBreaksRecorded?: boolean; rate?: number; date?: string } = {},
) {
  return placePremiums({
    spans,
    range: { start: options.date ?? DAY, end: options.date ?? DAY },
    cal: { timezone: tzOf(l), dayChangeTime: 0 },
    rulesOn: (date) => payRulesFor(l, date),
    regularRateOn: () => options.rate ?? 20_00,
    scheduledMinutesOf: (id) => options.scheduled?.[id] ?? null,
    restBreaksRecorded: options.restBreaksRecorded ?? false,
  });
}

describe('the California split-shift premium', () => {
  it('owes one hour at the minimum wage for an unpaid gap of more than an hour, less the wages above it', () => {
    // 6 h at the minimum wage ($16.90 in 2026), split by 61 minutes: 7 x 16.90 - 6 x 16.90 = $16.90
    const split = premiums(LA, [span(LA, 8 * 60, 11 * 60, 16_90), span(LA, 12 * 60 + 1, 15 * 60 + 1, 16_90)]);
    expect(split.map((p) => [p.kind, p.amount])).toEqual([['splitShift', 16_90]]);
    // exactly an hour's gap is a meal period, not a split
    expect(premiums(LA, [span(LA, 8 * 60, 11 * 60, 16_90), span(LA, 12 * 60, 15 * 60, 16_90)])).toEqual([]);
  });

  it('is offset by what the day paid above the minimum wage (the Labor Commissioner example, in 2026 figures)', () => {
    // 6 h at $17.50: 6 x 16.90 + 16.90 = 118.30 against 105.00 paid: $13.30
    const some = premiums(LA, [span(LA, 8 * 60, 11 * 60, 17_50), span(LA, 14 * 60, 17 * 60, 17_50)]);
    expect(some.map((p) => p.amount)).toEqual([13_30]);
    // at $20 the day's 120.00 covers 118.30: nothing owed
    expect(premiums(LA, [span(LA, 8 * 60, 11 * 60, 20_00), span(LA, 14 * 60, 17 * 60, 20_00)])).toEqual([]);
  });

  it('uses the minimum wage in force on the day: $16.50 in 2025', () => {
    const date = '2025-06-10';
    const at = (m: number) => instant(date, m, 'America/Los_Angeles');
    const spans = [
      { startMs: at(8 * 60), endMs: at(11 * 60), rate: 16_50 },
      { startMs: at(14 * 60), endMs: at(17 * 60), rate: 16_50 },
    ];
    expect(premiums(LA, spans, { date }).map((p) => p.amount)).toEqual([16_50]);
  });

  it('does not apply outside California', () => {
    expect(premiums(ALBANY, [span(ALBANY, 8 * 60, 11 * 60, 16_00), span(ALBANY, 14 * 60, 17 * 60, 16_00)])).toEqual([]);
  });
});

describe('California reporting-time pay', () => {
  const reported = (worked: number, scheduled: number) =>
    premiums(LA, [span(LA, 9 * 60, 9 * 60 + worked, 20_00, { shiftId: 's1' })], { scheduled: { s1: scheduled } });

  it('pays half the scheduled time when less than half was worked, the hours worked counting toward it', () => {
    // 8 h scheduled, 3 h 59 worked: paid 4 h, 1 min more at $20
    expect(reported(239, 480).map((p) => [p.kind, p.hours, p.amount])).toEqual([['reportingTime', 1 / 60, 33]]);
    // exactly half worked: nothing
    expect(reported(240, 480)).toEqual([]);
  });

  it('pays at least 2 hours and at most 4', () => {
    // 3 h scheduled, 1 h worked: half is 1.5 h, at least 2: 1 h more
    expect(reported(60, 180).map((p) => [p.hours, p.amount])).toEqual([[1, 20_00]]);
    // 10 h scheduled, 1 h worked: half is 5 h, at most 4: 3 h more
    expect(reported(60, 600).map((p) => [p.hours, p.amount])).toEqual([[3, 60_00]]);
  });

  it('needs a scheduled shift: unscheduled work owes nothing', () => {
    expect(premiums(LA, [span(LA, 9 * 60, 10 * 60, 20_00)])).toEqual([]);
  });
});

describe('New York spread of hours', () => {
  it('owes one hour at the basic minimum rate on a day spread over more than 10 hours, whatever the rate', () => {
    // 11:00-14:00 and 18:00-21:01: 6 h worked, spread 10 h 01; NYC 2026 rate $17.00
    const over = premiums(NYC, [span(NYC, 11 * 60, 14 * 60, 30_00), span(NYC, 18 * 60, 21 * 60 + 1, 30_00)]);
    expect(over.map((p) => [p.kind, p.amount])).toEqual([['spreadOfHours', 17_00]]);
    expect(premiums(NYC, [span(NYC, 11 * 60, 14 * 60, 30_00), span(NYC, 18 * 60, 21 * 60, 30_00)])).toEqual([]);
  });

  it('at the rate of the region and of the date: upstate $16.00 in 2026, NYC $16.50 in 2025', () => {
    expect(premiums(ALBANY, [span(ALBANY, 8 * 60, 19 * 60, 20_00)]).map((p) => p.amount)).toEqual([16_00]);
    // a location naming the city alone is New York City's rate
    const city: LawLocation = { state: 'NY', county: null, city: 'New York City' };
    expect(premiums(city, [span(city, 8 * 60, 19 * 60, 20_00)]).map((p) => p.amount)).toEqual([17_00]);
    const date = '2025-06-10';
    const at = (m: number) => instant(date, m, 'America/New_York');
    expect(
      premiums(NYC, [{ startMs: at(8 * 60), endMs: at(19 * 60), rate: 20_00 }], { date }).map((p) => p.amount),
    ).toEqual([16_50]);
  });
});

describe('New York call-in pay', () => {
  it('owes the hours short of 3 for one shift at the basic minimum rate, none from 3 hours', () => {
    // NYC 2026 basic minimum $17.00, whatever the employee's rate
    expect(premiums(NYC, [span(NYC, 8 * 60, 10 * 60, 30_00)]).map((p) => [p.kind, p.amount])).toEqual([
      ['callIn', 17_00],
    ]);
    expect(premiums(NYC, [span(NYC, 8 * 60, 10 * 60 + 59, 30_00)]).map((p) => p.amount)).toEqual([28]);
    expect(premiums(NYC, [span(NYC, 8 * 60, 11 * 60, 30_00)])).toEqual([]);
    expect(premiums(ALBANY, [span(ALBANY, 8 * 60, 10 * 60, 30_00)]).map((p) => p.amount)).toEqual([16_00]);
  });

  it('counts each shift of the day: at least 6 hours for two, 8 for three or more', () => {
    const two = [span(NYC, 8 * 60, 10 * 60, 20_00), span(NYC, 12 * 60, 14 * 60, 20_00)];
    expect(premiums(NYC, two).map((p) => [p.kind, p.amount])).toEqual([['callIn', 2 * 17_00]]);
    expect(premiums(NYC, [two[0], span(NYC, 12 * 60, 16 * 60, 20_00)])).toEqual([]);
    const three = [...two, span(NYC, 15 * 60, 17 * 60, 20_00)];
    expect(premiums(NYC, three).map((p) => p.amount)).toEqual([2 * 17_00]);
    const four = [...three, span(NYC, 17 * 60 + 30, 18 * 60, 20_00)];
    expect(premiums(NYC, four).map((p) => p.amount)).toEqual([Math.round(1.5 * 17_00)]);
  });

  it("is New York's: a short California day owes none", () => {
    expect(premiums(LA, [span(LA, 8 * 60, 10 * 60, 20_00)])).toEqual([]);
  });
});

describe('rest breaks', () => {
  const rest = (l: LawLocation, from: number, minutes: number) => ({
    startMs: instant(DAY, from, tzOf(l)),
    endMs: instant(DAY, from + minutes, tzOf(l)),
  });

  it('count the breaks each state requires by the hours worked', () => {
    const ca = payRulesFor(LA, DAY).restBreak!.required;
    expect([209, 210, 360, 361, 600, 601].map((m) => restBreaksRequired(ca, m))).toEqual([0, 1, 1, 2, 2, 3]);
    const co = payRulesFor({ state: 'CO', county: 'Denver', city: 'Denver' }, DAY).restBreak!.required;
    expect([120, 121, 360, 361].map((m) => restBreaksRequired(co, m))).toEqual([0, 1, 1, 2]);
    const wa = payRulesFor({ state: 'WA', county: 'King', city: 'Seattle' }, DAY).restBreak!.required;
    expect([180, 181, 360, 361, 540, 541].map((m) => restBreaksRequired(wa, m))).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('owe California one hour at the regular rate for a day missing one, only where breaks are recorded', () => {
    const day = (breaks: { startMs: number; endMs: number }[]) =>
      premiums(LA, [span(LA, 8 * 60, 14 * 60 + 1, 20_00, { restBreaks: breaks })], { restBreaksRecorded: true });
    // 6 h 01 needs two; one of 10 minutes recorded: owed
    expect(day([rest(LA, 10 * 60, 10)]).map((p) => [p.kind, p.hours, p.amount])).toEqual([['restBreak', 1, 20_00]]);
    // two recorded: none; a 9-minute one does not count
    expect(day([rest(LA, 10 * 60, 10), rest(LA, 12 * 60, 10)])).toEqual([]);
    expect(day([rest(LA, 10 * 60, 10), rest(LA, 12 * 60, 9)]).length).toBe(1);
    // not recorded by the company: none owed
    expect(premiums(LA, [span(LA, 8 * 60, 14 * 60 + 1, 20_00)])).toEqual([]);
  });

  it('owe Washington and Colorado 10 minutes per missed break, Oregon nothing', () => {
    const wa: LawLocation = { state: 'WA', county: 'King', city: 'Seattle' };
    const worked8h = (l: LawLocation) =>
      premiums(l, [span(l, 8 * 60, 16 * 60, 30_00, { restBreaks: [] })], { restBreaksRecorded: true, rate: 30_00 });
    expect(worked8h(wa).map((p) => [p.hours, p.amount])).toEqual([[20 / 60, 10_00]]);
    const co: LawLocation = { state: 'CO', county: 'Denver', city: 'Denver' };
    expect(worked8h(co).map((p) => [p.hours, p.amount])).toEqual([[20 / 60, 10_00]]);
    expect(worked8h({ state: 'OR', county: 'Multnomah', city: 'Portland' })).toEqual([]);
  });
});

describe('the pay rules by place', () => {
  it('owe nothing that is negative, and nothing where no pack pays one (property over days and places)', () => {
    const places: LawLocation[] = [LA, NYC, ALBANY, { state: 'TX', county: 'Travis', city: 'Austin' }];
    fc.assert(
      fc.property(
        fc.constantFrom(...places),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1300 }), fc.integer({ min: 1, max: 600 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 7_25, max: 60_00 }),
        (place, parts, rate) => {
          const spans = parts
            .map(([from, length]) => span(place, from, Math.min(1439, from + length), rate, { shiftId: 's1' }))
            .filter((s) => s.endMs > s.startMs);
          const out = premiums(place, spans, { scheduled: { s1: 480 }, restBreaksRecorded: true });
          for (const p of out) expect(p.amount).toBeGreaterThan(0);
          if (place.state === 'TX') expect(out).toEqual([]);
          expect(new Set(out.map((p) => p.kind)).size).toBe(out.length);
        },
      ),
    );
  });
});
