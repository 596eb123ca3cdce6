import { parse } from 'csv-parse/sync';
import { writeDeletions, writeRoster, writeSales } from '../../src/modules/pos-sync';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { addEmployee, at, posCompany, posEmployee, posSale, type PosCompany } from '../pos/pos-sync/helpers';
import { reportOf, setPayroll } from '../payroll/helpers';

/**
 * A POS sale voided (and one voided then closed again) after payroll closed the pay period of its
 * business date, end to end: the sink records the void, the closed report keeps what it paid, the
 * next period's report carries the tip adjustments as their own lines and in its tips, each export
 * layout pays the difference back, and GET /sales/audit names the run and the vendor record.
 * Weekly periods from Monday (Europe/Madrid, EUR): 2026-11-09..15 closed, 2026-11-16..22 next.
 */
const CLOSED = '2026-11-09';
const NEXT = '2026-11-16';
const SALE_DAY = '2026-11-12';

/** Runs `work` with the clock on a business day of the next period (noon, Madrid): the day its tip adjustments are dated. */
async function onDay<T>(date: string, work: () => Promise<T>): Promise<T> {
  const spy = jest.spyOn(Date, 'now').mockReturnValue(at(date, 12 * 60));
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

const payroll = () => api('payroll');
const close = async (co: PosCompany, startDate: string) => {
  const res = await payroll()
    .post(`/payroll/periods/${startDate}/close`)
    .query({ companyId: co.companyId })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
};
const exported = async (co: PosCompany, startDate: string, layout: string) => {
  const res = await payroll()
    .get(`/payroll/periods/${startDate}/export`)
    .query({ companyId: co.companyId, layout })
    .set(bearer(co.owner));
  expect(res.status).toBe(200);
  return parse(res.body.data.body, { columns: true }) as Record<string, string>[];
};
const audit = async (co: PosCompany, query: Record<string, string | undefined>, as = co.manager) => {
  const res = await api('sales')
    .get('/sales/audit')
    .query({ companyId: co.companyId, ...query })
    .set(bearer(as));
  return res;
};

describe('a sale voided after its pay period closed', () => {
  let co: PosCompany;
  let max: string;
  let ria: string;
  // card 500, cash 100, gratuities 300, of which 200 go to Ria: Max's staff tips 700, Ria's 200
  const voided = posSale({
    vendorId: 'chk-void',
    employeeVendorId: 'tm-1',
    closedAt: at(SALE_DAY, 13 * 60),
    amount: 4000,
    tips: 600,
    cashTips: 100,
    gratuities: 300,
    tipsTo: [{ employeeVendorId: 'tm-2', amount: 200 }],
    modifiedAt: 1_700_000_000_000,
  });
  // voided, then closed again: its tips come back once (net zero over the two adjustments)
  const reopened = posSale({
    vendorId: 'chk-back',
    employeeVendorId: 'tm-1',
    closedAt: at(SALE_DAY, 14 * 60),
    amount: 1500,
    tips: 250,
    modifiedAt: 1_700_000_000_000,
  });

  beforeAll(async () => {
    co = await posCompany({ profile: { payrollStartingDay: 1 } });
    max = await addEmployee(co.companyId, {
      name: 'Max',
      surname: 'M',
      email: 'max@bistro.test',
      employeeNumber: 'M1',
    });
    ria = await addEmployee(co.companyId, {
      name: 'Ria',
      surname: 'R',
      email: 'ria@bistro.test',
      employeeNumber: 'R1',
    });
    await writeRoster(co.target, [
      posEmployee({ vendorId: 'tm-1', email: 'max@bistro.test' }),
      posEmployee({ vendorId: 'tm-2', email: 'ria@bistro.test' }),
    ]);
    await setPayroll(co, { payFrequency: 'weekly', anchorDate: '2026-11-02', companyCode: 'CO1' });
    // a sale of the same day nobody voids: in no audit
    const plain = posSale({
      vendorId: 'chk-plain',
      employeeVendorId: 'tm-2',
      closedAt: at(SALE_DAY, 15 * 60),
      tips: 50,
    });
    await writeSales(co.target, [voided, reopened, plain]);
    await close(co, CLOSED);
    await onDay('2026-11-18', async () => {
      await writeSales({ ...co.target, runId: 'run-void' }, [
        { ...voided, voided: true, modifiedAt: voided.modifiedAt + 10 },
        { ...reopened, voided: true, modifiedAt: reopened.modifiedAt + 10 },
      ]);
      // the same void again (a rerun), and the vendor's deletion of it (a webhook): nothing more
      expect(
        await writeSales({ ...co.target, runId: 'run-rerun' }, [
          { ...voided, voided: true, modifiedAt: voided.modifiedAt + 10 },
        ]),
      ).toMatchObject({ unchanged: 1 });
      expect(
        await writeDeletions({ ...co.target, runId: 'run-hook' }, [
          { stream: 'sales', vendorId: 'chk-void', deletedAt: voided.modifiedAt + 5 },
        ]),
      ).toMatchObject({ updated: 0 });
    });
    await onDay('2026-11-19', () =>
      writeSales({ ...co.target, runId: 'run-back' }, [{ ...reopened, modifiedAt: reopened.modifiedAt + 20 }]),
    );
  }, 120_000);

  it('keeps the closed report as it paid: the tips of both sales', async () => {
    const { row } = await reportOf(co, CLOSED);
    expect(row(max)).toMatchObject({ tips: 700 + 250, cashTips: 100 });
    expect(row(ria)).toMatchObject({ tips: 200 + 50 });
    expect(row(max)!.tipAdjustments).toBeUndefined();
  });

  it("lists the tip adjustments in the next period's report, per employee and kind, in its tips", async () => {
    const { report, row } = await reportOf(co, NEXT);
    const lines = (id: string) =>
      (row(id)!.tipAdjustments as Array<Record<string, unknown>>).map((l) => [l.vendorId, l.change, l.kind, l.amount]);
    expect(lines(max)).toEqual([
      ['chk-void', 'voided', 'cardTips', -500],
      ['chk-void', 'voided', 'cashTips', -100],
      ['chk-void', 'voided', 'gratuities', -300],
      ['chk-void', 'voided', 'tipsGiven', 200],
      ['chk-back', 'voided', 'cardTips', -250],
      ['chk-back', 'reclosed', 'cardTips', 250],
    ]);
    expect(lines(ria)).toEqual([['chk-void', 'voided', 'tipsReceived', -200]]);
    expect(row(max)).toMatchObject({ tips: -700, cashTips: -100 });
    expect(row(ria)).toMatchObject({ tips: -200 });
    expect((row(max)!.tipAdjustments as Array<Record<string, unknown>>)[0]).toMatchObject({
      originalDate: SALE_DAY,
      date: '2026-11-18',
      vendor: 'square_api_key',
      connectionId: co.target.connectionId,
      runId: 'run-void',
    });
    expect((row(max)!.tipAdjustments as Array<Record<string, string>>)[0].reason).toContain('card tips taken back');
    expect(report.totals).toMatchObject({ tips: -900, tipAdjustments: -900 });
  });

  it('every export layout of the next period takes the tips back, the cash part apart', async () => {
    await close(co, NEXT);
    const gusto = await exported(co, NEXT, 'gusto');
    expect(gusto.map((l) => [l.last_name, l.paycheck_tips, l.cash_tips])).toEqual(
      expect.arrayContaining([
        ['M', '-6.00', '-1.00'],
        ['R', '-2.00', '0.00'],
      ]),
    );
    const adp = await exported(co, NEXT, 'adp');
    expect(adp.map((l) => [l['File #'], l['Earnings 3 Code'], l['Earnings 3 Amount']])).toEqual(
      expect.arrayContaining([
        ['M1', 'TIP', '-6.00'],
        ['M1', 'CTP', '-1.00'],
        ['R1', 'TIP', '-2.00'],
      ]),
    );
    const paychex = await exported(co, NEXT, 'paychex');
    expect(paychex.filter((l) => l.Amount).map((l) => [l['Worker ID'], l['Pay Component'], l.Amount])).toEqual(
      expect.arrayContaining([
        ['M1', 'Tips', '-6.00'],
        ['M1', 'Cash Tips', '-1.00'],
        ['R1', 'Tips', '-2.00'],
      ]),
    );
    const generic = await exported(co, NEXT, 'generic');
    expect(generic.map((l) => [l.employee_id, l.tips, l.cash_tips])).toEqual(
      expect.arrayContaining([
        [max, '-7.00', '-1.00'],
        [ria, '-2.00', '0.00'],
      ]),
    );
  });

  it('GET /sales/audit names the run and vendor record of each void and re-close, with the tip adjustments', async () => {
    const res = await audit(co, { posSource: 'square_api_key', externalId: 'chk-back' });
    expect(res.status).toBe(200);
    const [sale] = res.body.data.sales;
    expect(sale).toMatchObject({ externalId: 'chk-back', businessDate: SALE_DAY, voided: false });
    expect(
      sale.audit.map((a: Record<string, unknown>) => [a.action, a.runId, a.vendorId, a.tipAdjustmentDate]),
    ).toEqual([
      ['voided', 'run-void', 'chk-back', '2026-11-18'],
      ['reclosed', 'run-back', 'chk-back', '2026-11-19'],
    ]);
    expect(sale.tipAdjustments.map((a: Record<string, unknown>) => a.amount)).toEqual([-250, 250]);

    const day = await audit(co, { date: SALE_DAY });
    expect(day.status).toBe(200);
    expect(day.body.data.sales.map((s: Record<string, unknown>) => [s.externalId, s.voided])).toEqual([
      ['chk-back', false],
      ['chk-void', true],
    ]);
  });

  it('GET /sales/audit: tips withheld from a manager when hideTipsFromManagers is on; bad queries are 400, an unknown sale 404', async () => {
    const policy = await api('companies')
      .patch(`/companies/${co.companyId}/policies`)
      .set(bearer(co.owner))
      .send({ hideTipsFromManagers: true });
    expect(policy.status).toBe(200);
    const hidden = await audit(co, { posSource: 'square_api_key', externalId: 'chk-void' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.hidden).toContain('tips');
    expect(hidden.body.data.sales[0].audit[0].tips).toBeUndefined();
    expect(hidden.body.data.sales[0].audit[0].runId).toBe('run-void');
    expect(hidden.body.data.sales[0].tipAdjustments).toBeUndefined();
    const owner = await audit(co, { posSource: 'square_api_key', externalId: 'chk-void' }, co.owner);
    expect(owner.body.data.sales[0].audit[0].tips).toBe(600);

    for (const q of [
      {},
      { date: SALE_DAY, posSource: 'square_api_key', externalId: 'chk-void' },
      { externalId: 'chk-void' },
    ]) {
      const bad = await audit(co, q);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const missing = await audit(co, { posSource: 'square_api_key', externalId: 'chk-none' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'SALE_NOT_FOUND' });
  });
});

describe('an imported invoice whose tips change after its pay period closed (POST /sales/invoices again)', () => {
  it("takes the difference into the next period's report; the closed report keeps what it paid", async () => {
    const co = await posCompany({ profile: { payrollStartingDay: 1 } });
    const lou = await addEmployee(co.companyId, { name: 'Lou', surname: 'L', employeeNumber: 'L1' });
    await setPayroll(co, { payFrequency: 'weekly', anchorDate: '2026-11-02' });
    const item = {
      externalId: 'inv-7',
      posSource: 'toast',
      closedAt: at(SALE_DAY, 20 * 60),
      currency: 'EUR',
      amount: 3000,
      tips: 300,
      employeeId: lou,
    };
    const importIt = async (invoice: Record<string, unknown>) => {
      const res = await api('sales')
        .post('/sales/invoices')
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .send({ invoices: [invoice] });
      expect(res.status).toBe(200);
      return res.body.data as { created: number; updated: number; unchanged: number };
    };
    await importIt(item);
    await close(co, CLOSED);
    await onDay('2026-11-18', async () => {
      expect(await importIt({ ...item, tips: 100 })).toMatchObject({ updated: 1 });
      expect(await importIt({ ...item, tips: 100 })).toMatchObject({ unchanged: 1 });
    });
    expect((await reportOf(co, CLOSED)).row(lou)).toMatchObject({ tips: 300 });
    const next = (await reportOf(co, NEXT)).row(lou)!;
    expect(next.tips).toBe(-200);
    expect(
      (next.tipAdjustments as Array<Record<string, unknown>>).map((l) => [
        l.vendorId,
        l.vendor,
        l.change,
        l.kind,
        l.amount,
      ]),
    ).toEqual([['inv-7', 'toast', 'changed', 'cardTips', -200]]);
  }, 60_000);
});
