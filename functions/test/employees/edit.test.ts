import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

/** Reading one employee, correcting fields by role, the visibility of colleagues' fields, and the audit trail. */

let co: TestCompany;
let roleId: string;
let otherRoleId: string;
let zoeId: string;
const employees = () => api('employees');
const q = () => ({ companyId: co.companyId });
const getOne = (id: string, as: TestUser) => employees().get(`/employees/${id}`).query(q()).set(bearer(as));
const patch = (id: string, body: object, as: TestUser) =>
  employees().patch(`/employees/${id}`).query(q()).set(bearer(as)).send(body);
const audit = (id: string, as: TestUser) => employees().get(`/employees/${id}/audit`).query(q()).set(bearer(as));
const hidePayFromManagers = (on: boolean) =>
  api('companies')
    .patch(`/companies/${co.companyId}/policies`)
    .set(bearer(co.owner))
    .send({ hideFinancialInfoFromManagers: on });

beforeAll(async () => {
  co = await createCompany();
  const role = (name: string) =>
    api('roles')
      .post('/roles')
      .query(q())
      .set(bearer(co.owner))
      .send({ name, subRoles: { floor: { name: 'Floor', priority: 1 } } });
  roleId = (await role('Server')).body.data.id;
  otherRoleId = (await role('Host')).body.data.id;
  const zoe = await employees()
    .post('/employees')
    .query(q())
    .set(bearer(co.manager))
    .send({
      name: 'Zoe',
      surname: 'Adams',
      email: 'zoe@bistro.com',
      phone: '555-7788',
      phoneCode: '+1',
      employeeNumber: 'E-42',
      rateRegular: 15,
      positions: [{ categoryId: roleId, subcategoryId: 'floor' }],
    });
  expect(zoe.status).toBe(201);
  zoeId = zoe.body.data.id;
});

describe('GET /employees/{id}', () => {
  it('answers the whole record to a manager, a directory view to a colleague, and 404 for an unknown id', async () => {
    expect((await getOne(zoeId, co.manager)).body.data).toMatchObject({ email: 'zoe@bistro.com', rateRegular: 15 });
    const seen = (await getOne(zoeId, co.employee)).body.data;
    expect(seen).toMatchObject({ id: zoeId, name: 'Zoe', surname: 'Adams' });
    for (const hidden of ['email', 'phone', 'phoneCode', 'employeeNumber', 'rateRegular'])
      expect(seen).not.toHaveProperty(hidden);
    expect((await getOne(co.employeeId, co.employee)).body.data.email).toBe(co.employee.email);
    const missing = await getOne('nobody', co.manager);
    expect([missing.status, missing.body.code]).toEqual([404, 'EMPLOYEE_NOT_FOUND']);
  });
});

describe('GET /employees as an employee', () => {
  const search = (needle: string) =>
    employees()
      .get('/employees')
      .query({ ...q(), search: needle })
      .set(bearer(co.employee));

  it("hides colleagues' email, phone and phoneCode", async () => {
    const res = await employees().get('/employees').query(q()).set(bearer(co.employee));
    const zoe = res.body.data.find((e: { id: string }) => e.id === zoeId);
    expect(zoe).toBeDefined();
    for (const hidden of ['email', 'phone', 'phoneCode']) expect(zoe).not.toHaveProperty(hidden);
  });

  it('does not match a colleague on fields the employee cannot see, but on the name', async () => {
    for (const needle of ['bistro.com', '7788', 'E-42']) expect((await search(needle)).body.data).toEqual([]);
    expect((await search('zoe ad')).body.data.map((e: { id: string }) => e.id)).toEqual([zoeId]);
    // a manager finds her by those fields
    const asManager = await employees()
      .get('/employees')
      .query({ ...q(), search: '7788' })
      .set(bearer(co.manager));
    expect(asManager.body.data.map((e: { id: string }) => e.id)).toEqual([zoeId]);
  });
});

describe('PATCH /employees/{id}', () => {
  it('lets a manager correct each kind of field, null removing an optional one, and audits the change', async () => {
    const body = {
      phone: '555-0000',
      positions: [{ categoryId: otherRoleId, subcategoryId: 'floor' }],
      rateRegular: 16.5,
      positionRates: { [otherRoleId]: 18 },
      employeeNumber: null,
      availabilities: { maxHoursInWeek: 30, Monday: { allDay: true } },
    };
    const res = await patch(zoeId, body, co.manager);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '555-0000', rateRegular: 16.5, positionRates: { [otherRoleId]: 18 } });
    expect(res.body.data).not.toHaveProperty('employeeNumber');
    const trail = (await audit(zoeId, co.owner)).body.data;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    expect(trail[1]).toMatchObject({
      by: co.manager.uid,
      before: { phone: '555-7788', rateRegular: 15, employeeNumber: 'E-42', positionRates: null },
      after: { phone: '555-0000', rateRegular: 16.5, employeeNumber: null, positionRates: { [otherRoleId]: 18 } },
    });
  });

  it('writes nothing for a patch that changes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await patch(zoeId, { phone: '555-0000' }, co.manager);
    expect(res.status).toBe(200);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('lets an employee change their own contact and emergency fields, nothing else and nobody else', async () => {
    const own = await patch(
      co.employeeId,
      { phone: '600', emergencyContact: 'Mum', emergencyPhone: '601' },
      co.employee,
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ phone: '600', emergencyContact: 'Mum' });
    const before = await snapshotCompany(co.companyId);
    for (const [id, body] of [
      [co.employeeId, { rateRegular: 99 }],
      [co.employeeId, { name: 'Emmy' }],
      [co.employeeId, { availabilities: { maxHoursInWeek: 10 } }],
      [zoeId, { phone: '1' }],
    ] as const) {
      const res = await patch(id, body, co.employee);
      expect([res.status, res.body.code]).toEqual([403, 'FIELD_NOT_EDITABLE']);
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses pay fields to a manager who may not see pay, and leaves pay out of their audit view', async () => {
    await hidePayFromManagers(true);
    try {
      const res = await patch(zoeId, { rateRegular: 20 }, co.manager);
      expect([res.status, res.body.code]).toEqual([403, 'FIELD_NOT_EDITABLE']);
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'body.rateRegular' })]);
      const trail = (await audit(zoeId, co.manager)).body.data;
      const update = trail.find((e: { action: string }) => e.action === 'update');
      expect(update.after).toMatchObject({ phone: '555-0000' });
      for (const side of [update.before, update.after, ...trail.map((e: { after: object }) => e.after)])
        for (const pay of ['rateRegular', 'positionRates', 'salary']) expect(side).not.toHaveProperty(pay);
      expect((await audit(zoeId, co.owner)).body.data[1].after.rateRegular).toBe(16.5);
    } finally {
      await hidePayFromManagers(false);
    }
  });

  it('refuses the audit to employees (403)', async () => {
    expect((await audit(co.employeeId, co.employee)).status).toBe(403);
  });

  it.each([
    ['a malformed email', { email: 'nope' }],
    ['a null name', { name: null }],
    ['a negative rate', { rateRegular: -1 }],
    ['a negative position rate', { positionRates: { x: -1 } }],
    ['an unknown field', { nickname: 'Z' }],
    ['minHoursInWeek above maxHoursInWeek', { availabilities: { minHoursInWeek: 30, maxHoursInWeek: 20 } }],
  ])('rejects %s with 400, writing nothing', async (_label, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await patch(zoeId, body, co.manager);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a position rate or a position naming a role the company lacks (422 UNKNOWN_ROLE), writing nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const rate = await patch(zoeId, { positionRates: { ghost: 12 } }, co.manager);
    expect([rate.status, rate.body.code]).toEqual([422, 'UNKNOWN_ROLE']);
    expect(rate.body.details).toEqual([expect.objectContaining({ path: 'body.positionRates.ghost' })]);
    const position = await patch(zoeId, { positions: [{ categoryId: 'ghost', subcategoryId: 'floor' }] }, co.manager);
    expect([position.status, position.body.code]).toEqual([422, 'UNKNOWN_ROLE']);
    expect((await patch('nobody', { phone: '1' }, co.manager)).status).toBe(404);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('accepts a position rate for a role the employee does not hold', async () => {
    const res = await patch(zoeId, { positionRates: { [roleId]: 14 } }, co.owner);
    expect(res.status).toBe(200);
    expect(res.body.data.positionRates).toEqual({ [roleId]: 14 });
  });
});

describe('an archive recorded for a later date', () => {
  it('keeps the employee listed as active until the day begins', async () => {
    const fresh: TestCompany = await createCompany();
    const res = await employees()
      .post(`/employees/${fresh.employeeId}/archive`)
      .query({ companyId: fresh.companyId })
      .set(bearer(fresh.manager))
      .send({ effectiveDate: '2999-01-01', reason: 'contractEnded' });
    expect(res.status).toBe(200);
    expect(res.body.data.employee.archived).toBe(false);
    const list = (archived: string) =>
      employees().get('/employees').query({ companyId: fresh.companyId, archived }).set(bearer(fresh.owner));
    expect((await list('false')).body.data.map((e: { id: string }) => e.id)).toEqual([fresh.employeeId]);
    expect((await list('true')).body.data).toEqual([]);
  });
});
