import { addDays, businessDayStart } from '../../../../src/core/calendar';
import { priorPeriodAdjustment } from '../../../../src/modules/payroll/adjustments';
import { DEFAULT_RULES } from '../../../../src/modules/payroll/overtime';
import { periodPay, type RatedSpan } from '../../../../src/modules/payroll/pay';

/**
 * The prior-period adjustment of a workweek straddling a closed period (29 CFR 778.115, 778.106):
 * the week Monday 2026-11-09 to Sunday 11-15, the period closed on Wednesday 11-11.
 */
const MIN = 60_000;
const cal = { timezone: 'America/Los_Angeles', dayChangeTime: 0, weekStartingDay: 1 };
const week = { start: '2026-11-09', end: '2026-11-15' };
const closed = { startDate: '2026-10-29', endDate: '2026-11-11' };
const shift = (day: number, hours: number, rate: number): RatedSpan => {
  const startMs = businessDayStart(addDays(week.start, day), cal) + 8 * 60 * MIN;
  return { startMs, endMs: startMs + hours * 60 * MIN, positionId: `p${rate}`, rate, rateSource: 'position' };
};
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const weekOf = (spans: RatedSpan[], period: { startDate: string; endDate: string }) =>
  periodPay(spans, period, cal, DEFAULT_RULES.flsa).weeks.find((w) => w.weekStart === week.start);

function adjustment(before: RatedSpan[], after: RatedSpan[]) {
  const paid = weekOf(before, closed); // what the clerk's close froze
  const owed = weekOf([...before, ...after], { startDate: week.start, endDate: closed.endDate });
  return priorPeriodAdjustment({ week, closed, owed, paid, money });
}

describe('prior-period adjustment', () => {
  const serving = [0, 1, 2].map((d) => shift(d, 10, 1200));
  const cooking = [3, 4].map((d) => shift(d, 10, 2000));

  it('30 h at $12 closed, then 20 h at $20: the 30 h are owed $3.20 more each, $96.00, naming the week', () => {
    const line = adjustment(serving, cooking)!;
    expect(line).toMatchObject({
      weekStart: '2026-11-09',
      weekEnd: '2026-11-15',
      minutes: 1800,
      paidRegularRate: 1200,
      regularRate: 1520,
      paid: 360_00,
      owed: 456_00,
      amount: 96_00,
    });
    expect(line.reason).toBe(
      'Workweek 2026-11-09 to 2026-11-15: its 30.00 h in the closed period 2026-10-29 to 2026-11-11 were paid $360.00 ' +
        "at a regular rate of $12.00; the whole week's regular rate is $760.00 / 50.00 h = $15.20 (29 CFR 778.115), " +
        'so they are owed $456.00 (30.00 h regular); adjustment $96.00, paid with the period in which the week ends (29 CFR 778.106)',
    );
    // with the open side (10 h regular + 10 h overtime at $15.20 = $380): $836 for the week
    const open = periodPay(
      [...serving, ...cooking],
      { startDate: '2026-11-12', endDate: '2026-11-25' },
      cal,
      DEFAULT_RULES.flsa,
    );
    expect(360_00 + open.regularPay + open.overtimePay + line.amount).toBe(836_00);
  });

  it('tells a week whose hours elsewhere changed by its cause and the employer’s hours then and now', () => {
    const paid = weekOf(serving, closed);
    const owed = weekOf([...serving, ...cooking], { startDate: week.start, endDate: closed.endDate });
    const line = priorPeriodAdjustment({
      week,
      closed,
      owed,
      paid,
      money,
      elsewhereChange: { paidMinutes: 1800, owedMinutes: 3000 },
    })!;
    expect(line.cause).toBe('hoursElsewhere');
    expect(line.reason).toMatch(/changed after the close, from 30\.00 h to 50\.00 h \(29 CFR 778\.103/);
    expect(adjustment(serving, cooking)!.cause).toBe('straddle');
  });

  it('is nothing when the rest of the week is at the same rate', () => {
    expect(
      adjustment(
        serving,
        [3, 4].map((d) => shift(d, 10, 1200)),
      ),
    ).toBeNull();
  });

  it('takes back what a lower-paid rest of the week lowers the regular rate by, so the week is not paid twice', () => {
    const line = adjustment(
      [0, 1, 2].map((d) => shift(d, 10, 2000)),
      [3, 4].map((d) => shift(d, 10, 1200)),
    )!;
    // regular rate $840 / 50 h = $16.80; 30 h x $16.80 = $504 owed, $600 paid
    expect(line).toMatchObject({ regularRate: 1680, paid: 600_00, owed: 504_00, amount: -96_00 });
  });
});

describe('prior-period adjustment of the premiums priced at the regular rate', () => {
  const serving = [0, 1, 2].map((d) => shift(d, 10, 1200));
  const cooking = [3, 4].map((d) => shift(d, 10, 2000));
  const paid = weekOf(serving, closed);
  const owed = weekOf([...serving, ...cooking], { startDate: week.start, endDate: closed.endDate });
  const premiumsOf = (premiums: { date: string; hours: number | null; amount: number | null }[]) =>
    priorPeriodAdjustment({ week, closed, owed, paid, paidPremiums: premiums, money });

  it('prices a meal premium of the closed days again at the whole week: $12.00 paid, $15.20 owed', () => {
    const line = premiumsOf([{ date: '2026-11-10', hours: 1, amount: 12_00 }])!;
    expect(line).toMatchObject({ premiumsPaid: 12_00, premiumsOwed: 15_20, amount: 96_00 + 3_20 });
    expect(line.reason).toContain(
      '1 premium(s) of those days priced at the regular rate were paid $12.00, owed $15.20',
    );
  });

  it('leaves fixed amounts, premiums of other weeks and those without hours alone', () => {
    const line = premiumsOf([
      { date: '2026-11-10', hours: 2, amount: 75_00 }, // NYC: a fixed amount, not 2 h x $12
      { date: '2026-11-06', hours: 1, amount: 12_00 }, // the week before
      { date: '2026-11-10', hours: null, amount: 10_00 },
    ])!;
    expect(line).toMatchObject({ premiumsPaid: 0, premiumsOwed: 0, amount: 96_00 });
  });
});
