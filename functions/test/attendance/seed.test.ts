import { addDays, businessToday } from '../../src/core/calendar';
import type { DemoCompany } from '../../dev/demo/types';
import { seed } from '../../dev/demo/seeds/attendance';
import { attendanceCompany, companyRef, storeShift } from './helpers';

function demoCompany(companyId: string): DemoCompany {
  let s = 11;
  return {
    companyId,
    name: 'Demo',
    timezone: 'Europe/Madrid',
    weekStartingDay: 1,
    dayChangeTime: 0,
    currency: 'EUR',
    roles: [],
    employees: [],
    ownerUid: 'owner',
    file: {
      id: companyId,
      profile: { name: 'Demo', timezone: 'Europe/Madrid' },
      settings: {},
      policies: {},
      currency: 'EUR',
      roles: [],
      employees: [],
      users: [],
    },
    uidOf: (label) => label,
    random: () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646,
  };
}

describe('the demo seeder', () => {
  it('punches the published shifts of the last two weeks, deterministically, with late ones, one missed break and one auto clock-out, mostly approved', async () => {
    const co = await attendanceCompany();
    const today = businessToday('Europe/Madrid', 0);
    for (let d = 1; d <= 12; d++) {
      for (const e of ['e1', 'e2'])
        await storeShift(co.companyId, `s-${e}-${d}`, {
          date: addDays(today, -d),
          employeeId: e,
          start: e === 'e1' ? 9 * 60 : 17 * 60,
          end: e === 'e1' ? 17 * 60 : 21 * 60,
          workedMinutes: e === 'e1' ? 480 : 240,
        });
    }
    const summary = await seed(demoCompany(co.companyId));
    const first = (await companyRef(co.companyId).collection('punches').get()).docs.map(
      (d) => ({ id: d.id, ...d.data() }) as { id: string; exceptions: string[]; state: string },
    );
    await seed(demoCompany(co.companyId));
    const second = (await companyRef(co.companyId).collection('punches').get()).docs.map(
      (d) => ({ id: d.id, ...d.data() }) as { id: string; exceptions: string[]; state: string },
    );
    expect(second).toEqual(first);
    expect(first).toHaveLength(24);
    const has = (e: string) => first.filter((p) => p.exceptions.includes(e)).length;
    // the auto-closed punch (12 hours, no meal break) is a missed break too
    expect(
      first.filter((p) => p.exceptions.includes('missed_break') && !p.exceptions.includes('auto_clocked_out')),
    ).toHaveLength(1);
    expect(has('auto_clocked_out')).toBe(1);
    expect(has('late')).toBeGreaterThan(0);
    expect(first.filter((p) => p.state === 'approved').length).toBeGreaterThan(first.length / 2);
    expect(summary).toMatch(/^24 punches/);
  });
});
