import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { closedPeriodWithout, periodOfPerson } from '../../../src/modules/payroll/erasure';
import { requestOfPerson } from '../../../src/modules/requests/privacy';
import { DOCUMENT_ID, SOMEONE_ELSE, actorsCut } from '../../../src/modules/personal-data';
import { punchEditOfPerson } from '../../../src/modules/attendance/privacy';
import { RETENTION, companyCountry, keepUntil } from '../../../src/modules/privacy/retention';
import { DEPLOYED, collectionsWithoutPersonalDataEntry, personalDataEntries } from '../../../src/modules/registry';

describe('the registry of personal data', () => {
  it('classifies every collection every module owns: a collection added without an entry fails here', () => {
    expect(collectionsWithoutPersonalDataEntry()).toEqual([]);
  });

  it("names only collections of the module's own", () => {
    for (const m of DEPLOYED) {
      const owned = [...(m.collections?.company ?? []), ...(m.collections?.root ?? [])];
      expect({ module: m.name, extra: Object.keys(m.personalData ?? {}).filter((c) => !owned.includes(c)) }).toEqual({
        module: m.name,
        extra: [],
      });
    }
  });

  it('gives every entry a way to find the person, and keeps statutory records rather than deleting them', () => {
    for (const { module, collection, scope, rule } of personalDataEntries()) {
      const where = `${module}/${collection}`;
      const fields = Object.values(rule.match).flat();
      expect({ where, findable: fields.length > 0 || !!rule.rewrite || !!rule.copiesIn }).toEqual({
        where,
        findable: true,
      });
      if (rule.record) expect({ where, erase: rule.erase }).toEqual({ where, erase: 'reduce' });
      if (rule.companyField) expect({ where, scope }).toEqual({ where, scope: 'root' });
      if (rule.file) expect({ where, erase: rule.erase }).toEqual({ where, erase: 'delete' });
      expect(fields.every((f) => typeof f === 'string' && (f === DOCUMENT_ID || !f.startsWith('__')))).toBe(true);
    }
  });

  it("cuts every document that can name several people down to the person's own part in an export", () => {
    const withoutCut = personalDataEntries()
      .filter(({ rule }) => {
        const oneKindSeveralFields = Object.values(rule.match).some((f) => typeof f !== 'string' && f.length > 1);
        return !!rule.rewrite || oneKindSeveralFields;
      })
      .filter(({ rule }) => !rule.cut)
      .map((e) => `${e.module}/${e.collection}`);
    expect(withoutCut).toEqual([]);
  });

  it("property: a person's part of a closed period holds no colleague's line, totals or closer, and all of their own lines", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('p', 'q', 'r'), { maxLength: 12 }), fc.nat(), (ids, totalPay) => {
        const lines = ids.map((id, i) => ({ employeeId: id, pay: i * 100, name: `N${id}` }));
        const period = {
          startDate: '2026-03-02',
          endDate: '2026-03-15',
          status: 'closed',
          closedAt: 1,
          closedBy: 'owner-uid',
          history: [{ by: 'owner-uid' }],
          report: {
            currency: 'USD',
            employees: lines,
            adjustments: lines,
            totals: { pay: totalPay },
            pendingPunches: 3,
          },
        };
        const cut = periodOfPerson(period, { employeeId: 'p', uid: 'p-uid', applicationId: null, email: null });
        const text = JSON.stringify(cut);
        expect(text).not.toMatch(/"employeeId":"[qr]"|owner-uid|totals|pendingPunches/);
        expect(cut.report.employees).toEqual(lines.filter((l) => l.employeeId === 'p'));
        expect(cut.report.adjustments).toEqual(lines.filter((l) => l.employeeId === 'p'));
      }),
    );
  });

  it("names the other people of a request someone-else, and keeps the requester's note for the requester only", () => {
    const request = {
      employeeId: 'q',
      peerEmployeeId: 'p',
      takerEmployeeId: null,
      volunteers: ['p', 'r'],
      note: 'Q says hi',
      history: [{ by: 'q-uid' }, { by: 'p-uid' }],
    };
    const cut = requestOfPerson(request, { employeeId: 'p', uid: 'p-uid', applicationId: null, email: null });
    expect(cut).toEqual({
      employeeId: SOMEONE_ELSE,
      peerEmployeeId: 'p',
      takerEmployeeId: null,
      volunteers: ['p', SOMEONE_ELSE],
      note: '',
      history: [{ by: SOMEONE_ELSE }, { by: 'p-uid' }],
    });
  });

  it("names the actors of steps on the person's records someone-else, and keeps a punch edit's values only for their own punch", () => {
    const p = { employeeId: 'p', uid: 'p-uid', applicationId: null, email: null };
    expect(actorsCut('by', 'uploadedBy')({ by: 'owner-uid', uploadedBy: 'p-uid', n: 1 }, p)).toEqual({
      by: SOMEONE_ELSE,
      uploadedBy: 'p-uid',
      n: 1,
    });
    const edit = {
      punchId: 'x',
      by: 'p-uid',
      before: { employeeId: 'q', clockInAt: 1 },
      after: { employeeId: 'q', clockInAt: 2 },
    };
    expect(punchEditOfPerson(edit, p)).toEqual({ punchId: 'x', by: 'p-uid' });
    const ownEdit = { ...edit, before: { employeeId: 'p' }, after: { employeeId: 'p' } };
    expect(punchEditOfPerson(ownEdit, p)).toEqual(ownEdit);
  });

  it('is documented: docs/PRIVACY.md names every collection holding personal data', () => {
    const page = fs.readFileSync(path.resolve(__dirname, '../../../../docs/PRIVACY.md'), 'utf8');
    const undocumented = personalDataEntries().filter((e) => !page.includes(`\`${e.collection}\``));
    expect(undocumented.map((e) => `${e.module}/${e.collection}`)).toEqual([]);
  });

  it('covers the kinds of data a person has: profile, punches, shifts, requests, documents, memories, messages, applications, account', () => {
    const covered = personalDataEntries().map((e) => e.collection);
    for (const c of ['employees', 'punches', 'shifts', 'shiftRequests', 'documents', 'aiMemories', 'chatTurns']) {
      expect(covered).toContain(c);
    }
    for (const c of ['postComments', 'applications', 'users', 'memberships']) expect(covered).toContain(c);
  });
});

describe('retention of the records kept after an erasure', () => {
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });
  const configured = fc.constantFrom(...Object.keys(RETENTION));
  const kind = fc.constantFrom('pay' as const, 'time' as const);

  it('never ends before the statutory period counted from the erasure, and names its source', () => {
    fc.assert(
      fc.property(instant, configured, kind, (at, country, k) => {
        const { keepUntil: until, source } = keepUntil(country, k, at);
        const years = RETENTION[country][k].years;
        expect(until).not.toBeNull();
        expect(until!).toBeGreaterThanOrEqual(
          DateTime.fromMillis(at, { zone: 'utc' }).plus({ years }).toMillis() - 3600_000,
        );
        expect(source).toBe(RETENTION[country][k].source);
      }),
    );
  });

  it('counts United Kingdom pay records from the end of the tax year: until a 6 April, within a year of the plain period', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const until = DateTime.fromMillis(keepUntil('GB', 'pay', at).keepUntil!, { zone: 'Europe/London' });
        expect([until.month, until.day, until.hour]).toEqual([4, 6, 0]);
        const plain = DateTime.fromMillis(at, { zone: 'Europe/London' }).plus({ years: 3 });
        expect(until > plain && until <= plain.plus({ years: 1 })).toBe(true);
      }),
    );
  });

  it('keeps the records with no end where no period is known for the country', () => {
    expect(keepUntil(null, 'pay', Date.UTC(2026, 0, 1))).toEqual({ keepUntil: null, source: null });
    expect(keepUntil('JP', 'time', Date.UTC(2026, 0, 1))).toEqual({ keepUntil: null, source: null });
  });

  it("finds the company's country in its profile, else from its time zone", () => {
    expect(companyCountry({ country: 'US', timezone: 'Europe/London' })).toBe('US');
    expect(companyCountry({ timezone: 'Europe/London' })).toBe('GB');
    expect(companyCountry({ timezone: 'America/New_York' })).toBe('US');
    expect(companyCountry({ timezone: 'Europe/Madrid' })).toBe('ES');
    expect(companyCountry({ timezone: 'Asia/Tokyo' })).toBeNull();
  });
});

describe("a closed pay period's report after an erasure", () => {
  it("removes the erased employee's name and number from their line and leaves every other line and figure as it was", () => {
    const line = fc.record({
      employeeId: fc.constantFrom('e1', 'e2', 'e3'),
      name: fc.string({ minLength: 1 }),
      employeeNumber: fc.option(fc.string(), { nil: null }),
      workedMinutes: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('e1', 'e2'), (employees, erased) => {
        const period = { startDate: '2026-03-02', report: { employees, totals: { workedMinutes: 1 } } };
        const after = closedPeriodWithout(period, { employeeId: erased, uid: null, applicationId: null, email: null });
        expect(after.report.totals).toEqual(period.report.totals);
        after.report.employees.forEach((l: (typeof employees)[number], i: number) => {
          expect(l.workedMinutes).toBe(employees[i].workedMinutes);
          if (employees[i].employeeId === erased) expect([l.name, l.employeeNumber]).toEqual(['Erased person', null]);
          else expect(l).toEqual(employees[i]);
        });
      }),
    );
  });
});
