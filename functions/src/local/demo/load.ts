import * as fs from 'node:fs';
import * as path from 'node:path';
import { auth, db } from '../../firebase';
import { saveMembership, type MemberRole } from '../../identity/memberships';
import { companyRef, settingsRef, writePolicies } from '../../modules/companies/repo';
import { rolesCollection } from '../../modules/roles/repo';
import { employeesCollection } from '../../modules/employees/repo';
import type { DemoCompany } from './types';
import { seededRandom } from './random';

/**
 * Loads emulator-data/demo.json (companies, settings, policies, roles, employees, users) into the
 * emulators, then runs each module's seeder (shifts, sales, AI usage ...) on every company.
 */
export const DEMO_FILE = path.resolve(__dirname, '../../../../emulator-data/demo.json');

interface DemoUser {
  label: string;
  email: string;
  displayName: string;
  role?: MemberRole;
  employeeId?: string;
}

interface DemoFileCompany {
  id: string;
  profile: Record<string, unknown> & { name: string; timezone: string; weekStartingDay?: number };
  settings: Record<string, unknown> & { dayChangeTime?: number };
  policies: Record<string, boolean>;
  currency: string;
  roles: (Record<string, unknown> & { id: string; name: string; rate: number; subRoles: Record<string, unknown> })[];
  employees: (Record<string, unknown> & { id: string; name: string; surname: string; positions: DemoCompany['employees'][number]['positions'] })[];
  users: DemoUser[];
}

export interface DemoFile {
  password: string;
  admins: DemoUser[];
  companies: DemoFileCompany[];
}

type Seeder = (company: DemoCompany) => Promise<string>;

/** Module seeders, run in order for every demo company. */
const SEEDERS: { name: string; load: () => Seeder }[] = [
  { name: 'shifts', load: () => require('./schedule').seedSchedule },
  { name: 'AI usage', load: () => require('./ai').seedAi },
  { name: 'sales', load: () => require('./sales').seedSales },
];

export const readDemoFile = (): DemoFile => JSON.parse(fs.readFileSync(DEMO_FILE, 'utf8'));

async function ensureUser(user: DemoUser, password: string, claims?: Record<string, unknown>): Promise<string> {
  const uid = `demo-${user.label}`;
  try {
    await auth().createUser({ uid, email: user.email, password, displayName: user.displayName, emailVerified: true });
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/uid-already-exists') throw err;
  }
  if (claims) await auth().setCustomUserClaims(uid, claims);
  return uid;
}

async function loadCompany(company: DemoFileCompany, password: string): Promise<DemoCompany> {
  const now = Date.now();
  const batch = db().batch();
  batch.set(companyRef(company.id), { ...company.profile, currency: company.currency, createdAt: now, updatedAt: now });
  batch.set(settingsRef(company.id), company.settings, { merge: true });
  writePolicies(batch, company.id, company.policies);
  for (const { id, ...role } of company.roles) {
    batch.set(rolesCollection(company.id).doc(id), { archived: false, ...role, createdAt: now, updatedAt: now });
  }
  const userOfEmployee = new Map(company.users.filter((u) => u.employeeId).map((u) => [u.employeeId!, `demo-${u.label}`]));
  for (const { id, ...employee } of company.employees) {
    batch.set(employeesCollection(company.id).doc(id), {
      archived: false,
      ...employee,
      userId: userOfEmployee.get(id) ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }
  await batch.commit();

  let ownerUid = '';
  for (const user of company.users) {
    const uid = await ensureUser(user, password);
    await saveMembership({ companyId: company.id, uid, role: user.role ?? 'employee', employeeId: user.employeeId ?? null });
    if (user.role === 'owner') ownerUid = uid;
  }
  return {
    companyId: company.id,
    name: company.profile.name,
    timezone: company.profile.timezone,
    weekStartingDay: company.profile.weekStartingDay ?? 1,
    dayChangeTime: company.settings.dayChangeTime ?? 0,
    currency: company.currency,
    roles: company.roles
      .filter((r) => r.archived !== true)
      .map((r) => ({ id: r.id, name: r.name, rate: r.rate, subRoleIds: Object.keys(r.subRoles) })),
    employees: company.employees
      .filter((e) => e.archived !== true)
      .map((e) => ({
        id: e.id,
        name: e.name,
        surname: e.surname,
        positions: e.positions,
        availabilities: e.availabilities as Record<string, unknown> | undefined,
        rateRegular: e.rateRegular as number | undefined,
      })),
    ownerUid,
    random: seededRandom(company.id.length * 7919 + 17),
  };
}

export async function loadDemo(log: (line: string) => void = console.log): Promise<void> {
  const demo = readDemoFile();
  for (const admin of demo.admins) await ensureUser(admin, demo.password, { admin: true });
  for (const company of demo.companies) {
    const loaded = await loadCompany(company, demo.password);
    log(`  ${company.profile.name} (${company.id}): ${loaded.roles.length} roles, ${company.employees.length} employees, ${company.users.length} users`);
    for (const seeder of SEEDERS) log(`    ${seeder.name}: ${await seeder.load()(loaded)}`);
  }
}
