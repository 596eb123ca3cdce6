/**
 * The edges of the fair-workweek premiums (src/modules/schedule/fair-workweek.ts; figures and
 * sources there): the notice tiers on both sides of each boundary,
 * what each jurisdiction pays for each kind of change, and the reason recorded with each premium
 * (payroll and the schedule's answers show it: "rule, reason, amount or hours").
 */
import { restPremium } from '../../../../src/modules/schedule/fair-workweek';
import { at, DAY, HOUR, MIN, premium } from './fair-workweek-fixtures';

describe('the reason recorded with a schedule-change premium', () => {
  it('says what changed and with how many days of notice, to the hundredth', () => {
    expect(premium('seattle', null, at(2 * DAY, 4))!.reason).toBe("240 minutes added with 2 days' notice");
    expect(premium('seattle', at(DAY + 6 * HOUR, 8), at(DAY + 6 * HOUR, 5))!.reason).toBe(
      "180 minutes cut with 1.25 days' notice",
    );
    expect(premium('seattle', at(3 * DAY, 4), at(3 * DAY + HOUR, 4))!.reason).toBe(
      "moved without loss of hours with 3 days' notice",
    );
  });

  it('counts no notice at all for a change made after the shift started (never negative)', () => {
    expect(premium('nyc', at(-HOUR, 8), at(-HOUR, 6))).toMatchObject({
      reason: "120 minutes cut with 0 days' notice",
      amountMinor: 75_00,
    });
  });
});

describe('the New York City notice tiers', () => {
  it('pays $10 / $20 with exactly 7 days of notice, $15 / $45 one minute less', () => {
    expect(premium('nyc', null, at(7 * DAY, 4))!.amountMinor).toBe(10_00);
    expect(premium('nyc', at(7 * DAY, 6), at(7 * DAY, 4))!.amountMinor).toBe(20_00);
    expect(premium('nyc', null, at(7 * DAY - MIN, 4))!.amountMinor).toBe(15_00);
    expect(premium('nyc', at(7 * DAY - MIN, 6), at(7 * DAY - MIN, 4))!.amountMinor).toBe(45_00);
  });

  it('pays $45 for hours cut with exactly 24 hours of notice, $75 one minute less; added time stays $15 on both sides', () => {
    expect(premium('nyc', at(DAY, 6), at(DAY, 4))!.amountMinor).toBe(45_00);
    expect(premium('nyc', at(DAY - MIN, 6), at(DAY - MIN, 4))!.amountMinor).toBe(75_00);
    expect(premium('nyc', null, at(DAY, 4))!.amountMinor).toBe(15_00);
    expect(premium('nyc', null, at(DAY - MIN, 4))!.amountMinor).toBe(15_00);
  });
});

describe('Seattle', () => {
  it('pays the extra hour for any added time, 30 minutes or less included (no Oregon threshold)', () => {
    expect(premium('seattle', at(3 * DAY, 4), at(3 * DAY, 4.25))).toMatchObject({
      rule: 'scheduleChange',
      payHours: 1,
      amountMinor: null,
    });
    expect(premium('seattle', at(3 * DAY, 4), at(3 * DAY, 4.5))!.payHours).toBe(1);
  });
});

describe('Oregon', () => {
  it('pays one hour for a move without loss of hours, and half the hours of a cut of 30 minutes or less', () => {
    expect(premium('oregon', at(3 * DAY, 4), at(3 * DAY + HOUR, 4))).toMatchObject({ payHours: 1, amountMinor: null });
    expect(premium('oregon', at(3 * DAY, 4), at(3 * DAY, 3.5))!.payHours).toBe(0.25);
  });
});

describe('Chicago', () => {
  it('pays one hour for a cut with 24 hours of notice or more, whatever its length; half the hours cut one minute later', () => {
    expect(premium('chicago', at(2 * DAY, 8), at(2 * DAY, 4))!.payHours).toBe(1);
    expect(premium('chicago', at(DAY, 8), at(DAY, 4))!.payHours).toBe(1);
    expect(premium('chicago', at(DAY - MIN, 8), at(DAY - MIN, 4))!.payHours).toBe(2);
  });

  it('pays one hour for added time or a move even with less than 24 hours of notice', () => {
    expect(premium('chicago', null, at(5 * HOUR, 4))!.payHours).toBe(1);
    expect(premium('chicago', at(5 * HOUR, 4), at(6 * HOUR, 4))!.payHours).toBe(1);
  });
});

describe('the reason recorded with a rest premium', () => {
  it.each([
    ['nyc', '540 minutes of rest between shifts; New York City (fast food) requires 660'],
    ['seattle', '540 minutes of rest between shifts; Seattle requires 600'],
    ['oregon', '540 minutes of rest between shifts; Oregon requires 600'],
    ['chicago', '540 minutes of rest between shifts; Chicago requires 600'],
  ] as const)('names the jurisdiction and its minimum (%s)', (jurisdiction, reason) => {
    expect(restPremium(jurisdiction, 540, 480)!.reason).toBe(reason);
  });
});
