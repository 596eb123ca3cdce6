import { randomUUID } from 'node:crypto';
import type { PosEmployee, PosPunch, PosSale } from '../../../src/pos/connectors';
import { instant } from '../../../src/core/calendar';
import { db } from '../../../src/core/firebase';
import type { SinkTarget } from '../../../src/modules/pos-sync';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { bearer, type TestUser } from '../../helpers/users';

export const TZ = 'Europe/Madrid';
export const MIN = 60_000;
/** Epoch ms of a company-local minute of a date (Europe/Madrid, the fixture company's zone). */
export const at = (date: string, minute: number) => instant(date, minute, TZ);

export const pos = () => api('posSync');
export const companyRef = (companyId: string) => db().collection('companies').doc(companyId);

export interface PosCompany extends TestCompany {
  target: SinkTarget;
}

/** A fresh company (the fixture's) and a square_api_key connection of it to write pages for. */
export async function posCompany(options: { profile?: Record<string, unknown> } = {}): Promise<PosCompany> {
  const co = await createCompany({ profile: { weekStartingDay: 1, ...options.profile } });
  return { ...co, target: { companyId: co.companyId, connectionId: 'square_api_key~L1', slug: 'square_api_key' } };
}

/** Stores an employee record (as the employees module does) and answers its id. */
export async function addEmployee(companyId: string, fields: Record<string, unknown>): Promise<string> {
  const ref = companyRef(companyId).collection('employees').doc();
  await ref.set({ positions: [], archived: false, userId: null, ...fields });
  return ref.id;
}

export function posEmployee(over: Partial<PosEmployee> = {}): PosEmployee {
  return {
    vendorId: `tm-${randomUUID().slice(0, 8)}`,
    firstName: 'Pat',
    lastName: 'Doe',
    email: null,
    phone: null,
    active: true,
    jobTitle: null,
    modifiedAt: 1_700_000_000_000,
    ...over,
  };
}

export function posPunch(over: Partial<PosPunch> & Pick<PosPunch, 'employeeVendorId' | 'clockInAt'>): PosPunch {
  return {
    vendorId: `tc-${randomUUID().slice(0, 8)}`,
    clockOutAt: over.clockInAt + 4 * 60 * MIN,
    breaks: [],
    jobTitle: null,
    deleted: false,
    modifiedAt: 1_700_000_000_000,
    ...over,
  };
}

export function posSale(over: Partial<PosSale> & Pick<PosSale, 'closedAt'>): PosSale {
  return {
    vendorId: `o-${randomUUID().slice(0, 8)}`,
    employeeVendorId: null,
    currency: 'EUR',
    amount: 2500,
    tips: 0,
    cashTips: 0,
    customers: 2,
    refund: false,
    refundOf: null,
    modifiedAt: 1_700_000_000_000,
    ...over,
  };
}

/** The id the module gives a POS employee of the fixture connection. */
export const posId = (co: PosCompany, vendorId: string) => `${co.target.connectionId}~${vendorId}`;

export async function docsOf(companyId: string, collection: string) {
  const snap = await companyRef(companyId).collection(collection).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string });
}

/** The sync's ledger entries of sales: the `pos` field of the invoices that have one. */
export async function ledgerOf(companyId: string) {
  const invoices = await docsOf(companyId, 'invoices');
  return invoices.flatMap((i) => (i.pos ? [i.pos as Record<string, unknown>] : []));
}

export const link = (co: PosCompany, posEmployeeId: string, employeeId: string, as: TestUser = co.manager) =>
  pos()
    .post(`/pos-employees/${encodeURIComponent(posEmployeeId)}/link`)
    .query({ companyId: co.companyId })
    .set(bearer(as))
    .send({ employeeId });

export const unlink = (co: PosCompany, posEmployeeId: string, as: TestUser = co.manager) =>
  pos()
    .delete(`/pos-employees/${encodeURIComponent(posEmployeeId)}/link`)
    .query({ companyId: co.companyId })
    .set(bearer(as));

export const list = (co: PosCompany, query: Record<string, unknown> = {}, as: TestUser = co.manager) =>
  pos()
    .get('/pos-employees')
    .query({ companyId: co.companyId, ...query })
    .set(bearer(as));

/** GET /posSync/pos-employees that must succeed: the POS employees of the page. */
export async function listed(co: PosCompany, query: Record<string, unknown> = {}) {
  const res = await list(co, query);
  if (res.status !== 200) throw new Error(`GET /pos-employees answered ${res.status}: ${res.text}`);
  return res.body.data as {
    posEmployees: Array<
      Record<string, unknown> & { id: string; suggestions: Array<{ employeeId: string; score: number }> }
    >;
    nextCursor: string | null;
  };
}
