import { db } from '../../src/core/firebase';
import { generateDemoInvoices, seededInvoices, writeSalesData } from '../../dev/demo/seeds/sales';
import { SIMULATED_DEMO_TRADING } from '../../dev/vendors/accounts';
import type { DemoCompany } from '../../dev/demo/types';
import { prepareInvoice } from '../../src/modules/sales/importer';
import { createCompany } from '../helpers/fixtures';
import { salesData } from './helpers';

function demoCompany(companyId: string, over: Partial<DemoCompany> = {}): DemoCompany {
  let seed = 7;
  return {
    companyId,
    name: 'Demo',
    timezone: 'America/New_York',
    weekStartingDay: 1,
    dayChangeTime: 14400,
    currency: 'USD',
    roles: [
      { id: 'role-server', name: 'Server', rate: 12, subRoleIds: [] },
      { id: 'role-line', name: 'Line Cook', rate: 16, subRoleIds: [] },
    ],
    employees: [
      { id: 'e1', name: 'A', surname: 'A', positions: [{ categoryId: 'role-server', subcategoryId: 's' }] },
      { id: 'e2', name: 'B', surname: 'B', positions: [{ categoryId: 'role-line', subcategoryId: 's' }] },
    ],
    ownerUid: 'owner',
    file: {
      id: companyId,
      profile: { name: 'Demo', timezone: 'America/New_York' },
      settings: {},
      policies: {},
      currency: 'USD',
      roles: [],
      employees: [],
      users: [],
    },
    uidOf: (label) => label,
    random: () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646,
    ...over,
  };
}

describe('demo sales', () => {
  it('leaves the days the connected Toast restaurant trades to the POS sync, and seeds the rest of the year', () => {
    const now = Date.UTC(2026, 5, 15, 16);
    const company = demoCompany('demo-toast');
    const from = now - SIMULATED_DEMO_TRADING.days * 86_400_000;
    const toast = (invoices: { posSource: string; closedAt: number }[]) =>
      invoices.filter((i) => i.posSource === 'toast');
    const connected = seededInvoices({ ...company, file: { ...company.file, integrations: { pos: 'toast' } } }, now);
    expect(toast(connected).length).toBeGreaterThan(1000);
    expect(toast(connected).every((i) => i.closedAt < from)).toBe(true);
    expect(connected.some((i) => i.posSource !== 'toast' && i.closedAt >= from)).toBe(true);
    // without a connected POS, every source keeps every day
    expect(toast(seededInvoices(demoCompany('demo-none'), now)).some((i) => i.closedAt >= from)).toBe(true);
  });

  it('builds exactly what an import of the same invoices would store', () => {
    const company = demoCompany('demo-check');
    const invoices = generateDemoInvoices(company, { startDate: '2026-03-01', endDate: '2026-03-14' });
    const ctx = {
      zone: company.timezone,
      dayChangeSeconds: company.dayChangeTime,
      employees: new Set(['e1', 'e2']),
      roles: new Map(company.roles.map((r) => [r.id, { name: r.name }])),
    };
    for (const inv of invoices) {
      const {
        businessDate: _d,
        businessHour: _h,
        localTime: _l,
        roleKey: _k,
        importedAt: _i,
        updatedAt: _u,
        role,
        ...item
      } = inv;
      const prepared = prepareInvoice(
        { ...item, role: role ?? undefined, refundOf: item.refundOf ?? undefined },
        ctx,
        inv.importedAt!,
      );
      expect(prepared).toEqual({ invoice: inv });
    }
  });

  it('has lunch and dinner peaks, busier weekends, refunds and several POS sources, served by front-of-house staff', () => {
    const invoices = generateDemoInvoices(demoCompany('demo-shape'), {
      startDate: '2026-01-05',
      endDate: '2026-04-05',
    });
    const byHour = new Array(48).fill(0);
    for (const i of invoices) byHour[i.businessHour] += 1;
    expect(byHour[13]).toBeGreaterThan(byHour[16] * 3);
    expect(byHour[20]).toBeGreaterThan(byHour[16] * 3);
    const perDay = (weekday: number) =>
      invoices.filter((i) => new Date(`${i.businessDate}T00:00:00Z`).getUTCDay() === weekday).length;
    expect(perDay(6)).toBeGreaterThan(perDay(2) * 1.3);
    expect(invoices.filter((i) => i.refund).length).toBeGreaterThan(10);
    expect(new Set(invoices.map((i) => i.posSource)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(invoices.map((i) => i.employeeId))).toEqual(new Set(['e1']));
  });

  it('writes invoices and day records that GET /sales reads back on both paths', async () => {
    const c = await createCompany({ profile: { timezone: 'America/New_York' }, settings: { dayChangeTime: 14400 } });
    const company = demoCompany(c.companyId, {
      employees: [{ id: c.employeeId, name: 'E', surname: 'E', positions: [] }],
    });
    const invoices = generateDemoInvoices(company, {
      startDate: '2026-03-01',
      endDate: '2026-03-10',
      ticketsPerDay: 40,
    });
    const written = await writeSalesData(c.companyId, 'USD', invoices);
    expect(written).toEqual({ invoices: invoices.length, days: 10 });
    const q = {
      companyId: c.companyId,
      startDate: '2026-03-01',
      endDate: '2026-03-10',
      groupBy: 'weekly',
      excludeRefunds: 'false',
    };
    const fast = await salesData(c.owner, q);
    const slow = await salesData(c.owner, { ...q, source: 'invoices' });
    expect(fast.currency).toBe('USD');
    expect(slow.buckets).toEqual(fast.buckets);
    expect(fast.summary.totals.totalSales).toBe(invoices.reduce((s, i) => s + i.amount, 0));
    expect((await db().collection(`companies/${c.companyId}/invoices`).count().get()).data().count).toBe(
      invoices.length,
    );
  });
});
