import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { definePool, role, tipPools } from './helpers';

/**
 * Tip pools through the API: owners define them, the law of who may share refuses a bad one with
 * the role and the rule, no tip enters two pools, managers read them.
 */
let co: TestCompany;
let server: string;
let busser: string;
let cook: string;
let manager: string;
const q = () => ({ companyId: co.companyId });
const servers = () => ({
  name: 'Servers',
  period: 'day',
  tipClasses: ['card', 'cash'],
  contributorRoleIds: [server],
  shareBy: 'hours',
  shares: [{ roleId: server }],
  tipCreditTaken: true,
});

beforeAll(async () => {
  co = await createCompany({
    profile: { timezone: 'America/Chicago', lawLocation: { state: 'TX', county: null, city: null } },
  });
  [server, busser, cook, manager] = await Promise.all([
    role(co, 'Server', 'FOH'),
    role(co, 'Busser', 'FOH'),
    role(co, 'Line Cook', 'BOH'),
    role(co, 'Floor Manager', 'MNG'),
  ]);
});

describe('tip pools', () => {
  it('lets an owner define a pool and a manager read it; a manager may not define one', async () => {
    const res = await definePool(co, servers());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...servers(),
      tipOut: null,
      employeePoints: {},
      archived: false,
      version: 1,
    });
    const id = res.body.data.id as string;
    const read = await tipPools().get(`/tip-pools/${id}`).query(q()).set(bearer(co.manager));
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Servers');
    expect((await definePool(co, { ...servers(), name: 'Other' }, co.manager)).status).toBe(403);
    const list = await tipPools().get('/tip-pools').query(q()).set(bearer(co.employee));
    expect(list.status).toBe(403);
    // clean up for the next cases: archived, its roles may enter another pool
    const archived = await tipPools().delete(`/tip-pools/${id}`).query(q()).set(bearer(co.owner));
    expect(archived.body.data.archived).toBe(true);
  });

  it('refuses a pool a manager shares, naming the role and the rule, and writes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await definePool(co, { ...servers(), shares: [{ roleId: server }, { roleId: manager }] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('TIP_POOL_MANAGER_SHARES');
    expect(res.body.details).toEqual([
      expect.objectContaining({
        roleId: manager,
        roleName: 'Floor Manager',
        rule: '29 U.S.C. 203(m)(2)(B); 29 CFR 531.52(b)(2)',
      }),
    ]);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses the back of house in a pool paid with a tip credit, and takes it without one', async () => {
    const withCook = { ...servers(), shares: [{ roleId: server }, { roleId: cook }] };
    const refused = await definePool(co, withCook);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'TIP_POOL_BACK_OF_HOUSE_WITH_TIP_CREDIT',
      details: [expect.objectContaining({ roleId: cook, rule: expect.stringContaining('531.54(b)') })],
    });
    const taken = await definePool(co, { ...withCook, tipCreditTaken: false });
    expect(taken.status).toBe(201);
    await tipPools().delete(`/tip-pools/${taken.body.data.id}`).query(q()).set(bearer(co.owner));
  });

  it('puts no tip in two pools: a second pool taking the card tips of the servers is refused with 409', async () => {
    const first = await definePool(co, { ...servers(), tipClasses: ['card'] });
    expect(first.status).toBe(201);
    const second = await definePool(co, { ...servers(), name: 'Again', tipClasses: ['gratuities', 'card'] });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'TIP_POOL_OVERLAP',
      details: [expect.objectContaining({ poolId: first.body.data.id, roleId: server, tipClass: 'card' })],
    });
    // another class of the same role is another tip
    const cash = await definePool(co, { ...servers(), name: 'Cash', tipClasses: ['cash'] });
    expect(cash.status).toBe(201);
    for (const id of [first.body.data.id, cash.body.data.id])
      await tipPools().delete(`/tip-pools/${id}`).query(q()).set(bearer(co.owner));
  });

  it('replaces the rules as a new version, checked as on creation', async () => {
    const created = await definePool(co, servers());
    const id = created.body.data.id as string;
    const put = (body: Record<string, unknown>) =>
      tipPools().put(`/tip-pools/${id}`).query(q()).set(bearer(co.owner)).send(body);
    const changed = await put({ ...servers(), tipOut: { basis: 'sales', percentBp: 300, toRoleIds: [busser] } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      version: 2,
      tipOut: { basis: 'sales', percentBp: 300, toRoleIds: [busser] },
    });
    const bad = await put({ ...servers(), tipOut: { basis: 'sales', percentBp: 300, toRoleIds: [manager] } });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('TIP_POOL_MANAGER_SHARES');
    await tipPools().delete(`/tip-pools/${id}`).query(q()).set(bearer(co.owner));
  });

  it('answers 400 for rules that do not add up (percentages short of 100 %), and 404 for an unknown pool', async () => {
    const res = await definePool(co, {
      ...servers(),
      shareBy: 'percent',
      shares: [
        { roleId: server, percentBp: 6000 },
        { roleId: busser, percentBp: 3000 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const none = await tipPools().get('/tip-pools/nope').query(q()).set(bearer(co.owner));
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('TIP_POOL_NOT_FOUND');
  });
});

describe('tip pools in California', () => {
  it('refuses a tip credit there, and a manager as an agent of the employer (Labor Code 351)', async () => {
    const ca = await createCompany({
      profile: { timezone: 'America/Los_Angeles', lawLocation: { state: 'CA', county: null, city: null } },
    });
    const [s, m] = [await role(ca, 'Server', 'FOH'), await role(ca, 'Manager', 'MNG')];
    const body = {
      name: 'P',
      period: 'week',
      tipClasses: ['card'],
      contributorRoleIds: [s],
      shareBy: 'hours',
      shares: [{ roleId: s }],
    };
    const credit = await definePool(ca, { ...body, tipCreditTaken: true });
    expect(credit.status).toBe(422);
    expect(credit.body).toMatchObject({
      code: 'TIP_CREDIT_NOT_ALLOWED',
      details: [expect.objectContaining({ state: 'CA' })],
    });
    const agent = await definePool(ca, { ...body, tipCreditTaken: false, shares: [{ roleId: s }, { roleId: m }] });
    expect(agent.status).toBe(422);
    expect(agent.body.code).toBe('TIP_POOL_EMPLOYER_AGENT');
    expect(agent.body.details[0].rule).toContain('Labor Code 351');
  });
});
