import { instant } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { EMPLOYER, linkEmployees, orgApi, twoLocationGroup, type Group } from '../organizations/support';
import { createCompany, addMember, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, reportOf, setPayroll } from './helpers';

/**
 * Weekly overtime over an employer's locations, through the API: one person with a record at
 * Harbor North ($20) and one at Harbor South ($12), linked; both New York, weeks and weekly pay
 * periods from Monday, FLSA.
 */
jest.setTimeout(120_000);

const TZ = 'America/New_York';
const MON = '2026-11-02';
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);
const day = (i: number) => `2026-11-0${2 + i}`;

async function asLocation(co: TestCompany, rate: number, profile: Record<string, unknown> = {}) {
  await db()
    .collection('companies')
    .doc(co.companyId)
    .set({ timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1, ...profile }, { merge: true });
  await db().collection('companies').doc(co.companyId).collection('employees').doc(co.employeeId).update({
    rateRegular: rate,
    employeeNumber: 'E-1',
  });
  await setPayroll(co, { payFrequency: 'weekly', anchorDate: MON });
}

/** Three 8-hour days at the location, from its `first` day of the week. */
async function threeDays(co: TestCompany, first: number) {
  for (let i = first; i < first + 3; i++) await approvedPunch(co, co.employeeId, at(day(i), 9), at(day(i), 17));
}

async function group(profileOfB: Record<string, unknown> = {}): Promise<Group> {
  const g = await twoLocationGroup();
  await asLocation(g.a, 20);
  await asLocation(g.b, 12, profileOfB);
  return g;
}

const rowOf = async (co: TestCompany) => (await reportOf(co, MON)).row(co.employeeId)!;

describe('weekly overtime across an employer’s locations', () => {
  it('pays 24 h at North and 24 h at South of one employer 8 h of overtime, 4 h at each at the regular rate over both', async () => {
    const g = await group();
    await linkEmployees(g);
    await threeDays(g.a, 0); // Mon-Wed at North
    await threeDays(g.b, 3); // Thu-Sat at South
    const north = await rowOf(g.a);
    const south = await rowOf(g.b);
    // the regular rate: (24 h x $20 + 24 h x $12) / 48 h = $16; the premium 8 h x $8 = $64, $32 each
    for (const [row, rate] of [
      [north, 2000],
      [south, 1200],
    ] as const) {
      expect(row).toMatchObject({ workedMinutes: 1440, regularMinutes: 1200, overtimeMinutes: 240 });
      expect(row.totalPay).toBe(24 * rate + 3200);
      const [week] = row.weeks as Record<string, unknown>[];
      expect(week).toMatchObject({ regularRate: 1600, premiumPortion: 3200, overtimeMinutes: 240 });
      expect(week.acrossLocations).toMatchObject({
        workedMinutes: 2880,
        overtimeMinutes: 480,
        premium: 6400,
        overtimeShareMinutes: 240,
        premiumShare: 3200,
      });
    }
    expect((north.weeks as { acrossLocations: unknown }[])[0].acrossLocations).toMatchObject({
      elsewhere: [{ location: 'Harbor South', workedMinutes: 1440 }],
    });
    expect(north.acrossLocations).toEqual([{ location: 'Harbor South', added: true, reason: null }]);
    // the other location's rates, punches and ids are not told
    expect(JSON.stringify(north)).not.toContain(g.b.companyId);
    expect(JSON.stringify(north)).not.toContain('"rate":1200');
    // the earnings add up to the pay: North's straight time at its own rate and its share of the premium
    const earnings = north.earnings as { kind: string; amount: number; rate: number; minutes: number }[];
    expect(earnings.reduce((s, e) => s + e.amount, 0)).toBe(north.totalPay);
    expect(earnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'straightTime', rate: 2000, minutes: 1440, amount: 48_000 }),
        expect.objectContaining({ kind: 'overtimePremium', rate: 800, minutes: 240, amount: 3200 }),
      ]),
    );
  });

  it('adds nothing for records that are not linked, nor at a location of another employer', async () => {
    const g = await group();
    // another employer of the organization, with its own location
    const other = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ ...EMPLOYER, name: 'Harbor Two LLC', ein: '12-7654321' });
    expect(other.status).toBe(201);
    const employerId = other.body.data.id as string;
    const c = await createCompany({ profile: { name: 'Harbor East' } });
    await addMember(c.companyId, g.owner, 'owner');
    expect(
      (
        await orgApi()
          .put(`/organizations/${g.orgId}/locations/${c.companyId}`)
          .set(bearer(g.owner))
          .send({ employerId })
      ).status,
    ).toBe(200);
    await asLocation(c, 12);
    const refused = await orgApi()
      .post(`/organizations/${g.orgId}/employee-links`)
      .set(bearer(g.owner))
      .send({
        records: [
          { companyId: g.a.companyId, employeeId: g.a.employeeId },
          { companyId: c.companyId, employeeId: c.employeeId },
        ],
      });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('DIFFERENT_EMPLOYERS');
    await threeDays(g.a, 0);
    await threeDays(g.b, 3);
    await threeDays(c, 3);
    for (const co of [g.a, g.b, c]) {
      const row = await rowOf(co);
      expect(row).toMatchObject({ workedMinutes: 1440, overtimeMinutes: 0 });
      expect(row.acrossLocations).toBeUndefined();
      expect((row.weeks as { acrossLocations?: unknown }[])[0].acrossLocations).toBeUndefined();
    }
  });

  it('does not add the hours of a location whose workweek starts on another day, and says so', async () => {
    const g = await group({ weekStartingDay: 0 });
    await linkEmployees(g);
    await threeDays(g.a, 0);
    await threeDays(g.b, 3);
    const north = await rowOf(g.a);
    expect(north).toMatchObject({ workedMinutes: 1440, overtimeMinutes: 0, totalPay: 48_000 });
    expect(north.acrossLocations).toEqual([{ location: 'Harbor South', added: false, reason: 'workweekDiffers' }]);
  });

  it('exports a location of an organization with its employer’s company code (ADP Co Code, Paychex Client ID)', async () => {
    const g = await group();
    await linkEmployees(g);
    await setPayroll(g.a, { companyCode: 'OWN-1' });
    await threeDays(g.a, 0);
    await threeDays(g.b, 3);
    const q = { companyId: g.a.companyId };
    const closed = await payroll().post(`/payroll/periods/${MON}/close`).query(q).set(bearer(g.a.owner)).send({});
    expect(closed.status).toBe(200);
    const adp = await payroll()
      .get(`/payroll/periods/${MON}/export`)
      .query({ ...q, layout: 'adp' })
      .set(bearer(g.a.owner));
    expect(adp.status).toBe(200);
    const lines = (adp.body.data.body as string).trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line.startsWith('HG1,')).toBe(true);
    // the employer has no Paychex code: the location's own setting
    const paychex = await payroll()
      .get(`/payroll/periods/${MON}/export`)
      .query({ ...q, layout: 'paychex' })
      .set(bearer(g.a.owner));
    expect(paychex.status).toBe(200);
    expect((paychex.body.data.body as string).split(/\r?\n/)[1]).toMatch(/^OWN-1,/);
  });
});
