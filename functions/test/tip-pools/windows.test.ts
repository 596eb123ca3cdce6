import { instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, storeEmployees } from '../payroll/helpers';
import {
  adjusted,
  definePool,
  serversByHours,
  distributeOf,
  lockOf,
  poolId,
  role,
  sales,
  shares,
  sorted,
} from './helpers';

/**
 * Pools of one daypart and of one shift, through the API, with the figures of docs/TIPS.md
 * (worked example E): Texas, America/Chicago, the business day changing at 04:00, dayparts lunch
 * 11:00, dinner 16:00, late 22:00. Monday 2026-11-23.
 */
const TZ = 'America/Chicago';
const at = (date: string, hour: number, minute = 0) => instant(date, hour * 60 + minute, TZ);
const D1 = '2026-11-23';
const D2 = '2026-11-24';

async function restaurant() {
  const co = await createCompany({
    profile: { timezone: TZ, weekStartingDay: 1, lawLocation: { state: 'TX', county: null, city: null } },
    settings: { dayChangeTime: 4 * 3600, dayparts: { lunch: 660, dinner: 960, late: 1320 } },
  });
  const [server, busser] = await Promise.all([role(co, 'Server', 'FOH'), role(co, 'Busser', 'FOH')]);
  await storeEmployees(co.companyId, { ben: { name: 'Ben', surname: 'B' }, cy: { name: 'Cy', surname: 'C' } });
  return { co, server, busser, ana: co.employeeId };
}

const daypartPool = (server: string, daypart: string, extra: Record<string, unknown> = {}) =>
  serversByHours(server, { name: `Servers at ${daypart}`, period: 'daypart', daypart, ...extra });

describe('a lunch pool and a dinner pool of the same day, a server working across both', () => {
  let r: Awaited<ReturnType<typeof restaurant>>;
  let lunch: string;
  let dinner: string;
  beforeAll(async () => {
    r = await restaurant();
    // Ana 11:00-19:00 (300 minutes at lunch, 180 at dinner), Ben 11:00-15:00 (240 at lunch), Cy 16:00-22:00 (360 at dinner)
    await approvedPunch(r.co, r.ana, at(D1, 11), at(D1, 19), { positionId: r.server });
    await approvedPunch(r.co, 'ben', at(D1, 11), at(D1, 15), { positionId: r.server });
    await approvedPunch(r.co, 'cy', at(D1, 16), at(D1, 22), { positionId: r.server });
    await sales(r.co, [
      ['a1', r.ana, at(D1, 12, 30), 20000, 4000],
      ['a2', r.ana, at(D1, 15, 55), 10000, 2000],
      ['a3', r.ana, at(D1, 18), 15000, 3000],
      ['b1', 'ben', at(D1, 13), 18000, 3501],
      ['c1', 'cy', at(D1, 19), 30000, 6000],
      ['c2', 'cy', at(D1, 21, 59), 8000, 1501],
    ]);
    lunch = await poolId(r.co, daypartPool(r.server, 'lunch'));
    dinner = await poolId(r.co, daypartPool(r.server, 'dinner'));
  }, 120_000);

  it('lunch: the $95.01 of the checks closed 11:00-16:00 over 300 and 240 lunch minutes, $52.78 and $42.23', async () => {
    const res = await distributeOf(r.co, lunch, D1);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'open', entered: 9501, periodStart: D1, periodEnd: D1 });
    // 9501 x 300 / 540 = 5278.33, x 240 / 540 = 4222.67: the cent left goes to Ben (the larger fraction)
    expect(shares(res.body.data.entries)).toEqual(
      sorted([
        ['pool', r.ana, 6000, 5278],
        ['pool', 'ben', 3501, 4223],
      ]),
    );
    const ana = res.body.data.entries.find((e: { employeeId: string }) => e.employeeId === r.ana);
    expect(ana).toMatchObject({ basis: 300, totalBasis: 540, exact: 5278.3333, rounding: -0.3333 });
    expect(ana.rule).toBe(`daypart lunch 11:00-16:00; hours: minutes worked in ${r.server}`);
  });

  it('dinner: the $105.01 of the checks closed 16:00-22:00 over 180 and 360 dinner minutes, $35.00 and $70.01', async () => {
    const res = await distributeOf(r.co, dinner, D1);
    expect(res.status).toBe(200);
    expect(res.body.data.entered).toBe(10501);
    expect(shares(res.body.data.entries)).toEqual(
      sorted([
        ['pool', r.ana, 3000, 3500],
        ['pool', 'cy', 7501, 7001],
      ]),
    );
    // Ana's 480 minutes are counted once: 300 at lunch and 180 at dinner
    expect(res.body.data.entries.find((e: { employeeId: string }) => e.employeeId === r.ana).basis).toBe(180);
  });

  it('refuses a day pool or a shift pool of the same class (their windows cross the dayparts), and takes a busser lunch pool of cash', async () => {
    const day = await definePool(r.co, {
      ...daypartPool(r.server, 'lunch'),
      name: 'Day',
      period: 'day',
      daypart: null,
    });
    expect(day.status).toBe(409);
    expect(day.body.code).toBe('TIP_POOL_OVERLAP');
    expect(day.body.details[0]).toMatchObject({ roleId: null, tipClass: 'card', reason: 'crossing-windows' });
    const shift = await definePool(r.co, {
      ...daypartPool(r.busser, 'lunch'),
      name: 'PM',
      period: 'shift',
      daypart: null,
      shift: 'pm',
    });
    expect(shift.status).toBe(409);
    expect(shift.body.details[0].reason).toBe('crossing-windows');
    // the same lunch, the same role and class: the tips are taken already
    const twice = await definePool(r.co, { ...daypartPool(r.server, 'lunch'), name: 'Lunch again' });
    expect(twice.status).toBe(409);
    expect(twice.body.details[0]).toMatchObject({ roleId: r.server, reason: 'same-tips' });
    // a daypart without its name, or a name without period daypart: 400, nothing written
    const unnamed = await definePool(r.co, { ...daypartPool(r.server, 'late'), daypart: null });
    expect(unnamed.status).toBe(400);
    const cash = await definePool(r.co, { ...daypartPool(r.busser, 'lunch'), name: 'Bussers', tipClasses: ['cash'] });
    expect(cash.status).toBe(201);
  });

  it('locks lunch; a late lunch check is paid as adjustments the next day, dinner unchanged', async () => {
    const locked = await lockOf(r.co, lunch, D1);
    expect(locked.status).toBe(200);
    const dinnerBefore = (await distributeOf(r.co, dinner, D1)).body.data.entries;
    // Ben's late check at 14:00: $9.00 more; lunch is now 10401: 5778.33 and 4622.67
    await sales(r.co, [['b2', 'ben', at(D1, 14), 5000, 900]]);
    const res = await distributeOf(r.co, lunch, D1);
    expect(res.body.data.state).toBe('locked');
    expect(res.body.data.entries).toEqual(locked.body.data.entries);
    expect(adjusted(res.body.data.adjustments)).toEqual(
      sorted([
        [r.ana, D2, D1, 0, 500],
        ['ben', D2, D1, 900, 400],
      ]),
    );
    const dinnerAfter = await distributeOf(r.co, dinner, D1);
    expect(dinnerAfter.body.data.entries).toEqual(dinnerBefore);
  });
});

describe('a pool of the evening shift', () => {
  it("takes the checks closed from the template's evening start on (else the dinner daypart) and the minutes worked from then", async () => {
    const r = await restaurant();
    // Monday's evening starts at 17:00 in the template: Ana 15:00-20:00 works 120 am and 180 pm minutes
    await approvedPunch(r.co, r.ana, at(D1, 15), at(D1, 20), { positionId: r.server });
    await approvedPunch(r.co, 'ben', at(D1, 17), at(D1, 23), { positionId: r.server });
    await sales(r.co, [
      ['a1', r.ana, at(D1, 16, 30), 10000, 1000],
      ['a2', r.ana, at(D1, 19), 10000, 2000],
      ['b1', 'ben', at(D1, 22), 10000, 4000],
    ]);
    const template = await api('schedule')
      .patch(`/companies/${r.co.companyId}/schedule-template`)
      .set(bearer(r.co.owner))
      .send({ daysStructure: { Monday: { morning: { start: 600 }, evening: { start: 1020 } } } });
    expect(template.status).toBeLessThan(300);
    const pm = await poolId(r.co, {
      ...daypartPool(r.server, 'dinner'),
      name: 'PM',
      period: 'shift',
      daypart: null,
      shift: 'pm',
    });
    const res = await distributeOf(r.co, pm, D1);
    expect(res.status).toBe(200);
    // 6000 over 180 and 360 minutes: 2000 and 4000
    expect(res.body.data.entered).toBe(6000);
    expect(shares(res.body.data.entries)).toEqual(
      sorted([
        ['pool', r.ana, 2000, 2000],
        ['pool', 'ben', 4000, 4000],
      ]),
    );
    expect(res.body.data.entries[0].rule).toMatch(/^shift pm 17:00-04:00; /);
  }, 120_000);
});
