import {
  formatCitation,
  SCHEDULING_PACK_IDS,
  SCHEDULING_PACKS,
  schedulingVersionOn,
  type ChangePay,
  type SchedulingPackId,
  type SchedulingVersion,
} from '../compliance';

/**
 * Fair-workweek (predictive scheduling) rules, applied as pure functions. The figures, their
 * effective dates and their sources are the compliance module's rule packs
 * (src/modules/compliance/packs/, docs/COMPLIANCE.md); which pack a company is under is its
 * `jurisdiction` (rules.ts: the company setting, else its location and attested coverage), and
 * which version of it applies is decided by the business date of the shift concerned. Without a
 * date (unit tests of the figures) the latest version applies.
 */

export const JURISDICTIONS = ['none', ...SCHEDULING_PACK_IDS] as ['none', ...SchedulingPackId[]];
export type Jurisdiction = 'none' | SchedulingPackId;

const HOUR = 60;
const DAY = 24 * HOUR;

/** The version of a jurisdiction's rules in force on `date` (latest without one); null: none. */
export function versionOf(jurisdiction: Jurisdiction, date?: string): SchedulingVersion | null {
  if (jurisdiction === 'none') return null;
  const pack = SCHEDULING_PACKS[jurisdiction];
  return date ? schedulingVersionOn(pack, date) : (pack.scheduling.at(-1) ?? null);
}

export const labelOf = (jurisdiction: Jurisdiction): string =>
  jurisdiction === 'none' ? 'none' : SCHEDULING_PACKS[jurisdiction].label;

/** The least rest between two shifts of consecutive business days (0: no rule). */
export function minRestMinutes(jurisdiction: Jurisdiction, date?: string): number {
  return versionOf(jurisdiction, date)?.rest?.minMinutes ?? 0;
}

export function noticeMinutes(jurisdiction: Jurisdiction, date?: string): number {
  return (versionOf(jurisdiction, date)?.noticeDays ?? 0) * DAY;
}

/** What a premium is for. */
export type PremiumRule = 'scheduleChange' | 'rest';

/**
 * A premium owed to an employee: a fixed amount (`amountMinor`, USD cents) or pay hours
 * (`payHours`, hours of the employee's regular rate on top of the wages), with the source of its figure.
 */
export interface PremiumDue {
  rule: PremiumRule;
  reason: string;
  amountMinor: number | null;
  payHours: number | null;
  citation: string;
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

const lengthOf = (i: Interval | null) => (i ? Math.round((i.endMs - i.startMs) / 60_000) : 0);

/** The change from `before` (null: a new shift) to `after` (null: cancelled) made at `atMs`; null when nothing changed. */
export function classifyChange(before: Interval | null, after: Interval | null, atMs: number): ShiftChange | null {
  if (!before && !after) return null;
  const startMs = Math.min(before?.startMs ?? Infinity, after?.startMs ?? Infinity);
  const notice = Math.floor((startMs - atMs) / 60_000);
  const delta = lengthOf(after) - lengthOf(before);
  if (delta > 0) return { kind: 'added', deltaMinutes: delta, noticeMinutes: notice };
  if (delta < 0) return { kind: 'cut', deltaMinutes: -delta, noticeMinutes: notice };
  if (before && after && (before.startMs !== after.startMs || before.endMs !== after.endMs))
    return { kind: 'moved', deltaMinutes: 0, noticeMinutes: notice };
  return null;
}

/** What a change knows beyond its kind: the shift's scheduled length, and how far its start and end moved. */
export interface ChangeContext {
  /** Business date of the shift (decides the version); absent: the latest. */
  date?: string;
  /** The shift's scheduled minutes before the change (0 for a new shift). */
  scheduledMinutes?: number;
  /** The larger of how far the start and the end moved, minutes (absent: not an edit of one shift). */
  movedMinutes?: number;
}

const payHoursOf = (pay: ChangePay, change: ShiftChange, scheduledMinutes: number): number | null => {
  switch (pay.kind) {
    case 'fixed':
      return null;
    case 'hours':
      return pay.hours;
    case 'cutFraction':
      return round2((change.deltaMinutes / 60) * pay.fraction);
    case 'byShiftLength':
      return scheduledMinutes <= pay.shortMinutes ? pay.hours : pay.longHours;
  }
};

/** The premium a schedule change inside the notice window costs in a jurisdiction (null: none). */
export function changePremium(
  jurisdiction: Jurisdiction,
  change: ShiftChange,
  context: ChangeContext = {},
): PremiumDue | null {
  const rules = versionOf(jurisdiction, context.date);
  return rules && changePremiumUnder(rules, change, context);
}

/** The premium of a change under one version of a pack's rules. */
export function changePremiumUnder(
  rules: SchedulingVersion,
  change: ShiftChange,
  context: Omit<ChangeContext, 'date'> = {},
): PremiumDue | null {
  const notice = change.noticeMinutes;
  const tier = rules.tiers.find(
    (t) => (t.atLeastMinutes === null || notice >= t.atLeastMinutes) && notice < t.underMinutes,
  );
  if (!tier) return null;
  if (change.kind === 'added' && change.deltaMinutes <= rules.ignoreAddedUpToMinutes) return null;
  if (rules.graceMinutes && context.movedMinutes !== undefined && context.movedMinutes <= rules.graceMinutes.minutes)
    return null;
  const pay = tier[change.kind];
  if (!pay) return null;
  const days = round2(Math.max(0, notice) / DAY);
  const what =
    change.kind === 'added'
      ? `${change.deltaMinutes} minutes added`
      : change.kind === 'cut'
        ? `${change.deltaMinutes} minutes cut`
        : 'moved without loss of hours';
  return {
    rule: 'scheduleChange',
    reason: `${what} with ${days} days' notice`,
    amountMinor: pay.kind === 'fixed' ? pay.amountMinor : null,
    payHours: payHoursOf(pay, change, context.scheduledMinutes ?? 0),
    citation: formatCitation(tier.citation),
  };
}

/** The premium of changing `before` into `after` at `atMs`, the context taken from the intervals. */
export function premiumOfChange(
  jurisdiction: Jurisdiction,
  before: Interval | null,
  after: Interval | null,
  atMs: number,
  date?: string,
): PremiumDue | null {
  const change = classifyChange(before, after, atMs);
  if (!change) return null;
  const movedMinutes =
    before && after
      ? Math.round(Math.max(Math.abs(after.startMs - before.startMs), Math.abs(after.endMs - before.endMs)) / 60_000)
      : undefined;
  return changePremium(jurisdiction, change, { date, scheduledMinutes: lengthOf(before), movedMinutes });
}

/**
 * The rest between two shifts of consecutive business days, when shorter than the jurisdiction's
 * minimum: the shortfall and the premium owed if the second shift is worked (a fixed amount, or
 * the premium part of the multiplier on the second shift's hours inside the rest window or on
 * the whole second shift, as the pack says).
 */
export function restPremium(
  jurisdiction: Jurisdiction,
  gapMinutes: number,
  secondShiftMinutes: number,
  date?: string,
): PremiumDue | null {
  const rules = versionOf(jurisdiction, date);
  return rules && restPremiumUnder(rules, labelOf(jurisdiction), gapMinutes, secondShiftMinutes);
}

/** The rest premium under one version of a pack's rules (`label` names the place in the reason). */
export function restPremiumUnder(
  rules: SchedulingVersion,
  label: string,
  gapMinutes: number,
  secondShiftMinutes: number,
): PremiumDue | null {
  const rest = rules.rest;
  if (!rest || gapMinutes >= rest.minMinutes) return null;
  const reason = `${gapMinutes} minutes of rest between shifts; ${label} requires ${rest.minMinutes}`;
  const citation = formatCitation(rest.citation);
  if ('amountMinor' in rest.pay)
    return { rule: 'rest', reason, amountMinor: rest.pay.amountMinor, payHours: null, citation };
  const minutes =
    rest.pay.over === 'wholeShift' ? secondShiftMinutes : Math.min(rest.minMinutes - gapMinutes, secondShiftMinutes);
  return {
    rule: 'rest',
    reason,
    amountMinor: null,
    payHours: round2((minutes / 60) * (rest.pay.multiplier - 1)),
    citation,
  };
}
