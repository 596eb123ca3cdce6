import { missedMealPeriod } from '../../../../src/modules/payroll/meal-periods';
import { waiversOn } from '../../../../src/modules/payroll/meal-waivers';

const MIN = 60_000;
/** Worked intervals from 0: [start minute, end minute]. */
const day = (...parts: [number, number][]) => parts.map(([a, b]) => ({ startMs: a * MIN, endMs: b * MIN }));
const FIRST = { first: true, second: false };
const SECOND = { first: false, second: true };

describe('meal waivers within Labor Code 512(a)', () => {
  it('a first-meal waiver covers a day of at most 6 hours, not 6 h 01', () => {
    expect(missedMealPeriod(day([0, 360]), FIRST)).toBeNull();
    expect(missedMealPeriod(day([0, 361]), FIRST)).not.toBeNull();
    expect(missedMealPeriod(day([0, 330]))).not.toBeNull();
  });

  it('a second-meal waiver covers a day of at most 12 hours whose first meal was taken', () => {
    expect(missedMealPeriod(day([0, 240], [270, 750]), SECOND)).toBeNull(); // 12 h 00
    expect(missedMealPeriod(day([0, 240], [270, 751]), SECOND)).not.toBeNull(); // 12 h 01
    expect(missedMealPeriod(day([0, 660]), SECOND)).not.toBeNull(); // no first meal
    expect(missedMealPeriod(day([0, 240], [270, 750]), FIRST)).not.toBeNull(); // the wrong scope
  });

  it('are in force from effectiveFrom to effectiveTo', () => {
    const records = [
      { employeeId: 'e', scope: 'firstMeal' as const, effectiveFrom: '2026-10-06', effectiveTo: '2026-10-08' },
    ];
    expect(['2026-10-05', '2026-10-06', '2026-10-08', '2026-10-09'].map((d) => waiversOn(records, d).first)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
