import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

export interface ScheduleCompany extends TestCompany {
  /** A role "Cook" with sub-roles line, prep (held by nobody) and grill (archived). */
  cookId: string;
  /** A role "Server" nobody holds. */
  serverId: string;
  /** A second employee holding Cook / line. */
  otherId: string;
}

/**
 * A company for schedule tests: timezone Europe/Madrid, week starting Monday, the Emma employee of
 * the base fixture holding Cook / line, plus a second employee. `profile` and `settings` are stored as given.
 */
export async function scheduleCompany(
  options: {
    profile?: Record<string, unknown>;
    settings?: Record<string, unknown>;
    availabilities?: Record<string, unknown>;
  } = {},
): Promise<ScheduleCompany> {
  const co = await createCompany({ profile: { weekStartingDay: 1, ...options.profile }, settings: options.settings });
  const company = db().collection('companies').doc(co.companyId);
  const cook = company.collection('roles').doc();
  const server = company.collection('roles').doc();
  const other = company.collection('employees').doc();
  const batch = db().batch();
  batch.set(cook, {
    name: 'Cook',
    priority: 0,
    rate: 15,
    archived: false,
    subRoles: {
      line: { name: 'Line', priority: 0 },
      prep: { name: 'Prep', priority: 2 },
      grill: { name: 'Grill', priority: 1, archived: true },
    },
  });
  batch.set(server, { name: 'Server', priority: 1, rate: 12, archived: false, subRoles: {} });
  batch.update(company.collection('employees').doc(co.employeeId), {
    positions: [
      { categoryId: cook.id, subcategoryId: 'line' },
      { categoryId: cook.id, subcategoryId: 'grill' },
    ],
    ...(options.availabilities ? { availabilities: options.availabilities } : {}),
  });
  batch.set(other, {
    name: 'Otto',
    surname: 'Other',
    positions: [{ categoryId: cook.id, subcategoryId: 'line' }],
    archived: false,
    userId: null,
  });
  await batch.commit();
  return { ...co, cookId: cook.id, serverId: server.id, otherId: other.id };
}

export interface PutOptions {
  date: string;
  employeeId: string;
  mode?: 'published' | 'manual' | 'draft';
  as?: TestUser;
  query?: Record<string, string>;
}

/** PUT /shifts/{id} as the manager (by default). */
export function putShift(co: TestCompany, id: string, body: Record<string, unknown>, o: PutOptions) {
  return api('schedule')
    .put(`/shifts/${id}`)
    .query({
      companyId: co.companyId,
      date: o.date,
      employeeId: o.employeeId,
      ...(o.mode ? { mode: o.mode } : {}),
      ...o.query,
    })
    .set(bearer(o.as ?? co.manager))
    .send(body);
}

/** Stores a shift document directly (arranging a test without going through the checks). */
export async function storeShift(companyId: string, id: string, shift: Record<string, unknown>) {
  await db()
    .collection('companies')
    .doc(companyId)
    .collection('shifts')
    .doc(id)
    .set({
      companyId,
      positionId: null,
      subRoleId: null,
      end: null,
      mode: 'published',
      scheduleId: null,
      note: '',
      onHold: false,
      minutes: 0,
      workedMinutes: 0,
      createdAt: 1,
      updatedAt: 1,
      ...shift,
    });
}

export async function storedShift(companyId: string, id: string) {
  const snap = await db().collection('companies').doc(companyId).collection('shifts').doc(id).get();
  return snap.exists ? snap.data()! : null;
}

export const hm = (h: number, m = 0) => h * 60 + m;

/** POST /schedule-proposals as `as` (default the manager). */
export const generateProposal = (co: ScheduleCompany, body: Record<string, unknown>, as: TestUser = co.manager) =>
  api('schedule').post('/schedule-proposals').query({ companyId: co.companyId }).set(bearer(as)).send(body);

/** POST /schedule-proposals/{id}/commit as the manager, in `companyId` (default the proposal's company). */
export const commitProposal = (co: ScheduleCompany, id: string, companyId = co.companyId) =>
  api('schedule').post(`/schedule-proposals/${id}/commit`).query({ companyId }).set(bearer(co.manager)).send();
