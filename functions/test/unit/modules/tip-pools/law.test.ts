import { agentsAmong, lawFinding, type PoolRole } from '../../../../src/modules/tip-pools/law';
import { makeUpOwed, tipCreditOn } from '../../../../src/modules/tip-pools/tip-credit';

const roles = new Map<string, PoolRole>([
  ['server', { id: 'server', name: 'Server', type: 'FOH' }],
  ['cook', { id: 'cook', name: 'Line Cook', type: 'BOH' }],
  ['gm', { id: 'gm', name: 'Floor Manager', type: 'MNG' }],
  ['host', { id: 'host', name: 'Host' }],
]);
const DAY = '2026-12-03';

describe('who may share a pool, by law', () => {
  it('refuses a management role under the FLSA, naming the role and the rule', () => {
    const f = lawFinding({ sharingRoleIds: ['server', 'gm'], tipCreditTaken: false }, roles, 'TX', DAY);
    expect(f).toMatchObject({
      code: 'TIP_POOL_MANAGER_SHARES',
      details: [{ roleId: 'gm', roleName: 'Floor Manager', rule: '29 U.S.C. 203(m)(2)(B); 29 CFR 531.52(b)(2)' }],
    });
  });

  it('names the California rule (Labor Code 351) for a management role there', () => {
    const f = lawFinding({ sharingRoleIds: ['gm'], tipCreditTaken: false }, roles, 'CA', DAY);
    expect(f?.code).toBe('TIP_POOL_EMPLOYER_AGENT');
    expect(String(f?.details[0].rule)).toContain('Labor Code 351');
  });

  it('lets the back of house share only where no tip credit is taken', () => {
    expect(lawFinding({ sharingRoleIds: ['server', 'cook'], tipCreditTaken: false }, roles, 'TX', DAY)).toBeNull();
    expect(lawFinding({ sharingRoleIds: ['server', 'cook'], tipCreditTaken: true }, roles, 'TX', DAY)).toMatchObject({
      code: 'TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT',
      details: [{ roleId: 'cook', rule: expect.stringContaining('531.54(b)') }],
    });
  });

  it('refuses a tip credit where the state forbids one, and a role the company does not have', () => {
    for (const state of ['CA', 'WA', 'OR', 'MN', 'NV', 'MT', 'AK'])
      expect(lawFinding({ sharingRoleIds: ['server'], tipCreditTaken: true }, roles, state, DAY)?.code).toBe(
        'TIP_CREDIT_NOT_ALLOWED',
      );
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

describe('the tip credit tables', () => {
  it('has the federal $2.13 cash wage against $7.25, and the states own rows by date', () => {
    expect(tipCreditOn(null, DAY)).toMatchObject({ jurisdiction: 'US', cashWage: 213, minimumWage: 725 });
    expect(tipCreditOn('TX', DAY).jurisdiction).toBe('US');
    expect(tipCreditOn('CA', DAY)).toMatchObject({ creditAllowed: false });
    expect(tipCreditOn('FL', '2026-09-29')).toMatchObject({ minimumWage: 1400, cashWage: 1098 });
    expect(tipCreditOn('FL', '2026-09-30')).toMatchObject({ minimumWage: 1500, cashWage: 1198 });
    expect(tipCreditOn('PA', DAY)).toMatchObject({ cashWage: 283 });
  });

  it('owes make-up when cash wage + tips fall short of the minimum for the hours, and none otherwise', () => {
    const federal = tipCreditOn(null, DAY);
    // 30 h at $2.13 = $63.90 cash, $100.00 tips: minimum $217.50, make-up $53.60
    expect(makeUpOwed({ minutes: 1800, cashWages: 6390, tips: 10000 }, federal)).toBe(5360);
    // with $200.00 tips: $263.90 >= $217.50
    expect(makeUpOwed({ minutes: 1800, cashWages: 6390, tips: 20000 }, federal)).toBe(0);
    expect(makeUpOwed({ minutes: 1800, cashWages: 6390, tips: 0 }, tipCreditOn('CA', DAY))).toBe(0);
  });
});
