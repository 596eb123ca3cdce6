import { db } from '../../src/core/firebase';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { createUser } from '../helpers/users';
import { getSales, importInvoices, invoice, salesData } from './helpers';

type Bucket = Record<string, unknown> & { key: string; totalSales: number };
const totals = (data: { buckets: Bucket[] }) => Object.fromEntries(data.buckets.map((b) => [b.key, b.totalSales]));

const company = (c: TestCompany) => db().collection('companies').doc(c.companyId);

describe('GET /sales', () => {
  let c: TestCompany;
  let serverRole: string;
  let barRole: string;
  let otherEmployee: string;
  const range = (extra: Record<string, unknown> = {}) => ({
    companyId: c.companyId,
    startDate: '2026-03-02',
    endDate: '2026-03-05',
    ...extra,
  });

  beforeAll(async () => {
    c = await createCompany();
    serverRole = (
      await company(c).collection('roles').add({ name: 'Server', rate: 10, priority: 0, subRoles: {}, archived: false })
    ).id;
    barRole = (
      await company(c)
        .collection('roles')
        .add({ name: 'Bartender', rate: 15, priority: 0, subRoles: {}, archived: false })
    ).id;
    otherEmployee = (
      await company(c).collection('employees').add({ name: 'Bob', surname: 'Bar', positions: [], archived: false })
    ).id;
    await company(c).collection('employees').doc(c.employeeId).update({ rateRegular: 12.5 });
    const a = { employeeId: c.employeeId, positionId: serverRole };
    const b = { employeeId: otherEmployee, positionId: barRole };
    await importInvoices(c.manager, c.companyId, [
      invoice({ ...a, externalId: 'm1', closedAt: '2026-03-02T12:10:00', amount: 1000, tips: 100, customers: 2 }),
      invoice({
        ...b,
        externalId: 'm2',
        closedAt: '2026-03-02T20:30:00',
        amount: 3000,
        tips: 300,
        customers: 3,
        posSource: 'toast',
      }),
      invoice({ ...a, externalId: 't1', closedAt: '2026-03-03T13:00:00', amount: 2000, tips: 0, customers: 1 }),
      invoice({
        ...a,
        externalId: 't1-R',
        closedAt: '2026-03-03T13:30:00',
        amount: -500,
        tips: 0,
        customers: 0,
        refund: true,
        refundOf: 't1',
      }),
      invoice({
        ...b,
        externalId: 'th1',
        closedAt: '2026-03-05T16:00:00',
        amount: 4000,
        tips: 400,
        customers: 4,
        posSource: 'clover',
      }),
      invoice({
        externalId: 'n1',
        closedAt: '2026-03-09T11:00:00',
        amount: 500,
        tips: 0,
        customers: 1,
        posSource: 'csv',
      }),
      invoice({ externalId: 'ap', closedAt: '2026-04-01T12:00:00', amount: 700, tips: 0, customers: 1 }),
    ]);
  });

  it('answers daily buckets with the default fields, a summary and the currency, from the day records', async () => {
    const data = await salesData(c.owner, range());
    expect(data).toMatchObject({
      source: 'salesActual',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      groupBy: 'daily',
      period: 'full',
      hours: null,
      excludeRefunds: true,
      fields: ['totalSales', 'morningSales', 'eveningSales', 'customerCount', 'tips'],
      hidden: [],
    });
    expect(data.buckets).toEqual([
      {
        key: '2026-03-02',
        start: '2026-03-02',
        end: '2026-03-02',
        days: 1,
        invoiceCount: 2,
        totalSales: 4000,
        morningSales: 1000,
        eveningSales: 3000,
        customerCount: 5,
        tips: 400,
      },
      {
        key: '2026-03-03',
        start: '2026-03-03',
        end: '2026-03-03',
        days: 1,
        invoiceCount: 1,
        totalSales: 2000,
        morningSales: 2000,
        eveningSales: 0,
        customerCount: 1,
        tips: 0,
      },
      {
        key: '2026-03-04',
        start: '2026-03-04',
        end: '2026-03-04',
        days: 1,
        invoiceCount: 0,
        totalSales: 0,
        morningSales: 0,
        eveningSales: 0,
        customerCount: 0,
        tips: 0,
      },
      {
        key: '2026-03-05',
        start: '2026-03-05',
        end: '2026-03-05',
        days: 1,
        invoiceCount: 1,
        totalSales: 4000,
        morningSales: 0,
        eveningSales: 4000,
        customerCount: 4,
        tips: 400,
      },
    ]);
  });

  it('summarizes totals, averages per bucket, and the best and worst bucket', async () => {
    const { summary } = await salesData(c.owner, range());
    expect(summary).toEqual({
      bucketCount: 4,
      totals: {
        days: 4,
        invoiceCount: 4,
        totalSales: 10000,
        morningSales: 3000,
        eveningSales: 7000,
        customerCount: 10,
        tips: 800,
      },
      averages: {
        days: 1,
        invoiceCount: 1,
        totalSales: 2500,
        morningSales: 750,
        eveningSales: 1750,
        customerCount: 2.5,
        tips: 200,
      },
      best: { key: '2026-03-02', totalSales: 4000 },
      worst: { key: '2026-03-04', totalSales: 0 },
    });
    expect((await salesData(c.owner, range({ includeSummary: 'false' }))).summary).toBeUndefined();
  });

  it('groups weeks on the company weekStartingDay, for every day of the week, keyed by the first day', async () => {
    try {
      for (let wsd = 0; wsd <= 6; wsd++) {
        await company(c).update({ weekStartingDay: wsd });
        const data = await salesData(c.owner, {
          companyId: c.companyId,
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          groupBy: 'weekly',
        });
        expect(data.weekStartingDay).toBe(wsd);
        const keys = data.buckets.map((b: Bucket) => b.key);
        for (const key of keys) expect(new Date(`${key}T00:00:00Z`).getUTCDay()).toBe(wsd);
        expect(keys[0] <= '2026-03-01').toBe(true);
        expect(data.buckets[0].start).toBe('2026-03-01');
        expect(data.buckets.at(-1).end).toBe('2026-03-31');
        expect(data.buckets.reduce((s: number, b: Bucket) => s + (b.days as number), 0)).toBe(31);
        expect(data.summary.totals.totalSales).toBe(10500);
      }
      await company(c).update({ weekStartingDay: 1 });
      expect(
        totals(
          await salesData(c.owner, {
            companyId: c.companyId,
            startDate: '2026-03-01',
            endDate: '2026-03-31',
            groupBy: 'weekly',
          }),
        ),
      ).toEqual({
        '2026-02-23': 0,
        '2026-03-02': 10000,
        '2026-03-09': 500,
        '2026-03-16': 0,
        '2026-03-23': 0,
        '2026-03-30': 0,
      });
      await company(c).update({ weekStartingDay: 4 });
      expect(
        totals(
          await salesData(c.owner, {
            companyId: c.companyId,
            startDate: '2026-03-01',
            endDate: '2026-03-14',
            groupBy: 'weekly',
          }),
        ),
      ).toEqual({
        '2026-02-26': 6000,
        '2026-03-05': 4500,
        '2026-03-12': 0,
      });
    } finally {
      await company(c).update({ weekStartingDay: 1 });
    }
  });

  it('groups months keyed by their first day, the first one starting at startDate', async () => {
    const data = await salesData(c.owner, {
      companyId: c.companyId,
      startDate: '2026-02-15',
      endDate: '2026-04-10',
      groupBy: 'monthly',
    });
    expect(data.buckets.map((b: Bucket) => [b.key, b.start, b.end, b.days, b.totalSales])).toEqual([
      ['2026-02-01', '2026-02-15', '2026-02-28', 14, 0],
      ['2026-03-01', '2026-03-01', '2026-03-31', 31, 10500],
      ['2026-04-01', '2026-04-01', '2026-04-10', 10, 700],
    ]);
  });

  it('splits morning and evening at morningPeriodEnd', async () => {
    expect(totals(await salesData(c.owner, range({ period: 'morning' })))).toEqual({
      '2026-03-02': 1000,
      '2026-03-03': 2000,
      '2026-03-04': 0,
      '2026-03-05': 0,
    });
    const evening = await salesData(c.owner, range({ period: 'evening' }));
    expect(totals(evening)).toEqual({ '2026-03-02': 3000, '2026-03-03': 0, '2026-03-04': 0, '2026-03-05': 4000 });
    expect(evening.buckets[0]).toMatchObject({ morningSales: 0, eveningSales: 3000, customerCount: 3, tips: 300 });
    await company(c)
      .collection('config')
      .doc('settings')
      .set({ morningPeriodEnd: 17 * 60 }, { merge: true });
    try {
      expect(totals(await salesData(c.owner, range({ period: 'morning' })))['2026-03-05']).toBe(4000);
    } finally {
      await company(c).collection('config').doc('settings').set({ morningPeriodEnd: 960 }, { merge: true });
    }
  });

  it('keeps only the hours asked for with hours=H-H, both ends included', async () => {
    expect(totals(await salesData(c.owner, range({ hours: '12-13' })))).toEqual({
      '2026-03-02': 1000,
      '2026-03-03': 2000,
      '2026-03-04': 0,
      '2026-03-05': 0,
    });
    const evening = await salesData(c.owner, range({ hours: '16-20' }));
    expect(evening.hours).toEqual({ start: 16, end: 20 });
    expect(totals(evening)).toEqual({ '2026-03-02': 3000, '2026-03-03': 0, '2026-03-04': 0, '2026-03-05': 4000 });
    expect(totals(await salesData(c.owner, range({ hours: '0-0' })))['2026-03-02']).toBe(0);
  });

  it.each(['12', '12-', 'a-b', '1-2-3', '13-12', '0-24', '123-1', '-1-3'])(
    'answers 400 for hours=%s',
    async (hours) => {
      const res = await getSales(c.owner, range({ hours }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    },
  );

  it('carries only the fields asked for, with perHour per wall-clock hour', async () => {
    const data = await salesData(c.owner, range({ fields: 'totalSales,perHour' }));
    expect(Object.keys(data.buckets[0]).sort()).toEqual([
      'days',
      'end',
      'invoiceCount',
      'key',
      'perHour',
      'start',
      'totalSales',
    ]);
    const perHour = data.buckets[0].perHour;
    expect(perHour).toHaveLength(24);
    expect(perHour[12]).toBe(1000);
    expect(perHour[20]).toBe(3000);
    expect(data.summary.totals.perHour[13]).toBe(2000);
    const repeated = await salesData(c.owner, { ...range(), fields: ['customerCount', 'tips'] });
    expect(Object.keys(repeated.buckets[0]).sort()).toEqual([
      'customerCount',
      'days',
      'end',
      'invoiceCount',
      'key',
      'start',
      'tips',
    ]);
    expect((await getSales(c.owner, range({ fields: 'totalSales,margin' }))).status).toBe(400);
  });

  it('leaves out empty days with excludeEmptyDays, in daily and weekly buckets', async () => {
    expect(Object.keys(totals(await salesData(c.owner, range({ excludeEmptyDays: 'true' }))))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-05',
    ]);
    const weekly = await salesData(c.owner, {
      companyId: c.companyId,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      groupBy: 'weekly',
      excludeEmptyDays: 'true',
    });
    expect(weekly.buckets.map((b: Bucket) => [b.key, b.days])).toEqual([
      ['2026-03-02', 3],
      ['2026-03-09', 1],
    ]);
    expect(weekly.summary.averages.days).toBe(2);
  });

  it('adds refunds only with excludeRefunds=false, on both paths', async () => {
    for (const source of ['salesActual', 'invoices']) {
      const withRefunds = await salesData(c.owner, range({ excludeRefunds: 'false', source }));
      expect(withRefunds.buckets[1]).toMatchObject({ totalSales: 1500, invoiceCount: 2, customerCount: 1 });
      expect((await salesData(c.owner, range({ source }))).buckets[1]).toMatchObject({
        totalSales: 2000,
        invoiceCount: 1,
      });
    }
  });

  it('switches to the invoice path for employeeId, positionId, role and posSource', async () => {
    const byEmployee = await salesData(c.owner, range({ employeeId: c.employeeId }));
    expect(byEmployee.source).toBe('invoices');
    expect(totals(byEmployee)).toEqual({ '2026-03-02': 1000, '2026-03-03': 2000, '2026-03-04': 0, '2026-03-05': 0 });
    expect(totals(await salesData(c.owner, range({ positionId: barRole })))).toEqual({
      '2026-03-02': 3000,
      '2026-03-03': 0,
      '2026-03-04': 0,
      '2026-03-05': 4000,
    });
    expect(totals(await salesData(c.owner, range({ role: 'BARTENDER' })))).toEqual({
      '2026-03-02': 3000,
      '2026-03-03': 0,
      '2026-03-04': 0,
      '2026-03-05': 4000,
    });
    expect(totals(await salesData(c.owner, range({ posSource: 'toast,clover' })))).toEqual({
      '2026-03-02': 3000,
      '2026-03-03': 0,
      '2026-03-04': 0,
      '2026-03-05': 4000,
    });
    expect(totals(await salesData(c.owner, { ...range(), posSource: ['square'], employeeId: otherEmployee }))).toEqual({
      '2026-03-02': 0,
      '2026-03-03': 0,
      '2026-03-04': 0,
      '2026-03-05': 0,
    });
    expect((await getSales(c.owner, range({ posSource: 'paypal' }))).status).toBe(400);
  });

  it('answers the same numbers from source=invoices as from the day records', async () => {
    const q = {
      companyId: c.companyId,
      startDate: '2026-02-20',
      endDate: '2026-04-05',
      groupBy: 'weekly',
      fields: 'totalSales,morningSales,eveningSales,customerCount,perHour,tips',
    };
    const fast = await salesData(c.owner, { ...q, source: 'salesActual' });
    const slow = await salesData(c.owner, { ...q, source: 'invoices' });
    expect(slow.source).toBe('invoices');
    expect(slow.buckets).toEqual(fast.buckets);
    expect(slow.summary).toEqual(fast.summary);
  });

  it('refuses a filter with source=salesActual', async () => {
    const res = await getSales(c.owner, range({ source: 'salesActual', employeeId: c.employeeId }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/salesActual cannot filter by employeeId/);
  });

  it('validates the date range and the enumerations', async () => {
    const expect400 = async (query: Record<string, unknown>, code = 'VALIDATION_FAILED') => {
      const res = await getSales(c.owner, query);
      expect([res.status, res.body.code]).toEqual([400, code]);
    };
    await expect400(range({ endDate: '2026-03-01' }), 'INVALID_DATE_RANGE');
    await expect400(range({ startDate: '2024-01-01', endDate: '2026-01-01' }), 'INVALID_DATE_RANGE');
    await expect400(range({ startDate: '2026-02-30' }));
    await expect400(range({ startDate: '2026-3-1' }));
    await expect400({ companyId: c.companyId, endDate: '2026-03-05' });
    await expect400({ startDate: '2026-03-02', endDate: '2026-03-05' });
    await expect400(range({ groupBy: 'yearly' }));
    await expect400(range({ period: 'night' }));
    await expect400(range({ source: 'cache' }));
    await expect400(range({ excludeRefunds: 'maybe' }));
    await expect400(range({ includeSummary: 'x' }));
    await expect400(range({ excludeEmptyDays: 'x' }));
    await expect400(range({ employeeId: '' }));
    // 731 days is the limit
    expect((await getSales(c.owner, range({ startDate: '2025-01-01', endDate: '2026-12-31' }))).status).toBe(200);
  });

  describe('labor cost ratio', () => {
    beforeAll(async () => {
      const shifts = company(c).collection('shifts');
      await Promise.all([
        // 4 h x 12.50 (the employee's own rate) = 50.00
        shifts.add({
          date: '2026-03-02',
          employeeId: c.employeeId,
          positionId: serverRole,
          start: 600,
          end: 840,
          mode: 'published',
        }),
        // 4 h x 15.00 (the Bartender role's rate: no rate of his own) = 60.00
        shifts.add({
          date: '2026-03-02',
          employeeId: otherEmployee,
          positionId: barRole,
          start: 1080,
          end: 1320,
          mode: 'published',
        }),
        // plans are not cost
        shifts.add({
          date: '2026-03-02',
          employeeId: otherEmployee,
          positionId: barRole,
          start: 600,
          end: 1200,
          mode: 'draft',
        }),
        shifts.add({
          date: '2026-03-03',
          employeeId: otherEmployee,
          positionId: barRole,
          start: 600,
          end: 1200,
          mode: 'manual',
        }),
        // open-ended: the default duration (480 min) x 15.00 = 120.00, crossing midnight into 03-06
        shifts.add({
          date: '2026-03-05',
          employeeId: otherEmployee,
          positionId: barRole,
          start: 1200,
          end: null,
          mode: 'published',
        }),
      ]);
    });

    it('divides the labor cost of published shifts by the sales of the bucket', async () => {
      const data = await salesData(c.owner, range({ fields: 'totalSales,ratio', endDate: '2026-03-06' }));
      expect(data.buckets.map((b: Bucket) => [b.key, b.laborCost, b.ratio])).toEqual([
        ['2026-03-02', 11000, 2.75],
        ['2026-03-03', 0, 0],
        ['2026-03-04', 0, null],
        ['2026-03-05', 6000, 1.5],
        ['2026-03-06', 6000, null],
      ]);
      expect(data.summary.totals).toMatchObject({ laborCost: 23000, totalSales: 10000, ratio: 2.3 });
    });

    it('cuts labor by period, hours and employee the same way as sales', async () => {
      const morning = await salesData(c.owner, range({ fields: 'ratio', period: 'morning', endDate: '2026-03-02' }));
      expect(morning.buckets[0]).toMatchObject({ laborCost: 5000, ratio: 5 });
      const hours = await salesData(c.owner, range({ fields: 'ratio', hours: '13-13', endDate: '2026-03-02' }));
      expect(hours.buckets[0]).toMatchObject({ laborCost: 1250, ratio: null });
      const employee = await salesData(
        c.owner,
        range({ fields: 'ratio', employeeId: otherEmployee, endDate: '2026-03-02' }),
      );
      expect(employee.buckets[0]).toMatchObject({ laborCost: 6000, ratio: 2 });
      const role = await salesData(c.owner, range({ fields: 'ratio', role: 'server', endDate: '2026-03-02' }));
      expect(role.buckets[0]).toMatchObject({ laborCost: 5000, ratio: 5 });
    });

    it('leaves out shifts of a role that is not included in labor cost', async () => {
      await company(c)
        .collection('roles')
        .doc('salaried-mgr')
        .set({ name: 'Manager', rate: 30, includedInLaborCost: false, archived: false, subRoles: {} });
      await company(c).collection('shifts').add({
        date: '2026-03-04',
        employeeId: null,
        positionId: 'salaried-mgr',
        start: 600,
        end: 1080,
        mode: 'published',
      });
      const data = await salesData(c.owner, range({ fields: 'ratio', startDate: '2026-03-04', endDate: '2026-03-04' }));
      expect(data.buckets[0]).toMatchObject({ laborCost: 0 });
    });
  });

  describe('access', () => {
    it('answers 401 without a valid token', async () => {
      const res = await getSales({ uid: 'x', email: 'x', token: 'garbage' }, range());
      expect(res.status).toBe(401);
    });

    it('is for managers and owners: employees and non-members get 403', async () => {
      expect((await getSales(c.employee, range())).body).toMatchObject({ success: false, code: 'INSUFFICIENT_ROLE' });
      const stranger = await createUser({ label: 'stranger' });
      expect((await getSales(stranger, range())).body).toMatchObject({ success: false, code: 'NOT_A_MEMBER' });
      expect((await getSales(c.manager, range())).status).toBe(200);
    });

    it('withholds tips and labor figures from managers when the company policies say so, not from owners', async () => {
      const permissions = company(c).collection('config').doc('managerPermissions');
      await permissions.set({ hideTips: true, hideFinancialInfo: true });
      try {
        const manager = await salesData(c.manager, range({ fields: 'totalSales,tips,ratio' }));
        expect(manager.hidden).toEqual(['tips', 'pay']);
        expect(manager.buckets[0]).not.toHaveProperty('tips');
        expect(manager.buckets[0]).not.toHaveProperty('laborCost');
        expect(manager.buckets[0]).not.toHaveProperty('ratio');
        expect(manager.summary.totals).not.toHaveProperty('tips');
        const owner = await salesData(c.owner, range({ fields: 'totalSales,tips,ratio' }));
        expect(owner.hidden).toEqual([]);
        expect(owner.buckets[0]).toMatchObject({ tips: 400, laborCost: 11000 });
      } finally {
        await permissions.delete();
      }
    });
  });
});

describe('GET /sales in the company time zone', () => {
  it('puts sales on company-local days across both DST changes in Madrid', async () => {
    const c = await createCompany({ profile: { timezone: 'Europe/Madrid' } });
    await importInvoices(c.owner, c.companyId, [
      invoice({ externalId: 'a', closedAt: Date.UTC(2026, 2, 28, 23, 30), amount: 100 }), // 00:30 on the 29th (CET)
      invoice({ externalId: 'b', closedAt: Date.UTC(2026, 2, 29, 1, 15), amount: 200 }), // 03:15 CEST, just after the jump
      invoice({ externalId: 'c', closedAt: Date.UTC(2026, 2, 29, 21, 59), amount: 400 }), // 23:59 CEST
      invoice({ externalId: 'd', closedAt: Date.UTC(2026, 9, 25, 0, 30), amount: 1000 }), // 02:30 CEST
      invoice({ externalId: 'e', closedAt: Date.UTC(2026, 9, 25, 1, 30), amount: 2000 }), // 02:30 CET, again
      invoice({ externalId: 'f', closedAt: Date.UTC(2026, 9, 25, 22, 59), amount: 4000 }), // 23:59 CET
    ]);
    for (const source of ['salesActual', 'invoices']) {
      const spring = await salesData(c.owner, {
        companyId: c.companyId,
        startDate: '2026-03-28',
        endDate: '2026-03-30',
        fields: 'totalSales,perHour',
        source,
      });
      expect(totals(spring)).toEqual({ '2026-03-28': 0, '2026-03-29': 700, '2026-03-30': 0 });
      expect([spring.buckets[1].perHour[0], spring.buckets[1].perHour[3], spring.buckets[1].perHour[23]]).toEqual([
        100, 200, 400,
      ]);
      const fall = await salesData(c.owner, {
        companyId: c.companyId,
        startDate: '2026-10-24',
        endDate: '2026-10-26',
        fields: 'totalSales,perHour',
        source,
      });
      expect(totals(fall)).toEqual({ '2026-10-24': 0, '2026-10-25': 7000, '2026-10-26': 0 });
      expect(fall.buckets[1].perHour[2]).toBe(3000);
      const week = await salesData(c.owner, {
        companyId: c.companyId,
        startDate: '2026-03-23',
        endDate: '2026-04-05',
        groupBy: 'weekly',
        source,
      });
      expect(totals(week)).toEqual({ '2026-03-23': 700, '2026-03-30': 0 });
    }
  });

  it('applies dayChangeTime: a sale at 01:30 belongs to the evening of the previous business day', async () => {
    const c = await createCompany({ profile: { timezone: 'America/New_York' }, settings: { dayChangeTime: 14400 } });
    await importInvoices(c.owner, c.companyId, [
      invoice({ externalId: 'late', closedAt: '2026-03-07T01:30:00', amount: 900, currency: 'USD' }),
      invoice({ externalId: 'early', closedAt: '2026-03-07T04:00:00', amount: 50, currency: 'USD' }),
      // New York springs forward on 2026-03-08 at 02:00: 03:30 is still before the 04:00 day change
      invoice({ externalId: 'dst', closedAt: Date.UTC(2026, 2, 8, 7, 30), amount: 30, currency: 'USD' }),
    ]);
    for (const source of ['salesActual', 'invoices']) {
      const data = await salesData(c.owner, {
        companyId: c.companyId,
        startDate: '2026-03-06',
        endDate: '2026-03-08',
        fields: 'totalSales,morningSales,eveningSales,perHour',
        source,
      });
      expect(data.currency).toBe('USD');
      expect(data.buckets[0]).toMatchObject({ key: '2026-03-06', totalSales: 900, eveningSales: 900, morningSales: 0 });
      expect(data.buckets[0].perHour[1]).toBe(900);
      expect(data.buckets[1]).toMatchObject({ key: '2026-03-07', totalSales: 80, morningSales: 50, eveningSales: 30 });
      expect(
        totals(
          await salesData(c.owner, {
            companyId: c.companyId,
            startDate: '2026-03-06',
            endDate: '2026-03-08',
            hours: '0-2',
            source,
          }),
        ),
      ).toEqual({ '2026-03-06': 900, '2026-03-07': 0, '2026-03-08': 0 });
    }
  });
});
