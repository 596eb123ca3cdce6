import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { importInvoices, invoice, salesData } from '../sales/helpers';
import { orgApi, twoLocationGroup, type Group } from './support';

jest.setTimeout(120_000);

const RANGE = { startDate: '2026-03-01', endDate: '2026-03-31' };

async function setLaborAccess(g: Group, companyId: string, on: boolean) {
  const res = await api('companies')
    .patch(`/companies/${companyId}/settings`)
    .set(bearer(g.owner))
    .send({ hasAccessToLaborCost: on });
  expect(res.status).toBe(200);
}

const rollup = (g: Group, query: Record<string, unknown> = RANGE, who = g.owner) =>
  orgApi().get(`/organizations/${g.orgId}/rollup`).query(query).set(bearer(who));

describe('GET /organizations/{orgId}/rollup', () => {
  let g: Group;

  beforeAll(async () => {
    g = await twoLocationGroup();
    await Promise.all([setLaborAccess(g, g.a.companyId, true), setLaborAccess(g, g.b.companyId, true)]);
    // A: two tickets ($100.00 + $50.00, $15.00 tips, 5 covers); B: one ($200.00, 4 covers)
    await importInvoices(g.owner, g.a.companyId, [
      invoice({ currency: 'USD', amount: 10000, tips: 1500, customers: 3, closedAt: '2026-03-02T13:00:00' }),
      invoice({ currency: 'USD', amount: 5000, customers: 2, closedAt: '2026-03-03T20:00:00' }),
    ]);
    await importInvoices(g.owner, g.b.companyId, [
      invoice({ currency: 'USD', amount: 20000, customers: 4, closedAt: '2026-03-02T21:00:00' }),
    ]);
    const role = await db()
      .collection('companies')
      .doc(g.a.companyId)
      .collection('roles')
      .add({ name: 'Cook', rate: 20, priority: 0, subRoles: {}, archived: false });
    // A: a published 3-hour shift at $20.00 = $60.00 of labour (40 % of A's sales)
    await db().collection('companies').doc(g.a.companyId).collection('shifts').add({
      date: '2026-03-02',
      employeeId: g.a.employeeId,
      positionId: role.id,
      start: 600,
      end: 780,
      mode: 'published',
    });
    // B: a day of AI usage (3 calls, $0.0045)
    await db()
      .collection('companies')
      .doc(g.b.companyId)
      .collection('aiUsage')
      .doc('2026-03-05')
      .set({ day: '2026-03-05', calls: 3, totalTokens: 1200, costNanoUsd: 4_500_000 });
  });

  it('answers each location as its owner reads GET /sales, and the totals from the sums', async () => {
    const res = await rollup(g);
    expect(res.status).toBe(200);
    const [a, b] = [g.a.companyId, g.b.companyId].sort();
    const byId = new Map(res.body.data.locations.map((l: { companyId: string }) => [l.companyId, l]));
    expect(res.body.data.locations.map((l: { companyId: string }) => l.companyId)).toEqual([a, b]);
    expect(byId.get(g.a.companyId)).toMatchObject({
      name: 'Harbor North',
      employerId: g.employerId,
      currency: 'USD',
      figures: {
        totalSales: 15000,
        customerCount: 5,
        tips: 1500,
        laborCost: 6000,
        laborPercent: 0.4,
        premiums: { count: 0, amountMinor: 0 },
        forecastSales: null,
      },
      aiUsage: { calls: 0, totalTokens: 0, costNanoUsd: 0 },
      hidden: [],
    });
    expect(byId.get(g.b.companyId)).toMatchObject({
      name: 'Harbor South',
      figures: { totalSales: 20000, customerCount: 4, tips: 0, laborCost: 0, laborPercent: 0 },
      aiUsage: { calls: 3, totalTokens: 1200, costNanoUsd: 4_500_000 },
    });
    expect(res.body.data.totals).toEqual([
      {
        currency: 'USD',
        locations: 2,
        figures: {
          totalSales: 35000,
          customerCount: 9,
          tips: 1500,
          laborCost: 6000,
          laborPercent: 0.1714,
          actualLaborCost: 0,
          actualLaborPercent: 0,
          premiums: { count: 0, amountMinor: 0 },
          forecastSales: null,
        },
      },
    ]);
    expect(res.body.data.aiUsage).toEqual({ calls: 3, totalTokens: 1200, costNanoUsd: 4_500_000 });
    // each line is what the location's GET /sales answers its owner
    for (const companyId of [g.a.companyId, g.b.companyId]) {
      const sales = await salesData(g.owner, { companyId, ...RANGE, groupBy: 'monthly', fields: 'totalSales,ratio' });
      const line = byId.get(companyId) as { figures: { totalSales: number; laborCost: number } };
      expect([line.figures.totalSales, line.figures.laborCost]).toEqual([
        sales.summary.totals.totalSales,
        sales.summary.totals.laborCost,
      ]);
    }
  });

  it('withholds the labour figures of a location that does not show labour cost, and the totals they would enter', async () => {
    await setLaborAccess(g, g.b.companyId, false);
    try {
      const res = await rollup(g);
      expect(res.status).toBe(200);
      const b = res.body.data.locations.find((l: { companyId: string }) => l.companyId === g.b.companyId);
      expect(b).toMatchObject({
        hidden: ['laborCost'],
        figures: { totalSales: 20000, laborCost: null, laborPercent: null, actualLaborCost: null },
      });
      expect(res.body.data.totals[0].figures).toMatchObject({ totalSales: 35000, laborCost: null, laborPercent: null });
    } finally {
      await setLaborAccess(g, g.b.companyId, true);
    }
  });

  it('says why a location has no forecast when one is asked for', async () => {
    const res = await rollup(g, { ...RANGE, forecast: 'true' });
    expect(res.status).toBe(200);
    for (const l of res.body.data.locations) {
      expect(l.figures.forecastSales).toBeNull();
      expect(l.forecastUnavailable).toBe('FORECAST_NO_HISTORY');
    }
  });

  it('is for the organization’s owners and administrators: to a location’s manager, employee or other owner it does not exist', async () => {
    for (const who of [g.a.manager, g.b.owner, g.a.employee]) {
      const res = await rollup(g, RANGE, who);
      expect([res.status, res.body.code, res.body.data]).toEqual([404, 'ORGANIZATION_NOT_FOUND', undefined]);
    }
  });

  it('refuses a bad range with a clear code and answers no figures', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-03-31', endDate: '2026-03-01' }, 'INVALID_DATE_RANGE'],
      [{ startDate: '2026-01-01', endDate: '2026-06-30' }, 'INVALID_DATE_RANGE'],
      [{ startDate: '2026-02-30', endDate: '2026-03-01' }, 'VALIDATION_FAILED'],
      [{ ...RANGE, forecast: 'maybe' }, 'VALIDATION_FAILED'],
      [{ ...RANGE, extra: '1' }, 'VALIDATION_FAILED'],
    ];
    for (const [query, code] of cases) {
      const res = await rollup(g, query);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
  });
});
