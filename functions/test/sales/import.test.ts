import { db } from '../../src/core/firebase';
import { unpackHours, vectorToHours } from '../../src/modules/sales/aggregate';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';
import { importInvoices, invoice, sales } from './helpers';

async function dayRecord(companyId: string, date: string) {
  const snap = await db().collection('companies').doc(companyId).collection('salesActual').doc(date).get();
  if (!snap.exists) return null;
  const data = snap.data()!;
  return { ...data, hours: vectorToHours(unpackHours(data.hourFrom, data.hours)) } as Record<string, unknown> & {
    totals: Record<string, number>;
    hours: Record<string, unknown>;
  };
}

async function addRole(companyId: string, name: string, rate = 10) {
  const ref = db().collection('companies').doc(companyId).collection('roles').doc();
  await ref.set({ name, rate, priority: 0, subRoles: {}, archived: false });
  return ref.id;
}

describe('POST /sales/invoices', () => {
  let c: TestCompany;
  beforeEach(async () => {
    c = await createCompany({ settings: { dayChangeTime: 14400 } });
  });

  it('creates invoices and the business-day record that sums them per hour', async () => {
    const result = await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'a', closedAt: '2026-03-10T13:15:00', amount: 2500, tips: 300, customers: 2 }),
      invoice({ externalId: 'b', closedAt: '2026-03-10T13:45:00', amount: 1500, tips: 0, customers: 1 }),
      invoice({ externalId: 'c', closedAt: '2026-03-11T01:30:00', amount: 800, tips: 100, customers: 1 }),
    ]);
    expect(result).toMatchObject({
      received: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      rejectedItems: [],
      currency: 'EUR',
    });
    const day = await dayRecord(c.companyId, '2026-03-10');
    expect(day).toMatchObject({
      date: '2026-03-10',
      currency: 'EUR',
      totals: { sales: 4800, customers: 4, tips: 400, refunds: 0, refundTips: 0, invoices: 3, refundInvoices: 0 },
      hours: {
        13: { sales: 4000, customers: 3, tips: 300, invoices: 2 },
        25: { sales: 800, customers: 1, tips: 100, invoices: 1 },
      },
    });
    expect(await dayRecord(c.companyId, '2026-03-11')).toBeNull();
    const stored = (await db().doc(`companies/${c.companyId}/invoices/square~c`).get()).data();
    expect(stored).toMatchObject({
      businessDate: '2026-03-10',
      businessHour: 25,
      localTime: '2026-03-11T01:30:00',
      closedAt: Date.UTC(2026, 2, 11, 0, 30),
    });
  });

  it('makes a re-import of the same batch a no-op: all unchanged, nothing rewritten', async () => {
    const batch = [
      invoice({ externalId: 'a' }),
      invoice({ externalId: 'b', posSource: 'toast' }),
      invoice({ externalId: 'a', posSource: 'clover' }),
    ];
    expect(await importInvoices(c.manager, c.companyId, batch)).toMatchObject({ created: 3 });
    const before = await snapshotCompany(c.companyId);
    expect(await importInvoices(c.owner, c.companyId, batch)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
      rejected: 0,
    });
    expect(await snapshotCompany(c.companyId)).toEqual(before);
  });

  it('updates a changed invoice and moves its amounts, to another day when its time changed', async () => {
    await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'x', amount: 1000, closedAt: '2026-03-10T12:00:00' }),
      invoice({ externalId: 'y', amount: 300, closedAt: '2026-03-10T12:30:00' }),
    ]);
    const result = await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'x', amount: 1200, closedAt: '2026-03-12T20:00:00' }),
    ]);
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await dayRecord(c.companyId, '2026-03-10'))!.totals).toMatchObject({ sales: 300, invoices: 1 });
    expect((await dayRecord(c.companyId, '2026-03-12'))!.hours).toEqual({
      20: expect.objectContaining({ sales: 1200, invoices: 1 }),
    });
  });

  it('removes the day record when its last invoice moves away', async () => {
    await importInvoices(c.manager, c.companyId, [invoice({ externalId: 'x', closedAt: '2026-03-10T12:00:00' })]);
    await importInvoices(c.manager, c.companyId, [invoice({ externalId: 'x', closedAt: '2026-03-11T12:00:00' })]);
    expect(await dayRecord(c.companyId, '2026-03-10')).toBeNull();
    expect(await dayRecord(c.companyId, '2026-03-11')).not.toBeNull();
  });

  it('rejects malformed items one by one with the reason, and imports the others', async () => {
    const roleId = await addRole(c.companyId, 'Server');
    const result = await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'ok-1' }),
      'not an object',
      invoice({ externalId: undefined }),
      invoice({ externalId: 'neg', amount: -100 }),
      invoice({ externalId: 'ref-pos', refund: true, amount: 100, customers: 0 }),
      invoice({ externalId: 'ref-cust', refund: true, amount: -100, customers: 2 }),
      invoice({ externalId: 'src', posSource: 'paypal' }),
      invoice({ externalId: 'cur', currency: 'euro' }),
      invoice({ externalId: 'cur2', currency: 'XYZ' }),
      invoice({ externalId: 'frac', amount: 10.5 }),
      invoice({ externalId: 'extra', surprise: true }),
      invoice({ externalId: 'when', closedAt: 'yesterday' }),
      invoice({ externalId: 'emp', employeeId: 'nobody' }),
      invoice({ externalId: 'pos', positionId: 'no-role' }),
      invoice({ externalId: 'ok-1' }),
      invoice({ externalId: 'ok-2', employeeId: c.employeeId, positionId: roleId }),
    ]);
    expect(result).toMatchObject({ received: 16, created: 2, rejected: 14 });
    const byIndex = Object.fromEntries(
      result.rejectedItems.map((r: { index: number; code: string }) => [r.index, r.code]),
    );
    expect(byIndex).toEqual({
      1: 'INVALID_ITEM',
      2: 'INVALID_ITEM',
      3: 'INVALID_ITEM',
      4: 'INVALID_ITEM',
      5: 'INVALID_ITEM',
      6: 'INVALID_ITEM',
      7: 'INVALID_ITEM',
      8: 'INVALID_ITEM',
      9: 'INVALID_ITEM',
      10: 'INVALID_ITEM',
      11: 'INVALID_ITEM',
      12: 'UNKNOWN_EMPLOYEE',
      13: 'UNKNOWN_POSITION',
      14: 'DUPLICATE_IN_BATCH',
    });
    const reasons = result.rejectedItems.map((r: { message: string }) => r.message).join('\n');
    expect(reasons).toMatch(/amount: a sale has amount >= 0/);
    expect(reasons).toMatch(/customers: a refund has customers 0/);
    expect(reasons).toMatch(/unknown field|surprise/i);
    expect(result.rejectedItems.find((r: { index: number }) => r.index === 3)).toMatchObject({
      externalId: 'neg',
      posSource: 'square',
    });
    expect((await dayRecord(c.companyId, '2026-03-10'))!.totals).toMatchObject({ sales: 2000, invoices: 2 });
  });

  it("fills the role from the position's role name and keeps employee and position on the invoice", async () => {
    const roleId = await addRole(c.companyId, 'Bartender');
    await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'r1', employeeId: c.employeeId, positionId: roleId }),
      invoice({ externalId: 'r2', role: 'Host' }),
    ]);
    const inv = (id: string) =>
      db()
        .doc(`companies/${c.companyId}/invoices/square~${id}`)
        .get()
        .then((s) => s.data());
    expect(await inv('r1')).toMatchObject({
      employeeId: c.employeeId,
      positionId: roleId,
      role: 'Bartender',
      roleKey: 'bartender',
    });
    expect(await inv('r2')).toMatchObject({ employeeId: null, positionId: null, role: 'Host', roleKey: 'host' });
  });

  it('keys invoices by posSource and externalId, whatever characters the external id has', async () => {
    const result = await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'a/b c' }),
      invoice({ externalId: 'a%2Fb c' }),
      invoice({ externalId: '..' }),
    ]);
    expect(result).toMatchObject({ created: 3 });
    expect(await importInvoices(c.manager, c.companyId, [invoice({ externalId: 'a/b c' })])).toMatchObject({
      unchanged: 1,
      created: 0,
    });
    expect((await db().doc(`companies/${c.companyId}/invoices/square~a%2Fb%20c`).get()).exists).toBe(true);
  });

  it('fixes the sales currency with the first invoice and rejects other currencies after it', async () => {
    const first = await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 'u1', currency: 'USD' }),
      invoice({ externalId: 'e1', currency: 'EUR' }),
    ]);
    expect(first).toMatchObject({ created: 1, rejected: 1, currency: 'USD' });
    expect(first.rejectedItems[0]).toMatchObject({ index: 1, code: 'CURRENCY_MISMATCH' });
    expect(first.rejectedItems[0].message).toMatch(/EUR differs from the company's sales currency USD/);
    const later = await importInvoices(c.manager, c.companyId, [invoice({ externalId: 'e2', currency: 'EUR' })]);
    expect(later).toMatchObject({ created: 0, rejected: 1, currency: 'USD' });
  });

  it('stores a refund as its own signed record, apart from sales in the day record', async () => {
    await importInvoices(c.manager, c.companyId, [
      invoice({ externalId: 's', amount: 5000, tips: 500, customers: 3 }),
      invoice({ externalId: 's-R', refund: true, refundOf: 's', amount: -2000, tips: -500, customers: 0 }),
    ]);
    expect((await dayRecord(c.companyId, '2026-03-10'))!.totals).toEqual({
      sales: 5000,
      customers: 3,
      tips: 500,
      refunds: -2000,
      refundTips: -500,
      invoices: 1,
      refundInvoices: 1,
    });
    expect((await db().doc(`companies/${c.companyId}/invoices/square~s-R`).get()).data()).toMatchObject({
      refund: true,
      refundOf: 's',
      amount: -2000,
    });
  });

  it('never double-counts when overlapping imports of the same invoices run at once', async () => {
    const shared = Array.from({ length: 40 }, (_, i) =>
      invoice({
        externalId: `s${i}`,
        amount: 100 + i,
        closedAt: `2026-03-${String(10 + (i % 5)).padStart(2, '0')}T12:00:00`,
      }),
    );
    const own = (tag: string) =>
      Array.from({ length: 10 }, (_, i) =>
        invoice({ externalId: `${tag}${i}`, amount: 7, closedAt: '2026-03-10T20:00:00' }),
      );
    const results = await Promise.all([
      importInvoices(c.manager, c.companyId, [...shared, ...own('a')]),
      importInvoices(c.owner, c.companyId, [...own('b'), ...shared]),
      importInvoices(c.manager, c.companyId, shared),
    ]);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(60);
    expect(results.reduce((n, r) => n + r.unchanged, 0)).toBe(40 * 2);
    const days = await db().collection(`companies/${c.companyId}/salesActual`).get();
    const total = days.docs.reduce((s, d) => s + d.data().totals.sales, 0);
    const count = days.docs.reduce((s, d) => s + d.data().totals.invoices, 0);
    expect(count).toBe(60);
    expect(total).toBe(shared.reduce((s, i) => s + (i.amount as number), 0) + 20 * 7);
  });

  it('splits a large import into commits within the 500-writes limit and keeps every aggregate right', async () => {
    // 1,000 invoices on 1,000 different days: a 400-invoice part would need 800 writes, so it splits.
    const items = Array.from({ length: 1000 }, (_, i) =>
      invoice({ externalId: `big${i}`, amount: i, closedAt: Date.UTC(2023, 0, 1, 12) + i * 86_400_000 }),
    );
    const result = await importInvoices(c.manager, c.companyId, items);
    expect(result).toMatchObject({ created: 1000, rejected: 0 });
    const days = await db().collection(`companies/${c.companyId}/salesActual`).get();
    expect(days.size).toBe(1000);
    expect(days.docs.reduce((s, d) => s + d.data().totals.sales, 0)).toBe((999 * 1000) / 2);
  }, 120_000);

  describe('request validation and access', () => {
    const post = (body: unknown, headers: Record<string, string>, companyId = c.companyId) =>
      sales()
        .post('/sales/invoices')
        .query({ companyId })
        .set(headers)
        .send(body as object);

    it('answers 400 for a body without invoices, an empty list, or more than 5,000 items, and writes nothing', async () => {
      const before = await snapshotCompany(c.companyId);
      for (const body of [
        {},
        { invoices: [] },
        { invoices: 'x' },
        { invoices: [invoice()], extra: 1 },
        { invoices: Array.from({ length: 5001 }, () => ({})) },
      ]) {
        const res = await post(body, bearer(c.manager));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
      expect(
        (
          await sales()
            .post('/sales/invoices')
            .set(bearer(c.manager))
            .send({ invoices: [invoice()] })
        ).status,
      ).toBe(400);
      expect(await snapshotCompany(c.companyId)).toEqual(before);
    });

    it('answers 401 without a valid token and 403 to employees and non-members', async () => {
      const stranger = await createUser({ label: 'stranger' });
      expect((await post({ invoices: [invoice()] }, {})).body).toMatchObject({ success: false, code: 'AUTH_REQUIRED' });
      expect((await post({ invoices: [invoice()] }, { Authorization: 'Bearer nope' })).status).toBe(401);
      expect((await post({ invoices: [invoice()] }, bearer(c.employee))).body).toMatchObject({
        code: 'INSUFFICIENT_ROLE',
      });
      expect((await post({ invoices: [invoice()] }, bearer(stranger))).body).toMatchObject({ code: 'NOT_A_MEMBER' });
      expect((await post({ invoices: [invoice()] }, bearer(c.manager), 'other-company')).status).toBe(403);
      expect((await db().collection(`companies/${c.companyId}/invoices`).get()).size).toBe(0);
    });
  });
});
