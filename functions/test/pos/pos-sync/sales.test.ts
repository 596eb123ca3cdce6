import { db } from '../../../src/core/firebase';
import { posSourceOf, writeRoster, writeSales } from '../../../src/modules/pos-sync';
import { tipsByEmployee } from '../../../src/modules/sales';
import { api } from '../../helpers/api';
import { bearer } from '../../helpers/users';
import {
  addEmployee,
  at,
  docsOf,
  ledgerOf,
  link,
  pos,
  posCompany,
  posEmployee,
  posId,
  posSale,
  unlink,
  type PosCompany,
} from './helpers';

const DAY = '2025-03-04';
/** The tip kinds a sale of card and cash tips alone leaves at zero. */
const NO_OTHER_TIPS = { declaredCashTips: 0, gratuities: 0, serviceCharges: 0, tipsGiven: 0, tipsReceived: 0 };
const salesOf = async (co: PosCompany, query: Record<string, unknown>) => {
  const res = await api('sales')
    .get('/sales')
    .query({ companyId: co.companyId, startDate: '2025-03-01', endDate: '2025-03-31', groupBy: 'monthly', ...query })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data.summary.totals as {
    totalSales: number;
    tips: number;
    invoiceCount: number;
    customerCount: number;
  };
};
const tips = (co: PosCompany, query: Record<string, unknown> = {}, as = co.manager) =>
  pos()
    .get('/tips')
    .query({ companyId: co.companyId, startDate: '2025-03-01', endDate: '2025-03-31', ...query })
    .set(bearer(as));

/** The paths of the documents looked up (get, getAll, in a transaction or not) while `work` runs. */
async function documentsReadDuring(work: () => Promise<unknown>): Promise<string[]> {
  // every lookup of the client goes through its DocumentReader
  const { DocumentReader } = require('@google-cloud/firestore/build/src/document-reader') as {
    DocumentReader: { prototype: { _get: (...args: unknown[]) => Promise<unknown> } };
  };
  const original = DocumentReader.prototype._get;
  const paths: string[] = [];
  DocumentReader.prototype._get = function (this: { allDocuments: { path: string }[] }, ...args: unknown[]) {
    paths.push(...this.allDocuments.map((ref) => ref.path));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    DocumentReader.prototype._get = original;
  }
  return paths;
}

/** A company whose POS employee tm-1 is linked (auto, by email) to employee Max. */
async function linkedCompany() {
  const co = await posCompany();
  const max = await addEmployee(co.companyId, { name: 'Max', surname: 'M', email: 'max@bistro.test' });
  await writeRoster(co.target, [posEmployee({ vendorId: 'tm-1', email: 'max@bistro.test' })]);
  return { co, max };
}

describe('POS sales and tips', () => {
  it('are imported as invoices GET /sales sees by posSource and employee; the same page twice changes nothing; a changed sale is updated', async () => {
    const { co, max } = await linkedCompany();
    const page = [
      posSale({
        vendorId: 'o-1',
        employeeVendorId: 'tm-1',
        closedAt: at(DAY, 13 * 60),
        amount: 4000,
        tips: 500,
        cashTips: 200,
        customers: 3,
      }),
      posSale({
        vendorId: 'o-2',
        employeeVendorId: 'tm-1',
        closedAt: at(DAY, 21 * 60),
        amount: 6000,
        tips: 900,
        cashTips: 0,
      }),
      posSale({ vendorId: 'o-3', employeeVendorId: null, closedAt: at('2025-03-05', 12 * 60), amount: 1000 }),
    ];
    expect(await writeSales(co.target, page)).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 0, held: 0 });
    expect(await salesOf(co, { posSource: 'square_api_key', employeeId: max })).toMatchObject({
      totalSales: 10_000,
      tips: 1400,
      invoiceCount: 2,
      customerCount: 5,
    });
    expect(await salesOf(co, { posSource: 'square_api_key' })).toMatchObject({ totalSales: 11_000, invoiceCount: 3 });
    expect(await salesOf(co, { posSource: 'toast' })).toMatchObject({ totalSales: 0, invoiceCount: 0 });
    const stored = {
      invoices: await docsOf(co.companyId, 'invoices'),
      days: await docsOf(co.companyId, 'salesActual'),
      ledger: await ledgerOf(co.companyId),
      tips: await docsOf(co.companyId, 'posTips'),
    };
    expect(stored.invoices).toHaveLength(3);

    expect(await writeSales(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 3, failed: 0, held: 0 });
    expect({
      invoices: await docsOf(co.companyId, 'invoices'),
      days: await docsOf(co.companyId, 'salesActual'),
      ledger: await ledgerOf(co.companyId),
      tips: await docsOf(co.companyId, 'posTips'),
    }).toEqual(stored);

    const changed = [
      { ...page[0], amount: 4500, tips: 700, cashTips: 700, modifiedAt: page[0].modifiedAt + 1 },
      page[1],
      page[2],
    ];
    expect(await writeSales(co.target, changed)).toEqual({ created: 0, updated: 1, unchanged: 2, failed: 0, held: 0 });
    expect(await salesOf(co, { employeeId: max })).toMatchObject({ totalSales: 10_500, tips: 1600, invoiceCount: 2 });
    expect(await docsOf(co.companyId, 'invoices')).toHaveLength(3);
    const day = (await tips(co)).body.data.days.find((d: { date: string }) => d.date === DAY);
    expect(day).toEqual({ date: DAY, employeeId: max, cardTips: 900, cashTips: 700, ...NO_OTHER_TIPS, tips: 1600 });
  });

  it("reads the company's rules once for a run's pages, a page written the reading way (a changed sale) included", async () => {
    const { co } = await linkedCompany();
    const sale = posSale({ vendorId: 'o-1', employeeVendorId: 'tm-1', closedAt: at(DAY, 13 * 60), amount: 4000 });
    const reads = await documentsReadDuring(async () => {
      await writeSales(co.target, [sale]);
      await writeSales(co.target, [{ ...sale, amount: 4500, modifiedAt: sale.modifiedAt + 1 }]);
    });
    expect(reads.filter((path) => path === `companies/${co.companyId}`)).toHaveLength(1);
  });

  it('imports refunds as negative records, seen with excludeRefunds=false, their tips taken back', async () => {
    const { co, max } = await linkedCompany();
    await writeSales(co.target, [
      posSale({
        vendorId: 'o-10',
        employeeVendorId: 'tm-1',
        closedAt: at(DAY, 13 * 60),
        amount: 5000,
        tips: 600,
        cashTips: 100,
      }),
      posSale({
        vendorId: 'r-10',
        employeeVendorId: 'tm-1',
        closedAt: at(DAY, 15 * 60),
        amount: -2000,
        tips: -300,
        cashTips: 0,
        customers: 2,
        refund: true,
        refundOf: 'o-10',
      }),
    ]);
    const refunds = (await docsOf(co.companyId, 'invoices')).find((i) => i.externalId === 'r-10');
    expect(refunds).toMatchObject({
      refund: true,
      amount: -2000,
      tips: -300,
      customers: 0,
      refundOf: 'o-10',
      employeeId: max,
      posSource: 'square_api_key',
    });
    expect(await salesOf(co, { employeeId: max })).toMatchObject({ totalSales: 5000, tips: 600 });
    expect(await salesOf(co, { employeeId: max, excludeRefunds: false })).toMatchObject({
      totalSales: 3000,
      tips: 300,
    });
    expect((await tips(co)).body.data.employees).toEqual([
      { employeeId: max, cardTips: 200, cashTips: 100, ...NO_OTHER_TIPS, tips: 300 },
    ]);
  });

  it('imports the sales of an unlinked POS employee without an employee, holds them, and attributes them when it is linked', async () => {
    const co = await posCompany();
    const nia = await addEmployee(co.companyId, { name: 'Nia', surname: 'N' });
    await writeRoster(co.target, [posEmployee({ vendorId: 'tm-nia' })]);
    const page = [
      posSale({
        vendorId: 'o-20',
        employeeVendorId: 'tm-nia',
        closedAt: at(DAY, 13 * 60),
        amount: 3000,
        tips: 400,
        cashTips: 400,
      }),
      posSale({
        vendorId: 'o-21',
        employeeVendorId: 'tm-nia',
        closedAt: at('2025-03-06', 13 * 60),
        amount: 2000,
        tips: 100,
        cashTips: 0,
      }),
    ];
    // imported all the same (created, then unchanged), and held: no employee yet
    expect(await writeSales(co.target, page)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0, held: 2 });
    expect(await writeSales(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0, held: 2 });
    expect(await salesOf(co, {})).toMatchObject({ totalSales: 5000, tips: 500, invoiceCount: 2 });
    expect(await salesOf(co, { employeeId: nia })).toMatchObject({ totalSales: 0, invoiceCount: 0 });
    expect((await tips(co)).body.data.employees).toEqual([
      { employeeId: null, cardTips: 100, cashTips: 400, ...NO_OTHER_TIPS, tips: 500 },
    ]);

    const res = await link(co, posId(co, 'tm-nia'), nia);
    expect(res.body.data.replayed).toEqual({ punches: 0, sales: 2, failed: 0 });
    expect(await salesOf(co, { employeeId: nia })).toMatchObject({ totalSales: 5000, tips: 500, invoiceCount: 2 });
    expect(await salesOf(co, {})).toMatchObject({ totalSales: 5000, tips: 500, invoiceCount: 2 });
    expect((await tips(co)).body.data.employees).toEqual([
      { employeeId: nia, cardTips: 100, cashTips: 400, ...NO_OTHER_TIPS, tips: 500 },
    ]);
    expect((await tipsByEmployee(co.companyId, '2025-03-01', '2025-03-31')).tips.get(nia)).toBe(500);
    expect(await docsOf(co.companyId, 'invoices')).toHaveLength(2);
    expect(await writeSales(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0, held: 0 });
  });

  it('keeps the employee of sales already attributed when their POS employee is unlinked, and holds new ones', async () => {
    const { co, max } = await linkedCompany();
    const sold = posSale({
      vendorId: 'o-30',
      employeeVendorId: 'tm-1',
      closedAt: at(DAY, 600),
      amount: 1000,
      tips: 100,
    });
    await writeSales(co.target, [sold]);
    expect((await unlink(co, posId(co, 'tm-1'))).status).toBe(200);
    const counts = await writeSales(co.target, [
      { ...sold, amount: 1200, modifiedAt: sold.modifiedAt + 1 },
      posSale({ vendorId: 'o-31', employeeVendorId: 'tm-1', closedAt: at(DAY, 700), amount: 500 }),
    ]);
    expect(counts).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 0, held: 1 });
    expect(await salesOf(co, { employeeId: max })).toMatchObject({ totalSales: 1200, tips: 100, invoiceCount: 1 });
    expect(await salesOf(co, {})).toMatchObject({ totalSales: 1700, invoiceCount: 2 });
  });

  it('keeps tips per business day and employee, card and cash apart, that payroll sums too', async () => {
    const co = await posCompany({ profile: { dayChangeTime: 0 } });
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('config')
      .doc('settings')
      .set({ dayChangeTime: 4 * 3600 }, { merge: true });
    const [ola, pia] = await Promise.all([
      addEmployee(co.companyId, { name: 'Ola', surname: 'O', email: 'ola@bistro.test' }),
      addEmployee(co.companyId, { name: 'Pia', surname: 'P', email: 'pia@bistro.test' }),
    ]);
    await writeRoster(co.target, [
      posEmployee({ vendorId: 'tm-ola', email: 'ola@bistro.test' }),
      posEmployee({ vendorId: 'tm-pia', email: 'pia@bistro.test' }),
    ]);
    await writeSales(co.target, [
      posSale({ employeeVendorId: 'tm-ola', closedAt: at(DAY, 12 * 60), tips: 300, cashTips: 100 }),
      // 01:30 the next morning: before the 04:00 day change, so still the business day DAY
      posSale({ employeeVendorId: 'tm-ola', closedAt: at('2025-03-05', 90), tips: 200, cashTips: 200 }),
      posSale({ employeeVendorId: 'tm-ola', closedAt: at('2025-03-05', 12 * 60), tips: 50, cashTips: 0 }),
      posSale({ employeeVendorId: 'tm-pia', closedAt: at(DAY, 20 * 60), tips: 1000, cashTips: 250 }),
      posSale({ employeeVendorId: 'tm-pia', closedAt: at(DAY, 21 * 60), tips: 0, cashTips: 0 }),
    ]);
    const res = await tips(co);
    expect(res.status).toBe(200);
    const [first, second] = [ola, pia].sort();
    const expected = {
      [ola]: {
        [DAY]: { cardTips: 200, cashTips: 300, ...NO_OTHER_TIPS, tips: 500 },
        '2025-03-05': { cardTips: 50, cashTips: 0, ...NO_OTHER_TIPS, tips: 50 },
      },
      [pia]: { [DAY]: { cardTips: 750, cashTips: 250, ...NO_OTHER_TIPS, tips: 1000 } },
    };
    expect(res.body.data).toMatchObject({ currency: 'EUR', startDate: '2025-03-01', endDate: '2025-03-31' });
    expect(res.body.data.days).toEqual([
      { date: DAY, employeeId: first, ...expected[first][DAY] },
      { date: DAY, employeeId: second, ...expected[second][DAY] },
      { date: '2025-03-05', employeeId: ola, ...expected[ola]['2025-03-05'] },
    ]);
    expect((await tips(co, { employeeId: pia })).body.data.employees).toEqual([
      { employeeId: pia, cardTips: 750, cashTips: 250, ...NO_OTHER_TIPS, tips: 1000 },
    ]);
    expect((await tips(co, { startDate: '2025-03-05', endDate: '2025-03-05' })).body.data.days).toEqual([
      { date: '2025-03-05', employeeId: ola, cardTips: 50, cashTips: 0, ...NO_OTHER_TIPS, tips: 50 },
    ]);
    const payroll = await tipsByEmployee(co.companyId, '2025-03-01', '2025-03-31');
    expect(Object.fromEntries(payroll.tips)).toEqual({ [ola]: 550, [pia]: 1000 });
    expect((await tips(co, { startDate: '2025-03-05', endDate: '2025-03-01' })).body.code).toBe('INVALID_DATE_RANGE');
  });

  it('hides tips from managers when the company policy says so (owners still read them)', async () => {
    const co = await posCompany();
    const policy = await api('companies')
      .patch(`/companies/${co.companyId}/policies`)
      .set(bearer(co.owner))
      .send({ hideTipsFromManagers: true });
    expect(policy.status).toBe(200);
    const hidden = await tips(co);
    expect([hidden.status, hidden.body.code]).toEqual([403, 'TIPS_HIDDEN']);
    expect((await tips(co, {}, co.owner)).status).toBe(200);
  });

  it('counts a sale the sales module refuses as failed and imports the rest', async () => {
    const { co } = await linkedCompany();
    const counts = await writeSales(co.target, [
      posSale({ vendorId: 'o-eur', employeeVendorId: 'tm-1', closedAt: at(DAY, 600) }),
      posSale({ vendorId: 'o-usd', employeeVendorId: 'tm-1', closedAt: at(DAY, 660), currency: 'USD' }),
      posSale({ vendorId: 'o-neg', employeeVendorId: 'tm-1', closedAt: at(DAY, 700), amount: -5 }),
    ]);
    expect(counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2, held: 0 });
    expect((await docsOf(co.companyId, 'invoices')).map((i) => i.externalId)).toEqual(['o-eur']);
    expect((await ledgerOf(co.companyId)).map((i) => i.vendorId)).toEqual(['o-eur']);
  });

  it("refuses a whole page in another currency than the company's sales, writing none of it", async () => {
    const { co } = await linkedCompany();
    await writeSales(co.target, [posSale({ vendorId: 'o-eur', employeeVendorId: 'tm-1', closedAt: at(DAY, 600) })]);
    const before = await salesOf(co, {});
    // every sale of the page passes on its own; only the company's currency (read under the lock) refuses them
    const counts = await writeSales(co.target, [
      posSale({ vendorId: 'o-usd-1', employeeVendorId: 'tm-1', closedAt: at(DAY, 660), currency: 'USD' }),
      posSale({ vendorId: 'o-usd-2', employeeVendorId: 'tm-1', closedAt: at(DAY, 720), currency: 'USD' }),
    ]);
    expect(counts).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 2, held: 0 });
    expect((await docsOf(co.companyId, 'invoices')).map((i) => i.externalId)).toEqual(['o-eur']);
    expect(await salesOf(co, {})).toEqual(before);
  });

  it('writes a page of hundreds of sales in chunked commits, once', async () => {
    const { co, max } = await linkedCompany();
    const page = Array.from({ length: 450 }, (_, i) =>
      posSale({
        vendorId: `o-big-${i}`,
        employeeVendorId: i % 3 === 0 ? null : 'tm-1',
        closedAt: at(`2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, 600 + i),
        amount: 1000 + i,
        tips: 100,
        cashTips: i % 2 ? 100 : 0,
      }),
    );
    expect(await writeSales(co.target, page)).toEqual({ created: 450, updated: 0, unchanged: 0, failed: 0, held: 0 });
    expect(await writeSales(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 450, failed: 0, held: 0 });
    expect(await docsOf(co.companyId, 'invoices')).toHaveLength(450);
    expect(await ledgerOf(co.companyId)).toHaveLength(450);
    const served = page.filter((p) => p.employeeVendorId);
    expect(await salesOf(co, { employeeId: max })).toMatchObject({
      invoiceCount: served.length,
      totalSales: served.reduce((a, p) => a + p.amount, 0),
      tips: served.length * 100,
    });
    const { employees } = (await tips(co)).body.data;
    expect(employees.find((e: { employeeId: string | null }) => e.employeeId === max)).toEqual({
      employeeId: max,
      tips: served.length * 100,
      cashTips: served.filter((p) => p.cashTips).length * 100,
      cardTips: served.filter((p) => !p.cashTips).length * 100,
      ...NO_OTHER_TIPS,
    });
  });

  it('maps catalogue slugs to the sales module’s POS sources', () => {
    expect(['square', 'square_api_key', 'toast', 'clover', 'nope'].map(posSourceOf)).toEqual([
      'square',
      'square_api_key',
      'toast',
      'clover',
      null,
    ]);
  });
});
