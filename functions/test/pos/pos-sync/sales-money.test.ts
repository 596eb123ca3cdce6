import fc from 'fast-check';
import { writePunches, writeRoster, writeSales } from '../../../src/modules/pos-sync';
import type { PosSale } from '../../../src/pos/connectors';
import { tipsByEmployee } from '../../../src/modules/sales';
import { lockRange } from '../../../src/modules/attendance';
import { api } from '../../helpers/api';
import { bearer } from '../../helpers/users';
import {
  addEmployee,
  at,
  docsOf,
  pos,
  posCompany,
  posEmployee,
  posId,
  posPunch,
  posSale,
  link,
  type PosCompany,
} from './helpers';

const DAY = '2025-03-04';
const NONE = {
  cardTips: 0,
  cashTips: 0,
  declaredCashTips: 0,
  gratuities: 0,
  serviceCharges: 0,
  tipsGiven: 0,
  tipsReceived: 0,
  tips: 0,
};

const totalsOf = async (co: PosCompany, query: Record<string, unknown> = {}) => {
  const res = await api('sales')
    .get('/sales')
    .query({ companyId: co.companyId, startDate: '2025-03-01', endDate: '2025-03-31', groupBy: 'monthly', ...query })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data.summary.totals as { totalSales: number; tips: number; invoiceCount: number };
};
const tipsOf = async (co: PosCompany) => {
  const res = await pos()
    .get('/tips')
    .query({ companyId: co.companyId, startDate: '2025-03-01', endDate: '2025-03-31' })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data as { days: Array<Record<string, unknown>>; employees: Array<Record<string, unknown>> };
};

/** A company whose POS employees tm-1 (Max) and tm-2 (Ria) are linked by email. */
async function twoServers() {
  const co = await posCompany();
  const max = await addEmployee(co.companyId, { name: 'Max', surname: 'M', email: 'max@bistro.test' });
  const ria = await addEmployee(co.companyId, { name: 'Ria', surname: 'R', email: 'ria@bistro.test' });
  await writeRoster(co.target, [
    posEmployee({ vendorId: 'tm-1', email: 'max@bistro.test' }),
    posEmployee({ vendorId: 'tm-2', email: 'ria@bistro.test' }),
  ]);
  return { co, max, ria };
}

describe('POS money as the vendor says it', () => {
  it('reverses a sale voided after close (invoice, day aggregates, tips) with an audit naming the run and the vendor record; closed again it counts once', async () => {
    const { co, max } = await twoServers();
    const target = { ...co.target, runId: 'run-void-1' };
    const sale = posSale({
      vendorId: 'chk-1',
      employeeVendorId: 'tm-1',
      closedAt: at(DAY, 13 * 60),
      amount: 4000,
      tips: 600,
      cashTips: 100,
      gratuities: 300,
      serviceCharges: 500,
    });
    const kept = posSale({ vendorId: 'chk-2', employeeVendorId: 'tm-1', closedAt: at(DAY, 14 * 60), amount: 1000 });
    await writeSales(target, [sale, kept]);
    expect(await totalsOf(co)).toMatchObject({ totalSales: 5000, tips: 600, invoiceCount: 2 });

    const voided = { ...sale, voided: true, modifiedAt: sale.modifiedAt + 10 };
    expect(await writeSales(target, [voided])).toMatchObject({ updated: 1 });
    expect(await totalsOf(co)).toMatchObject({ totalSales: 1000, tips: 0, invoiceCount: 1 });
    expect(await totalsOf(co, { employeeId: max })).toMatchObject({ totalSales: 1000, tips: 0, invoiceCount: 1 });
    expect((await tipsOf(co)).days).toEqual([]);
    const invoice = (await docsOf(co.companyId, 'invoices')).find((i) => i.externalId === 'chk-1')!;
    expect(invoice).toMatchObject({ voided: true });
    expect(invoice.posAudit).toEqual([
      expect.objectContaining({
        action: 'voided',
        runId: 'run-void-1',
        connectionId: co.target.connectionId,
        vendorId: 'chk-1',
        amount: 4000,
        tips: 600,
        cashTips: 100,
        gratuities: 300,
        serviceCharges: 500,
        employeeId: max,
      }),
    ]);

    // the void again (a rerun) and the older closed version delivered late change nothing
    expect(await writeSales(target, [voided])).toMatchObject({ unchanged: 1 });
    expect(await writeSales(target, [sale])).toMatchObject({ unchanged: 1 });
    expect(await totalsOf(co)).toMatchObject({ totalSales: 1000, invoiceCount: 1 });

    const reclosed = { ...sale, voided: false, amount: 4200, modifiedAt: sale.modifiedAt + 20 };
    await writeSales({ ...co.target, runId: 'run-void-2' }, [reclosed]);
    await writeSales({ ...co.target, runId: 'run-void-3' }, [reclosed]);
    expect(await totalsOf(co)).toMatchObject({ totalSales: 5200, tips: 600, invoiceCount: 2 });
    expect((await tipsOf(co)).employees).toEqual([
      { ...NONE, employeeId: max, cardTips: 500, cashTips: 100, gratuities: 300, serviceCharges: 500, tips: 900 },
    ]);
    const audit = (await docsOf(co.companyId, 'invoices')).find((i) => i.externalId === 'chk-1')!.posAudit;
    expect(audit).toEqual([
      expect.objectContaining({ action: 'voided', runId: 'run-void-1' }),
      expect.objectContaining({ action: 'reclosed', runId: 'run-void-2', amount: 4200 }),
    ]);
  });

  it('keeps gratuities and service charges apart from net sales and tips, and credits tips given to another server', async () => {
    const { co, max, ria } = await twoServers();
    await writeSales(co.target, [
      posSale({
        vendorId: 'chk-10',
        employeeVendorId: 'tm-1',
        closedAt: at(DAY, 20 * 60),
        amount: 10_000,
        tips: 1500,
        cashTips: 0,
        gratuities: 800,
        serviceCharges: 1800,
        tipsTo: [{ employeeVendorId: 'tm-2', amount: 700 }],
      }),
    ]);
    expect(await totalsOf(co)).toMatchObject({ totalSales: 10_000, tips: 1500 });
    const { employees } = await tipsOf(co);
    const [first] = [max, ria].sort();
    const byId = {
      [max]: {
        ...NONE,
        employeeId: max,
        cardTips: 1500,
        gratuities: 800,
        serviceCharges: 1800,
        tipsGiven: 700,
        tips: 1600,
      },
      [ria]: { ...NONE, employeeId: ria, tipsReceived: 700, tips: 700 },
    };
    expect(employees).toEqual(first === max ? [byId[max], byId[ria]] : [byId[ria], byId[max]]);
    // the sales answer: each kind per bucket, and refused where a kind cannot be cut
    const sales = await api('sales')
      .get('/sales')
      .query({
        companyId: co.companyId,
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        groupBy: 'monthly',
        fields: 'totalSales,tipKinds',
      })
      .set(bearer(co.manager));
    expect(sales.status).toBe(200);
    expect(sales.body.data.buckets[0]).toMatchObject({
      totalSales: 10_000,
      tipKinds: {
        ...NONE,
        cardTips: 1500,
        gratuities: 800,
        serviceCharges: 1800,
        tipsGiven: 700,
        tipsReceived: 700,
        tips: 2300,
      },
    });
    expect(sales.body.data.summary.totals.tipKinds).toMatchObject({ serviceCharges: 1800, tips: 2300 });
    const mine = await api('sales')
      .get('/sales')
      .query({
        companyId: co.companyId,
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        groupBy: 'monthly',
        fields: 'tipKinds',
        employeeId: ria,
      })
      .set(bearer(co.manager));
    expect(mine.body.data.buckets[0].tipKinds).toEqual({ ...NONE, tipsReceived: 700, tips: 700 });
    const cut = await api('sales')
      .get('/sales')
      .query({
        companyId: co.companyId,
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        fields: 'tipKinds',
        period: 'morning',
      })
      .set(bearer(co.manager));
    expect(cut.status).toBe(400);
    // what payroll pays: the staff's tips, service charges not among them
    const payroll = await tipsByEmployee(co.companyId, '2025-03-01', '2025-03-31');
    expect(Object.fromEntries(payroll.tips)).toEqual({ [max]: 1600, [ria]: 700 });
    expect(payroll.cashTips.size).toBe(0);
  });

  it('holds a tip credited to a POS employee not linked yet and attributes it when the link comes', async () => {
    const co = await posCompany();
    const max = await addEmployee(co.companyId, { name: 'Max', surname: 'M', email: 'max@bistro.test' });
    const zoe = await addEmployee(co.companyId, { name: 'Zoe', surname: 'Z' });
    await writeRoster(co.target, [
      posEmployee({ vendorId: 'tm-1', email: 'max@bistro.test' }),
      posEmployee({ vendorId: 'tm-z' }),
    ]);
    const counts = await writeSales(co.target, [
      posSale({
        vendorId: 'chk-20',
        employeeVendorId: 'tm-1',
        closedAt: at(DAY, 20 * 60),
        tips: 1000,
        tipsTo: [{ employeeVendorId: 'tm-z', amount: 400 }],
      }),
    ]);
    expect(counts).toMatchObject({ created: 1, held: 1 });
    expect((await tipsOf(co)).employees).toEqual([
      { ...NONE, employeeId: max, cardTips: 1000, tipsGiven: 400, tips: 600 },
      { ...NONE, employeeId: null, tipsReceived: 400, tips: 400 },
    ]);
    expect((await link(co, posId(co, 'tm-z'), zoe)).status).toBe(200);
    const tips = await tipsOf(co);
    expect(tips.employees).toHaveLength(2);
    expect(tips.employees).toEqual(
      expect.arrayContaining([
        { ...NONE, employeeId: max, cardTips: 1000, tipsGiven: 400, tips: 600 },
        { ...NONE, employeeId: zoe, tipsReceived: 400, tips: 400 },
      ]),
    );
  });

  it('names the run whose punch changed declared cash tips after their period closed on the tip adjustment', async () => {
    const { co, max } = await twoServers();
    const punch = posPunch({
      vendorId: 'tc-9',
      employeeVendorId: 'tm-1',
      clockInAt: at(DAY, 10 * 60),
      declaredCashTips: 800,
    });
    await writePunches(co.target, [punch]);
    await lockRange(co.companyId, { startDate: '2025-03-03', endDate: '2025-03-09' }, 'payroll-clerk');
    await writePunches({ ...co.target, runId: 'run-late-tips' }, [
      { ...punch, declaredCashTips: 500, modifiedAt: punch.modifiedAt + 1 },
    ]);
    const adjustments = await docsOf(co.companyId, 'posTipAdjustments');
    expect(adjustments.map((a) => [a.employeeId, a.kind, a.amount, a.originalDate, a.runId])).toEqual([
      [max, 'declaredCashTips', -300, DAY, 'run-late-tips'],
    ]);
  });

  it('counts the cash tips declared on POS punches once per punch: a rerun changes nothing, a changed punch moves them, a deleted one takes them out', async () => {
    const { co, max, ria } = await twoServers();
    const punch = posPunch({
      vendorId: 'tc-1',
      employeeVendorId: 'tm-1',
      clockInAt: at(DAY, 10 * 60),
      declaredCashTips: 1200,
    });
    const other = posPunch({ vendorId: 'tc-2', employeeVendorId: 'tm-2', clockInAt: at(DAY, 11 * 60) });
    await writePunches(co.target, [punch, other]);
    await writePunches(co.target, [punch, other]);
    expect((await tipsOf(co)).days).toEqual([
      { ...NONE, date: DAY, employeeId: max, declaredCashTips: 1200, tips: 1200 },
    ]);
    // beside the tips of a sale of the same day and employee
    await writeSales(co.target, [posSale({ employeeVendorId: 'tm-1', closedAt: at(DAY, 13 * 60), tips: 300 })]);
    expect((await tipsOf(co)).employees).toEqual([
      { ...NONE, employeeId: max, cardTips: 300, declaredCashTips: 1200, tips: 1500 },
    ]);
    const changed = {
      ...punch,
      declaredCashTips: 900,
      clockInAt: at('2025-03-05', 10 * 60),
      clockOutAt: at('2025-03-05', 14 * 60),
      modifiedAt: punch.modifiedAt + 1,
    };
    expect(await writePunches(co.target, [changed])).toMatchObject({ updated: 1 });
    expect((await tipsOf(co)).days).toEqual([
      { ...NONE, date: DAY, employeeId: max, cardTips: 300, tips: 300 },
      { ...NONE, date: '2025-03-05', employeeId: max, declaredCashTips: 900, tips: 900 },
    ]);
    // the same tips on another day: they move with the punch
    const moved = {
      ...changed,
      clockInAt: at('2025-03-06', 10 * 60),
      clockOutAt: at('2025-03-06', 14 * 60),
      modifiedAt: changed.modifiedAt + 1,
    };
    await writePunches(co.target, [moved]);
    expect((await tipsOf(co)).days).toEqual([
      { ...NONE, date: DAY, employeeId: max, cardTips: 300, tips: 300 },
      { ...NONE, date: '2025-03-06', employeeId: max, declaredCashTips: 900, tips: 900 },
    ]);
    await writePunches(co.target, [{ ...other, declaredCashTips: 450, modifiedAt: other.modifiedAt + 1 }]);
    await writePunches(co.target, [{ ...moved, deleted: true, modifiedAt: moved.modifiedAt + 1 }]);
    expect((await tipsOf(co)).days).toEqual(
      [
        { ...NONE, date: DAY, employeeId: max, cardTips: 300, tips: 300 },
        { ...NONE, date: DAY, employeeId: ria, declaredCashTips: 450, tips: 450 },
      ].sort((a, b) => (a.employeeId < b.employeeId ? -1 : 1)),
    );
    expect((await docsOf(co.companyId, 'posDeclaredTips')).map((d) => [d.vendorId, d.amount])).toEqual([['tc-2', 450]]);
    const payroll = await tipsByEmployee(co.companyId, '2025-03-01', '2025-03-31');
    expect(Object.fromEntries(payroll.tips)).toEqual({ [max]: 300, [ria]: 450 });
    expect(Object.fromEntries(payroll.cashTips)).toEqual({ [ria]: 450 });
  });

  it('leaves the stored figures equal to the latest version of each sale, whatever versions, voids and re-closes arrive (and reruns)', async () => {
    const { co, max, ria } = await twoServers();
    const version = fc.record({
      sale: fc.integer({ min: 1, max: 3 }),
      time: fc.integer({ min: 1, max: 20 }),
      server: fc.constantFrom('tm-1', 'tm-2'),
      amount: fc.nat(5000),
      tips: fc.nat(800),
      cash: fc.boolean(),
      gratuities: fc.nat(300),
      serviceCharges: fc.nat(300),
      given: fc.nat(100),
      voided: fc.boolean(),
      hour: fc.integer({ min: 11, max: 23 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(version, { minLength: 1, maxLength: 8 }), async (versions) => {
        run++;
        const id = (n: number) => `r${run}-s${n}`;
        const sales: PosSale[] = versions.map((v) =>
          posSale({
            vendorId: id(v.sale),
            employeeVendorId: v.server,
            closedAt: at(DAY, v.hour * 60),
            amount: v.amount,
            tips: v.tips,
            cashTips: v.cash ? v.tips : 0,
            gratuities: v.gratuities,
            serviceCharges: v.serviceCharges,
            tipsTo: v.given ? [{ employeeVendorId: v.server === 'tm-1' ? 'tm-2' : 'tm-1', amount: v.given }] : [],
            voided: v.voided,
            modifiedAt: 1_700_000_000_000 + v.time,
          }),
        );
        const before = await tipsOf(co);
        const salesBefore = await totalsOf(co);
        // each version on its own page (a run each), then every page again (a rerun)
        for (const s of sales) await writeSales({ ...co.target, runId: `run-${run}` }, [s]);
        for (const s of sales) await writeSales({ ...co.target, runId: `rerun-${run}` }, [s]);
        // the latest version: the greatest time of change, the later delivered of equal ones
        const latest = new Map<string, PosSale>();
        for (const s of sales) {
          const seen = latest.get(s.vendorId);
          if (!seen || s.modifiedAt >= seen.modifiedAt) latest.set(s.vendorId, s);
        }
        const live = [...latest.values()].filter((s) => !s.voided);
        const salesAfter = await totalsOf(co);
        expect(salesAfter.totalSales - salesBefore.totalSales).toBe(live.reduce((a, s) => a + s.amount, 0));
        expect(salesAfter.invoiceCount - salesBefore.invoiceCount).toBe(live.length);
        const after = await tipsOf(co);
        const of = (t: Awaited<ReturnType<typeof tipsOf>>, employeeId: string) =>
          (t.employees.find((e) => e.employeeId === employeeId) ?? { ...NONE }) as typeof NONE;
        for (const [employee, vendor] of [
          [max, 'tm-1'],
          [ria, 'tm-2'],
        ] as const) {
          const mine = live.filter((s) => s.employeeVendorId === vendor);
          const toMe = live.flatMap((s) => (s.tipsTo ?? []).filter((x) => x.employeeVendorId === vendor));
          const expected = {
            cardTips: mine.reduce((a, s) => a + s.tips - s.cashTips, 0),
            cashTips: mine.reduce((a, s) => a + s.cashTips, 0),
            gratuities: mine.reduce((a, s) => a + (s.gratuities ?? 0), 0),
            serviceCharges: mine.reduce((a, s) => a + (s.serviceCharges ?? 0), 0),
            tipsGiven: mine.reduce((a, s) => a + (s.tipsTo ?? []).reduce((b, x) => b + x.amount, 0), 0),
            tipsReceived: toMe.reduce((a, x) => a + x.amount, 0),
          };
          const [b, a] = [of(before, employee), of(after, employee)];
          for (const [kind, value] of Object.entries(expected))
            expect(a[kind as keyof typeof NONE] - b[kind as keyof typeof NONE]).toBe(value);
        }
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
