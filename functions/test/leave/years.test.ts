import { addDays } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { accrue, balanceOf, H, putPolicy, storeApprovedPunches } from './helpers';

/**
 * Accrual years worked by hand, end to end through POST /leave-accruals and GET /leave-balances:
 * an employee hired 2024-06-01, calendar leave years, 10-hour days of approved punches from each
 * January 1st, one run through 2026-11-30 settling 2025 (closed) and 2026. Every figure below is
 * worked out in its comment; minutes are hours x 60.
 */
const THROUGH = '2026-11-30';
const tenHourDays = (from: string, days: number): [string, number][] =>
  Array.from({ length: days }, (_, i) => [addDays(from, i), 10 * H]);

async function company(lawLocation: Record<string, unknown>) {
  const co = await createCompany({ profile: { timezone: 'America/Los_Angeles', payrollStartingDay: 1, lawLocation } });
  await db()
    .collection('companies')
    .doc(co.companyId)
    .collection('employees')
    .doc(co.employeeId)
    .update({ hiring: '2024-06-01' });
  return co;
}

async function kinds(co: TestCompany, policyId: string) {
  const res = await api('leave')
    .get('/leave-entries')
    .query({ companyId: co.companyId, employeeId: co.employeeId, policyId })
    .set(bearer(co.manager))
    .expect(200);
  return (res.body.data as { kind: string; minutes: number; year: string }[]).map((e) => [e.year, e.kind, e.minutes]);
}

describe('California: 1 h per 30 h, balance capped at 80 h (Labor Code 246, SB 616)', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await company({ state: 'CA', county: 'Los Angeles', city: 'Los Angeles' });
    await putPolicy(co, 'sick', {
      name: 'Paid sick leave',
      kind: 'sick',
      accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
      balanceCapMinutes: 80 * H,
      annualUseCapMinutes: 40 * H,
      waitingDays: 90,
    });
    // 2025: 150 days x 10 h = 1,500 h; 2026: 120 days x 10 h = 1,200 h
    await storeApprovedPunches(co.companyId, co.employeeId, [
      ...tenHourDays('2025-01-01', 150),
      ...tenHourDays('2026-01-01', 120),
    ]);
  });

  it('accrues 50 h in 2025, carries all of it, then stops at the 80 h cap in 2026', async () => {
    await accrue(co, THROUGH);
    expect(await kinds(co, 'sick')).toEqual([
      // 1,500 h / 30 = 50 h = 3,000 minutes
      ['2025-01-01', 'accrual', 3000],
      // year end: California carries every unused hour (up to the balance cap): 50 h out, 50 h in
      ['2025-01-01', 'carryoverOut', -3000],
      ['2026-01-01', 'carryoverIn', 3000],
      // 1,200 h / 30 = 40 h earned, but 50 h + 40 h passes the 80 h cap: 30 h accrue (1,800)
      ['2026-01-01', 'accrual', 1800],
    ]);
    expect(await balanceOf(co, co.employeeId, 'sick', THROUGH)).toMatchObject({
      balanceMinutes: 80 * H,
      accruedMinutes: 30 * H,
      carriedInMinutes: 50 * H,
      usableFrom: '2024-08-30',
    });
    expect(await accrue(co, THROUGH)).toEqual([]);
  });

  it('PTO of 4 h per biweekly pay period, 120 h cap, 40 h carryover', async () => {
    await putPolicy(co, 'pto', {
      name: 'Vacation',
      kind: 'pto',
      accrual: { method: 'perPayPeriod', minutesPerPeriod: 4 * H, frequency: 'biweekly', anchor: '2025-01-06' },
      balanceCapMinutes: 120 * H,
      carryoverCapMinutes: 40 * H,
    });
    await accrue(co, THROUGH);
    expect(await kinds(co, 'pto')).toEqual([
      // periods of 14 days from Monday 2024-12-23: they end 2025-01-05, 01-19, ... 12-21: 26 in 2025 = 104 h
      ['2025-01-01', 'accrual', 104 * H],
      // year end: 40 h carry over, 64 h are forfeited
      ['2025-01-01', 'forfeiture', -64 * H],
      ['2025-01-01', 'carryoverOut', -40 * H],
      ['2026-01-01', 'carryoverIn', 40 * H],
      // 2026: periods ending 2026-01-04 ... 2026-11-22: 24 = 96 h, but 40 + 96 passes the 120 h cap: 80 h
      ['2026-01-01', 'accrual', 80 * H],
    ]);
    expect((await balanceOf(co, co.employeeId, 'pto', THROUGH)).balanceMinutes).toBe(120 * H);
  });
});

describe('New York State: 1 h per 30 h, 56 h a year for 100 or more employees (Labor Law 196-b)', () => {
  it('caps 2025 at 56 h, carries all of it, and accrues 30 h in 2026', async () => {
    const co = await company({ state: 'NY', county: 'Albany', city: 'Albany' });
    await putPolicy(co, 'sick', {
      name: 'Paid sick leave',
      kind: 'sick',
      accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
      annualAccrualCapMinutes: 56 * H,
      employerHeadcount: 120,
    });
    // 2025: 200 days x 10 h = 2,000 h; 2026: 90 days x 10 h = 900 h
    await storeApprovedPunches(co.companyId, co.employeeId, [
      ...tenHourDays('2025-01-01', 200),
      ...tenHourDays('2026-01-01', 90),
    ]);
    await accrue(co, THROUGH);
    expect(await kinds(co, 'sick')).toEqual([
      // 2,000 h / 30 = 66 h 40 earned, capped at 56 h a year = 3,360 minutes
      ['2025-01-01', 'accrual', 3360],
      // unused leave carries over whole (196-b(2))
      ['2025-01-01', 'carryoverOut', -3360],
      ['2026-01-01', 'carryoverIn', 3360],
      // 900 h / 30 = 30 h = 1,800 minutes
      ['2026-01-01', 'accrual', 1800],
    ]);
    expect((await balanceOf(co, co.employeeId, 'sick', THROUGH)).balanceMinutes).toBe(86 * H);
  });
});

describe('Seattle: 1 h per 40 h, 40 h carryover for Tier 1 (SMC 14.16)', () => {
  it('accrues 52 h in 2025, carries 40 and forfeits 12, and accrues 25 h in 2026', async () => {
    const co = await company({ state: 'WA', county: 'King', city: 'Seattle' });
    await putPolicy(co, 'sick', {
      name: 'Paid sick and safe time',
      kind: 'sick',
      accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 40 },
      carryoverCapMinutes: 40 * H,
      employerHeadcount: 10,
      waitingDays: 90,
    });
    // 2025: 208 days x 10 h = 2,080 h; 2026: 100 days x 10 h = 1,000 h
    await storeApprovedPunches(co.companyId, co.employeeId, [
      ...tenHourDays('2025-01-01', 208),
      ...tenHourDays('2026-01-01', 100),
    ]);
    await accrue(co, THROUGH);
    expect(await kinds(co, 'sick')).toEqual([
      // 2,080 h / 40 = 52 h = 3,120 minutes
      ['2025-01-01', 'accrual', 3120],
      // year end: 40 h carry over (Tier 1), 12 h are forfeited
      ['2025-01-01', 'forfeiture', -12 * H],
      ['2025-01-01', 'carryoverOut', -40 * H],
      ['2026-01-01', 'carryoverIn', 40 * H],
      // 1,000 h / 40 = 25 h = 1,500 minutes
      ['2026-01-01', 'accrual', 1500],
    ]);
    expect((await balanceOf(co, co.employeeId, 'sick', THROUGH)).balanceMinutes).toBe(65 * H);
  });
});
