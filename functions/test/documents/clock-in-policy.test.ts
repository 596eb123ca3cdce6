import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { attendanceCompany, clock, noonZone } from '../attendance/helpers';

const documents = () => api('documents');
const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');

describe('blocking clock-in on an expired required certification', () => {
  it('with the policy on, an employee whose food-handler certificate expired cannot clock in (nothing written); once renewed they can', async () => {
    const zone = noonZone();
    const co = await attendanceCompany({ profile: { timezone: zone } });
    const today = businessToday(zone, 0);
    const q = { companyId: co.companyId };
    const cert = await documents()
      .post('/documents')
      .query({ ...q, employeeId: co.employeeId, type: 'food_handler', expiresOn: addDays(today, -1) })
      .set(bearer(co.manager))
      .set('Content-Type', 'application/pdf')
      .send(PDF('food handler'));
    expect(cert.status).toBe(201);

    const managerTry = await documents()
      .patch('/documents/policy')
      .query(q)
      .set(bearer(co.manager))
      .send({ blockClockInWhenExpired: true });
    expect(managerTry.status).toBe(403);
    const policy = await documents()
      .patch('/documents/policy')
      .query(q)
      .set(bearer(co.owner))
      .send({ blockClockInWhenExpired: true });
    expect(policy.status).toBe(200);
    expect(policy.body.data).toEqual({
      blockClockInWhenExpired: true,
      requiredTypes: ['food_handler'],
      blockWhenMissing: false,
    });

    const refused = await clock(co, 'in');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'CERTIFICATION_EXPIRED',
      details: [{ type: 'food_handler', expiredOn: addDays(today, -1) }],
    });
    expect((await db().collection(`companies/${co.companyId}/punches`).get()).size).toBe(0);

    const renewed = await documents()
      .patch(`/documents/${cert.body.data.id}`)
      .query(q)
      .set(bearer(co.manager))
      .send({ expiresOn: addDays(today, 365) });
    expect(renewed.status).toBe(200);
    expect((await clock(co, 'in')).status).toBe(201);
  });

  it('with the policy off (the default) an expired certificate does not block, and with blockWhenMissing an employee without one is blocked', async () => {
    const zone = noonZone();
    const co = await attendanceCompany({ profile: { timezone: zone } });
    const q = { companyId: co.companyId };
    await documents()
      .post('/documents')
      .query({ ...q, employeeId: co.employeeId, type: 'alcohol_service', expiresOn: '2020-01-01' })
      .set(bearer(co.manager))
      .set('Content-Type', 'application/pdf')
      .send(PDF('alcohol'));
    expect((await clock(co, 'in')).status).toBe(201);
    expect((await clock(co, 'out')).status).toBe(200);

    await documents()
      .patch('/documents/policy')
      .query(q)
      .set(bearer(co.owner))
      .send({
        blockClockInWhenExpired: true,
        requiredTypes: ['food_handler', 'alcohol_service'],
        blockWhenMissing: true,
      });
    const refused = await clock(co, 'in');
    expect(refused.status).toBe(422);
    expect(refused.body.details.map((d: { message: string }) => d.message)).toEqual([
      'no food_handler document',
      'alcohol_service expired on 2020-01-01',
    ]);
  });
});
