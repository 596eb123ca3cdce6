import { instant } from '../../src/core/calendar';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { att, attendanceCompany, clock } from './helpers';

const at = (minute: number) => instant('2025-03-04', minute, 'Europe/Madrid');

describe('who may do what', () => {
  it('keeps managers-only routes from employees', async () => {
    const co = await attendanceCompany();
    const body = { employeeId: co.employeeId, clockInAt: at(540), clockOutAt: at(600), reason: 'x' };
    const created = await att().post('/punches').query({ companyId: co.companyId }).set(bearer(co.employee)).send(body);
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('INSUFFICIENT_ROLE');
    const id = (await att().post('/punches').query({ companyId: co.companyId }).set(bearer(co.manager)).send(body)).body
      .data.id;
    expect(
      (await att().post(`/punches/${id}/approve`).query({ companyId: co.companyId }).set(bearer(co.employee)).send())
        .status,
    ).toBe(403);
    expect(
      (await att().get(`/punches/${id}/audit`).query({ companyId: co.companyId }).set(bearer(co.employee))).status,
    ).toBe(403);
    expect((await att().get('/locks').query({ companyId: co.companyId }).set(bearer(co.employee))).status).toBe(403);
    // an employee reads their own punch
    expect((await att().get(`/punches/${id}`).query({ companyId: co.companyId }).set(bearer(co.employee))).status).toBe(
      200,
    );
  });

  it('shows an employee only their own punches', async () => {
    const co = await attendanceCompany();
    const other = await att()
      .post('/punches')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ employeeId: co.employeeId, clockInAt: at(540), clockOutAt: at(600), reason: 'x' });
    const range = { companyId: co.companyId, startDate: '2025-03-01', endDate: '2025-03-31' };
    expect((await att().get('/punches').query(range).set(bearer(co.employee))).body.data).toHaveLength(1);
    const theirs = await att()
      .get('/punches')
      .query({ ...range, employeeId: 'someone-else' })
      .set(bearer(co.employee));
    expect(theirs.status).toBe(403);
    expect(
      (await att().get('/punches').query(range).set(bearer(co.manager))).body.data.map((p: { id: string }) => p.id),
    ).toEqual([other.body.data.id]);
  });

  it('lets only owners change the settings, and every member read them', async () => {
    const co = await attendanceCompany();
    expect(
      (await att().get('/settings').query({ companyId: co.companyId }).set(bearer(co.employee))).body.data,
    ).toEqual({
      geofenceRadiusMeters: 150,
      autoClockOutAfterMinutes: 720,
      autoApproveVarianceMinutes: 10,
      restBreaksPaid: true,
      mealBreaksPaid: false,
      restBreaksRecorded: false,
      breakRequiredAfterMinutes: 360,
      lateGraceMinutes: 5,
    });
    expect(
      (
        await att()
          .patch('/settings')
          .query({ companyId: co.companyId })
          .set(bearer(co.manager))
          .send({ lateGraceMinutes: 3 })
      ).status,
    ).toBe(403);
    const patched = await att()
      .patch('/settings')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ lateGraceMinutes: 3, mealBreaksPaid: true });
    expect(patched.body.data).toMatchObject({ lateGraceMinutes: 3, mealBreaksPaid: true, geofenceRadiusMeters: 150 });
    expect(
      (
        await att()
          .patch('/settings')
          .query({ companyId: co.companyId })
          .set(bearer(co.owner))
          .send({ lateGraceMinutes: -1 })
      ).status,
    ).toBe(400);
    expect(
      (await att().patch('/settings').query({ companyId: co.companyId }).set(bearer(co.owner)).send({ surprise: true }))
        .status,
    ).toBe(400);
  });

  it("refuses members of another company: they neither clock in nor read the company's punches", async () => {
    const co = await attendanceCompany();
    const stranger = await createCompany();
    const punch = (await clock(co, 'in')).body.data;
    for (const user of [stranger.owner, stranger.manager, stranger.employee]) {
      const list = await att()
        .get('/punches')
        .query({ companyId: co.companyId, startDate: punch.businessDate, endDate: punch.businessDate })
        .set(bearer(user));
      expect(list.status).toBe(403);
      expect(list.body.code).toBe('NOT_A_MEMBER');
    }
    expect(
      (await att().get(`/punches/${punch.id}`).query({ companyId: stranger.companyId }).set(bearer(stranger.manager)))
        .status,
    ).toBe(404);
    expect((await clock(co, 'in', {}, stranger.employee)).status).toBe(403);
  });
});
