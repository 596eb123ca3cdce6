import { snapshotCompany } from '../helpers/fixtures';
import { att, attendanceCompany, clock, companyRef, openEntry } from './helpers';
import { bearer } from '../helpers/users';

const SITE = { lat: 40.4168, lng: -3.7038 };
// about 55 m north, and about 1.1 km north
const NEAR = { lat: 40.4173, lng: -3.7038, accuracy: 10 };
const FAR = { lat: 40.4268, lng: -3.7038, accuracy: 10 };

const geoCompany = () => attendanceCompany({ profile: { location: SITE }, settings: { isGeolocationEnabled: true } });

describe('geolocation and the geofence', () => {
  it('accepts a clock-in and clock-out inside the geofence and keeps the coordinates on the punch', async () => {
    const co = await geoCompany();
    const inAnswer = await clock(co, 'in', { location: NEAR });
    expect(inAnswer.status).toBe(201);
    expect(inAnswer.body.data.clockInLocation).toEqual(NEAR);
    const out = await clock(co, 'out', { location: { ...NEAR, accuracy: 25 } });
    expect(out.status).toBe(200);
    expect(out.body.data.clockOutLocation).toEqual({ ...NEAR, accuracy: 25 });
  });

  it('refuses a clock-in outside the geofence with OUTSIDE_GEOFENCE and writes nothing', async () => {
    const co = await geoCompany();
    const before = await snapshotCompany(co.companyId);
    const answer = await clock(co, 'in', { location: FAR });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('OUTSIDE_GEOFENCE');
    expect(answer.body.details[0]).toMatchObject({ radiusMeters: 150 });
    expect(answer.body.details[0].distanceMeters).toBeGreaterThan(1000);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect((await openEntry(co.companyId, co.employeeId)).exists).toBe(false);
  });

  it('refuses a clock-in without a location with LOCATION_REQUIRED and writes nothing', async () => {
    const co = await geoCompany();
    const before = await snapshotCompany(co.companyId);
    const answer = await clock(co, 'in', {});
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('LOCATION_REQUIRED');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a clock-out outside the geofence, leaving the punch open', async () => {
    const co = await geoCompany();
    await clock(co, 'in', { location: NEAR });
    const before = await snapshotCompany(co.companyId);
    const out = await clock(co, 'out', { location: FAR });
    expect(out.body.code).toBe('OUTSIDE_GEOFENCE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect((await openEntry(co.companyId, co.employeeId)).exists).toBe(true);
  });

  it('counts the accuracy as an allowance, capped at 100 m, and honours the radius setting', async () => {
    const co = await geoCompany();
    // ~222 m away: outside 150 m, inside with a 80 m fix
    const edge = { lat: 40.4188, lng: -3.7038 };
    expect((await clock(co, 'in', { location: { ...edge, accuracy: 5 } })).body.code).toBe('OUTSIDE_GEOFENCE');
    expect((await clock(co, 'in', { location: { ...FAR, accuracy: 5000 } })).body.code).toBe('OUTSIDE_GEOFENCE');
    expect((await clock(co, 'in', { location: { ...edge, accuracy: 80 } })).status).toBe(201);
    await clock(co, 'out', { location: NEAR });
    await att()
      .patch('/settings')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ geofenceRadiusMeters: 2000 });
    expect((await clock(co, 'in', { location: FAR })).status).toBe(201);
  });

  it('accepts any of the company locations', async () => {
    const co = await attendanceCompany({
      profile: { location: SITE, locations: { annex: { lat: FAR.lat, lng: FAR.lng } } },
      settings: { isGeolocationEnabled: true },
    });
    expect((await clock(co, 'in', { location: FAR })).status).toBe(201);
  });

  it('records a location sent while the policy is off without checking it', async () => {
    const co = await attendanceCompany({ profile: { location: SITE } });
    const answer = await clock(co, 'in', { location: FAR });
    expect(answer.status).toBe(201);
    expect(answer.body.data.clockInLocation).toEqual(FAR);
    const stored = await companyRef(co.companyId).collection('punches').doc(answer.body.data.id).get();
    expect(stored.data()!.clockInLocation).toEqual(FAR);
  });
});
