/**
 * A benchmark company with roles, employees, an owner and the demo's invoices over a date range,
 * written straight to the store (the benchmarks measure reads, not this seeding).
 */
import { db } from '../src/core/firebase';
import { saveMembership } from '../src/core/memberships';
import { generateDemoInvoices, writeSalesData } from '../dev/demo/seeds/sales';
import { seededRandom } from '../dev/demo/random';
import type { DemoCompany } from '../dev/demo/types';

export interface BenchRole {
  id: string;
  name: string;
  rate: number;
  subRoleIds: string[];
}

export interface SalesCompanySeed {
  companyId: string;
  name: string;
  ownerUid: string;
  roles: BenchRole[];
  employeeCount: number;
  /** Fields of the employee documents beyond name, surname, positions and archived. */
  employeeFields?: Record<string, unknown>;
  settings: Record<string, unknown>;
  seed: number;
  startDate: string;
  endDate: string;
  ticketsPerDay?: number;
}

const TIMEZONE = 'America/New_York';

/** Seeds the company; answers its employees and what `writeSalesData` wrote. */
export async function seedSalesCompany(s: SalesCompanySeed) {
  const company = db().collection('companies').doc(s.companyId);
  const employees = Array.from({ length: s.employeeCount }, (_, e) => ({
    id: `e${e}`,
    name: `E${e}`,
    surname: 'Bench',
    positions: [{ categoryId: s.roles[e % s.roles.length].id, subcategoryId: 'x' }],
  }));
  const batch = db().batch();
  batch.set(company, { name: s.name, timezone: TIMEZONE, weekStartingDay: 1 });
  batch.set(company.collection('config').doc('settings'), s.settings);
  for (const r of s.roles)
    batch.set(company.collection('roles').doc(r.id), { name: r.name, rate: r.rate, archived: false });
  for (const { id, ...e } of employees)
    batch.set(company.collection('employees').doc(id), { ...e, archived: false, ...s.employeeFields });
  await batch.commit();
  await saveMembership({ companyId: s.companyId, uid: s.ownerUid, role: 'owner', employeeId: null });
  const demo: DemoCompany = {
    companyId: s.companyId,
    name: s.name,
    timezone: TIMEZONE,
    weekStartingDay: 1,
    dayChangeTime: 14400,
    currency: 'USD',
    roles: s.roles,
    employees,
    ownerUid: s.ownerUid,
    random: seededRandom(s.seed),
    uidOf: (label) => label,
    file: {
      id: s.companyId,
      profile: { name: s.name, timezone: TIMEZONE },
      settings: {},
      policies: {},
      currency: 'USD',
      roles: [],
      employees: [],
      users: [],
    },
  };
  const invoices = generateDemoInvoices(demo, {
    startDate: s.startDate,
    endDate: s.endDate,
    ...(s.ticketsPerDay ? { ticketsPerDay: s.ticketsPerDay } : {}),
  });
  const written = await writeSalesData(s.companyId, 'USD', invoices);
  return { employees, written };
}
