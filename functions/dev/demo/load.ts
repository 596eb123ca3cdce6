import * as fs from 'node:fs';
import * as path from 'node:path';
import { auth } from '../../src/core/firebase';
import { saveMembership } from '../../src/core/memberships';
import { MODULES } from '../../src/modules/registry';
import { seededRandom } from './random';
import { SEEDERS } from './seeds';
import type { DemoCompany, DemoFile, DemoFileCompany, DemoUser } from './types';

/**
 * Loads emulator-data/demo.json into the emulators: the users (Auth) and memberships, then every
 * module's seeder (dev/demo/seeds/<module folder>.ts, listed in dev/demo/seeds/index.ts by module name)
 * for every company, in registry order.
 */
export const DEMO_FILE = path.resolve(__dirname, '../../../emulator-data/demo.json');

export const readDemoFile = (): DemoFile => JSON.parse(fs.readFileSync(DEMO_FILE, 'utf8'));

const uidOf = (label: string) => `demo-${label}`;

async function ensureUser(user: DemoUser, password: string, claims?: Record<string, unknown>): Promise<string> {
  const uid = uidOf(user.label);
  try {
    await auth().createUser({ uid, email: user.email, password, displayName: user.displayName, emailVerified: true });
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/uid-already-exists') throw err;
  }
  if (claims) await auth().setCustomUserClaims(uid, claims);
  return uid;
}

export function demoCompany(company: DemoFileCompany): DemoCompany {
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
    ownerUid: uidOf(company.users.find((u) => u.role === 'owner')?.label ?? ''),
    file: company,
    uidOf,
    random: seededRandom(company.id.length * 7919 + 17),
  };
}

export async function loadDemo(log: (line: string) => void = console.log): Promise<void> {
  const demo = readDemoFile();
  for (const admin of demo.admins) await ensureUser(admin, demo.password, { admin: true });
  for (const file of demo.companies) {
    for (const user of file.users) {
      const uid = await ensureUser(user, demo.password);
      await saveMembership({
        companyId: file.id,
        uid,
        role: user.role ?? 'employee',
        employeeId: user.employeeId ?? null,
      });
    }
    log(`  ${file.profile.name} (${file.id}): ${file.users.length} users`);
    const company = demoCompany(file);
    for (const { name } of MODULES) {
      const seed = SEEDERS[name];
      if (seed) log(`    ${name}: ${await seed(company)}`);
    }
  }
}
