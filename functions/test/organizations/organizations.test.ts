import { db } from '../../src/core/firebase';
import { employerOf, linkedRecordsOf } from '../../src/modules/organizations';
import { api } from '../helpers/api';
import { addMember, createCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';
import { EMPLOYER, linkEmployees, orgApi, twoLocationGroup } from './support';

jest.setTimeout(60_000);

describe('organizations, employers and locations', () => {
  it('makes an organization around a company its owner calls it for, with the employer and the first location', async () => {
    const co = await createCompany({ profile: { name: 'Corner North' } });
    const res = await orgApi()
      .post('/organizations')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'Corner Group', employer: EMPLOYER });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Corner Group',
      role: 'owner',
      employers: [{ name: EMPLOYER.name, ein: '12-3456789', companyCodes: { adp: 'HG1' } }],
      locations: [{ companyId: co.companyId, name: 'Corner North' }],
      members: [{ uid: co.owner.uid, role: 'owner' }],
      links: [],
    });
    expect(await employerOf(co.companyId)).toMatchObject({ ein: '12-3456789', organizationId: res.body.data.id });
    // a second organization around the same company is refused
    const again = await orgApi()
      .post('/organizations')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ name: 'Again', employer: EMPLOYER });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_IN_ORGANIZATION');
  });

  it('refuses an employer id that is not an EIN, or whose prefix the IRS does not assign, and writes nothing', async () => {
    const co = await createCompany();
    for (const ein of ['123456789', '12-345678', '07-1234567', '00-1234567']) {
      const res = await orgApi()
        .post('/organizations')
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send({ name: 'Bad', employer: { ...EMPLOYER, ein } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await employerOf(co.companyId)).toBeNull();
  });

  it('lets only a company owner make an organization of it', async () => {
    const co = await createCompany();
    const res = await orgApi()
      .post('/organizations')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ name: 'Mine', employer: EMPLOYER });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
  });

  it('attaches a location only for an organization owner who also owns the company, and not from another organization', async () => {
    const g = await twoLocationGroup();
    const stranger = await createCompany();
    const notOwned = await orgApi()
      .put(`/organizations/${g.orgId}/locations/${stranger.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: g.employerId });
    expect(notOwned.status).toBe(403);
    expect(notOwned.body.code).toBe('COMPANY_OWNER_REQUIRED');
    const other = await twoLocationGroup();
    await addMember(other.a.companyId, g.owner, 'owner');
    const taken = await orgApi()
      .put(`/organizations/${g.orgId}/locations/${other.a.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: g.employerId });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('ALREADY_IN_ORGANIZATION');
    const unknownEmployer = await orgApi()
      .put(`/organizations/${g.orgId}/locations/${g.b.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: 'no-such-employer' });
    expect(unknownEmployer.status).toBe(422);
    expect(unknownEmployer.body.code).toBe('EMPLOYER_NOT_FOUND');
  });

  it('adds employers with distinct EINs (owners only: an administrator is refused)', async () => {
    const g = await twoLocationGroup();
    const added = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ name: 'Harbor South LLC', ein: '20-7654321' });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Harbor South LLC', ein: '20-7654321', companyCodes: {} });
    const dup = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ name: 'Copy', ein: '20-7654321' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('EMPLOYER_ID_TAKEN');
    const admin = await createUser({ label: 'org-admin' });
    expect(
      (
        await orgApi()
          .put(`/organizations/${g.orgId}/members/${admin.uid}`)
          .set(bearer(g.owner))
          .send({ role: 'admin' })
      ).status,
    ).toBe(200);
    const byAdmin = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(admin))
      .send({ name: 'Admin LLC', ein: '30-1111111' });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe('ORGANIZATION_ROLE_REQUIRED');
    // the administrator reads the organization
    const read = await orgApi().get(`/organizations/${g.orgId}`).set(bearer(admin));
    expect(read.status).toBe(200);
    expect(read.body.data.role).toBe('admin');
  });

  it('keeps at least one owner', async () => {
    const g = await twoLocationGroup();
    const res = await orgApi()
      .put(`/organizations/${g.orgId}/members/${g.owner.uid}`)
      .set(bearer(g.owner))
      .send({ role: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LAST_ORGANIZATION_OWNER');
  });
});

describe('who sees what across locations', () => {
  it('lets owners and administrators of the organization act at every location as its owner', async () => {
    const g = await twoLocationGroup();
    const admin = await createUser({ label: 'org-admin' });
    await orgApi().put(`/organizations/${g.orgId}/members/${admin.uid}`).set(bearer(g.owner)).send({ role: 'admin' });
    // an employee of B in their own right: the organization's role still counts there
    await addMember(g.b.companyId, admin, 'employee');
    for (const who of [g.owner, admin]) {
      for (const co of [g.a, g.b]) {
        const employees = await api('employees').get('/employees').query({ companyId: co.companyId }).set(bearer(who));
        expect(employees.status).toBe(200);
        // an owner-only route
        const hooks = await api('webhooks')
          .get('/webhook-endpoints')
          .query({ companyId: co.companyId })
          .set(bearer(who));
        expect(hooks.status).toBe(200);
      }
    }
  });

  it("lists the organization's owners and administrators among each location's members and the locations in their profile, once, not changeable there", async () => {
    const g = await twoLocationGroup();
    const admin = await createUser({ label: 'org-admin' });
    await orgApi().put(`/organizations/${g.orgId}/members/${admin.uid}`).set(bearer(g.owner)).send({ role: 'admin' });
    const membersAt = async (companyId: string) => {
      const res = await api('auth').get('/members').query({ companyId }).set(bearer(g.owner));
      expect(res.status).toBe(200);
      return res.body.data as {
        uid: string;
        role: string;
        employeeId: string | null;
        organizationRole: string | null;
      }[];
    };
    for (const co of [g.a, g.b]) {
      const listed = await membersAt(co.companyId);
      // the organization's owner is an owner of both companies: listed once, as the company's member
      expect(listed.filter((m) => m.uid === g.owner.uid)).toEqual([
        expect.objectContaining({ role: 'owner', organizationRole: null }),
      ]);
      expect(listed.filter((m) => m.uid === admin.uid)).toEqual([
        expect.objectContaining({ role: 'owner', employeeId: null, organizationRole: 'admin' }),
      ]);
      expect(listed.find((m) => m.uid === co.manager.uid)).toMatchObject({ role: 'manager', organizationRole: null });
    }
    // not a member of the company: changed on the organization, not here
    const patch = await api('auth')
      .patch(`/members/${admin.uid}`)
      .query({ companyId: g.b.companyId })
      .set(bearer(g.owner))
      .send({ role: 'manager' });
    expect([patch.status, patch.body.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    // the administrator's own profile lists both locations, as an owner through the organization
    const me = await api('auth').get('/me').set(bearer(admin));
    expect(me.status).toBe(200);
    expect(me.body.data.memberships).toEqual(
      [g.a, g.b]
        .map((co) => ({
          companyId: co.companyId,
          companyName: expect.any(String),
          role: 'owner',
          employeeId: null,
          organizationRole: 'admin',
        }))
        .sort((x, y) => x.companyId.localeCompare(y.companyId)),
    );
    const ownerMe = await api('auth').get('/me').set(bearer(g.owner));
    expect(
      ownerMe.body.data.memberships.filter((m: { companyId: string }) =>
        [g.a.companyId, g.b.companyId].includes(m.companyId),
      ),
    ).toEqual([
      expect.objectContaining({ organizationRole: null }),
      expect.objectContaining({ organizationRole: null }),
    ]);
    // a company outside any organization lists its own members only
    const alone = await createCompany();
    const own = await api('auth').get('/members').query({ companyId: alone.companyId }).set(bearer(alone.owner));
    expect(own.body.data.every((m: { organizationRole: unknown }) => m.organizationRole === null)).toBe(true);
  });

  it("keeps a location's manager to their location: B's employees and shifts are refused, the organization is not found", async () => {
    const g = await twoLocationGroup();
    const employees = await api('employees')
      .get('/employees')
      .query({ companyId: g.b.companyId })
      .set(bearer(g.a.manager));
    expect(employees.status).toBe(403);
    expect(employees.body.code).toBe('NOT_A_MEMBER');
    const shifts = await api('schedule')
      .get('/shifts')
      .query({ companyId: g.b.companyId, from: '2026-12-07', to: '2026-12-13' })
      .set(bearer(g.a.manager));
    expect(shifts.status).toBe(403);
    expect(JSON.stringify(shifts.body)).not.toContain(g.b.employeeId);
    const org = await orgApi().get(`/organizations/${g.orgId}`).set(bearer(g.a.manager));
    expect(org.status).toBe(404);
    expect(org.body.code).toBe('ORGANIZATION_NOT_FOUND');
    // their own location still answers them as before
    expect(
      (await api('employees').get('/employees').query({ companyId: g.a.companyId }).set(bearer(g.a.manager))).status,
    ).toBe(200);
  });
  it("refuses a location's manager B's sales, payroll report and requests too, telling nothing of them (403 NOT_A_MEMBER)", async () => {
    const g = await twoLocationGroup();
    const calls = [
      api('sales').get('/sales').query({ companyId: g.b.companyId, startDate: '2026-12-07', endDate: '2026-12-13' }),
      api('payroll').get('/payroll/periods/2026-12-07/report').query({ companyId: g.b.companyId }),
      api('requests').get('/requests').query({ companyId: g.b.companyId }),
      api('schedule')
        .get('/shifts/premiums')
        .query({ companyId: g.b.companyId, startDate: '2026-12-07', endDate: '2026-12-13' }),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(g.a.manager));
      expect([res.status, res.body.code]).toEqual([403, 'NOT_A_MEMBER']);
      expect(JSON.stringify(res.body)).not.toContain(g.b.employeeId);
    }
  });
});

describe('one person across an employer’s locations', () => {
  it('links records at two locations of one employer; each sees the other with its location name; linking again changes nothing', async () => {
    const g = await twoLocationGroup();
    const link = await linkEmployees(g);
    expect(link.employerId).toBe(g.employerId);
    expect(await linkedRecordsOf(g.a.companyId, g.a.employeeId)).toEqual([
      { companyId: g.b.companyId, employeeId: g.b.employeeId, locationName: 'Harbor South' },
    ]);
    expect(await linkedRecordsOf(g.b.companyId, g.b.employeeId)).toEqual([
      { companyId: g.a.companyId, employeeId: g.a.employeeId, locationName: 'Harbor North' },
    ]);
    const again = await linkEmployees(g);
    expect(again.id).toBe(link.id);
    const org = await orgApi().get(`/organizations/${g.orgId}`).set(bearer(g.owner));
    expect(org.body.data.links).toHaveLength(1);
    // moving a location with linked records to another employer is refused
    const second = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ name: 'Harbor South LLC', ein: '20-7654321' });
    const moved = await orgApi()
      .put(`/organizations/${g.orgId}/locations/${g.b.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: second.body.data.id });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('LOCATION_HAS_LINKS');
    // unlinked: each record is its location's alone again
    const unlinked = await orgApi().delete(`/organizations/${g.orgId}/employee-links/${link.id}`).set(bearer(g.owner));
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data).toEqual({ linkId: link.id, unlinked: 2 });
    expect(await linkedRecordsOf(g.a.companyId, g.a.employeeId)).toEqual([]);
    const gone = await orgApi().delete(`/organizations/${g.orgId}/employee-links/${link.id}`).set(bearer(g.owner));
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('LINK_NOT_FOUND');
  });

  it('refuses links across employers, two records of one location, and unknown records, writing nothing', async () => {
    const g = await twoLocationGroup();
    const second = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ name: 'Harbor South LLC', ein: '20-7654321' });
    const moved = await orgApi()
      .put(`/organizations/${g.orgId}/locations/${g.b.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: second.body.data.id });
    expect(moved.status).toBe(200);
    const post = (records: { companyId: string; employeeId: string }[]) =>
      orgApi().post(`/organizations/${g.orgId}/employee-links`).set(bearer(g.owner)).send({ records });
    const across = await post([
      { companyId: g.a.companyId, employeeId: g.a.employeeId },
      { companyId: g.b.companyId, employeeId: g.b.employeeId },
    ]);
    expect(across.status).toBe(422);
    expect(across.body.code).toBe('DIFFERENT_EMPLOYERS');
    const other = await db().collection('companies').doc(g.a.companyId).collection('employees').add({ name: 'Ann' });
    const twice = await post([
      { companyId: g.a.companyId, employeeId: g.a.employeeId },
      { companyId: g.a.companyId, employeeId: other.id },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('ONE_RECORD_PER_LOCATION');
    const unknown = await post([
      { companyId: g.a.companyId, employeeId: g.a.employeeId },
      { companyId: g.a.companyId, employeeId: 'no-such-employee' },
    ]);
    expect(unknown.status).toBe(422);
    const outsider = await createCompany();
    const notHere = await post([
      { companyId: g.a.companyId, employeeId: g.a.employeeId },
      { companyId: outsider.companyId, employeeId: outsider.employeeId },
    ]);
    expect(notHere.status).toBe(422);
    expect(notHere.body.code).toBe('NOT_A_LOCATION');
    expect((await db().collection('employeeLinks').where('organizationId', '==', g.orgId).get()).size).toBe(0);
  });

  it('answers no link and no employer for a company outside any organization', async () => {
    const co = await createCompany();
    expect(await employerOf(co.companyId)).toBeNull();
    expect(await linkedRecordsOf(co.companyId, co.employeeId)).toEqual([]);
  });
});
