import { addDays, businessToday } from '../../src/core/calendar';
import type { DemoCompany } from '../../dev/demo/types';
import { seed } from '../../dev/demo/seeds/leave';
import { createCompany } from '../helpers/fixtures';
import { balanceOf, H, storeApprovedPunches } from './helpers';

/** The demo leave seeder: a sick leave policy, an opening balance and the accrual of the approved punches. */
jest.setTimeout(60_000);
const TZ = 'America/New_York';

function demoCompany(companyId: string, employeeId: string): DemoCompany {
  return {
    companyId,
    name: 'Demo',
    timezone: TZ,
    weekStartingDay: 1,
    dayChangeTime: 0,
    currency: 'USD',
    roles: [],
    employees: [{ id: employeeId, name: 'Emma', surname: 'Employee', positions: [] }],
    ownerUid: 'owner',
    file: {
      id: companyId,
      profile: { name: 'Demo', timezone: TZ },
      settings: {},
      policies: {},
      currency: 'USD',
      roles: [],
      employees: [],
      users: [],
    },
    uidOf: (label) => label,
    random: () => 0.5,
  };
}

describe('the demo leave seeder', () => {
  it('writes a sick leave policy, an opening balance and the accrual of the hours approved', async () => {
    const co = await createCompany({ profile: { timezone: TZ } });
    const today = businessToday(TZ, 0);
    await storeApprovedPunches(
      co.companyId,
      co.employeeId,
      [1, 2, 3].map((d) => [addDays(today, -d), 10 * H]),
    );
    const summary = await seed(demoCompany(co.companyId, co.employeeId));
    expect(summary).toMatch(/sick leave policy; 1 opening balances; \d+ accrual entries/);
    // 8 h carried in, 30 h worked = 1 h accrued (if the three days fall in this calendar year)
    const b = await balanceOf(co, co.employeeId, 'sick');
    expect(b.balanceMinutes).toBeGreaterThanOrEqual(8 * H);
    expect(b.balanceMinutes).toBeLessThanOrEqual(9 * H);
  });
});
