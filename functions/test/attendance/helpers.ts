import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

/** The app of the module. */
export const att = () => api('attendance');

export const companyRef = (companyId: string) => db().collection('companies').doc(companyId);

/**
 * A fixed-offset zone in which it is now about noon (12:00-12:59): tests that clock in "now"
 * against a shift of today never cross a day boundary, whatever the hour the suite runs at.
 * Etc/GMT-N is UTC+N (the sign is inverted in the IANA names).
 */
export function noonZone(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** A company for attendance tests (a cook role; profile and settings stored as given). */
export async function attendanceCompany(
  options: { profile?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
): Promise<TestCompany & { cookId: string }> {
  const co = await createCompany({ profile: { weekStartingDay: 1, ...options.profile }, settings: options.settings });
  const cook = companyRef(co.companyId).collection('roles').doc();
  await cook.set({ name: 'Cook', priority: 0, rate: 15, archived: false, subRoles: {} });
  return { ...co, cookId: cook.id };
}

export const clock = (
  co: TestCompany,
  action: 'in' | 'out' | 'breaks/start' | 'breaks/end',
  body: Record<string, unknown> = {},
  as: TestUser = co.employee,
) => att().post(`/clock/${action}`).query({ companyId: co.companyId }).set(bearer(as)).send(body);

export async function storeShift(companyId: string, id: string, shift: Record<string, unknown>) {
  await companyRef(companyId)
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

export async function auditOf(companyId: string, punchId: string) {
  const snap = await companyRef(companyId).collection('punchAudit').where('punchId', '==', punchId).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => a.at - b.at);
}

export const openEntry = (companyId: string, employeeId: string) =>
  db().collection('openPunches').doc(`${companyId}~${employeeId}`).get();

export const MIN = 60_000;
export const HOUR = 60 * MIN;
