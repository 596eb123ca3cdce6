import { randomUUID } from 'node:crypto';
import { demoCompany, readDemoFile } from '../../dev/demo/load';
import { seed as seedCompany } from '../../dev/demo/seeds/companies';
import { seed as seedEmployees } from '../../dev/demo/seeds/employees';
import { seed as seedRoles } from '../../dev/demo/seeds/roles';
import { generateDemoInvoices } from '../../dev/demo/seeds/sales';
import type { DemoCompany } from '../../dev/demo/types';
import { addDays, businessToday } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { accumulateInvoices } from '../../src/modules/sales/aggregate';
import { dayDocument } from '../../src/modules/sales/importer';
import { dayRef, stateRef } from '../../src/modules/sales/repo';
import { addMember } from '../helpers/fixtures';
import { createUser } from '../helpers/users';

/** A day's figures times `k` (sales, covers, every field: a day that sold k times as much). */
const scaled = (v: Float64Array, k: number) => (k === 1 ? v : v.map((x) => x * k));

/** A year of Harbor & Vine's demo sales up to yesterday, as actual-sales day records (what the forecast reads). */
export async function seedSalesYear(company: DemoCompany, scale: (date: string) => number = () => 1) {
  const yesterday = addDays(businessToday(company.timezone, company.dayChangeTime), -1);
  const days = accumulateInvoices(
    generateDemoInvoices(company, { startDate: addDays(yesterday, -364), endDate: yesterday }),
  );
  const now = Date.now();
  const entries = [...days];
  for (let i = 0; i < entries.length; i += 400) {
    const batch = db().batch();
    for (const [date, v] of entries.slice(i, i + 400))
      batch.set(dayRef(company.companyId, date), dayDocument(date, company.currency, scaled(v, scale(date)), now));
    if (i === 0) batch.set(stateRef(company.companyId), { currency: company.currency, updatedAt: now });
    await batch.commit();
  }
}

/** A copy of Harbor & Vine (profile, settings, roles, employees), with a year of sales or none, and a manager. */
export async function harborVine(options: {
  sales: boolean;
  settings?: Record<string, unknown>;
  scale?: (date: string) => number;
}) {
  const file = readDemoFile().companies.find((c) => c.id === 'harbor-vine')!;
  const company = demoCompany({
    ...file,
    id: `hvf-${randomUUID().slice(0, 8)}`,
    settings: { ...file.settings, ...options.settings },
  });
  for (const seed of [seedCompany, seedRoles, seedEmployees]) await seed(company);
  if (options.sales) await seedSalesYear(company, options.scale);
  const manager = await createUser({ label: 'manager' });
  await addMember(company.companyId, manager, 'manager');
  return { company, manager };
}
