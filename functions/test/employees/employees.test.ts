import { api } from '../helpers/api';
import { addMember, createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';

let co: TestCompany;
let roleId: string;
beforeAll(async () => {
  co = await createCompany();
  const role = await api('roles')
    .post('/roles')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({
      name: 'Server',
      subRoles: { floor: { name: 'Floor', priority: 1 }, old: { name: 'Old', priority: 2, archived: true } },
    });
  roleId = role.body.data.id;
});

const employees = () => api('employees');
const create = (body: object, user = co.owner) =>
  employees().post('/employees').query({ companyId: co.companyId }).set(bearer(user)).send(body);

const availabilities = {
  maxHoursInWeek: 40,
  minHoursInWeek: 20,
  maxDaysPerWeek: 5,
  Monday: { allDay: true, priority: 1 },
  Tuesday: {
    allDay: false,
    priority: 2,
    shift1: { start: 600, end: 1440 },
    shift2: { start: 0, end: 120 },
    note: 'late only',
  },
  custom: 'kept',
};

describe('POST /employees', () => {
  it('creates an employee with every field and the defaults', async () => {
    const body = {
      name: 'Ana',
      surname: 'Silva',
      email: 'ana@example.com',
      phone: '555',
      phoneCode: '+1',
      address: '1 Main',
      city: 'Boston',
      avatar: 'a.png',
      locale: 'pt-BR',
      emergencyContact: 'Rui',
      emergencyPhone: '556',
      emergencyPhoneCode: '+1',
      hiring: '2024-03-01',
      bornDate: 631152000000,
      positions: [{ categoryId: roleId, subcategoryId: 'floor' }],
      availabilities,
      salary: 0,
      additionalSalary: { bonus: 50 },
      createdByPivotAiAgent: false,
      employeeType: 'parttime',
      employeeNumber: 'E1',
      importSource: 'csv',
      rateRegular: 16,
      rateOvertime: 24,
    };
    const res = await create(body, co.manager);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...body, archived: false });
    expect(res.body.data.availabilities.custom).toBe('kept');
    expect(res.body.data.availabilities.Tuesday.note).toBe('late only');
  });

  it('defaults positions to an empty list', async () => {
    const res = await create({ name: 'Bo', surname: 'Li' });
    expect(res.status).toBe(201);
    expect(res.body.data.positions).toEqual([]);
  });

  it('accepts availability minutes at 0 and 1440 and weekly limits at 168 and 7', async () => {
    const res = await create({
      name: 'Edge',
      surname: 'Case',
      availabilities: { maxHoursInWeek: 168, maxDaysPerWeek: 7, Sunday: { shift1: { start: 0, end: 1440 } } },
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ['a missing surname', { name: 'A' }],
    ['an empty name', { name: '', surname: 'B' }],
    ['a malformed email', { name: 'A', surname: 'B', email: 'nope' }],
    ['a negative salary', { name: 'A', surname: 'B', salary: -1 }],
    ['a negative additionalSalary entry', { name: 'A', surname: 'B', additionalSalary: { bonus: -5 } }],
    ['employeeType seasonal', { name: 'A', surname: 'B', employeeType: 'seasonal' }],
    ['a position without subcategoryId', { name: 'A', surname: 'B', positions: [{ categoryId: 'r' }] }],
    [
      'a position with an empty categoryId',
      { name: 'A', surname: 'B', positions: [{ categoryId: '', subcategoryId: 's' }] },
    ],
    ['maxHoursInWeek 169', { name: 'A', surname: 'B', availabilities: { maxHoursInWeek: 169 } }],
    ['minHoursInWeek -1', { name: 'A', surname: 'B', availabilities: { minHoursInWeek: -1 } }],
    ['maxDaysPerWeek 8', { name: 'A', surname: 'B', availabilities: { maxDaysPerWeek: 8 } }],
    [
      'minHoursInWeek above maxHoursInWeek',
      { name: 'A', surname: 'B', availabilities: { minHoursInWeek: 30, maxHoursInWeek: 20 } },
    ],
    [
      'an availability minute of 1441',
      { name: 'A', surname: 'B', availabilities: { Monday: { shift1: { start: 0, end: 1441 } } } },
    ],
    [
      'an availability window without end',
      { name: 'A', surname: 'B', availabilities: { Monday: { shift1: { start: 0 } } } },
    ],
    ['allDay as a string', { name: 'A', surname: 'B', availabilities: { Friday: { allDay: 'yes' } } }],
    ['hiring as a boolean', { name: 'A', surname: 'B', hiring: true }],
    ['a negative rateOvertime', { name: 'A', surname: 'B', rateOvertime: -2 }],
    ['an unknown field', { name: 'A', surname: 'B', nickname: 'C' }],
  ])('rejects %s with 400 and writes nothing', async (_label, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('rejects a position naming a missing role (422 UNKNOWN_ROLE) or an archived sub-role (422 UNKNOWN_SUB_ROLE), writing nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const missingRole = await create({
      name: 'A',
      surname: 'B',
      positions: [{ categoryId: 'ghost', subcategoryId: 'floor' }],
    });
    expect(missingRole.status).toBe(422);
    expect(missingRole.body.code).toBe('UNKNOWN_ROLE');
    const archivedSub = await create({
      name: 'A',
      surname: 'B',
      positions: [{ categoryId: roleId, subcategoryId: 'old' }],
    });
    expect(archivedSub.status).toBe(422);
    expect(archivedSub.body.code).toBe('UNKNOWN_SUB_ROLE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('forbids employees (403)', async () => {
    expect((await create({ name: 'A', surname: 'B' }, co.employee)).status).toBe(403);
  });
});

describe('GET /employees', () => {
  let fresh: TestCompany;
  let server: string;
  beforeAll(async () => {
    fresh = await createCompany();
    server = (
      await api('roles')
        .post('/roles')
        .query({ companyId: fresh.companyId })
        .set(bearer(fresh.owner))
        .send({ name: 'Server', subRoles: { f: { name: 'F', priority: 1 } } })
    ).body.data.id;
    const add = (body: object) =>
      employees().post('/employees').query({ companyId: fresh.companyId }).set(bearer(fresh.owner)).send(body);
    await add({
      name: 'Zoe',
      surname: 'Adams',
      email: 'zoe@bistro.com',
      salary: 1000,
      rateRegular: 15,
      positions: [{ categoryId: server, subcategoryId: 'f' }],
    });
    await add({ name: 'Yann', surname: 'Baker', phone: '555-7788', rateRegular: 14 });
    const gone = await add({ name: 'Xavi', surname: 'Cole' });
    const { db } = await import('../../src/core/firebase');
    await db().doc(`companies/${fresh.companyId}/employees/${gone.body.data.id}`).update({ archived: true });
  });

  const list = (query: object, user = fresh.owner) =>
    employees()
      .get('/employees')
      .query({ companyId: fresh.companyId, ...query })
      .set(bearer(user));
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((e) => e.name);

  it('lists active employees by surname, archived ones only with archived=true', async () => {
    expect(names(await list({}))).toEqual(['Zoe', 'Yann', 'Emma']);
    expect(names(await list({ archived: 'false' }))).toEqual(['Zoe', 'Yann', 'Emma']);
    expect(names(await list({ archived: 'true' }))).toEqual(['Xavi']);
  });

  it('filters by role id', async () => {
    expect(names(await list({ role: server }))).toEqual(['Zoe']);
    expect(names(await list({ role: 'no-role' }))).toEqual([]);
  });

  it('searches name, surname, full name, email and phone case-insensitively', async () => {
    expect(names(await list({ search: 'ZOE' }))).toEqual(['Zoe']);
    expect(names(await list({ search: 'zoe adams' }))).toEqual(['Zoe']);
    expect(names(await list({ search: 'bistro.com' }))).toEqual(['Zoe']);
    expect(names(await list({ search: '7788' }))).toEqual(['Yann']);
    expect(names(await list({ search: 'a' }))).toEqual(['Zoe', 'Yann', 'Emma']);
  });

  it('shows colleagues to an employee without pay or contact data, but their own record whole', async () => {
    const res = await list({}, fresh.employee);
    expect(res.status).toBe(200);
    const zoe = res.body.data.find((e: { name: string }) => e.name === 'Zoe');
    expect(zoe).not.toHaveProperty('salary');
    expect(zoe).not.toHaveProperty('rateRegular');
    expect(zoe).toHaveProperty('positions');
    const me = res.body.data.find((e: { id: string }) => e.id === fresh.employeeId);
    expect(me.email).toBe(fresh.employee.email);
  });

  it('hides pay from managers when hideFinancialInfoFromManagers is on, never from owners', async () => {
    expect((await list({ search: 'zoe' }, fresh.manager)).body.data[0].rateRegular).toBe(15);
    await api('companies')
      .patch(`/companies/${fresh.companyId}/policies`)
      .set(bearer(fresh.owner))
      .send({ hideFinancialInfoFromManagers: true });
    const asManager = (await list({ search: 'zoe' }, fresh.manager)).body.data[0];
    expect(asManager).not.toHaveProperty('rateRegular');
    expect(asManager).not.toHaveProperty('salary');
    expect(asManager.email).toBe('zoe@bistro.com');
    expect((await list({ search: 'zoe' }, fresh.owner)).body.data[0].salary).toBe(1000);
  });

  it('rejects an empty role filter and a non-boolean archived (400), and other companies (403)', async () => {
    expect((await list({ role: '' })).status).toBe(400);
    expect((await list({ archived: 'sometimes' })).status).toBe(400);
    expect(
      (await employees().get('/employees').query({ companyId: fresh.companyId }).set(bearer(co.owner))).status,
    ).toBe(403);
  });
});

describe('GET /employees/me', () => {
  it('answers 400 for GET /employees/me without companyId (the company names whose record)', async () => {
    const res = await employees().get('/employees/me').set(bearer(co.employee));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it("returns the caller's own employee record through the membership", async () => {
    const res = await employees().get('/employees/me').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: co.employeeId, name: 'Emma', surname: 'Employee' });
  });

  it('falls back to the employee record linked to the user id', async () => {
    const user = await createUser({ label: 'linked' });
    const { db } = await import('../../src/core/firebase');
    const ref = db().collection(`companies/${co.companyId}/employees`).doc();
    await ref.set({ name: 'Lin', surname: 'Ked', positions: [], archived: false, userId: user.uid });
    await addMember(co.companyId, user, 'employee');
    const res = await employees().get('/employees/me').query({ companyId: co.companyId }).set(bearer(user));
    expect(res.body.data).toMatchObject({ id: ref.id, name: 'Lin' });
  });

  it('answers 404 EMPLOYEE_NOT_FOUND for a member without an employee record', async () => {
    const res = await employees().get('/employees/me').query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('EMPLOYEE_NOT_FOUND');
  });

  it('answers 403 for another company and 401 without a token', async () => {
    const other = await createCompany();
    expect(
      (await employees().get('/employees/me').query({ companyId: other.companyId }).set(bearer(co.employee))).status,
    ).toBe(403);
    expect((await employees().get('/employees/me').query({ companyId: co.companyId })).status).toBe(401);
  });
});
