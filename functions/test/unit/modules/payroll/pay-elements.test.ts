import fc from 'fast-check';
import { payElementLine } from '../../../../src/modules/payroll/pay-elements';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const element = {
  id: 'b1',
  kind: 'attendanceBonus',
  discretionary: false,
  amountMinor: 100_00,
  date: '2026-10-11',
  earnedFrom: '2026-10-05',
  earnedTo: '2026-10-11',
};
const FLSA = { overtime: 1.5, doubleTime: 2 };

describe('pay elements in the regular rate (29 CFR 778.208-778.211)', () => {
  it('a $100 bonus over a 44-hour week adds $2.2727 an hour and owes $4.55 on the 4 overtime hours', () => {
    const line = payElementLine(
      element,
      [{ weekStart: '2026-10-05', workedMinutes: 2640, overtimeMinutes: 240, doubleTimeMinutes: 0 }],
      FLSA,
      money,
    );
    expect(line).toMatchObject({ amount: 100_00, regularRateIncrease: 227.27, overtimeOnElement: 4_55 });
  });

  it('a discretionary bonus stays out of the regular rate', () => {
    const line = payElementLine(
      { ...element, discretionary: true },
      [{ weekStart: '2026-10-05', workedMinutes: 2640, overtimeMinutes: 240, doubleTimeMinutes: 0 }],
      FLSA,
      money,
    );
    expect(line).toMatchObject({ regularRateIncrease: 0, overtimeOnElement: 0, weeks: [] });
  });

  it('shares add up to the amount and premiums to the overtime owed rounded once (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(
          fc.record({
            worked: fc.integer({ min: 0, max: 5000 }),
            ot: fc.integer({ min: 0, max: 2000 }),
            dt: fc.integer({ min: 0, max: 500 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (amountMinor, raw) => {
          const weeks = raw.map((w, i) => ({
            weekStart: `2026-01-${String(5 + 7 * i).padStart(2, '0')}`,
            workedMinutes: w.worked + w.ot + w.dt,
            overtimeMinutes: w.ot,
            doubleTimeMinutes: w.dt,
          }));
          const line = payElementLine({ ...element, amountMinor }, weeks, FLSA, money);
          const worked = weeks.reduce((s, w) => s + w.workedMinutes, 0);
          if (!worked) return expect(line.overtimeOnElement).toBe(0);
          expect(line.weeks.reduce((s, w) => s + w.share, 0)).toBe(amountMinor);
          const exact = weeks.reduce(
            (s, w) => s + (amountMinor * (w.overtimeMinutes * 0.5 + w.doubleTimeMinutes)) / worked,
            0,
          );
          expect(Math.abs(line.overtimeOnElement - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
