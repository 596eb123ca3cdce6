import type { DemoCompany } from '../../dev/demo/types';
import { seed } from '../../dev/demo/seeds/requests';
import { act, list, requestsCompany, shiftOwner, type RequestsCompany } from './helpers';

function demoCompany(co: RequestsCompany): DemoCompany {
  const cook = [{ categoryId: co.cookId, subcategoryId: 'line' }];
  const employee = (id: string, name: string) => ({ id, name, surname: 'Demo', positions: cook });
  return {
    companyId: co.companyId,
    name: 'Demo',
    timezone: 'Europe/Madrid',
    weekStartingDay: 1,
    dayChangeTime: 0,
    currency: 'EUR',
    roles: [],
    employees: [employee(co.employeeId, 'Emma'), employee(co.otherId, 'Otto'), employee(co.leaId, 'Lea')],
    ownerUid: co.owner.uid,
    file: {
      id: co.companyId,
      profile: { name: 'Demo', timezone: 'Europe/Madrid' },
      settings: {},
      policies: {},
      currency: 'EUR',
      roles: [],
      employees: [],
      users: [],
    },
    uidOf: (label) => label,
    random: () => 0.5,
  };
}

describe('the demo seeder', () => {
  it('leaves one pending request of each type, each one the flows can carry through', async () => {
    const co = await requestsCompany();
    const summary = await seed(demoCompany(co));
    expect(summary).toBe('5 pending requests (swap, replace, dayOff, availabilities, emergency)');
    const all = await list(co, co.manager, { view: 'all' });
    expect(all.body.data.map((r: { type: string; state: string }) => `${r.type}:${r.state}`).sort()).toEqual([
      'availabilities:pending_manager',
      'dayOff:pending_manager',
      'emergency:pending_peer',
      'replace:pending_peer',
      'swap:pending_peer',
    ]);
    expect((await act(co, co.otto, 'demo-request-swap', 'accept')).body.data.state).toBe('pending_manager');
    expect((await act(co, co.manager, 'demo-request-swap', 'approve')).body.data.state).toBe('approved');
    expect(await shiftOwner(co, 'demo-req-swap-a')).toBe(co.otherId);
    expect((await act(co, co.otto, 'demo-request-emergency', 'claim')).body.data.state).toBe('approved');
    expect((await act(co, co.manager, 'demo-request-dayoff', 'approve')).body.data.state).toBe('approved');
  });
});
