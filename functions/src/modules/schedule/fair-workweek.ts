/**
 * Fair-workweek (predictive scheduling) rules, as pure functions. The company setting
 * `fairWorkweekJurisdiction` names the table row the schedule enforces.
 *
 * Sources, and what was checked (with the `search` tool on 2026-11-25; the statutes' own pages
 * were not all reachable, so where noted the figure rests on the official agency page or on
 * secondary summaries that quote the text):
 *  - NYC fast food, Admin. Code 20-1221 (advance notice), 20-1222 (change premiums), 20-1231
 *    (clopening). CONFIRMED (law-firm and poster-vendor summaries): 14 days' notice; premiums of
 *    $10 to $75 per change "depending on the nature and timing"; a second shift less than 11
 *    hours after a shift that ended the previous day or spanned two days needs written consent
 *    and pays $100; notice measured in hours (14 days = 336 h, 7 days = 168 h; 2022 final rules).
 *    FROM THE ISSUE (consistent with the confirmed range, not seen in the text itself): 7 to 14
 *    days' notice $10 for added hours or no loss / $20 for hours cut; 24 h to 7 days $15 / $45;
 *    under 24 h $15 / $75.
 *  - Seattle Secure Scheduling Ordinance, SMC 14.22. CONFIRMED (seattle.gov Office of Labor
 *    Standards): 14 days' notice; hours added after posting: one extra hour of predictability
 *    pay; hours subtracted: half pay for the hours not worked; CONFIRMED (summaries): rest under
 *    10 hours between a closing and an opening shift paid 1.5x for the hours inside the 10.
 *  - Oregon, ORS 653.412-653.485, OAR 839-026. CONFIRMED (OAR 839-026-0040 text): 10 hours of
 *    rest after the previous calendar day's shift or a shift spanning two days, paid 1.5x even
 *    with consent, not applying to split shifts within one day; CONFIRMED (summaries): 14 days'
 *    notice since 2020-07-01, one hour's pay when more than 30 minutes are added or the
 *    date/time changes without loss of hours, half pay for hours cut (ORS 653.455).
 *  - Chicago Fair Workweek Ordinance, MCC 6-110. CONFIRMED (chicago.gov BACP page): 14 days'
 *    notice, one hour of predictability pay for a change within 14 days, right to rest 10 hours.
 *    CONFIRMED (summaries of the ordinance): the hour is owed for added hours, a move without loss,
 *    or hours cut with 24 hours' notice or more; at least half the rate for hours cut with less
 *    than 24 hours' notice; 1.25x for hours worked inside the rest (the issue gave no rest figure).
 * Not modelled: exemptions (employee-requested changes are exempt everywhere: changes made
 * through approved shift requests record nothing), NYC's 15-minute de minimis grace, on-call
 * shifts, the pay-instead exception of NYC, coverage thresholds (the company setting says the law applies).
 */

export const JURISDICTIONS = ['none', 'nyc', 'seattle', 'oregon', 'chicago'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

const HOUR = 60;
const DAY = 24 * HOUR;

interface JurisdictionRules {
  label: string;
  /** Advance notice of the schedule, minutes. */
  noticeMinutes: number;
  /** Least rest between shifts of consecutive days, minutes. */
  minRestMinutes: number;
  /** Rest premium: a fixed amount (cents) or a rate multiplier on the hours within the rest window. */
  rest: { amountMinor: number } | { multiplier: number };
  source: string;
}

export const FAIR_WORKWEEK: Record<Exclude<Jurisdiction, 'none'>, JurisdictionRules> = {
  nyc: {
    label: 'New York City (fast food)',
    noticeMinutes: 14 * DAY,
    minRestMinutes: 11 * HOUR,
    rest: { amountMinor: 100_00 },
    source: 'NYC Admin. Code 20-1221, 20-1222, 20-1231',
  },
  seattle: {
    label: 'Seattle',
    noticeMinutes: 14 * DAY,
    minRestMinutes: 10 * HOUR,
    rest: { multiplier: 1.5 },
    source: 'Seattle Municipal Code 14.22',
  },
  oregon: {
    label: 'Oregon',
    noticeMinutes: 14 * DAY,
    minRestMinutes: 10 * HOUR,
    rest: { multiplier: 1.5 },
    source: 'ORS 653.412-653.485, OAR 839-026',
  },
  chicago: {
    label: 'Chicago',
    noticeMinutes: 14 * DAY,
    minRestMinutes: 10 * HOUR,
    rest: { multiplier: 1.25 },
    source: 'Chicago Municipal Code 6-110',
  },
};

/** The least rest between two shifts of consecutive business days (0: no rule). */
export function minRestMinutes(jurisdiction: Jurisdiction): number {
  return jurisdiction === 'none' ? 0 : FAIR_WORKWEEK[jurisdiction].minRestMinutes;
}

export function noticeMinutes(jurisdiction: Jurisdiction): number {
  return jurisdiction === 'none' ? 0 : FAIR_WORKWEEK[jurisdiction].noticeMinutes;
}

/** What a premium is for. */
export type PremiumRule = 'scheduleChange' | 'rest';

/**
 * A premium owed to an employee: a fixed amount (`amountMinor`, USD cents) or pay hours
 * (`payHours`, hours of the employee's regular rate on top of the wages).
 */
export interface PremiumDue {
  rule: PremiumRule;
  reason: string;
  amountMinor: number | null;
  payHours: number | null;
}

export interface Interval {
  startMs: number;
  endMs: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The kind of a change to one shift: added time (or a new shift), cut time (or a cancellation), or moved without loss. */
export type ChangeKind = 'added' | 'cut' | 'moved';

export interface ShiftChange {
  kind: ChangeKind;
  /** Minutes added (added), or scheduled minutes no longer worked (cut). */
  deltaMinutes: number;
  /** Minutes between the change and the start of the shift (the earlier of before and after). */
  noticeMinutes: number;
}

/** The change from `before` (null: a new shift) to `after` (null: cancelled) made at `atMs`; null when nothing changed. */
export function classifyChange(before: Interval | null, after: Interval | null, atMs: number): ShiftChange | null {
  if (!before && !after) return null;
  const len = (i: Interval | null) => (i ? Math.round((i.endMs - i.startMs) / 60_000) : 0);
  const startMs = Math.min(before?.startMs ?? Infinity, after?.startMs ?? Infinity);
  const notice = Math.floor((startMs - atMs) / 60_000);
  const delta = len(after) - len(before);
  if (delta > 0) return { kind: 'added', deltaMinutes: delta, noticeMinutes: notice };
  if (delta < 0) return { kind: 'cut', deltaMinutes: -delta, noticeMinutes: notice };
  if (before && after && (before.startMs !== after.startMs || before.endMs !== after.endMs))
    return { kind: 'moved', deltaMinutes: 0, noticeMinutes: notice };
  return null;
}

/** The premium a schedule change inside the notice window costs in a jurisdiction (null: none). */
export function changePremium(jurisdiction: Jurisdiction, change: ShiftChange): PremiumDue | null {
  if (jurisdiction === 'none' || change.noticeMinutes >= FAIR_WORKWEEK[jurisdiction].noticeMinutes) return null;
  const notice = change.noticeMinutes;
  const days = round2(Math.max(0, notice) / DAY);
  const what =
    change.kind === 'added'
      ? `${change.deltaMinutes} minutes added`
      : change.kind === 'cut'
        ? `${change.deltaMinutes} minutes cut`
        : 'moved without loss of hours';
  const reason = `${what} with ${days} days' notice`;
  const cutHours = round2(change.deltaMinutes / 60);
  switch (jurisdiction) {
    case 'nyc': {
      const lossTier = notice >= 7 * DAY ? 20_00 : notice >= DAY ? 45_00 : 75_00;
      const otherTier = notice >= 7 * DAY ? 10_00 : 15_00;
      return {
        rule: 'scheduleChange',
        reason,
        amountMinor: change.kind === 'cut' ? lossTier : otherTier,
        payHours: null,
      };
    }
    case 'seattle':
      return {
        rule: 'scheduleChange',
        reason,
        amountMinor: null,
        payHours: change.kind === 'cut' ? round2(cutHours / 2) : 1,
      };
    case 'oregon':
      if (change.kind === 'added' && change.deltaMinutes <= 30) return null;
      return {
        rule: 'scheduleChange',
        reason,
        amountMinor: null,
        payHours: change.kind === 'cut' ? round2(cutHours / 2) : 1,
      };
    case 'chicago':
      if (change.kind === 'cut' && notice < DAY)
        return { rule: 'scheduleChange', reason, amountMinor: null, payHours: round2(cutHours / 2) };
      return { rule: 'scheduleChange', reason, amountMinor: null, payHours: 1 };
  }
}

/**
 * The rest between two shifts of consecutive business days, when shorter than the jurisdiction's
 * minimum: the shortfall and the premium owed if the second shift is worked (NYC: a fixed $100;
 * elsewhere the premium part of the multiplier on the second shift's hours inside the rest window).
 */
export function restPremium(
  jurisdiction: Jurisdiction,
  gapMinutes: number,
  secondShiftMinutes: number,
): PremiumDue | null {
  if (jurisdiction === 'none') return null;
  const rules = FAIR_WORKWEEK[jurisdiction];
  if (gapMinutes >= rules.minRestMinutes) return null;
  const reason = `${gapMinutes} minutes of rest between shifts; ${rules.label} requires ${rules.minRestMinutes}`;
  if ('amountMinor' in rules.rest) return { rule: 'rest', reason, amountMinor: rules.rest.amountMinor, payHours: null };
  const within = Math.min(rules.minRestMinutes - gapMinutes, secondShiftMinutes);
  return { rule: 'rest', reason, amountMinor: null, payHours: round2((within / 60) * (rules.rest.multiplier - 1)) };
}
