import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

const H = 60;
const leave = () => api('leave');

const sick = {
  name: 'Paid sick leave',
  kind: 'sick',
  accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
  annualUseCapMinutes: 40 * H,
  balanceCapMinutes: 80 * H,
  waitingDays: 90,
  yearStart: { kind: 'hireDate' },
};

describe('leave policies: owners set them, the law of the location is their floor', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await createCompany({
      profile: {
        lawLocation: { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' },
        timezone: 'America/Los_Angeles',
      },
    });
  });

  it('stores a policy that meets California law and lists it with the law it is checked against', async () => {
    const put = await leave()
      .put(`/leave-policies/sick?companyId=${co.companyId}`)
      .set(bearer(co.owner))
      .send(sick)
      .expect(200);
    expect(put.body.data).toMatchObject({
      id: 'sick',
      kind: 'sick',
      carryoverCapMinutes: null,
      negativeAllowedMinutes: 0,
    });
    const list = await leave().get(`/leave-policies?companyId=${co.companyId}`).set(bearer(co.employee)).expect(200);
    expect(list.body.data.policies.map((p: { id: string }) => p.id)).toEqual(['sick']);
    expect(list.body.data.laws).toMatchObject([
      { law: 'CA', hoursWorkedPerHour: 30, minUseCapMinutes: 40 * H, minBalanceCapMinutes: 80 * H, payRate: 'regular' },
    ]);
    expect(list.body.data.laws[0].citations.join(' ')).toMatch(/SB 616/);
  });

  it('refuses a policy below the law with 422 LEAVE_BELOW_LAW_FLOOR naming each rule, writing nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await leave()
      .put(`/leave-policies/sick2?companyId=${co.companyId}`)
      .set(bearer(co.owner))
      .send({ ...sick, annualUseCapMinutes: 24 * H, accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 40 } })
      .expect(422);
    expect(res.body.code).toBe('LEAVE_BELOW_LAW_FLOOR');
    expect(res.body.details.map((d: { rule: string }) => d.rule)).toEqual(['CA.accrualRate', 'CA.useCap']);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('takes a PTO policy of 4 h per pay period with a 120 h cap and 40 h carryover', async () => {
    const res = await leave()
      .put(`/leave-policies/pto?companyId=${co.companyId}`)
      .set(bearer(co.owner))
      .send({
        name: 'PTO',
        kind: 'pto',
        accrual: { method: 'perPayPeriod', minutesPerPeriod: 4 * H, frequency: 'biweekly' },
        balanceCapMinutes: 120 * H,
        carryoverCapMinutes: 40 * H,
      })
      .expect(200);
    expect(res.body.data).toMatchObject({ yearStart: { kind: 'calendar' }, balanceCapMinutes: 120 * H });
  });

  it('is for owners: a manager is refused', async () => {
    const res = await leave()
      .put(`/leave-policies/sick?companyId=${co.companyId}`)
      .set(bearer(co.manager))
      .send(sick)
      .expect(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
  });
});
