import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { addMember } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { hm, scheduleCompany, storeShift, type ScheduleCompany } from '../schedule/helpers';

export { hm, storeShift };

/** A business date `days` from today in the test company's zone (Europe/Madrid). */
export const day = (days: number) => addDays(businessToday('Europe/Madrid', 0), days);

export interface RequestsCompany extends ScheduleCompany {
  /** Otto (co.otherId, Cook / line) signed in. */
  otto: TestUser;
  /** Lea: a third employee holding Cook / line, signed in. */
  lea: TestUser;
  leaId: string;
  /** Nina: an employee holding no position, signed in (never eligible for a Cook shift). */
  nina: TestUser;
  ninaId: string;
}

export async function requestsCompany(options: Parameters<typeof scheduleCompany>[0] = {}): Promise<RequestsCompany> {
  const co = await scheduleCompany(options);
  const employees = db().collection('companies').doc(co.companyId).collection('employees');
  const [otto, lea, nina] = await Promise.all([
    createUser({ label: 'otto' }),
    createUser({ label: 'lea' }),
    createUser({ label: 'nina' }),
  ]);
  const leaRef = employees.doc();
  const ninaRef = employees.doc();
  await Promise.all([
    leaRef.set({
      name: 'Lea',
      surname: 'Line',
      positions: [{ categoryId: co.cookId, subcategoryId: 'line' }],
      archived: false,
      userId: lea.uid,
    }),
    ninaRef.set({ name: 'Nina', surname: 'None', positions: [], archived: false, userId: nina.uid }),
    employees.doc(co.otherId).update({ userId: otto.uid }),
  ]);
  await Promise.all([
    addMember(co.companyId, otto, 'employee', co.otherId),
    addMember(co.companyId, lea, 'employee', leaRef.id),
    addMember(co.companyId, nina, 'employee', ninaRef.id),
  ]);
  return { ...co, otto, lea, leaId: leaRef.id, nina, ninaId: ninaRef.id };
}

/** A published Cook / line shift stored directly. */
export function cookShift(
  co: RequestsCompany,
  id: string,
  employeeId: string,
  date: string,
  start = hm(9),
  end = hm(13),
) {
  return storeShift(co.companyId, id, { date, employeeId, start, end, positionId: co.cookId, subRoleId: 'line' });
}

export const createRequest = (co: RequestsCompany, as: TestUser, body: Record<string, unknown>) =>
  api('requests').post('/requests').query({ companyId: co.companyId }).set(bearer(as)).send(body);

export const act = (
  co: RequestsCompany,
  as: TestUser,
  id: string,
  action: string,
  body: Record<string, unknown> = {},
) => api('requests').post(`/requests/${id}/${action}`).query({ companyId: co.companyId }).set(bearer(as)).send(body);

export const list = (co: RequestsCompany, as: TestUser, query: Record<string, string> = {}) =>
  api('requests')
    .get('/requests')
    .query({ companyId: co.companyId, ...query })
    .set(bearer(as));

export async function shiftOwner(co: RequestsCompany, id: string): Promise<string | undefined> {
  const snap = await db().collection('companies').doc(co.companyId).collection('shifts').doc(id).get();
  return snap.data()?.employeeId;
}

export const setPolicy = (co: RequestsCompany, managerApproval: Record<string, boolean>) =>
  api('requests')
    .patch('/request-policy')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ managerApproval });
