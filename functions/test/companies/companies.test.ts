import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

let co: TestCompany;
beforeAll(async () => {
  co = await createCompany({
    profile: { name: 'Harbor Test', timezone: 'America/New_York', secretInternalField: 'never shown' },
  });
});

const companies = () => api('companies');

describe('GET /companies/{id}', () => {
  it('returns the profile merged over defaults, without stored fields outside the API', async () => {
    const res = await companies().get(`/companies/${co.companyId}`).set(bearer(co.employee));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      id: co.companyId,
      name: 'Harbor Test',
      timezone: 'America/New_York',
      weekStartingDay: 1,
      maxDayHours: false,
    });
    expect(res.body.data).not.toHaveProperty('secretInternalField');
  });

  it('answers the country and currency the company was given, and null for each never given', async () => {
    const given = await createCompany({ profile: { country: 'GB', currency: 'GBP' } });
    const res = await companies().get(`/companies/${given.companyId}`).set(bearer(given.employee));
    expect(res.body.data).toMatchObject({ country: 'GB', currency: 'GBP' });
    const patched = await companies()
      .patch(`/companies/${given.companyId}`)
      .set(bearer(given.owner))
      .send({ city: 'Leeds' });
    expect(patched.body.data).toMatchObject({ city: 'Leeds', country: 'GB', currency: 'GBP' });
    const never = await companies().get(`/companies/${co.companyId}`).set(bearer(co.employee));
    expect(never.body.data).toMatchObject({ country: null, currency: null });
  });

  it('answers 404 COMPANY_NOT_FOUND for a member of a company whose record is gone', async () => {
    const ghost = await createCompany();
    const { db } = await import('../../src/core/firebase');
    await db().collection('companies').doc(ghost.companyId).delete();
    const res = await companies().get(`/companies/${ghost.companyId}`).set(bearer(ghost.owner));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'COMPANY_NOT_FOUND' });
  });

  it('answers 403 to a user who is not a member, even for a company that does not exist', async () => {
    const res = await companies().get('/companies/no-such-company').set(bearer(co.owner));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_A_MEMBER');
  });
});

describe('PATCH /companies/{id}', () => {
  it('updates the fields sent, keeps the others, and returns the allow-listed profile', async () => {
    const res = await companies()
      .patch(`/companies/${co.companyId}`)
      .set(bearer(co.owner))
      .send({
        city: 'Boston',
        weekStartingDay: 0,
        maxDayHours: false,
        location: { lat: 42.36, lng: -71.05 },
        domain: null,
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Harbor Test',
      city: 'Boston',
      weekStartingDay: 0,
      maxDayHours: false,
      location: { lat: 42.36, lng: -71.05 },
      domain: null,
    });
    expect(res.body.data).not.toHaveProperty('secretInternalField');
    const again = await companies().get(`/companies/${co.companyId}`).set(bearer(co.owner));
    expect(again.body.data.city).toBe('Boston');
  });

  it('accepts maxDayHours as a positive number or false, and rejects true and 0', async () => {
    expect(
      (await companies().patch(`/companies/${co.companyId}`).set(bearer(co.owner)).send({ maxDayHours: 9.5 })).body.data
        .maxDayHours,
    ).toBe(9.5);
    expect(
      (await companies().patch(`/companies/${co.companyId}`).set(bearer(co.owner)).send({ maxDayHours: false })).body
        .data.maxDayHours,
    ).toBe(false);
    for (const bad of [true, 0, -1, '8']) {
      const res = await companies()
        .patch(`/companies/${co.companyId}`)
        .set(bearer(co.owner))
        .send({ maxDayHours: bad });
      expect(res.status).toBe(400);
    }
  });

  it.each([
    ['weekStartingDay 7', { weekStartingDay: 7 }],
    ['weekStartingDay -1', { weekStartingDay: -1 }],
    ['weekStartingDay 1.5', { weekStartingDay: 1.5 }],
    ['payrollStartingDay 7', { payrollStartingDay: 7 }],
    ['an empty name', { name: '' }],
    ['a malformed email', { email: 'not-an-email' }],
    ['imageSize stretch', { imageSize: 'stretch' }],
    ['timeFormat 13h', { timeFormat: '13h' }],
    ['defaultDuration 0', { defaultDuration: 0 }],
    ['betweenShifts -5', { betweenShifts: -5 }],
    ['recurrentShiftsGap -1', { recurrentShiftsGap: -1 }],
    ['generationFormat random', { generationFormat: 'random' }],
    ['a location without lng', { location: { lat: 1 } }],
    ['a locations entry without lat', { locations: { main: { lng: 1 } } }],
    ['a break without length', { breaks: { lunch: { hours: 6 } } }],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }],
    ['an offset for a time zone', { timezone: '+05:00' }],
    ['a time zone in the wrong case', { timezone: 'america/chicago' }],
    ['a legacy time-zone link', { timezone: 'US/Eastern' }],
    ['roleOrders with a string value', { roleOrders: { a: 'first' } }],
    ['an unknown field', { colour: 'blue' }],
  ])('rejects %s with 400 and writes nothing', async (_label, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await companies().patch(`/companies/${co.companyId}`).set(bearer(co.owner)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('forbids an employee from changing the profile (403) and writes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await companies()
      .patch(`/companies/${co.companyId}`)
      .set(bearer(co.employee))
      .send({ city: 'Nowhere' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('requires a token (401)', async () => {
    const res = await companies().patch(`/companies/${co.companyId}`).send({ city: 'X' });
    expect(res.status).toBe(401);
  });
});

describe('company settings', () => {
  it('returns defaults for a company that never saved settings', async () => {
    const fresh = await createCompany();
    const res = await companies().get(`/companies/${fresh.companyId}/settings`).set(bearer(fresh.employee));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      conflictsDetectionEnabled: true,
      maxHoursPerWeek: 40,
      dayChangeTime: 0,
      generationPriority: 'longer-shifts',
    });
  });

  it('merges a partial update into the stored settings', async () => {
    await companies()
      .patch(`/companies/${co.companyId}/settings`)
      .set(bearer(co.owner))
      .send({ dayChangeTime: 14400, hasCaterer: true });
    const res = await companies()
      .patch(`/companies/${co.companyId}/settings`)
      .set(bearer(co.manager))
      .send({ maxHoursPerWeek: 38.5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ dayChangeTime: 14400, hasCaterer: true, maxHoursPerWeek: 38.5 });
  });

  it('accepts dayChangeTime at both ends of 0..86400', async () => {
    for (const v of [0, 86400]) {
      const res = await companies()
        .patch(`/companies/${co.companyId}/settings`)
        .set(bearer(co.owner))
        .send({ dayChangeTime: v });
      expect(res.body.data.dayChangeTime).toBe(v);
    }
  });

  it.each([
    ['dayChangeTime 86401', { dayChangeTime: 86401 }],
    ['dayChangeTime -1', { dayChangeTime: -1 }],
    ['maxHoursPerWeek 0', { maxHoursPerWeek: 0 }],
    ['morningPeriodEnd -1', { morningPeriodEnd: -1 }],
    ['a fractional morningPeriodEnd', { morningPeriodEnd: 960.5 }],
    ['a fractional dayChangeTime', { dayChangeTime: 14400.5 }],
    ['generationPriority fastest', { generationPriority: 'fastest' }],
    ['aiAgentEnabled "yes"', { aiAgentEnabled: 'yes' }],
    ['an unknown field', { employeesCanSeeShiftEndTimes: true }],
  ])('rejects %s with 400 and writes nothing', async (_label, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await companies().patch(`/companies/${co.companyId}/settings`).set(bearer(co.owner)).send(body);
    expect(res.status).toBe(400);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

describe('company policies', () => {
  it('returns the defaults when nothing is stored', async () => {
    const fresh = await createCompany();
    const res = await companies().get(`/companies/${fresh.companyId}/policies`).set(bearer(fresh.employee));
    expect(res.body.data).toEqual({
      employeeInteractionGroup: true,
      employeeInteractionMessages: true,
      employeeInteractionWorkWith: true,
      employeesCanSeeShiftEndTimes: true,
      isGeolocationEnabled: false,
      hideFinancialInfoFromManagers: false,
      hideTipsFromManagers: false,
    });
  });

  it('writes each policy to its own storage location and merges them back on GET', async () => {
    const fresh = await createCompany();
    const res = await companies()
      .patch(`/companies/${fresh.companyId}/policies`)
      .set(bearer(fresh.owner))
      .send({ employeeInteractionMessages: false, isGeolocationEnabled: true, hideTipsFromManagers: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      employeeInteractionMessages: false,
      isGeolocationEnabled: true,
      hideTipsFromManagers: true,
      employeeInteractionGroup: true,
    });
    const stored = await snapshotCompany(fresh.companyId);
    const base = `companies/${fresh.companyId}/config`;
    expect(stored[`${base}/employeeInteraction`]).toEqual({ messages: false });
    expect(stored[`${base}/settings`]).toMatchObject({ isGeolocationEnabled: true });
    expect(stored[`${base}/managerPermissions`]).toEqual({ hideTips: true });
    const read = await companies().get(`/companies/${fresh.companyId}/policies`).set(bearer(fresh.employee));
    expect(read.body.data).toEqual(res.body.data);
  });

  it('keeps policies out of the settings answer although they share a document', async () => {
    await companies()
      .patch(`/companies/${co.companyId}/policies`)
      .set(bearer(co.owner))
      .send({ isGeolocationEnabled: true });
    const res = await companies().get(`/companies/${co.companyId}/settings`).set(bearer(co.owner));
    expect(res.body.data).not.toHaveProperty('isGeolocationEnabled');
  });

  it('rejects a non-boolean or unknown policy with 400 and writes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const body of [{ isGeolocationEnabled: 'true' }, { canSeeEverything: true }]) {
      const res = await companies().patch(`/companies/${co.companyId}/policies`).set(bearer(co.owner)).send(body);
      expect(res.status).toBe(400);
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('forbids employees from changing policies (403)', async () => {
    const res = await companies()
      .patch(`/companies/${co.companyId}/policies`)
      .set(bearer(co.employee))
      .send({ isGeolocationEnabled: false });
    expect(res.status).toBe(403);
  });
});

describe('what only an owner may change', () => {
  it.each([
    ['hideFinancialInfoFromManagers', { hideFinancialInfoFromManagers: false }],
    ['hideTipsFromManagers', { hideTipsFromManagers: false }],
    ['an employee-facing policy', { isGeolocationEnabled: false }],
  ])('refuses a manager changing the policies (%s) with 403 and writes nothing', async (_label, body) => {
    const fresh = await createCompany();
    await companies()
      .patch(`/companies/${fresh.companyId}/policies`)
      .set(bearer(fresh.owner))
      .send({ hideFinancialInfoFromManagers: true, hideTipsFromManagers: true });
    const before = await snapshotCompany(fresh.companyId);
    const res = await companies().patch(`/companies/${fresh.companyId}/policies`).set(bearer(fresh.manager)).send(body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
    expect(await snapshotCompany(fresh.companyId)).toEqual(before);
  });

  it.each([
    ['the timezone', '', { timezone: 'Europe/London', city: 'Salem' }],
    ['the week start', '', { weekStartingDay: 3 }],
    ['the payroll start day', '', { payrollStartingDay: 5 }],
    ['the day-change time', '/settings', { dayChangeTime: 7200, maxHoursPerWeek: 30 }],
    ['the fair-workweek jurisdiction', '/settings', { fairWorkweekJurisdiction: 'none' }],
    ['labour-cost access', '/settings', { hasAccessToLaborCost: true }],
  ])('refuses a manager changing %s (403 naming the field) and writes nothing', async (_label, path, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await companies().patch(`/companies/${co.companyId}${path}`).set(bearer(co.manager)).send(body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_ROLE', details: [{ path: `body.${Object.keys(body)[0]}` }] });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('lets a manager change the fields pay does not depend on, and the owner the ones it does', async () => {
    const byManager = await companies()
      .patch(`/companies/${co.companyId}`)
      .set(bearer(co.manager))
      .send({ city: 'Cambridge', defaultDuration: 420 });
    expect(byManager.status).toBe(200);
    const byOwner = await companies()
      .patch(`/companies/${co.companyId}/settings`)
      .set(bearer(co.owner))
      .send({ dayChangeTime: 3600 });
    expect(byOwner.body.data.dayChangeTime).toBe(3600);
  });
});
