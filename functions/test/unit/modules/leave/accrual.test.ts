import fc from 'fast-check';
import {
  accrualCorrection,
  accruedFromWorked,
  leaveYearOf,
  periodsEnded,
  yearAccrualTarget,
  yearEnd,
} from '../../../../src/modules/leave/accrual';
import { balanceOf } from '../../../../src/modules/leave/ledger-rules';

const H = 60;

describe('accrual rules', () => {
  it('1 h per 30 h worked, in minutes, rounded down on the total', () => {
    expect(accruedFromWorked(30 * H, 30)).toBe(60);
    expect(accruedFromWorked(29 * H + 59, 30)).toBe(59);
    expect(accruedFromWorked(1040 * H, 40)).toBe(26 * H);
  });

  it('leave years: calendar, fixed date, hire-date anniversary (Feb 29 hires on Mar 1)', () => {
    expect(leaveYearOf('2026-06-01', { kind: 'calendar' }, null)).toEqual({ start: '2026-01-01', end: '2027-01-01' });
    expect(leaveYearOf('2026-03-31', { kind: 'fixed', monthDay: '04-01' }, null)).toEqual({
      start: '2025-04-01',
      end: '2026-04-01',
    });
    expect(leaveYearOf('2026-09-15', { kind: 'hireDate' }, '2024-09-15')).toEqual({
      start: '2026-09-15',
      end: '2027-09-15',
    });
    expect(leaveYearOf('2026-02-28', { kind: 'hireDate' }, '2024-02-29').start).toBe('2025-03-01');
    expect(leaveYearOf('2026-02-28', { kind: 'hireDate' }, null).start).toBe('2026-01-01');
  });

  it('pay periods ended in a range', () => {
    expect(periodsEnded('2026-01-01', '2026-12-31', 'biweekly', 1, '2025-12-29')).toHaveLength(26);
    expect(periodsEnded('2026-01-01', '2026-01-27', 'semimonthly', 0)).toEqual([
      { start: '2026-01-01', end: '2026-01-15' },
    ]);
  });

  it('a year target is capped by the annual accrual cap', () => {
    const per30 = { method: 'perHoursWorked' as const, hoursWorkedPerHour: 30 };
    expect(yearAccrualTarget(per30, 40 * H, { workedMinutes: 2000 * H, periodsEnded: 0 })).toBe(40 * H);
    const per = { method: 'perPayPeriod' as const, minutesPerPeriod: 240, frequency: 'biweekly' as const };
    expect(yearAccrualTarget(per, null, { workedMinutes: 0, periodsEnded: 26 })).toBe(104 * H);
  });

  it('year end carries up to the cap and forfeits the rest; a negative balance carries', () => {
    expect(yearEnd(100 * H, 40 * H)).toEqual({ carried: 40 * H, forfeited: 60 * H });
    expect(yearEnd(30 * H, 40 * H)).toEqual({ carried: 30 * H, forfeited: 0 });
    expect(yearEnd(-5 * H, 0)).toEqual({ carried: -5 * H, forfeited: 0 });
    expect(yearEnd(100 * H, null)).toEqual({ carried: 100 * H, forfeited: 0 });
  });
});

/** Punches (worked minutes) added, edited and deleted, with an accrual run after each change. */
const change = fc.oneof(
  fc.record({ op: fc.constant('add' as const), minutes: fc.integer({ min: 1, max: 14 * H }) }),
  fc.record({ op: fc.constant('edit' as const), at: fc.nat(), minutes: fc.integer({ min: 0, max: 14 * H }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('use' as const), minutes: fc.integer({ min: 1, max: 8 * H }) }),
);

describe('property: the balance is the sum of its entries, and equals the accrual of the remaining hours', () => {
  it('after any sequence of punch changes and accrual runs (no caps, no use)', () => {
    fc.assert(
      fc.property(
        fc.array(
          change.filter((c) => c.op !== 'use'),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 60 }),
        (changes, rate) => {
          const punches: number[] = [];
          const entries: { minutes: number }[] = [];
          let accrued = 0;
          for (const c of changes) {
            if (c.op === 'add') punches.push(c.minutes);
            else if (c.op === 'edit' && punches.length) punches[c.at % punches.length] = c.minutes;
            else if (c.op === 'delete' && punches.length) punches.splice(c.at % punches.length, 1);
            const worked = punches.reduce((a, b) => a + b, 0);
            const target = yearAccrualTarget({ method: 'perHoursWorked', hoursWorkedPerHour: rate }, null, {
              workedMinutes: worked,
              periodsEnded: 0,
            });
            const minutes = accrualCorrection({
              target,
              accruedSoFar: accrued,
              balance: balanceOf(entries),
              balanceCap: null,
            });
            if (minutes !== 0) entries.push({ minutes });
            accrued += minutes;
          }
          const remaining = punches.reduce((a, b) => a + b, 0);
          expect(balanceOf(entries)).toBe(entries.reduce((a, e) => a + e.minutes, 0));
          expect(balanceOf(entries)).toBe(accruedFromWorked(remaining, rate));
        },
      ),
    );
  });

  it('with a balance cap and use: never accrues past the cap, and the balance is the sum', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 40 }), fc.integer({ min: 0, max: 80 * H }), (changes, cap) => {
        const punches: number[] = [];
        const entries: { minutes: number; kind: string }[] = [];
        let accrued = 0;
        for (const c of changes) {
          if (c.op === 'add') punches.push(c.minutes);
          else if (c.op === 'edit' && punches.length) punches[c.at % punches.length] = c.minutes;
          else if (c.op === 'delete' && punches.length) punches.splice(c.at % punches.length, 1);
          else if (c.op === 'use') entries.push({ minutes: -c.minutes, kind: 'usage' });
          const before = balanceOf(entries);
          const target = accruedFromWorked(
            punches.reduce((a, b) => a + b, 0),
            30,
          );
          const minutes = accrualCorrection({ target, accruedSoFar: accrued, balance: before, balanceCap: cap });
          if (minutes > 0) expect(before + minutes).toBeLessThanOrEqual(cap);
          if (minutes !== 0) entries.push({ minutes, kind: 'accrual' });
          accrued += minutes;
          expect(accrued).toBeLessThanOrEqual(Math.max(target, 0) + 0);
        }
        expect(balanceOf(entries)).toBe(entries.reduce((a, e) => a + e.minutes, 0));
      }),
    );
  });
});
