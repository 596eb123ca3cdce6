import { api } from '../helpers/api';
import { createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

/**
 * The company's location for law (owners only) and GET /compliance/rules: which packs cover it,
 * layered, why, and which predictive-scheduling law the schedule applies on a date.
 */
let co: TestCompany;
beforeAll(async () => {
  co = await createCompany({ profile: { timezone: 'America/Los_Angeles' } });
});

const patchProfile = (as: TestUser, body: Record<string, unknown>) =>
  api('companies').patch(`/companies/${co.companyId}`).set(bearer(as)).send(body);
const rules = (as: TestUser, date?: string) =>
  api('compliance')
    .get('/compliance/rules')
    .query({ companyId: co.companyId, ...(date ? { date } : {}) })
    .set(bearer(as));

describe('the location for law', () => {
  it('is the owners’ to set: a manager is refused naming the field, and nothing is written', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const body of [
      { lawLocation: { state: 'CA', county: null, city: 'Berkeley' } },
      { lawCoverage: ['berkeley'] },
    ]) {
      const res = await patchProfile(co.manager, body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'INSUFFICIENT_ROLE',
        details: [{ path: `body.${Object.keys(body)[0]}` }],
      });
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a malformed location or an unknown law with 400 and writes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const body of [
      { lawLocation: { state: 'california', county: null, city: null } },
      { lawLocation: { state: 'CA', city: 'Berkeley' } },
      { lawCoverage: ['atlantis'] },
    ]) {
      const res = await patchProfile(co.owner, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('lists nothing but no law until a location is given', async () => {
    const res = await rules(co.employee, '2026-12-03');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      date: '2026-12-03',
      location: null,
      scheduling: { jurisdiction: 'none', because: 'noLocation', rules: null },
      packs: [],
    });
  });
});

describe('GET /compliance/rules', () => {
  it('layers the packs of San Francisco and applies its law once the owner attests coverage', async () => {
    const set = await patchProfile(co.owner, {
      lawLocation: { state: 'CA', county: 'San Francisco', city: 'San Francisco' },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.lawLocation).toEqual({ state: 'CA', county: 'San Francisco', city: 'San Francisco' });
    const unattested = (await rules(co.employee, '2026-12-03')).body.data;
    expect(unattested.scheduling).toMatchObject({ jurisdiction: 'none', because: 'notAttested' });
    expect(unattested.packs.map((p: { id: string; level: string }) => [p.id, p.level])).toEqual([
      ['us-federal', 'federal'],
      ['us-ca', 'state'],
      ['sf', 'city'],
    ]);
    expect(unattested.packs[2]).toMatchObject({ why: 'the company is in San Francisco, CA', applied: false });

    await patchProfile(co.owner, { lawCoverage: ['sf'] });
    const res = await rules(co.manager, '2026-12-03');
    expect(res.body.data.scheduling).toMatchObject({
      jurisdiction: 'sf',
      because: 'location',
      rules: { effectiveFrom: '2015-07-03', noticeDays: 14, rest: null },
    });
    const sf = res.body.data.packs[2];
    expect(sf.applied).toBe(true);
    expect(sf.scheduling.coverage.threshold).toMatch(/40\+ establishments/);
    expect(sf.scheduling.tiers[1].cut).toEqual({ kind: 'byShiftLength', shortMinutes: 240, hours: 2, longHours: 4 });
    expect(sf.scheduling.tiers[0].citation).toMatchObject({
      section: expect.stringMatching(/3300G/),
      checked: '2026-12-03',
    });
    expect(res.body.data.packs[1].notes.map((n: { rule: string }) => n.rule)).toEqual([
      'overtime',
      'mealPeriod',
      'minimumWage',
      'splitShift',
      'reportingTime',
      'restBreak',
    ]);
  });

  it('lists a pack whose effectiveFrom is later than the date without rules, and with them from that date', async () => {
    await patchProfile(co.owner, {
      lawLocation: { state: 'CA', county: 'Los Angeles', city: null },
      lawCoverage: ['la-county'],
    });
    const before = (await rules(co.employee, '2025-06-30')).body.data;
    expect(before.scheduling).toMatchObject({ jurisdiction: 'la-county', because: 'location', rules: null });
    expect(before.packs.find((p: { id: string }) => p.id === 'la-county')).toMatchObject({
      scheduling: null,
      applied: false,
    });
    const from = (await rules(co.employee, '2025-07-01')).body.data;
    expect(from.scheduling.rules).toMatchObject({ effectiveFrom: '2025-07-01', rest: { minMinutes: 600 } });
  });

  it('names the setting when fairWorkweekJurisdiction overrides the location', async () => {
    await api('companies')
      .patch(`/companies/${co.companyId}/settings`)
      .set(bearer(co.owner))
      .send({ fairWorkweekJurisdiction: 'nyc' });
    const res = (await rules(co.employee, '2026-12-03')).body.data;
    expect(res.scheduling).toMatchObject({ jurisdiction: 'nyc', because: 'setting' });
    expect(res.packs.at(-1)).toMatchObject({
      id: 'nyc',
      why: 'the company setting fairWorkweekJurisdiction names it (it does not cover lawLocation)',
      applied: true,
    });
    await api('companies')
      .patch(`/companies/${co.companyId}/settings`)
      .set(bearer(co.owner))
      .send({ fairWorkweekJurisdiction: 'none' });
  });

  it('refuses a malformed date and a non-member', async () => {
    const bad = await rules(co.employee, '2026-13-40');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const stranger = await createCompany();
    const res = await api('compliance')
      .get('/compliance/rules')
      .query({ companyId: co.companyId })
      .set(bearer(stranger.owner));
    expect(res.status).toBe(403);
  });
});
