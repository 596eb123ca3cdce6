import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';

const slot = { start: 540, end: 1020, key: 'a', cooks: { required: 2, hold: 1 } };
const monday = {
  morning: { start: 480, revenue: 1200.5, perClient: 18 },
  evening: { start: 1080 },
  shifts: { kitchen: [slot] },
};

let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});
const get = (as = co.manager) => api('schedule').get(`/companies/${co.companyId}/schedule-template`).set(bearer(as));
const patch = (body: unknown, as = co.manager) =>
  api('schedule')
    .patch(`/companies/${co.companyId}/schedule-template`)
    .set(bearer(as))
    .send(body as object);

describe('schedule template', () => {
  it('reads an empty template before anything is set', async () => {
    expect((await get()).body).toEqual({ success: true, data: { daysStructure: {} } });
  });

  it('merges day by day: days not sent are kept, a day sent replaces that day whole', async () => {
    expect((await patch({ daysStructure: { Monday: monday } })).status).toBe(200);
    const res = await patch({ daysStructure: { Tuesday: { shifts: { bar: [{ start: 600, end: 60 }] } } } });
    expect(res.body.data.daysStructure).toEqual({
      Monday: monday,
      Tuesday: { shifts: { bar: [{ start: 600, end: 60 }] } },
    });
    await patch({ daysStructure: { Monday: { evening: { start: 1100 } } } }).expect(200);
    expect((await get(co.employee)).body.data.daysStructure).toEqual({
      Monday: { evening: { start: 1100 } },
      Tuesday: { shifts: { bar: [{ start: 600, end: 60 }] } },
    });
  });

  it.each([
    ['an unknown day key', { daysStructure: { Funday: {} } }],
    ['an unknown field on a day', { daysStructure: { Monday: { lunch: {} } } }],
    ['an unknown field at the top', { daysStructure: {}, extra: 1 }],
    ['a slot without end', { daysStructure: { Monday: { shifts: { k: [{ start: 1 }] } } } }],
    ['a slot minute past 1439', { daysStructure: { Monday: { shifts: { k: [{ start: 1, end: 1440 }] } } } }],
    [
      'an extra slot property that is not an object',
      { daysStructure: { Monday: { shifts: { k: [{ start: 1, end: 2, cooks: 3 }] } } } },
    ],
    [
      'an extra slot object with another key',
      { daysStructure: { Monday: { shifts: { k: [{ start: 1, end: 2, cooks: { required: 1, hold: 0, max: 3 } }] } } } },
    ],
    [
      'an extra slot object with a negative count',
      { daysStructure: { Monday: { shifts: { k: [{ start: 1, end: 2, cooks: { required: -1, hold: 0 } }] } } } },
    ],
    [
      'an extra slot object with a fractional count',
      { daysStructure: { Monday: { shifts: { k: [{ start: 1, end: 2, cooks: { required: 1.5, hold: 0 } }] } } } },
    ],
    ['a morning start that is not an integer minute', { daysStructure: { Monday: { morning: { start: 'nine' } } } }],
    ['a missing daysStructure', {}],
  ])('rejects %s with 400 and writes nothing', async (_what, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('lets employees read but not change it (403), and answers 401 without a token and 403 to strangers', async () => {
    expect((await get(co.employee)).status).toBe(200);
    const before = await snapshotCompany(co.companyId);
    expect((await patch({ daysStructure: { Sunday: {} } }, co.employee)).status).toBe(403);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect((await api('schedule').get(`/companies/${co.companyId}/schedule-template`)).status).toBe(401);
    expect((await get(await createUser())).status).toBe(403);
  });

  it('answers 404 for a company whose record is gone', async () => {
    const { db } = await import('../../src/core/firebase');
    const gone = await createCompany();
    await db().collection('companies').doc(gone.companyId).delete();
    const res = await api('schedule').get(`/companies/${gone.companyId}/schedule-template`).set(bearer(gone.owner));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('COMPANY_NOT_FOUND');
    const patched = await api('schedule')
      .patch(`/companies/${gone.companyId}/schedule-template`)
      .set(bearer(gone.owner))
      .send({ daysStructure: { Monday: {} } });
    expect(patched.status).toBe(404);
    expect((await db().collection('companies').doc(gone.companyId).get()).exists).toBe(false);
  });
});
