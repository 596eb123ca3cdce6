import { policyBody, type LeaveEntry, type LeavePolicy } from '../../../../src/modules/leave/schemas';
import { lawUseCapDays } from '../../../../src/modules/leave/laws';
import { daysUsedIn, usageRefusal, usedIn } from '../../../../src/modules/leave/usage-rules';

const H = 60;
const policy = (over: Record<string, unknown> = {}): LeavePolicy => ({
  ...policyBody.parse({
    name: 'Sick',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    ...over,
  }),
  id: 'sick',
  companyId: 'c',
  updatedAt: 0,
  updatedBy: 'u',
});
const entry = (kind: LeaveEntry['kind'], minutes: number, year = '2026-01-01'): LeaveEntry => ({
  id: `${kind}${minutes}`,
  companyId: 'c',
  employeeId: 'e',
  policyId: 'sick',
  kind,
  minutes,
  year,
  date: year,
  days: kind === 'usage' || kind === 'usageReturned' ? 1 : 0,
  source: { punchIds: [], removedPunchIds: [], periods: [], requestId: null },
  reason: null,
  by: 'system',
  createdAt: 0,
});
const refusal = (
  p: LeavePolicy,
  entries: LeaveEntry[],
  minutes: number,
  date = '2026-06-01',
  hireDate: string | null = '2025-01-01',
) => usageRefusal({ policy: p, entries, minutes, date, year: '2026-01-01', hireDate })?.code ?? null;

describe('may time off be taken from a balance', () => {
  it('within the balance, up to exactly zero', () => {
    expect(refusal(policy(), [entry('accrual', 8 * H)], 8 * H)).toBeNull();
    expect(refusal(policy(), [entry('accrual', 8 * H)], 8 * H + 1)).toBe('LEAVE_BALANCE_EXCEEDED');
  });

  it('below zero as far as the policy allows, not a minute more', () => {
    const p = policy({ negativeAllowedMinutes: 4 * H });
    expect(refusal(p, [], 4 * H)).toBeNull();
    expect(refusal(p, [], 4 * H + 1)).toBe('LEAVE_BALANCE_EXCEEDED');
  });

  it('from the day the waiting period ends', () => {
    const p = policy({ waitingDays: 90 });
    expect(refusal(p, [entry('accrual', 8 * H)], H, '2025-03-31')).toBe('LEAVE_NOT_YET_USABLE');
    expect(refusal(p, [entry('accrual', 8 * H)], H, '2025-04-01')).toBeNull();
    expect(refusal(p, [entry('accrual', 8 * H)], H, '2025-03-31', null)).toBeNull();
  });

  it('within the cap on use per leave year, usage returned not counted', () => {
    const p = policy({ annualUseCapMinutes: 40 * H });
    const entries = [
      entry('accrual', 80 * H),
      entry('usage', -36 * H),
      entry('usageReturned', 4 * H),
      entry('usage', -10 * H, '2025-01-01'),
    ];
    expect(usedIn(entries, '2026-01-01')).toBe(32 * H);
    expect(refusal(p, entries, 8 * H)).toBeNull();
    expect(refusal(p, entries, 8 * H + 1)).toBe('LEAVE_USE_CAP_EXCEEDED');
  });

  it("past the hours cap, within the law's days alternative (California: 40 hours or 5 days, whichever is more)", () => {
    const p = policy({ annualUseCapMinutes: 40 * H });
    const tenHourDays = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...entry('usage', -10 * H), id: `u${i}` }));
    const entries = [entry('accrual', 80 * H), ...tenHourDays(4)];
    expect([usedIn(entries, '2026-01-01'), daysUsedIn(entries, '2026-01-01')]).toEqual([40 * H, 4]);
    const ask = (es: LeaveEntry[], days: number, useCapDays: number | null) =>
      usageRefusal({
        policy: p,
        entries: es,
        minutes: 10 * H * days,
        days,
        useCapDays,
        date: '2026-06-01',
        year: '2026-01-01',
        hireDate: null,
      })?.code ?? null;
    // a fifth 10-hour day: 50 hours, past 40, but the fifth day
    expect(ask(entries, 1, 5)).toBeNull();
    // without the law's days, the hours cap alone
    expect(ask(entries, 1, null)).toBe('LEAVE_USE_CAP_EXCEEDED');
    // a sixth day, or a two-day request from the fifth, is past both
    expect(ask([...entries, { ...entry('usage', -10 * H), id: 'u5' }], 1, 5)).toBe('LEAVE_USE_CAP_EXCEEDED');
    expect(ask(entries, 2, 5)).toBe('LEAVE_USE_CAP_EXCEEDED');
    // a returned day gives its day back
    expect(
      ask([...entries, { ...entry('usage', -10 * H), id: 'u5' }, entry('usageReturned', 10 * H)], 1, 5),
    ).toBeNull();
  });

  it('takes the days alternative from the law in force on the date: 3 days before 2024, 5 from 2024, none outside California', () => {
    const oakland = { state: 'CA', county: 'Alameda', city: 'Oakland' };
    expect(lawUseCapDays(oakland, '2023-12-31')).toBe(3);
    expect(lawUseCapDays(oakland, '2024-01-01')).toBe(5);
    expect(lawUseCapDays({ state: 'NY', county: 'Kings', city: 'New York' }, '2026-06-01')).toBeNull();
    expect(lawUseCapDays(null, '2026-06-01')).toBeNull();
  });
});
