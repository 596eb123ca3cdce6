import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import type { TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

export const payroll = () => api('payroll');

/** A punch added by the manager through POST /punches and approved: [clockInAt, clockOutAt) with unpaid meal breaks. */
export async function approvedPunch(
  co: TestCompany,
  employeeId: string,
  clockInAt: number,
  clockOutAt: number,
  options: {
    positionId?: string | null;
    meals?: { startAt: number; endAt: number }[];
    breaks?: { type: 'meal' | 'rest'; startAt: number; endAt: number; paid?: boolean }[];
  } = {},
): Promise<string> {
  const q = { companyId: co.companyId };
  const res = await api('attendance')
    .post('/punches')
    .query(q)
    .set(bearer(co.manager))
    .send({
      employeeId,
      clockInAt,
      clockOutAt,
      breaks: [...(options.meals ?? []).map((m) => ({ type: 'meal', ...m })), ...(options.breaks ?? [])],
      ...(options.positionId !== undefined ? { positionId: options.positionId } : {}),
      reason: 'payroll test',
    });
  expect(res.status).toBe(201);
  const approved = await api('attendance')
    .post(`/punches/${res.body.data.id}/approve`)
    .query(q)
    .set(bearer(co.manager))
    .send({});
  expect(approved.status).toBe(200);
  return res.body.data.id as string;
}

/** Stores employees directly (pay fields included), by id. */
export async function storeEmployees(companyId: string, employees: Record<string, Record<string, unknown>>) {
  const batch = db().batch();
  const company = db().collection('companies').doc(companyId);
  for (const [id, data] of Object.entries(employees))
    batch.set(company.collection('employees').doc(id), { positions: [], archived: false, ...data });
  await batch.commit();
}

/** PATCH /payroll/settings as the owner. */
/** The company's policies patched by its owner (PATCH /companies/{id}/policies). */
export async function setPolicies(co: TestCompany, policies: Record<string, unknown>) {
  const res = await api('companies').patch(`/companies/${co.companyId}/policies`).set(bearer(co.owner)).send(policies);
  expect(res.status).toBe(200);
}

export async function setPayroll(co: TestCompany, settings: Record<string, unknown>) {
  const res = await payroll()
    .patch('/payroll/settings')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send(settings);
  expect(res.status).toBe(200);
}

export interface Row {
  employeeId: string;
  [field: string]: unknown;
}

/** GET the report of the period starting on `startDate`; the rows by employee id. */
export async function reportOf(co: TestCompany, startDate: string) {
  const res = await payroll()
    .get(`/payroll/periods/${startDate}/report`)
    .query({ companyId: co.companyId })
    .set(bearer(co.owner));
  expect(res.status).toBe(200);
  const rows = new Map<string, Row>(res.body.data.employees.map((e: Row) => [e.employeeId, e]));
  return { report: res.body.data, row: (id: string) => rows.get(id) };
}

/** The pay periods, newest first (the current one first). */
export async function periods(co: TestCompany, count = 4): Promise<{ startDate: string; endDate: string }[]> {
  const res = await payroll().get('/payroll/periods').query({ companyId: co.companyId, count }).set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data;
}
