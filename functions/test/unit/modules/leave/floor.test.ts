import { floorFindings } from '../../../../src/modules/leave/floor';
import { SICK_LAWS, sickLawsFor } from '../../../../src/modules/leave/laws';
import { policyBody, type PolicyBody } from '../../../../src/modules/leave/schemas';

const H = 60;
const sick = (over: Record<string, unknown> = {}): PolicyBody =>
  policyBody.parse({
    name: 'Sick',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    ...over,
  });
const rules = (p: PolicyBody, location: Parameters<typeof sickLawsFor>[0], date = '2026-12-03') =>
  floorFindings(p, sickLawsFor(location), date).map((f) => f.rule);

const CA = { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' };
const NYC = { state: 'NY', county: 'New York', city: 'New York City' };
const SEATTLE = { state: 'WA', county: 'King', city: 'Seattle' };

describe('the laws covering a location', () => {
  it('layers the state then the city', () => {
    expect(sickLawsFor(NYC).map((p) => p.id)).toEqual(['NY', 'NYC']);
    expect(sickLawsFor(SEATTLE).map((p) => p.id)).toEqual(['WA', 'SEATTLE']);
    expect(sickLawsFor({ state: 'WA', county: 'King', city: 'Bellevue' }).map((p) => p.id)).toEqual(['WA']);
    expect(sickLawsFor({ state: 'TX', county: null, city: 'Austin' })).toEqual([]);
    expect(sickLawsFor(null)).toEqual([]);
  });

  it('dates every version and cites every figure', () => {
    for (const pack of Object.values(SICK_LAWS))
      for (const v of pack.versions) {
        expect(v.accrualCitation.checked).toBe('2026-12-03');
        expect(v.capsCitation.url).toMatch(/^https:\/\//);
        if (v.effectiveTo) expect(v.effectiveTo > v.effectiveFrom).toBe(true);
      }
  });
});

describe('a sick policy against the law of its location (refused below the floor, naming the rule)', () => {
  it('California: 1 h per 30 h, use capped at no less than 40 h since 2024 (SB 616), 24 h before', () => {
    expect(rules(sick(), CA)).toEqual([]);
    expect(rules(sick({ accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 31 } }), CA)).toEqual([
      'CA.accrualRate',
    ]);
    expect(rules(sick({ annualUseCapMinutes: 24 * H }), CA)).toEqual(['CA.useCap']);
    expect(rules(sick({ annualUseCapMinutes: 24 * H }), CA, '2023-12-31')).toEqual([]);
    // SB 616 in force from its first day
    expect(rules(sick({ annualUseCapMinutes: 24 * H }), CA, '2024-01-01')).toEqual(['CA.useCap']);
    expect(rules(sick({ annualUseCapMinutes: 40 * H, balanceCapMinutes: 80 * H }), CA)).toEqual([]);
    expect(rules(sick({ balanceCapMinutes: 79 * H }), CA)).toEqual(['CA.balanceCap']);
    expect(rules(sick({ waitingDays: 91 }), CA)).toEqual(['CA.waitingPeriod']);
    expect(rules(sick({ carryoverCapMinutes: 40 * H }), CA)).toEqual(['CA.carryover']);
  });

  it('California: a front-loaded 40 h a year needs no carryover; 24 h is short since 2024', () => {
    const front = (m: number) =>
      sick({ accrual: { method: 'frontLoaded', minutesPerYear: m }, carryoverCapMinutes: 0 });
    expect(rules(front(40 * H), CA)).toEqual([]);
    expect(rules(front(24 * H), CA)).toEqual(['CA.frontLoad', 'CA.carryover']);
  });

  it('per pay period is not a sick-leave accrual method', () => {
    expect(
      rules(sick({ accrual: { method: 'perPayPeriod', minutesPerPeriod: 240, frequency: 'biweekly' } }), CA),
    ).toEqual(['CA.accrualMethod']);
  });

  it('New York: the employer size decides 40 or 56 hours; without a headcount the policy is refused', () => {
    expect(rules(sick(), NYC)).toEqual(['NY.employerSize', 'NYC.employerSize']);
    expect(rules(sick({ employerHeadcount: 20, annualAccrualCapMinutes: 40 * H }), NYC)).toEqual([]);
    expect(rules(sick({ employerHeadcount: 120, annualAccrualCapMinutes: 40 * H }), NYC)).toEqual([
      'NY.accrualCap',
      'NYC.accrualCap',
    ]);
    expect(rules(sick({ employerHeadcount: 120, annualAccrualCapMinutes: 56 * H }), NYC)).toEqual([]);
    expect(rules(sick({ employerHeadcount: 20, carryoverCapMinutes: 40 * H }), NYC)).toEqual([
      'NY.carryover',
      'NYC.carryover',
    ]);
    expect(rules(sick({ employerHeadcount: 20, waitingDays: 30 }), NYC)).toEqual([
      'NY.waitingPeriod',
      'NYC.waitingPeriod',
    ]);
  });

  it('Seattle: 1 h per 40 h (tier 1, 2), per 30 h (tier 3); carryover 40 / 56 / 108 h; no cap on use', () => {
    const per40 = sick({ accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 40 } });
    expect(rules({ ...per40, employerHeadcount: 10, carryoverCapMinutes: 40 * H }, SEATTLE)).toEqual([]);
    expect(rules({ ...per40, employerHeadcount: 60, carryoverCapMinutes: 40 * H }, SEATTLE)).toEqual([
      'SEATTLE.carryover',
    ]);
    expect(rules({ ...per40, employerHeadcount: 300 }, SEATTLE)).toEqual(['SEATTLE.accrualRate']);
    expect(rules({ ...per40, employerHeadcount: 10, annualUseCapMinutes: 40 * H }, SEATTLE)).toEqual([
      'WA.useCap',
      'SEATTLE.useCap',
    ]);
    expect(rules({ ...per40, employerHeadcount: 10, carryoverCapMinutes: 39 * H }, SEATTLE)).toEqual([
      'WA.carryover',
      'SEATTLE.carryover',
    ]);
  });

  it('checks PTO policies and archived policies against nothing', () => {
    expect(rules(sick({ kind: 'pto', accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 100 } }), CA)).toEqual(
      [],
    );
    expect(rules(sick({ archived: true, waitingDays: 200 }), CA)).toEqual([]);
  });

  it('cites each finding', () => {
    const [f] = floorFindings(sick({ waitingDays: 100 }), sickLawsFor(CA), '2026-12-03');
    expect(f).toMatchObject({ rule: 'CA.waitingPeriod', path: 'body.waitingDays' });
    expect(f.citation).toMatch(/Labor Code 246.*checked 2026-12-03/);
  });
});
