import { placeCovers, type Citation, type LawLocation } from '../compliance';

/**
 * Paid sick leave laws as data: one pack per jurisdiction, each a list of dated versions (from
 * inclusive, to exclusive, business dates), each figure with its citation. A change of the law is a
 * new version, never an edit of the old one. Leave amounts are integer minutes (40 hours = 2400).
 *
 * What a version says is a floor a company's sick-leave policy must meet (floor.ts): the slowest
 * accrual rate it may use, the smallest caps it may set, the longest waiting period.
 */

const CHECKED = '2026-12-03';
const cite = (section: string, url: string, basis: Citation['basis']): Citation => ({
  section,
  url,
  checked: CHECKED,
  basis,
});

export const HOUR = 60;

/** Employer-size tiers: the first tier whose `minEmployees` the company's headcount reaches (listed largest first). */
export interface SizeTier {
  minEmployees: number;
  /** Caps the employer may set on use or accrual per year, in minutes: a policy's cap must not be lower. */
  annualCapMinutes: number;
  /** The least the employer must let carry over to the next year (null: the whole unused balance). */
  carryoverMinutes: number | null;
  /** Hours worked per hour of leave (the slowest rate the law allows). */
  hoursWorkedPerHour: number;
  citation: Citation;
}

export interface SickLawVersion {
  effectiveFrom: string;
  effectiveTo: string | null;
  /** Hours worked per hour of leave (the slowest rate allowed), unless a size tier says otherwise. */
  hoursWorkedPerHour: number;
  accrualCitation: Citation;
  /** The least the employer may cap use at per year, in minutes (null: no cap on use allowed below the accrual). */
  minUseCapMinutes: number | null;
  /**
   * Or this many days of use a year, whichever is more (California's "40 hours or 5 days"): use
   * past the hours cap stays allowed while the days used stay within it. null: hours only.
   */
  minUseCapDays: number | null;
  /** The least the employer may cap the balance at, in minutes (null: the law sets no balance cap floor). */
  minBalanceCapMinutes: number | null;
  /** The least the employer may cap accrual at per year, in minutes (null: no annual accrual cap allowed). */
  minAnnualAccrualCapMinutes: number | null;
  /** The least the employer must carry over (null: the whole unused balance carries over, subject to the balance cap). */
  minCarryoverMinutes: number | null;
  /** The longest wait before use, in calendar days of employment. */
  maxWaitingDays: number;
  /** A front-loaded grant of at least this many minutes at the start of each year replaces accrual and carryover. */
  frontLoadMinutes: number | null;
  /** A front-loaded grant meeting `frontLoadMinutes` owes no carryover. */
  frontLoadReplacesCarryover: boolean;
  capsCitation: Citation;
  /** Employer-size tiers (largest first), when the figures depend on the headcount. */
  tiers?: SizeTier[];
  /** How leave taken is paid. */
  pay: { rate: 'regular' | 'normal'; citation: Citation };
}

export interface SickLawPack {
  id: SickLawId;
  name: string;
  place: { level: 'state' | 'city'; state: string; cities?: string[] };
  versions: SickLawVersion[];
}

export const SICK_LAW_IDS = ['CA', 'NY', 'NYC', 'WA', 'SEATTLE'] as const;
export type SickLawId = (typeof SICK_LAW_IDS)[number];

const CA_246 = 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=246';
const SB_616 = 'https://leginfo.legislature.ca.gov/faces/billNavClient.xhtml?bill_id=202320240SB616';
const NY_196B = 'https://www.nysenate.gov/legislation/laws/LAB/196-B';
const NYC_ESSTA = 'https://www.nyc.gov/site/dca/about/paid-sick-leave-law.page';
const WA_RCW = 'https://app.leg.wa.gov/RCW/default.aspx?cite=49.46.210';
const SEATTLE = 'https://www.seattle.gov/laborstandards/ordinances/paid-sick-and-safe-time';

const caAccrual = cite(
  'California Labor Code 246(b)(1): at least one hour per 30 hours worked, from the start of employment',
  CA_246,
  'text',
);
const caPay = {
  rate: 'regular' as const,
  citation: cite(
    'California Labor Code 246(l)(1): paid at the regular rate of pay for the workweek in which the leave is used',
    CA_246,
    'text',
  ),
};

const nyTiers = (citation: Citation): SizeTier[] => [
  { minEmployees: 100, annualCapMinutes: 56 * HOUR, carryoverMinutes: null, hoursWorkedPerHour: 30, citation },
  { minEmployees: 0, annualCapMinutes: 40 * HOUR, carryoverMinutes: null, hoursWorkedPerHour: 30, citation },
];

const seattleTiers = (citation: Citation): SizeTier[] => [
  { minEmployees: 250, annualCapMinutes: 72 * HOUR, carryoverMinutes: 108 * HOUR, hoursWorkedPerHour: 30, citation },
  { minEmployees: 50, annualCapMinutes: 56 * HOUR, carryoverMinutes: 56 * HOUR, hoursWorkedPerHour: 40, citation },
  { minEmployees: 0, annualCapMinutes: 40 * HOUR, carryoverMinutes: 40 * HOUR, hoursWorkedPerHour: 40, citation },
];

export const SICK_LAWS: Record<SickLawId, SickLawPack> = {
  CA: {
    id: 'CA',
    name: 'California Healthy Workplaces, Healthy Families Act (Labor Code 245-249)',
    place: { level: 'state', state: 'CA' },
    versions: [
      {
        effectiveFrom: '2015-07-01',
        effectiveTo: '2024-01-01',
        hoursWorkedPerHour: 30,
        accrualCitation: caAccrual,
        minUseCapMinutes: 24 * HOUR,
        minUseCapDays: 3,
        minBalanceCapMinutes: 48 * HOUR,
        minAnnualAccrualCapMinutes: null,
        minCarryoverMinutes: null,
        maxWaitingDays: 90,
        frontLoadMinutes: 24 * HOUR,
        frontLoadReplacesCarryover: true,
        capsCitation: cite(
          'California Labor Code 246(b)(4), (d), (i) before SB 616: use may be limited to 24 hours or 3 days a year, the balance capped at 48 hours or 6 days; use from the 90th day of employment',
          CA_246,
          'summary',
        ),
        pay: caPay,
      },
      {
        effectiveFrom: '2024-01-01',
        effectiveTo: null,
        hoursWorkedPerHour: 30,
        accrualCitation: caAccrual,
        minUseCapMinutes: 40 * HOUR,
        minUseCapDays: 5,
        minBalanceCapMinutes: 80 * HOUR,
        minAnnualAccrualCapMinutes: null,
        minCarryoverMinutes: null,
        maxWaitingDays: 90,
        frontLoadMinutes: 40 * HOUR,
        frontLoadReplacesCarryover: true,
        capsCitation: cite(
          'California Labor Code 246(b)(4), (d), (i) as amended by SB 616 (Stats. 2023, ch. 309), from 2024-01-01: use may be limited to 40 hours or 5 days a year, the balance capped at 80 hours or 10 days; a front-loaded 40 hours or 5 days a year needs no carryover; use from the 90th day of employment',
          SB_616,
          'text',
        ),
        pay: caPay,
      },
    ],
  },
  NY: {
    id: 'NY',
    name: 'New York State Paid Sick Leave (Labor Law 196-b)',
    place: { level: 'state', state: 'NY' },
    versions: [
      {
        effectiveFrom: '2020-09-30',
        effectiveTo: null,
        hoursWorkedPerHour: 30,
        accrualCitation: cite(
          'New York Labor Law 196-b(2): at least one hour per 30 hours worked, from the start of employment or 2020-09-30',
          NY_196B,
          'text',
        ),
        minUseCapMinutes: 40 * HOUR,
        minUseCapDays: null,
        minBalanceCapMinutes: null,
        minAnnualAccrualCapMinutes: 40 * HOUR,
        minCarryoverMinutes: null,
        maxWaitingDays: 0,
        frontLoadMinutes: 40 * HOUR,
        frontLoadReplacesCarryover: false,
        capsCitation: cite(
          'New York Labor Law 196-b(1)(a)-(c), (2): up to 40 hours a calendar year for employers of 4-99 employees, 56 hours for 100 or more; unused leave carries over, use may be limited to 40 or 56 hours a year; no waiting period',
          NY_196B,
          'text',
        ),
        tiers: nyTiers(
          cite(
            'New York Labor Law 196-b(1)(b)-(c): 56 hours a year for employers of 100 or more employees, 40 hours for fewer',
            NY_196B,
            'text',
          ),
        ),
        pay: {
          rate: 'regular',
          citation: cite(
            'New York Labor Law 196-b(1): paid at the employee’s regular rate of pay or the applicable minimum wage, whichever is greater',
            NY_196B,
            'text',
          ),
        },
      },
    ],
  },
  NYC: {
    id: 'NYC',
    name: 'New York City Earned Safe and Sick Time Act (Admin. Code 20-911 et seq.)',
    place: { level: 'city', state: 'NY', cities: ['New York'] },
    versions: [
      {
        effectiveFrom: '2020-09-30',
        effectiveTo: null,
        hoursWorkedPerHour: 30,
        accrualCitation: cite('NYC Admin. Code 20-913(b): at least one hour per 30 hours worked', NYC_ESSTA, 'agency'),
        minUseCapMinutes: 40 * HOUR,
        minUseCapDays: null,
        minBalanceCapMinutes: null,
        minAnnualAccrualCapMinutes: 40 * HOUR,
        minCarryoverMinutes: null,
        maxWaitingDays: 0,
        frontLoadMinutes: 40 * HOUR,
        frontLoadReplacesCarryover: false,
        capsCitation: cite(
          'NYC Admin. Code 20-913(a), (h): 40 hours a year for employers of fewer than 100 employees, 56 for 100 or more (as amended 2020-09-30); unused time carries over; use from hire since 2020-09-30',
          NYC_ESSTA,
          'agency',
        ),
        tiers: nyTiers(
          cite('NYC Admin. Code 20-913(a): 56 hours for employers of 100 or more, 40 for fewer', NYC_ESSTA, 'agency'),
        ),
        pay: {
          rate: 'regular',
          citation: cite(
            'NYC Admin. Code 20-912: paid at the regular rate of pay at the time the time is used, at least the minimum wage',
            NYC_ESSTA,
            'agency',
          ),
        },
      },
    ],
  },
  WA: {
    id: 'WA',
    name: 'Washington Paid Sick Leave (RCW 49.46.210)',
    place: { level: 'state', state: 'WA' },
    versions: [
      {
        effectiveFrom: '2018-01-01',
        effectiveTo: null,
        hoursWorkedPerHour: 40,
        accrualCitation: cite('RCW 49.46.210(1)(a): at least one hour per 40 hours worked', WA_RCW, 'text'),
        minUseCapMinutes: null,
        minUseCapDays: null,
        minBalanceCapMinutes: null,
        minAnnualAccrualCapMinutes: null,
        minCarryoverMinutes: 40 * HOUR,
        maxWaitingDays: 90,
        frontLoadMinutes: null,
        frontLoadReplacesCarryover: false,
        capsCitation: cite(
          'RCW 49.46.210(1)(c), (j): use from the 90th calendar day of employment; at least 40 unused hours carry over to the next year',
          WA_RCW,
          'text',
        ),
        pay: {
          rate: 'normal',
          citation: cite(
            'RCW 49.46.210(1)(b): paid at the normal hourly compensation, at least the minimum wage',
            WA_RCW,
            'text',
          ),
        },
      },
    ],
  },
  SEATTLE: {
    id: 'SEATTLE',
    name: 'Seattle Paid Sick and Safe Time (SMC 14.16)',
    place: { level: 'city', state: 'WA', cities: ['Seattle'] },
    versions: [
      {
        effectiveFrom: '2018-01-01',
        effectiveTo: null,
        hoursWorkedPerHour: 40,
        accrualCitation: cite(
          'SMC 14.16.020(B): one hour per 40 hours worked (Tier 1 and 2), per 30 hours (Tier 3: 250 or more full-time equivalents)',
          SEATTLE,
          'agency',
        ),
        minUseCapMinutes: null,
        minUseCapDays: null,
        minBalanceCapMinutes: null,
        minAnnualAccrualCapMinutes: null,
        minCarryoverMinutes: 40 * HOUR,
        maxWaitingDays: 90,
        frontLoadMinutes: null,
        frontLoadReplacesCarryover: false,
        capsCitation: cite(
          'SMC 14.16.020(F), 14.16.030: carryover of at least 40 hours (Tier 1), 56 (Tier 2), 108 (Tier 3); use from the 90th calendar day after employment begins (aligned with RCW 49.46.210 in 2018)',
          SEATTLE,
          'summary',
        ),
        tiers: seattleTiers(
          cite(
            'SMC 14.16.010 (tiers by full-time equivalents: Tier 1 fewer than 50, Tier 2 50-249, Tier 3 250 or more), 14.16.020',
            SEATTLE,
            'summary',
          ),
        ),
        pay: {
          rate: 'normal',
          citation: cite(
            'SMC 14.16.020: paid at the same hourly rate and with the same benefits as the employee normally earns',
            SEATTLE,
            'agency',
          ),
        },
      },
    ],
  },
};

/** The version of a pack in force on `date`, or null. */
export function sickLawVersionOn(pack: SickLawPack, date: string): SickLawVersion | null {
  return pack.versions.find((v) => v.effectiveFrom <= date && (v.effectiveTo === null || date < v.effectiveTo)) ?? null;
}

/** The tier of a version for a headcount (null: the version has no tiers). */
export function tierFor(version: SickLawVersion, headcount: number): SizeTier | null {
  return version.tiers?.find((t) => headcount >= t.minEmployees) ?? null;
}

/** The sick-leave packs covering a location (state first, then city). */
export function sickLawsFor(location: LawLocation | null | undefined): SickLawPack[] {
  if (!location) return [];
  return Object.values(SICK_LAWS)
    .filter((p) => placeCovers(p.place, location) !== null)
    .sort((a, b) => (a.place.level === b.place.level ? 0 : a.place.level === 'state' ? -1 : 1));
}

/**
 * The most generous days alternative to a cap on sick leave use among the laws covering a location
 * on `date` (California: 5 days from 2024, 3 before); null where no law counts use in days.
 */
export function lawUseCapDays(location: LawLocation | null | undefined, date: string): number | null {
  const days = sickLawsFor(location)
    .map((p) => sickLawVersionOn(p, date)?.minUseCapDays ?? null)
    .filter((d): d is number => d !== null);
  return days.length ? Math.max(...days) : null;
}
