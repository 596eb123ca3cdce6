import { addDays } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import type { TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { payroll, periods, setPayroll } from '../payroll/helpers';
import { accrue, balances, californiaCompany, H, putPolicy, storeApprovedPunches } from './helpers';

/**
 * The wage statement's leave balances (California Labor Code 246(i)): each report row carries, per
 * leave policy, what is available on the period's last day, as pay is seen: the owner sees it, a
 * manager too unless the company hides pay from managers, and the employee reads the same figure
 * of their own through GET /leave-balances on that day.
 */
jest.setTimeout(120_000);
let co: TestCompany;
let ended: { startDate: string; endDate: string };
const q = () => ({ companyId: co.companyId });
const rowOf = async (who: TestCompany['owner']) => {
  const res = await payroll().get(`/payroll/periods/${ended.startDate}/report`).query(q()).set(bearer(who));
  expect(res.status).toBe(200);
  return res.body.data.employees.find((e: { employeeId: string }) => e.employeeId === co.employeeId);
};

beforeAll(async () => {
  co = await californiaCompany('Los Angeles', { hiring: '2024-01-15', rateRegular: 20 });
  await setPayroll(co, { payFrequency: 'weekly' });
  [, ended] = await periods(co, 2);
  await putPolicy(co, 'sick', {
    name: 'Paid sick leave',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    yearStart: { kind: 'calendar' },
  });
  // 30 h worked in the ended period: 1 h accrued, dated its last day; then 30 h more after it
  await storeApprovedPunches(
    co.companyId,
    co.employeeId,
    [0, 1, 2].map((i) => [addDays(ended.startDate, i), 10 * H]),
  );
  await accrue(co, ended.endDate);
  await storeApprovedPunches(co.companyId, co.employeeId, [[addDays(ended.endDate, 1), 30 * H]]);
  await accrue(co, addDays(ended.endDate, 1));
});

describe("the wage statement's leave balances", () => {
  it("each row has the balance per policy on the period's last day, as the employee reads it", async () => {
    const row = await rowOf(co.owner);
    expect(row.leaveBalances).toEqual([
      {
        policyId: 'sick',
        policyName: 'Paid sick leave',
        kind: 'sick',
        asOf: ended.endDate,
        balanceMinutes: 1 * H,
        accruedMinutes: expect.any(Number),
        usedMinutes: 0,
      },
    ]);
    // the employee's own figure on that day is the same (the hours after it not counted)
    const own = await balances(co, co.employeeId, ended.endDate, co.employee);
    expect(own.find((b) => b.policyId === 'sick')!.balanceMinutes).toBe(1 * H);
    expect((await rowOf(co.manager)).leaveBalances[0].balanceMinutes).toBe(1 * H);
  });

  it('a manager of a company hiding pay from managers sees no balance of others', async () => {
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('config')
      .doc('managerPermissions')
      .set({ hideFinancialInfo: true });
    const row = await rowOf(co.manager);
    expect(row.leaveBalances[0]).toMatchObject({ policyId: 'sick', balanceMinutes: null, usedMinutes: null });
    expect((await rowOf(co.owner)).leaveBalances[0].balanceMinutes).toBe(1 * H);
  });
});
