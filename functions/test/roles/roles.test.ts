import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

const roles = () => api('roles');
const create = (body: object, user = co.owner, companyId = co.companyId) =>
  roles().post('/roles').query({ companyId }).set(bearer(user)).send(body);

describe('POST /roles', () => {
  it('creates a role with the defaults of a new role and answers 201', async () => {
    const res = await create({ name: 'Server' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Server', priority: 0, rate: 0, subRoles: {}, archived: false });
    expect(res.body.data.id).toEqual(expect.any(String));
  });

  it('stores every field and valid sub-roles', async () => {
    const body = {
      name: 'Line Cook',
      priority: 3,
      type: 'BOH',
      rate: 19.5,
      additionalSalary: 100,
      includedInLaborCost: true,
      subRoles: {
        grill: { name: 'Grill', priority: 1, acronym: 'GR', color: '#f00', description: 'Hot side', archived: false },
      },
    };
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject(body);
  });

  it.each([
    ['a missing name', { rate: 3 }],
    ['an empty name', { name: '' }],
    ['a negative rate', { name: 'A', rate: -0.01 }],
    ['a negative additionalSalary', { name: 'A', additionalSalary: -1 }],
    ['type CHEF', { name: 'A', type: 'CHEF' }],
    ['a fractional priority', { name: 'A', priority: 1.5 }],
    ['a sub-role without priority', { name: 'A', subRoles: { x: { name: 'X' } } }],
    ['a sub-role with an empty name', { name: 'A', subRoles: { x: { name: '', priority: 1 } } }],
    ['a sub-role with an unknown field', { name: 'A', subRoles: { x: { name: 'X', priority: 1, wage: 3 } } }],
    ['an unknown field', { name: 'A', wage: 12 }],
  ])('rejects %s with 400 and writes nothing', async (_label, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('requires companyId (400)', async () => {
    const res = await roles().post('/roles').set(bearer(co.owner)).send({ name: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('query.companyId');
  });

  it('forbids employees (403) and other companies (403)', async () => {
    expect((await create({ name: 'X' }, co.employee)).status).toBe(403);
    const other = await createCompany();
    const res = await create({ name: 'X' }, other.owner);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_A_MEMBER');
  });
});

describe('GET /roles', () => {
  it('lists active roles by priority then name, archived ones only on request', async () => {
    const fresh = await createCompany();
    const ids: Record<string, string> = {};
    for (const [name, priority] of [
      ['Host', 2],
      ['Bartender', 1],
      ['Barista', 1],
      ['Dish', 3],
    ] as const) {
      ids[name] = (await create({ name, priority }, fresh.owner, fresh.companyId)).body.data.id;
    }
    await roles().delete(`/roles/${ids.Dish}`).query({ companyId: fresh.companyId }).set(bearer(fresh.owner));

    const active = await roles().get('/roles').query({ companyId: fresh.companyId }).set(bearer(fresh.employee));
    expect(active.status).toBe(200);
    expect(active.body.data.map((r: { name: string }) => r.name)).toEqual(['Barista', 'Bartender', 'Host']);

    const all = await roles()
      .get('/roles')
      .query({ companyId: fresh.companyId, includeArchived: 'true' })
      .set(bearer(fresh.employee));
    expect(all.body.data.map((r: { name: string }) => r.name)).toEqual(['Barista', 'Bartender', 'Host', 'Dish']);
    expect(all.body.data[3].archived).toBe(true);

    const explicitFalse = await roles()
      .get('/roles')
      .query({ companyId: fresh.companyId, includeArchived: 'false' })
      .set(bearer(fresh.employee));
    expect(explicitFalse.body.data).toHaveLength(3);
  });

  it('rejects includeArchived that is not a boolean (400)', async () => {
    const res = await roles()
      .get('/roles')
      .query({ companyId: co.companyId, includeArchived: 'maybe' })
      .set(bearer(co.owner));
    expect(res.status).toBe(400);
  });

  it('answers 403 for a company the caller does not belong to, and 401 without a token', async () => {
    const other = await createCompany();
    expect((await roles().get('/roles').query({ companyId: co.companyId }).set(bearer(other.employee))).status).toBe(
      403,
    );
    expect((await roles().get('/roles').query({ companyId: co.companyId })).status).toBe(401);
  });
});

describe('PATCH /roles/{roleId}', () => {
  it('changes only the fields sent and merges sub-roles by key', async () => {
    const role = (
      await create({
        name: 'Server',
        rate: 15,
        subRoles: { lead: { name: 'Lead', priority: 1 }, floor: { name: 'Floor', priority: 2 } },
      })
    ).body.data;
    const res = await roles()
      .patch(`/roles/${role.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({
        rate: 16.25,
        subRoles: {
          floor: { name: 'Floor server', priority: 2, archived: true },
          patio: { name: 'Patio', priority: 3 },
        },
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Server', rate: 16.25 });
    expect(Object.keys(res.body.data.subRoles).sort()).toEqual(['floor', 'lead', 'patio']);
    expect(res.body.data.subRoles.floor).toEqual({ name: 'Floor server', priority: 2, archived: true });
  });

  it('answers 404 ROLE_NOT_FOUND for a missing role and for a role of another company', async () => {
    const other = await createCompany();
    const foreign = (await create({ name: 'Theirs' }, other.owner, other.companyId)).body.data;
    for (const id of ['missing-role', foreign.id]) {
      const res = await roles()
        .patch(`/roles/${id}`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send({ rate: 1 });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ROLE_NOT_FOUND');
    }
  });

  it('rejects unknown fields and bad values with 400 and writes nothing', async () => {
    const role = (await create({ name: 'Host' })).body.data;
    const before = await snapshotCompany(co.companyId);
    for (const body of [{ archived: false }, { rate: -1 }, { name: '' }, { type: 'X' }]) {
      const res = await roles()
        .patch(`/roles/${role.id}`)
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send(body);
      expect(res.status).toBe(400);
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('forbids employees (403)', async () => {
    const role = (await create({ name: 'Runner' })).body.data;
    const res = await roles()
      .patch(`/roles/${role.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee))
      .send({ rate: 99 });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /roles/{roleId}', () => {
  it('soft-archives the role, keeps the record, and is a no-op the second time', async () => {
    const role = (await create({ name: 'Sommelier', rate: 20 })).body.data;
    const first = await roles().delete(`/roles/${role.id}`).query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: role.id, name: 'Sommelier', rate: 20, archived: true });
    const second = await roles().delete(`/roles/${role.id}`).query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(second.status).toBe(200);
    expect(second.body.data.archived).toBe(true);
    const stored = await snapshotCompany(co.companyId);
    expect(stored[`companies/${co.companyId}/roles/${role.id}`]).toMatchObject({ name: 'Sommelier', archived: true });
  });

  it('answers 404 for a missing role and 403 for an employee', async () => {
    expect((await roles().delete('/roles/nope').query({ companyId: co.companyId }).set(bearer(co.owner))).status).toBe(
      404,
    );
    const role = (await create({ name: 'Keep' })).body.data;
    expect(
      (await roles().delete(`/roles/${role.id}`).query({ companyId: co.companyId }).set(bearer(co.employee))).status,
    ).toBe(403);
  });
});

describe('role pay', () => {
  it('refuses a manager setting or changing what a role pays (403), and lets them change the rest', async () => {
    const role = (await create({ name: 'Host', rate: 14 })).body.data;
    for (const body of [{ rate: 30 }, { additionalSalary: 100, name: 'Head host' }]) {
      const res = await roles()
        .patch(`/roles/${role.id}`)
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .send(body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('INSUFFICIENT_ROLE');
    }
    expect((await create({ name: 'Busser', rate: 25 }, co.manager)).status).toBe(403);
    const renamed = await roles()
      .patch(`/roles/${role.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ name: 'Greeter' });
    expect(renamed.body.data).toMatchObject({ name: 'Greeter', rate: 14 });
    expect((await create({ name: 'Runner' }, co.manager)).status).toBe(201);
  });
});
