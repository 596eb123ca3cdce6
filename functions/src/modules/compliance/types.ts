/**
 * Rule packs: the labour rules of one jurisdiction as data. Each figure carries its citation; each
 * set of figures its effective dates (from inclusive, to exclusive, business dates), so a change of
 * the law is a new version with its own `effectiveFrom`, never an edit of the old one.
 */

/** How a citation was confirmed: the law's own text, the enforcing agency's page, or secondary summaries quoting it. */
export type Basis = 'text' | 'agency' | 'summary';

export interface Citation {
  /** The section (ordinance, code, regulation) the figure comes from. */
  section: string;
  url: string;
  /** When the page was last read (YYYY-MM-DD). */
  checked: string;
  basis: Basis;
}

export type Level = 'federal' | 'state' | 'county' | 'city';

/** Where a pack applies: the whole country, a state, a county or a city of a state. */
export interface Place {
  level: Level;
  /** Two-letter state code (state, county and city packs). */
  state?: string;
  /** County name (county packs). */
  county?: string;
  /** City names, any of which matches (city packs). */
  cities?: string[];
  /** A county pack that covers only the county's unincorporated areas (no city in the location). */
  unincorporatedOnly?: boolean;
}

/**
 * What a schedule change costs, in the employee's favour:
 *  - fixed: a fixed amount (minor units, USD cents);
 *  - hours: hours of pay at the regular rate;
 *  - cutFraction: that fraction of the hours cut, at the regular rate;
 *  - byShiftLength: `hours` for a scheduled shift of at most `shortMinutes`, else `longHours`.
 */
export type ChangePay =
  | { kind: 'fixed'; amountMinor: number }
  | { kind: 'hours'; hours: number }
  | { kind: 'cutFraction'; fraction: number }
  | { kind: 'byShiftLength'; shortMinutes: number; hours: number; longHours: number };

/** The premiums of changes made with notice in [atLeastMinutes, underMinutes). null: that kind of change owes nothing. */
export interface ChangeTier {
  /** null: no lower bound (a change made after the shift started included). */
  atLeastMinutes: number | null;
  underMinutes: number;
  added: ChangePay | null;
  moved: ChangePay | null;
  cut: ChangePay | null;
  citation: Citation;
}

/** The premium of a rest shorter than the minimum: fixed, or a rate multiplier on the hours within the rest or on the whole second shift. */
export type RestPay = { amountMinor: number } | { multiplier: number; over: 'withinRest' | 'wholeShift' };

export interface RestRule {
  /** Least rest between shifts of consecutive business days, minutes. */
  minMinutes: number;
  pay: RestPay;
  citation: Citation;
}

/** An exemption the law names; `modelled` says whether the schedule applies it, and how. */
export interface Exemption {
  name: string;
  modelled: string | false;
  citation: Citation;
}

/** One version of a place's predictive-scheduling rules. */
export interface SchedulingVersion {
  effectiveFrom: string;
  /** The first date it no longer applies; null while in force. */
  effectiveTo: string | null;
  noticeDays: number;
  noticeCitation: Citation;
  /** Ordered by notice; a notice inside no tier owes nothing. */
  tiers: ChangeTier[];
  /** Added time owes nothing when at most this many minutes (0: any added time owes). */
  ignoreAddedUpToMinutes: number;
  /** A change moving the start and the end each by at most this many minutes owes nothing (null: no grace). */
  graceMinutes: { minutes: number; citation: Citation } | null;
  rest: RestRule | null;
  goodFaithEstimate: { what: string; citation: Citation } | null;
  /** The coverage threshold, which the company attests (profile `lawCoverage`). */
  coverage: { threshold: string; citation: Citation };
  exemptions: Exemption[];
}

/** A rule applied elsewhere (payroll), listed so that GET /compliance/rules shows it with its source. */
export interface RuleNote {
  rule: string;
  summary: string;
  appliedBy: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  citation: Citation;
}

export interface Pack<Id extends string = string> {
  id: Id;
  /** The short name used in findings and premium reasons. */
  label: string;
  name: string;
  place: Place;
  /** Predictive-scheduling versions, oldest first (empty: the pack has none). */
  scheduling: SchedulingVersion[];
  notes: RuleNote[];
  /** Pay rules payroll applies per workday (types.ts: PayRule); absent: none. */
  pay?: readonly PayRule[];
  /** The hours minors may work (absent: the pack has no minors' rules). */
  minors?: MinorRuleSet[];
  /** The least age at which anyone may be scheduled (absent: none set by this pack). */
  minimumAge?: MinimumAge[];
}

export const HOUR = 60;
export const DAY = 24 * HOUR;
/** The date the sources of these packs were last read. */
export const CHECKED = '2026-12-03';

/**
 * Pay rules by place: the figures payroll applies per workday where the company's location for
 * law (profile `lawLocation`) is covered. Each is dated (from inclusive, to exclusive, business
 * dates) and cited; a change of the law is a new entry with its own `effectiveFrom`.
 */

/** Rest breaks required by the hours worked in a day: `breaks` once at least `atLeastMinutes` were worked. */
export interface RestStep {
  atLeastMinutes: number;
  breaks: number;
}

/** What a missed rest break owes: one premium per workday (hours of the regular rate), or pay for each missed break's minutes; null: nothing beyond the hours worked. */
export type RestPremium = { kind: 'hoursPerDay'; hours: number } | { kind: 'minutesPerMissed'; minutes: number } | null;

export type PayRuleFigures =
  /** The minimum hourly wage (minor units, USD cents); `counties`: only there (the rest of the state has an entry without). */
  | { rule: 'minimumWage'; hourlyMinor: number; counties?: string[]; cities?: string[] }
  /** A workday interrupted by an unpaid, non-working gap longer than `minGapMinutes` owes `premiumHours` at the minimum wage, less what the day's wages paid above the minimum. */
  | { rule: 'splitShift'; minGapMinutes: number; premiumHours: number }
  /** Reporting for a scheduled shift and working less than `fraction` of it owes pay for that fraction of the scheduled time, at least `minHours`, at most `maxHours`, at the regular rate. */
  | { rule: 'reportingTime'; fraction: number; minHours: number; maxHours: number }
  /** A workday whose first start to last end exceeds `overMinutes` owes `premiumHours` at the minimum wage. */
  | { rule: 'spreadOfHours'; overMinutes: number; premiumHours: number }
  /** Reporting for duty on a day owes pay for at least `minimumHours[n - 1]` hours for n shifts (the last entry for more): the hours not worked at the minimum wage. */
  | { rule: 'callIn'; minimumHours: number[] }
  /** Paid rest breaks of at least `minBreakMinutes` the day's worked time requires, and what a missed one owes. */
  | { rule: 'restBreak'; minBreakMinutes: number; required: RestStep[]; premium: RestPremium };

export type PayRuleKind = PayRuleFigures['rule'];

export type PayRule = PayRuleFigures & {
  effectiveFrom: string;
  /** The first date it no longer applies; null while in force. */
  effectiveTo: string | null;
  summary: string;
  citation: Citation;
};

/**
 * The hours a minor may work under one law, for one age band: the limits of a week in which school
 * is in session (any school day in the company week) and of one in which it is not. Minutes of
 * work; times are minutes from the local midnight of the shift's date (1470 = 00:30 the next day).
 */
export interface MinorWindow {
  /** Earliest start. */
  earliest: number;
  /** Latest end. */
  latest: number;
  /** Latest end on a day whose next day is not a school day (null: `latest`). */
  latestBeforeNonSchoolDay: number | null;
  /** A later end from `from` (MM-DD) through Labor Day (null: none). */
  summer: { from: string; latest: number } | null;
}

export interface MinorSchoolWeek {
  /** Most minutes on a school day. */
  schoolDay: number;
  /** Most minutes on a school day followed by another school day (null: as `schoolDay`). */
  schoolDayBeforeSchoolDay: number | null;
  /** Most minutes on a day without school in that week. */
  nonSchoolDay: number;
  weekMinutes: number;
  window: MinorWindow;
}

export interface MinorOtherWeek {
  dayMinutes: number;
  weekMinutes: number;
  window: MinorWindow;
}

export interface MinorRuleSet {
  /** Stable id, named in findings (us-federal-14-15). */
  id: string;
  /** Ages it applies to, both included. */
  ages: { from: number; to: number };
  effectiveFrom: string;
  effectiveTo: string | null;
  schoolWeek: MinorSchoolWeek;
  otherWeek: MinorOtherWeek;
  /** Most days of work in a week (null: no limit). */
  daysPerWeek: number | null;
  /** Whether work during the school's hours of a school day is refused. */
  outsideSchoolHours: boolean;
  /** The source of each kind of figure. */
  citations: { hours: Citation; window: Citation; days: Citation | null; schoolHours: Citation | null };
  /** What the law says that the schedule does not apply. */
  notModelled: string[];
}

/** Below this age nobody may be scheduled (the federal minimum for work outside agriculture). */
export interface MinimumAge {
  age: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  citation: Citation;
}
