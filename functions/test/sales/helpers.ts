import { api } from '../helpers/api';
import { bearer, type TestUser } from '../helpers/users';

export const sales = () => api('sales');

/** An invoice item with sensible defaults. */
export function invoice(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalId: `t-${Math.random().toString(36).slice(2, 10)}`,
    posSource: 'square',
    currency: 'EUR',
    amount: 1000,
    tips: 0,
    customers: 1,
    closedAt: '2026-03-10T13:15:00',
    ...over,
  };
}

export async function importInvoices(user: TestUser, companyId: string, invoices: unknown[]) {
  const res = await sales().post('/sales/invoices').query({ companyId }).set(bearer(user)).send({ invoices });
  if (res.status !== 200) throw new Error(`import failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function getSales(user: TestUser, query: Record<string, unknown>) {
  return sales().get('/sales').query(query).set(bearer(user));
}

/** GET /sales that must succeed; returns `data`. */
export async function salesData(user: TestUser, query: Record<string, unknown>) {
  const res = await getSales(user, query);
  if (res.status !== 200) throw new Error(`GET /sales failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
