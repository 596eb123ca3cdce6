import { randomUUID } from 'node:crypto';
import { addDays, businessToday, weekStart } from '../../src/core/calendar';
import { demoCompany, readDemoFile } from '../../dev/demo/load';
import { seed as seedCompany } from '../../dev/demo/seeds/companies';
import { seed as seedEmployees } from '../../dev/demo/seeds/employees';
import { seed as seedRoles } from '../../dev/demo/seeds/roles';
import { seed as seedShifts } from '../../dev/demo/seeds/schedule';
import { api } from '../helpers/api';
import { addMember } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';

describe('schedule generation on the demo company', () => {
  it('generates next week of Harbor & Vine from its template in one call, and the proposal commits', async () => {
    const file = readDemoFile().companies.find((c) => c.id === 'harbor-vine')!;
    const company = demoCompany({ ...file, id: `hv-${randomUUID().slice(0, 8)}` });
    for (const seed of [seedCompany, seedRoles, seedEmployees, seedShifts]) await seed(company);
    const manager = await createUser({ label: 'manager' });
    await addMember(company.companyId, manager, 'manager');

    const next = addDays(weekStart(businessToday(company.timezone, company.dayChangeTime), company.weekStartingDay), 7);
    const res = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send({ startDate: next, endDate: addDays(next, 6) });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.coverage.required).toBeGreaterThan(50);
    expect(p.coverage.filled / p.coverage.required).toBeGreaterThan(0.6);
    expect(p.solver).toMatchObject({ used: 'mip', status: 'optimal' });
    for (const u of p.unfilled)
      expect(['held', 'noAvailableEmployee', 'allCandidatesBusy', 'noQualifiedEmployee']).toContain(u.reason);

    const done = await api('schedule')
      .post(`/schedule-proposals/${p.id}/commit`)
      .query({ companyId: company.companyId })
      .set(bearer(manager))
      .send();
    expect(done.status).toBe(200);
    expect(done.body.data.committed).toHaveLength(p.coverage.filled);
    // The generator keeps every rule the checks know, the warnings included.
    expect(done.body.data.warnings).toEqual([]);
  });
});
