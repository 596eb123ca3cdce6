import { api } from '../../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../../helpers/fixtures';
import { captureLogs } from '../../helpers/logs';
import { rootDocsOf, storedText } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';

let co: TestCompany;
let key: string;
const logs = captureLogs();

// Europe/Madrid; the business day changes at 04:00
const DAY_CHANGE = 4 * 3600;

beforeAll(async () => {
  co = await createCompany({
    settings: { dayChangeTime: DAY_CHANGE },
    profile: { daysStructure: { Friday: { evening: { start: 1140, perClient: 12, revenue: 4000 } } } },
  });
  logs.start();
  const res = await engine()
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug: 'opentable' });
  expect(res.status).toBe(201);
  key = res.body.data.partnerKey;
});

afterAll(() => logs.stop());

const engine = () => api('integrationEngine');
const push = (reservations: unknown[], partnerKey = key, slug = 'opentable') =>
  engine()
    .post(`/partners/${slug}/reservations`)
    .set({ Authorization: `Bearer ${partnerKey}` })
    .send({ reservations });
// the key's secret: everything after `wfpk_{keyId}_` (base64url, so it may itself hold '_')
const secretOf = (partnerKey: string) => partnerKey.split('_').slice(2).join('_');
const covers = (startDate: string, endDate: string) =>
  engine().get('/reservations/covers').query({ companyId: co.companyId, startDate, endDate }).set(bearer(co.manager));

describe('the partner key', () => {
  it('is shown once at connect and stored only as a SHA-256 hash', async () => {
    expect(key).toMatch(/^wfpk_[0-9a-f]{18}_[A-Za-z0-9_-]{43}$/);
    const [stored] = await rootDocsOf('partnerKeys', co.companyId);
    expect(stored).toMatchObject({ slug: 'opentable', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await storedText(co.companyId)).not.toContain(secretOf(key));
    const detail = await api('integrations')
      .get('/integrations/reservation/opentable')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(JSON.stringify(detail.body)).not.toContain(key);
    expect(detail.body.data).toMatchObject({ state: 'connected', active: true });
  });

  it("refuses a missing, malformed, wrong or other partner's key with 401 PARTNER_KEY_INVALID, writing nothing", async () => {
    const before = await snapshotCompany(co.companyId);
    const item = [{ id: 'r-x', status: 'booked', partySize: 2, startsAt: '2026-12-04T20:00:00+01:00' }];
    const wrong = `${key.slice(0, -4)}AAAA`;
    for (const res of [
      await engine().post('/partners/opentable/reservations').send({ reservations: item }),
      await push(item, 'not-a-key'),
      await push(item, wrong),
      await push(item, key, 'resy'),
      await engine()
        .post('/partners/opentable/reservations')
        .set({ Authorization: `Bearer ${wrong}` })
        .send({ broken: true }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'PARTNER_KEY_INVALID' });
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

describe('pushing reservations', () => {
  it('stores each reservation and counts covers per business day and hour of the company calendar', async () => {
    const res = await push([
      { id: 'r-1', status: 'booked', partySize: 4, startsAt: '2026-12-04T20:30:00+01:00' },
      { id: 'r-2', status: 'confirmed', partySize: 2, startsAt: Date.parse('2026-12-04T21:00:00+01:00') },
      // 01:30 on Saturday belongs to Friday's business day (dayChangeTime 04:00), hour 25
      { id: 'r-3', status: 'booked', partySize: 6, startsAt: '2026-12-05T01:30:00+01:00' },
      { id: 'r-4', status: 'cancelled', partySize: 8, startsAt: '2026-12-04T20:00:00+01:00' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: 4, created: 4, updated: 0, unchanged: 0, stale: 0, rejected: [] });
    const day = (await covers('2026-12-04', '2026-12-05')).body.data;
    expect(day.days[0]).toMatchObject({ date: '2026-12-04', weekday: 'Friday', covers: 12, reservations: 3 });
    expect(day.days[0].byHour[20]).toBe(4);
    expect(day.days[0].byHour[21]).toBe(2);
    expect(day.days[0].byHour[25]).toBe(6);
    expect(day.days[0].template).toEqual({ evening: { start: 1140, perClient: 12, revenue: 4000 }, morning: null });
    expect(day.days[1]).toMatchObject({ date: '2026-12-05', covers: 0 });
    expect(day.totalCovers).toBe(12);
  });

  it("changes nothing on a repeated push (idempotent on the partner's id)", async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await push([{ id: 'r-1', status: 'booked', partySize: 4, startsAt: '2026-12-04T20:30:00+01:00' }]);
    expect(res.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('moves covers when a reservation changes, and removes them when it is cancelled', async () => {
    const res = await push([
      {
        id: 'r-1',
        status: 'booked',
        partySize: 5,
        startsAt: '2026-12-05T19:00:00+01:00',
        updatedAt: '2026-11-20T10:00:00Z',
      },
      { id: 'r-2', status: 'cancelled', partySize: 2, startsAt: Date.parse('2026-12-04T21:00:00+01:00') },
    ]);
    expect(res.body.data).toMatchObject({ updated: 2 });
    const data = (await covers('2026-12-04', '2026-12-05')).body.data;
    expect(data.days[0]).toMatchObject({ covers: 6, reservations: 1 });
    expect(data.days[0].byHour[20]).toBe(0);
    expect(data.days[1]).toMatchObject({ covers: 5, reservations: 1 });
    expect(data.days[1].byHour[19]).toBe(5);
  });

  it('ignores an older version delivered late (stale), and applies a newer one', async () => {
    const late = await push([
      {
        id: 'r-1',
        status: 'cancelled',
        partySize: 5,
        startsAt: '2026-12-05T19:00:00+01:00',
        updatedAt: '2026-11-20T09:00:00Z',
      },
    ]);
    expect(late.body.data).toMatchObject({ stale: 1, updated: 0 });
    expect((await covers('2026-12-05', '2026-12-05')).body.data.days[0].covers).toBe(5);
    const newer = await push([
      {
        id: 'r-1',
        status: 'seated',
        partySize: 3,
        startsAt: '2026-12-05T19:00:00+01:00',
        updatedAt: '2026-11-20T11:00:00Z',
      },
    ]);
    expect(newer.body.data).toMatchObject({ updated: 1 });
    expect((await covers('2026-12-05', '2026-12-05')).body.data.days[0].covers).toBe(3);
  });

  it('rejects bad items one by one, never blocking the others', async () => {
    const res = await push([
      { id: 'r-10', status: 'booked', partySize: 2, startsAt: '2026-12-06T13:00:00+01:00' },
      { id: 'r-11', status: 'maybe', partySize: 2, startsAt: '2026-12-06T13:00:00+01:00' },
      { id: 'r-12', status: 'booked', partySize: 0, startsAt: '2026-12-06T13:00:00+01:00' },
      { id: 'r-13', status: 'booked', partySize: 2, startsAt: '2026-12-06 13:00' },
      { id: 'r-10', status: 'booked', partySize: 3, startsAt: '2026-12-06T13:00:00+01:00' },
      { id: 'bad/id', status: 'booked', partySize: 2, startsAt: '2026-12-06T13:00:00+01:00' },
      'not an object',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(1);
    expect(res.body.data.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'INVALID_ITEM'],
      [2, 'INVALID_ITEM'],
      [3, 'INVALID_ITEM'],
      [4, 'DUPLICATE_IN_BATCH'],
      [5, 'INVALID_ITEM'],
      [6, 'INVALID_ITEM'],
    ]);
    expect((await covers('2026-12-06', '2026-12-06')).body.data.days[0].covers).toBe(2);
  });

  it('answers 400 for a body that is not a list of 1 to 500 reservations', async () => {
    expect((await push([])).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({
      id: `m-${i}`,
      status: 'booked',
      partySize: 2,
      startsAt: 0,
    }));
    expect((await push(tooMany)).status).toBe(400);
  });

  it('counts each reservation once under two overlapping pushes', async () => {
    const batch = Array.from({ length: 30 }, (_, i) => ({
      id: `c-${i}`,
      status: 'booked',
      partySize: 2,
      startsAt: '2026-12-10T20:00:00+01:00',
    }));
    const results = await Promise.all([push(batch), push(batch)]);
    expect(results[0].body.data.created + results[1].body.data.created).toBe(30);
    expect((await covers('2026-12-10', '2026-12-10')).body.data.days[0]).toMatchObject({
      covers: 60,
      reservations: 30,
    });
  });
});

describe('revoking', () => {
  it('refuses the old key once the owner issues a new one, and any key once disconnected', async () => {
    const again = await engine()
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug: 'opentable' });
    const fresh = again.body.data.partnerKey;
    expect(fresh).not.toBe(key);
    const item = [{ id: 'r-20', status: 'booked', partySize: 2, startsAt: '2026-12-11T20:00:00+01:00' }];
    expect((await push(item, key)).status).toBe(401);
    expect((await push(item, fresh)).status).toBe(200);
    expect(await rootDocsOf('partnerKeys', co.companyId)).toHaveLength(1);
    await engine().delete('/connections/opentable').query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(await rootDocsOf('partnerKeys', co.companyId)).toEqual([]);
    expect((await push(item, fresh)).status).toBe(401);
  });

  it('never logs a partner key', () => {
    expect(logs.lines.join('\n')).not.toContain(secretOf(key));
  });
});

describe('GET /reservations/covers', () => {
  it('is for managers: an employee gets 403; a reversed or longer than 366-day range is 400', async () => {
    const employee = await engine()
      .get('/reservations/covers')
      .query({ companyId: co.companyId, startDate: '2026-12-01', endDate: '2026-12-02' })
      .set(bearer(co.employee));
    expect(employee.status).toBe(403);
    expect((await covers('2026-12-02', '2026-12-01')).body.code).toBe('INVALID_DATE_RANGE');
    expect((await covers('2026-01-01', '2027-01-02')).status).toBe(400);
  });

  it('keeps covers per company: another company sees none', async () => {
    const other = await createCompany();
    const res = await engine()
      .get('/reservations/covers')
      .query({ companyId: other.companyId, startDate: '2026-12-04', endDate: '2026-12-04' })
      .set(bearer(other.manager));
    expect(res.body.data.days[0].covers).toBe(0);
    const docs = await db().collection('companies').doc(other.companyId).collection('reservations').get();
    expect(docs.empty).toBe(true);
  });
});
