import {
  classifyChange,
  minRestMinutes,
  restPremium,
  type Interval,
  type Jurisdiction,
} from '../../../../src/modules/schedule/fair-workweek';
import { at, DAY, HOUR, MIN, premium, T0 } from './fair-workweek-fixtures';
import { restFindings, timed, type ScheduleRules, type ShiftLike } from '../../../../src/modules/schedule/rules';

/** Hand-worked fair-workweek premiums per jurisdiction (figures and sources in src/modules/schedule/fair-workweek.ts). */
const amount = (j: Jurisdiction, before: Interval | null, after: Interval | null) =>
  premium(j, before, after)?.amountMinor ?? null;
const hours = (j: Jurisdiction, before: Interval | null, after: Interval | null) =>
  premium(j, before, after)?.payHours ?? null;

describe('classifying a change', () => {
  it('tells added time, cut time, a move without loss, and no change apart', () => {
    expect(classifyChange(null, at(2 * DAY, 4), T0)).toEqual({
      kind: 'added',
      deltaMinutes: 240,
      noticeMinutes: 2 * 24 * 60,
    });
    expect(classifyChange(at(DAY, 8), at(DAY, 5), T0)).toMatchObject({ kind: 'cut', deltaMinutes: 180 });
    expect(classifyChange(at(DAY, 8), null, T0)).toMatchObject({ kind: 'cut', deltaMinutes: 480 });
    expect(classifyChange(at(DAY, 4), at(DAY + HOUR, 4), T0)).toMatchObject({
      kind: 'moved',
      deltaMinutes: 0,
      noticeMinutes: 24 * 60,
    });
    expect(classifyChange(at(DAY, 4), at(DAY, 4), T0)).toBeNull();
  });

  it('measures notice to the earlier of the old and new starts', () => {
    expect(classifyChange(at(5 * DAY, 4), at(2 * DAY, 4), T0)!.noticeMinutes).toBe(2 * 24 * 60);
  });
});

describe('New York City (fast food)', () => {
  it('charges $10 for added hours or a move with 7 to 14 days of notice, $20 for hours cut', () => {
    expect(amount('nyc', null, at(10 * DAY, 4))).toBe(10_00);
    expect(amount('nyc', at(8 * DAY, 4), at(8 * DAY + HOUR, 4))).toBe(10_00);
    expect(amount('nyc', at(8 * DAY, 6), at(8 * DAY, 4))).toBe(20_00);
  });

  it('charges $15 / $45 with 24 hours to 7 days of notice, and $15 / $75 under 24 hours', () => {
    expect(amount('nyc', at(2 * DAY, 4), at(2 * DAY + HOUR, 4))).toBe(15_00);
    expect(amount('nyc', at(3 * DAY, 6), at(3 * DAY, 4))).toBe(45_00);
    expect(amount('nyc', null, at(20 * HOUR, 4))).toBe(15_00);
    expect(amount('nyc', at(12 * HOUR, 8), null)).toBe(75_00);
  });

  it('owes nothing with 14 days of notice or more, and $10 one minute short of it', () => {
    expect(premium('nyc', null, at(15 * DAY, 4))).toBeNull();
    expect(premium('nyc', null, at(14 * DAY, 4))).toBeNull();
    expect(amount('nyc', null, at(14 * DAY - MIN, 4))).toBe(10_00);
  });

  it('requires 11 hours of rest and pays $100 for a clopening', () => {
    expect(minRestMinutes('nyc')).toBe(660);
    expect(restPremium('nyc', 8 * 60, 8 * 60)).toMatchObject({ rule: 'rest', amountMinor: 100_00, payHours: null });
    expect(restPremium('nyc', 660, 8 * 60)).toBeNull();
  });
});

describe('Seattle', () => {
  it('pays one extra hour for added time or a move, and half the hours cut', () => {
    expect(hours('seattle', at(5 * DAY, 6), at(5 * DAY, 8))).toBe(1);
    expect(hours('seattle', at(5 * DAY, 4), at(5 * DAY + 2 * HOUR, 4))).toBe(1);
    expect(hours('seattle', at(5 * DAY, 8), at(5 * DAY, 5))).toBe(1.5);
    expect(hours('seattle', at(2 * DAY, 6), null)).toBe(3);
    expect(premium('seattle', at(5 * DAY, 8), null)!.amountMinor).toBeNull();
  });

  it('pays half again for the hours of a second shift inside the 10-hour rest', () => {
    expect(minRestMinutes('seattle')).toBe(600);
    // 8 h of rest: the first 2 h of the next shift are inside the 10 h, paid 1.5x: 2 x 0.5 = 1 hour of premium
    expect(restPremium('seattle', 8 * 60, 6 * 60)!.payHours).toBe(1);
    expect(restPremium('seattle', 9 * 60 + 30, 6 * 60)!.payHours).toBe(0.25);
    // a 1-hour shift 7 h after the last: only its own hour is inside the window
    expect(restPremium('seattle', 7 * 60, 60)!.payHours).toBe(0.5);
    expect(restPremium('seattle', 600, 6 * 60)).toBeNull();
  });
});

describe('Oregon', () => {
  it('pays one hour when more than 30 minutes are added, nothing for 30 minutes or less', () => {
    expect(premium('oregon', at(3 * DAY, 4), at(3 * DAY, 4.5))).toBeNull();
    expect(hours('oregon', at(3 * DAY, 4), at(3 * DAY, 4.75))).toBe(1);
    expect(hours('oregon', null, at(3 * DAY, 4))).toBe(1);
  });

  it('pays half the hours cut and 1.5x inside the 10-hour rest', () => {
    expect(hours('oregon', at(3 * DAY, 8), at(3 * DAY, 4))).toBe(2);
    expect(restPremium('oregon', 9 * 60, 8 * 60)!.payHours).toBe(0.5);
  });
});

describe('Chicago', () => {
  it('pays one hour for added time, a move, or a cut with 24 hours of notice or more', () => {
    expect(hours('chicago', null, at(3 * DAY, 4))).toBe(1);
    expect(hours('chicago', at(3 * DAY, 4), at(3 * DAY + HOUR, 4))).toBe(1);
    expect(hours('chicago', at(2 * DAY, 6), at(2 * DAY, 4))).toBe(1);
  });

  it('pays half the hours cut with less than 24 hours of notice', () => {
    expect(hours('chicago', at(10 * HOUR, 8), at(10 * HOUR, 4))).toBe(2);
    expect(hours('chicago', at(5 * HOUR, 8), null)).toBe(4);
  });

  it('pays a quarter extra for hours worked inside the 10-hour rest', () => {
    expect(minRestMinutes('chicago')).toBe(600);
    expect(restPremium('chicago', 7 * 60, 8 * 60)!.payHours).toBe(0.75);
  });
});

describe('no jurisdiction', () => {
  it('owes nothing and has no rest rule', () => {
    expect(premium('none', null, at(HOUR, 8))).toBeNull();
    expect(restPremium('none', 0, 480)).toBeNull();
    expect(minRestMinutes('none')).toBe(0);
  });
});

describe('the rest rule on shifts', () => {
  const RULES: ScheduleRules = {
    timezone: 'America/New_York',
    weekStartingDay: 1,
    dayChangeTime: 0,
    defaultDuration: 480,
    betweenShifts: 0,
    maxDayHours: false,
    excludeBreaks: false,
    breaks: {},
    conflictsDetectionEnabled: true,
    maxHoursPerWeek: 40,
    jurisdiction: 'nyc',
  };
  let n = 0;
  const shift = (date: string, start: number, end: number): ShiftLike => ({
    id: `s${++n}`,
    employeeId: 'e1',
    date,
    start,
    end,
    mode: 'published',
  });
  const rest = (candidate: ShiftLike, others: ShiftLike[], consent = false, rules: Partial<ScheduleRules> = {}) => {
    const r = { ...RULES, ...rules };
    return restFindings(
      timed(candidate, r),
      others.map((o) => timed(o, r)),
      r,
      consent,
    );
  };

  it('refuses a close (until 23:00) then open (08:00) without consent, and lets it through with consent and its premium', () => {
    const close = shift('2026-06-01', 15 * 60, 23 * 60);
    const open = shift('2026-06-02', 8 * 60, 14 * 60);
    const [refused] = rest(open, [close]);
    expect(refused.finding).toMatchObject({
      rule: 'fairWorkweekRest',
      blocking: true,
      actual: 540,
      limit: 660,
      conflictingShiftId: close.id,
    });
    const [consented] = rest(open, [close], true);
    expect(consented.finding.blocking).toBe(false);
    expect(consented.premium.amountMinor).toBe(100_00);
  });

  it('does not apply to two shifts of the same day (a split shift) nor to enough rest', () => {
    expect(rest(shift('2026-06-01', 17 * 60, 22 * 60), [shift('2026-06-01', 8 * 60, 12 * 60)])).toEqual([]);
    expect(rest(shift('2026-06-02', 10 * 60, 14 * 60), [shift('2026-06-01', 15 * 60, 23 * 60)])).toEqual([]);
    expect(
      rest(shift('2026-06-02', 8 * 60, 14 * 60), [shift('2026-06-01', 15 * 60, 23 * 60)], false, {
        jurisdiction: 'none',
      }),
    ).toEqual([]);
  });

  it('counts the rest before the candidate too (the candidate is the closing shift)', () => {
    const [found] = rest(shift('2026-06-01', 15 * 60, 23 * 60), [shift('2026-06-02', 7 * 60, 15 * 60)], false, {
      jurisdiction: 'seattle',
    });
    // 8 h of rest; the 8-hour opening shift has 2 h inside the 10 h window: 2 x 0.5
    expect(found.premium.payHours).toBe(1);
  });
});
