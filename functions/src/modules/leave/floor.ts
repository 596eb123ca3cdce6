import { formatCitation, type Citation } from '../compliance';
import { HOUR, sickLawVersionOn, tierFor, type SickLawPack, type SickLawVersion, type SizeTier } from './laws';
import type { PolicyBody } from './schemas';

/**
 * The law's floor for a sick-leave policy (pure): every rule of every law covering the company
 * that the policy falls below, each named `<law>.<rule>` with its citation. A company may be more
 * generous than the law, never less: a policy with any finding is refused (422 LEAVE_BELOW_LAW_FLOOR).
 */
export type FloorFinding = {
  /** `<law>.<rule>`: CA.accrualRate, NY.employerSize, SEATTLE.carryover ... */
  rule: string;
  path: string;
  message: string;
  citation: string;
};

const hours = (m: number) => `${m / HOUR} h`;

/** The figures of one law for one employer: its version on the date, with its size tier applied. */
export interface LawFloor {
  pack: SickLawPack;
  version: SickLawVersion;
  tier: SizeTier | null;
  hoursWorkedPerHour: number;
  /** null: the law allows no cap on use. */
  useCapFloor: number | null;
  /** null: the law allows no annual accrual cap. */
  accrualCapFloor: number | null;
  /** null: all unused leave carries over (up to the balance cap the law allows). */
  carryoverFloor: number | null;
  frontLoadFloor: number | null;
}

export function lawFloor(pack: SickLawPack, date: string, headcount: number | null): LawFloor | null {
  const version = sickLawVersionOn(pack, date);
  if (!version) return null;
  const tier = headcount === null ? null : tierFor(version, headcount);
  const sized = (base: number | null) => (base === null ? null : (tier?.annualCapMinutes ?? base));
  return {
    pack,
    version,
    tier,
    hoursWorkedPerHour: tier?.hoursWorkedPerHour ?? version.hoursWorkedPerHour,
    useCapFloor: sized(version.minUseCapMinutes),
    accrualCapFloor: sized(version.minAnnualAccrualCapMinutes),
    carryoverFloor: tier ? tier.carryoverMinutes : version.minCarryoverMinutes,
    frontLoadFloor: sized(version.frontLoadMinutes),
  };
}

export function floorFindings(policy: PolicyBody, packs: SickLawPack[], date: string): FloorFinding[] {
  if (policy.kind !== 'sick' || policy.archived) return [];
  const out: FloorFinding[] = [];
  for (const pack of packs) {
    const f = lawFloor(pack, date, policy.employerHeadcount);
    if (!f) continue;
    const v = f.version;
    const add = (rule: string, path: string, message: string, citation: Citation) =>
      out.push({ rule: `${pack.id}.${rule}`, path: `body.${path}`, message, citation: formatCitation(citation) });
    if (v.tiers && policy.employerHeadcount === null)
      add(
        'employerSize',
        'employerHeadcount',
        `${pack.name} sets its figures by employer size: give employerHeadcount`,
        v.tiers[0].citation,
      );
    const sizeCite = f.tier?.citation ?? v.capsCitation;
    const a = policy.accrual;
    let frontLoadedInFull = false;
    if (a.method === 'perHoursWorked') {
      if (a.hoursWorkedPerHour > f.hoursWorkedPerHour)
        add(
          'accrualRate',
          'accrual.hoursWorkedPerHour',
          `accrues 1 h per ${a.hoursWorkedPerHour} h worked; the law requires at least 1 h per ${f.hoursWorkedPerHour} h`,
          f.tier?.citation ?? v.accrualCitation,
        );
    } else if (a.method === 'frontLoaded') {
      if (f.frontLoadFloor === null)
        add(
          'accrualMethod',
          'accrual.method',
          'the law requires accrual by hours worked (no front-loading in its place)',
          v.accrualCitation,
        );
      else if (a.minutesPerYear < f.frontLoadFloor)
        add(
          'frontLoad',
          'accrual.minutesPerYear',
          `grants ${hours(a.minutesPerYear)} a year; a front-loaded grant must be at least ${hours(f.frontLoadFloor)}`,
          sizeCite,
        );
      else frontLoadedInFull = true;
    } else {
      add(
        'accrualMethod',
        'accrual.method',
        'accrual per pay period is not a method the law accepts for sick leave: accrue per hours worked or front-load',
        v.accrualCitation,
      );
    }
    const capAtLeast = (field: keyof PolicyBody, floor: number | null, rule: string, what: string) => {
      const value = policy[field] as number | null;
      if (value === null) return;
      if (floor === null) add(rule, field, `the law allows no ${what}`, sizeCite);
      else if (value < floor)
        add(rule, field, `${what} of ${hours(value)} is below the ${hours(floor)} the law allows`, sizeCite);
    };
    capAtLeast('annualUseCapMinutes', f.useCapFloor, 'useCap', 'cap on use per year');
    capAtLeast('annualAccrualCapMinutes', f.accrualCapFloor, 'accrualCap', 'cap on accrual per year');
    capAtLeast('balanceCapMinutes', v.minBalanceCapMinutes, 'balanceCap', 'balance cap');
    if (!(frontLoadedInFull && v.frontLoadReplacesCarryover) && policy.carryoverCapMinutes !== null) {
      // all unused leave carries over, up to the balance cap the law allows
      const floor = f.carryoverFloor ?? v.minBalanceCapMinutes;
      if (floor === null) add('carryover', 'carryoverCapMinutes', 'the law carries all unused leave over', sizeCite);
      else if (policy.carryoverCapMinutes < floor)
        add(
          'carryover',
          'carryoverCapMinutes',
          `carries over ${hours(policy.carryoverCapMinutes)}; the law requires at least ${hours(floor)}`,
          sizeCite,
        );
    }
    if (policy.waitingDays > v.maxWaitingDays)
      add(
        'waitingPeriod',
        'waitingDays',
        `usable from day ${policy.waitingDays}; the law makes it usable from day ${v.maxWaitingDays} of employment at the latest`,
        v.capsCitation,
      );
  }
  return out;
}
