import { policyBody, type LeaveEntry, type LeavePolicy } from '../../../../src/modules/leave/schemas';
import { usageRefusal, usedIn } from '../../../../src/modules/leave/usage-rules';

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
});
