import { agentsAmong, lawFinding, type PoolRole } from '../../../../src/modules/tip-pools/law';

const roles = new Map<string, PoolRole>([
  ['server', { id: 'server', name: 'Server', type: 'FOH' }],
  ['cook', { id: 'cook', name: 'Line Cook', type: 'BOH' }],
  ['gm', { id: 'gm', name: 'Floor Manager', type: 'MNG' }],
  ['host', { id: 'host', name: 'Host' }],
]);
const DAY = '2026-12-03';
const NYC = { state: 'NY', county: 'New York', city: 'New York City' };

describe('who may share a pool, by law', () => {
  it('refuses a management role under the FLSA, naming the role and the rule', () => {
    const f = lawFinding({ sharingRoleIds: ['server', 'gm'], tipCreditTaken: false }, roles, { state: 'TX' }, DAY);
    expect(f).toMatchObject({
      code: 'TIP_POOL_MANAGER_SHARES',
      details: [{ roleId: 'gm', roleName: 'Floor Manager', rule: '29 U.S.C. 203(m)(2)(B); 29 CFR 531.52(b)(2)' }],
    });
  });

  it('names the California rule (Labor Code 351) for a management role there', () => {
    const f = lawFinding({ sharingRoleIds: ['gm'], tipCreditTaken: false }, roles, { state: 'CA' }, DAY);
    expect(f?.code).toBe('TIP_POOL_EMPLOYER_AGENT');
    expect(String(f?.details[0].rule)).toContain('Labor Code 351');
  });

  it('lets the back of house share only where no tip credit is taken', () => {
    expect(
      lawFinding({ sharingRoleIds: ['server', 'cook'], tipCreditTaken: false }, roles, { state: 'TX' }, DAY),
    ).toBeNull();
    expect(
      lawFinding({ sharingRoleIds: ['server', 'cook'], tipCreditTaken: true }, roles, { state: 'TX' }, DAY),
    ).toMatchObject({
      code: 'TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT',
      details: [{ roleId: 'cook', rule: expect.stringContaining('531.54(b)') }],
    });
  });

  it('refuses a tip credit where the state forbids one, and a role the company does not have', () => {
    for (const state of ['CA', 'WA', 'OR', 'MN', 'NV', 'MT', 'AK'])
      expect(lawFinding({ sharingRoleIds: ['server'], tipCreditTaken: true }, roles, { state }, DAY)?.code).toBe(
        'TIP_CREDIT_NOT_ALLOWED',
      );
    // New York City's own row allows the credit
    expect(lawFinding({ sharingRoleIds: ['server'], tipCreditTaken: true }, roles, NYC, DAY)).toBeNull();
    expect(lawFinding({ sharingRoleIds: ['server', 'nope'], tipCreditTaken: false }, roles, null, DAY)?.code).toBe(
      'TIP_POOL_UNKNOWN_ROLE',
    );
  });

  it('takes a role without a type as front of house', () => {
    expect(lawFinding({ sharingRoleIds: ['host'], tipCreditTaken: true }, roles, null, DAY)).toBeNull();
  });

  it('refuses employees who manage the company (manager or owner members)', () => {
    expect(
      agentsAmong(
        new Map([
          ['e1', 'employee'],
          ['e2', null],
        ]),
        'NY',
      ),
    ).toBeNull();
    expect(
      agentsAmong(
        new Map([
          ['e1', 'employee'],
          ['e3', 'manager'],
        ]),
        'CA',
      ),
    ).toMatchObject({
      code: 'TIP_POOL_EMPLOYER_AGENT',
      details: [{ employeeId: 'e3', memberRole: 'manager' }],
    });
  });
});
