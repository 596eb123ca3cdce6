import { instant } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { EMPLOYER, linkEmployees, orgApi, twoLocationGroup, type Group } from '../organizations/support';
import { createCompany, addMember, type TestCompany } from '../helpers/fixtures';
import { api } from '../helpers/api';
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

describe('a closed week whose hours elsewhere change after the close', () => {
  it('pays North’s share of the overtime South’s later hours make, in North’s next period, and leaves the closed one as paid', async () => {
    const g = await group();
    await linkEmployees(g);
    await threeDays(g.a, 0); // Mon-Wed at North
    const closed = await payroll()
      .post(`/payroll/periods/${MON}/close`)
      .query({ companyId: g.a.companyId })
      .set(bearer(g.a.owner))
      .send({});
    expect(closed.status).toBe(200);
    expect((await rowOf(g.a)).totalPay).toBe(48_000); // 24 h at $20, no overtime yet
    await threeDays(g.b, 3); // Thu-Sat at South, approved after North closed
    // the closed report stays as paid
    expect((await rowOf(g.a)).totalPay).toBe(48_000);
    const next = (await reportOf(g.a, '2026-11-09')).row(g.a.employeeId)!;
    const lines = next.adjustments as Record<string, unknown>[];
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'priorPeriod',
        cause: 'hoursElsewhere',
        weekStart: MON,
        closedPeriodStart: MON,
        paid: 48_000,
        owed: 51_200,
        amount: 3200,
      }),
    ]);
    expect(String(lines[0].reason)).toContain('from 24.00 h to 48.00 h');
    expect(next.totalPay).toBe(3200);
    // South, whose week is open, pays its own share as before
    expect((await rowOf(g.b)).totalPay).toBe(24 * 1200 + 3200);
    // nothing changed elsewhere since: no line for the week at South's next period
    const south = (await reportOf(g.b, '2026-11-09')).row(g.b.employeeId);
    expect(south?.adjustments ?? []).toEqual([]);
  });
});

describe('the employer’s export over its locations', () => {
  const exportOf = (g: Group, layout: string, as = g.owner, employerId = g.employerId) =>
    api('payroll')
      .get(`/organizations/${g.orgId}/employers/${employerId}/payroll/periods/${MON}/export`)
      .query({ layout })
      .set(bearer(as));
  const close = async (co: TestCompany) =>
    expect(
      (
        await payroll()
          .post(`/payroll/periods/${MON}/close`)
          .query({ companyId: co.companyId })
          .set(bearer(co.owner))
          .send({})
      ).status,
    ).toBe(200);
  const csv = (res: { body: { data: { body: string } } }) => {
    const [header, ...lines] = res.body.data.body.trim().split('\r\n');
    const names = header.split(',');
    return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
  };
  /** 24 h at North ($20) and 24 h at South ($12), linked, both weeks closed: 8 h of overtime at $16, $64, $32 at each. */
  async function closedGroup() {
    const g = await group();
    await linkEmployees(g);
    await threeDays(g.a, 0);
    await threeDays(g.b, 3);
    await close(g.a);
    await close(g.b);
    return g;
  }

  it('writes both locations’ rows in one file: a row per location (generic, ADP) or one line per person (Gusto), paying the two reports to the cent', async () => {
    const g = await closedGroup();
    const generic = await exportOf(g, 'generic');
    expect(generic.status).toBe(200);
    expect(generic.body.data.filename).toBe(`payroll-${g.employerId}-${MON}_2026-11-08-generic.csv`);
    const rows = csv(generic).filter((r) => r.employee_number === 'E-1');
    expect(rows.map((r) => [r.location_name, r.regular_hours, r.overtime_hours, r.total_pay]).sort()).toEqual([
      ['Harbor North', '20.00', '4.00', '512.00'],
      ['Harbor South', '20.00', '4.00', '320.00'],
    ]);
    expect(rows.map((r) => r.location_id).sort()).toEqual([g.a.companyId, g.b.companyId].sort());

    const adp = csv(await exportOf(g, 'adp')).filter((r) => r['File #'] === 'E-1');
    expect(new Set(adp.map((r) => r['Co Code']))).toEqual(new Set(['HG1']));
    const hours = (k: string) => adp.reduce((s, r) => s + Number(r[k] || 0), 0);
    expect([hours('Reg Hours'), hours('O/T Hours')]).toEqual([40, 8]);

    // Gusto: one line, its hours priced at one rate, the rest in correction_payment
    const gusto = csv(await exportOf(g, 'gusto'));
    const emma = gusto.filter((r) => r.gusto_employee_id === 'E-1');
    expect(emma).toHaveLength(1);
    expect(emma[0]).toMatchObject({ regular_hours: '40.00', overtime_hours: '8.00' });
    // both worked 1,440 minutes: the first location by id gives the rate
    const base = g.a.companyId < g.b.companyId ? 2000 : 1200;
    const paid = 40 * base + 8 * base * 1.5 + Math.round(Number(emma[0].correction_payment) * 100);
    expect(paid).toBe(51_200 + 32_000);
  });

  it('refuses a file while a location’s period is open, names it, and writes nothing', async () => {
    const g = await group();
    await linkEmployees(g);
    await threeDays(g.a, 0);
    await close(g.a);
    const res = await exportOf(g, 'generic');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PERIOD_NOT_CLOSED');
    expect(res.body.details).toEqual([expect.objectContaining({ companyId: g.b.companyId, location: 'Harbor South' })]);
  });

  it('refuses locations whose pay periods differ, listing each location’s period; a date starting none is 404', async () => {
    const g = await group();
    const tuesday = await api('payroll')
      .get(`/organizations/${g.orgId}/employers/${g.employerId}/payroll/periods/2026-11-03/export`)
      .set(bearer(g.owner));
    expect([tuesday.status, tuesday.body.code]).toEqual([404, 'PERIOD_NOT_FOUND']);
    await setPayroll(g.b, { payFrequency: 'biweekly', anchorDate: MON });
    const res = await exportOf(g, 'generic');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('EMPLOYER_PERIODS_DIFFER');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: 'Harbor North', startDate: MON, endDate: '2026-11-08' }),
        expect.objectContaining({ location: 'Harbor South', startDate: MON, endDate: '2026-11-15' }),
      ]),
    );
  });

  it('refuses a person with two employee numbers for ADP, Paychex and Gusto, not for the generic layout', async () => {
    const g = await closedGroup();
    await db().collection('companies').doc(g.b.companyId).collection('employees').doc(g.b.employeeId).update({
      employeeNumber: 'S-9',
    });
    // the frozen reports keep the numbers as closed: reopen and close South again
    const reopened = await payroll()
      .post(`/payroll/periods/${MON}/reopen`)
      .query({ companyId: g.b.companyId })
      .set(bearer(g.b.owner))
      .send({ reason: 'employee number corrected' });
    expect(reopened.status).toBe(200);
    await close(g.b);
    for (const layout of ['adp', 'paychex', 'gusto']) {
      const res = await exportOf(g, layout);
      expect([layout, res.status, res.body.code]).toEqual([layout, 422, 'LINKED_EMPLOYEE_NUMBERS_DIFFER']);
      expect(res.body.details.map((d: { employeeNumber: string }) => d.employeeNumber).sort()).toEqual(['E-1', 'S-9']);
    }
    expect((await exportOf(g, 'generic')).status).toBe(200);
  });

  it('is the organization’s: a location’s manager gets 404, an unknown employer 422', async () => {
    const g = await group();
    const asManager = await exportOf(g, 'generic', g.a.manager);
    expect([asManager.status, asManager.body.code]).toEqual([404, 'ORGANIZATION_NOT_FOUND']);
    const unknown = await exportOf(g, 'generic', g.owner, 'no-such-employer');
    expect([unknown.status, unknown.body.code]).toEqual([422, 'EMPLOYER_NOT_FOUND']);
  });
});
