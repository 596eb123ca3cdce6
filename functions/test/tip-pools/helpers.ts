import { api } from '../helpers/api';
import type { TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

export const tipPools = () => api('tipPools');

/** A role made through POST /roles as the owner; its id. */
export async function role(co: TestCompany, name: string, type: 'BOH' | 'FOH' | 'MNG'): Promise<string> {
  const res = await api('roles')
    .post('/roles')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ name, type });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** A pool of the server role's card tips, shared by hours among the servers (`extra` overrides). */
export const serversByHours = (server: string, extra: Record<string, unknown> = {}) => ({
  name: 'Servers by hours',
  period: 'day',
  tipClasses: ['card'],
  contributorRoleIds: [server],
  shareBy: 'hours',
  shares: [{ roleId: server }],
  tipCreditTaken: true,
  ...extra,
});

export const definePool = (co: TestCompany, body: Record<string, unknown>, who: TestUser = co.owner) =>
  tipPools().post('/tip-pools').query({ companyId: co.companyId }).set(bearer(who)).send(body);

export async function poolId(co: TestCompany, body: Record<string, unknown>): Promise<string> {
  const res = await definePool(co, body);
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** Invoices through POST /sales/invoices as the manager: [externalId, employeeId, closedAt (ms), amount, tips]. */
export async function sales(co: TestCompany, rows: [string, string, number, number, number][]) {
  const res = await api('sales')
    .post('/sales/invoices')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({
      invoices: rows.map(([externalId, employeeId, closedAt, amount, tips]) => ({
        externalId,
        posSource: 'square',
        closedAt,
        currency: 'USD',
        amount,
        tips,
        employeeId,
      })),
    });
  expect(res.status).toBe(200);
  expect(res.body.data.rejectedItems ?? []).toEqual([]);
}

export const distributeOf = (co: TestCompany, poolId: string, periodStart: string, who: TestUser = co.manager) =>
  tipPools()
    .post(`/tip-pools/${poolId}/distributions`)
    .query({ companyId: co.companyId })
    .set(bearer(who))
    .send({ periodStart });

export const lockOf = (co: TestCompany, poolId: string, periodStart: string, who: TestUser = co.manager) =>
  tipPools()
    .post(`/tip-pools/${poolId}/distributions/${periodStart}/lock`)
    .query({ companyId: co.companyId })
    .set(bearer(who))
    .send({});

/** Rows in one order whatever the (random) employee ids: by their text. */
export const sorted = (rows: unknown[][]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** [kind, employeeId, contributed, share] of a distribution's entries, sorted. */
export const shares = (entries: { kind: string; employeeId: string; contributed: number; share: number }[]) =>
  sorted(entries.map((e) => [e.kind, e.employeeId, e.contributed, e.share]));

/** [employeeId, periodStart, adjustsPeriod, contributed, share] of adjustment entries, sorted. */
export const adjusted = (entries: Record<string, unknown>[]) =>
  sorted(entries.map((a) => [a.employeeId, a.periodStart, a.adjustsPeriod, a.contributed, a.share]));
