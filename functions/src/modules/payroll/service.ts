import { addDays, businessToday, payPeriodOf, previousPayPeriod, weekOf, type DateRange } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { requireCompany } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { lockRange, setRestBreaksRecorded, storedRestBreaksRecorded, unlockRange } from '../attendance';
import { poolLedgerIn } from '../tip-pools';
import { getCompanyRules, type CompanyRules } from '../companies';
import { dispatchEvents, stageEvent } from '../events';
import { announce } from '../kit';
import { payrollErrors } from './errors';
import { withDefaults } from './overtime';
import { computeReport as reportOf, type PriorPeriod } from './report';
import { punchStatesIn } from './report-inputs';
import { endMealWaiver, recordMealWaiver } from './record-meal-waiver';
import { recordPayElement } from './record-pay-element';
import * as repo from './repo';
import {
  SETTINGS_DEFAULTS,
  type PayElementBody,
  type Period,
  type PayrollReport,
  type PayrollSettings,
} from './schemas';
import { lockKeys } from '../../core/locks';

/**
 * The report of a period; when its first workweek began in the period before and that one is
 * closed, with that period's frozen rows, so that the week's prior-period adjustment is paid here
 * (adjustments.ts). The closed report itself is never rewritten. The closed period before is read
 * at most once: for the straddling week, or when the report asks for it (a location with linked
 * records: the weeks of that period whose hours elsewhere changed since).
 */
async function computeReport(companyId: string, range: DateRange, ctx: Context, status: Period) {
  let before: Promise<PriorPeriod | null> | undefined;
  const closedBefore = () => (before ??= closedPeriodBefore(companyId, range, ctx));
  const week = weekOf(range.start, { weekStartingDay: ctx.rules.profile.weekStartingDay });
  const prior = week.start < range.start ? await closedBefore() : null;
  return reportOf(companyId, range, ctx.rules, ctx.settings, status, prior, closedBefore);
}

/** The pay period before `range` with its frozen rows, when it is closed. */
async function closedPeriodBefore(companyId: string, range: DateRange, ctx: Context): Promise<PriorPeriod | null> {
  const before = previousPayPeriod(
    range,
    { payrollStartingDay: ctx.rules.profile.payrollStartingDay },
    ctx.settings.payFrequency,
    ctx.settings.anchorDate,
  );
  const stored = await repo.readPeriod(companyId, before.start);
  if (stored?.status !== 'closed' || !stored.report) return null;
  return {
    startDate: before.start,
    endDate: before.end,
    rows: new Map(stored.report.employees.map((e) => [e.employeeId, e])),
  };
}

// --- settings ---------------------------------------------------------------------------------

export async function getSettings({ companyId }: { companyId: string }): Promise<PayrollSettings> {
  await requireCompany(companyId);
  return settingsOf(companyId);
}

/**
 * The payroll settings in force. `restBreaksRecorded` lives in the attendance settings (the
 * timesheets read it too); a value stored here before it moved (2026-12-04) stands until the
 * attendance settings have one, and the next PATCH moves it.
 */
async function settingsOf(companyId: string): Promise<PayrollSettings> {
  return (await settingsRead(companyId)).settings;
}

async function settingsRead(companyId: string) {
  const [{ restBreaksRecorded: legacy, ...stored }, recorded] = await Promise.all([
    repo.readSettings(companyId),
    storedRestBreaksRecorded(companyId),
  ]);
  const settings = {
    ...SETTINGS_DEFAULTS,
    ...stored,
    overtimeRules: withDefaults(stored.overtimeRules ?? SETTINGS_DEFAULTS.overtimeRules),
    restBreaksRecorded: recorded ?? legacy ?? SETTINGS_DEFAULTS.restBreaksRecorded,
  } as PayrollSettings;
  return { settings, legacy: legacy !== undefined };
}

export async function updateSettings({
  companyId,
  patch,
}: {
  companyId: string;
  patch: Partial<PayrollSettings>;
}): Promise<PayrollSettings> {
  await requireCompany(companyId);
  const { settings, legacy } = await settingsRead(companyId);
  const next = { ...settings, ...patch };
  if (patch.overtimeRules) next.overtimeRules = withDefaults(patch.overtimeRules);
  const { restBreaksRecorded, ...own } = next;
  await Promise.all([
    repo.settingsRef(companyId).set(own),
    patch.restBreaksRecorded !== undefined || legacy ? setRestBreaksRecorded(companyId, restBreaksRecorded) : null,
  ]);
  return next;
}

// --- pay elements -----------------------------------------------------------------------------

/** POST /payroll/pay-elements: record-pay-element.ts, with the company's payroll settings. */
export async function createPayElement(args: { companyId: string; uid: string; body: PayElementBody }) {
  return recordPayElement({ ...args, settings: await settingsOf(args.companyId) });
}

/** GET /payroll/pay-elements: by date range (and employee). */
export async function listPayElements({
  companyId,
  from,
  to,
  employeeId,
}: {
  companyId: string;
  from: string;
  to: string;
  employeeId?: string;
}) {
  await requireCompany(companyId);
  return repo.listPayElements(companyId, { from, to }, employeeId);
}

// --- meal waivers -----------------------------------------------------------------------------

export const createMealWaiver = recordMealWaiver;
export const finishMealWaiver = endMealWaiver;

/** GET /payroll/meal-waivers. */
export async function listMealWaivers({ companyId, employeeId }: { companyId: string; employeeId?: string }) {
  await requireCompany(companyId);
  return repo.listMealWaivers(companyId, employeeId);
}

// --- periods ----------------------------------------------------------------------------------

export interface Context {
  rules: CompanyRules;
  settings: PayrollSettings;
}

export async function contextOf(companyId: string): Promise<Context> {
  const [rules, settings] = await Promise.all([getCompanyRules({ companyId }), settingsOf(companyId)]);
  return { rules, settings };
}

export const periodOf = (date: string, { rules, settings }: Context): DateRange =>
  payPeriodOf(
    date,
    { payrollStartingDay: rules.profile.payrollStartingDay },
    settings.payFrequency,
    settings.anchorDate,
  );

const todayOf = ({ rules }: Context) => businessToday(rules.profile.timezone, rules.settings.dayChangeTime);

/** A period's status: as stored, or open (never stored) on the business date `today`. */
export function periodView(range: DateRange, stored: repo.StoredPeriod | undefined | null, today: string): Period {
  return {
    startDate: range.start,
    endDate: range.end,
    status: stored?.status ?? 'open',
    current: range.start <= today && today <= range.end,
    closedAt: stored?.closedAt ?? null,
    closedBy: stored?.closedBy ?? null,
  };
}

/** The current pay period and the ones before it, newest first, with their status. */
export async function listPeriods({ companyId, count }: { companyId: string; count: number }): Promise<Period[]> {
  const ctx = await contextOf(companyId);
  const today = todayOf(ctx);
  const ranges = [periodOf(today, ctx)];
  const cal = { payrollStartingDay: ctx.rules.profile.payrollStartingDay };
  while (ranges.length < count)
    ranges.push(previousPayPeriod(ranges[ranges.length - 1], cal, ctx.settings.payFrequency, ctx.settings.anchorDate));
  const stored = await repo.storedPeriods(companyId, ranges[ranges.length - 1].start, ranges[0].start);
  return ranges.map((r) => periodView(r, stored.get(r.start), today));
}

/** The period starting on `startDate`; any other date is 404 (periods are named by their first day). */
export function periodStarting(startDate: string, ctx: Context): DateRange {
  const range = periodOf(startDate, ctx);
  if (range.start !== startDate) {
    throw payrollErrors.PERIOD_NOT_FOUND(
      `${startDate} does not start a pay period (${ctx.settings.payFrequency}); the period containing it starts on ${range.start}`,
    );
  }
  return range;
}

// --- the report -------------------------------------------------------------------------------

/** The period's report: frozen as it was closed, or live from the approved punches while open. */
export async function getReport({
  member,
  startDate,
}: {
  member: Membership;
  startDate: string;
}): Promise<PayrollReport> {
  const { companyId } = member;
  const ctx = await contextOf(companyId);
  const range = periodStarting(startDate, ctx);
  const stored = await repo.readPeriod(companyId, startDate);
  const report =
    stored?.status === 'closed' && stored.report
      ? stored.report
      : await computeReport(companyId, range, ctx, periodView(range, stored, todayOf(ctx)));
  return report; // the route withholds what the caller may not see (pay, tips)
}

// --- close and reopen -------------------------------------------------------------------------

/**
 * Closes an ended period: every punch of it must be clocked out and approved. Its punches are
 * locked first (attendance refuses changes in the range from then on), then checked again and the
 * report frozen with the period; if that fails, the lock is released.
 */
export async function closePeriod({
  companyId,
  startDate,
  uid,
}: {
  companyId: string;
  startDate: string;
  uid: string;
}): Promise<Period> {
  const ctx = await contextOf(companyId);
  const range = periodStarting(startDate, ctx);
  const today = todayOf(ctx);
  if (range.end >= today)
    throw payrollErrors.PERIOD_NOT_ENDED(
      `The period ends on ${range.end}; it can be closed from ${addDays(range.end, 1)}`,
    );
  const already = await repo.readPeriod(companyId, startDate);
  if (already?.status === 'closed')
    throw payrollErrors.PERIOD_ALREADY_CLOSED(`The period ${range.start} to ${range.end} is already closed`);
  const dates = { startDate: range.start, endDate: range.end };
  await lockRange(companyId, dates, uid);
  try {
    const states = await punchStatesIn(companyId, dates);
    if (states.open)
      throw payrollErrors.PERIOD_HAS_OPEN_PUNCHES(
        `${states.open} punch(es) of the period are still open: clock them out first`,
      );
    if (states.pending) {
      throw payrollErrors.PERIOD_HAS_UNAPPROVED_PUNCHES(`${states.pending} punch(es) of the period wait for approval`, [
        { message: 'pending punches', count: states.pending },
      ]);
    }
    const { open: openPools } = await poolLedgerIn(companyId, range.start, range.end);
    if (openPools.length)
      throw payrollErrors.PERIOD_HAS_OPEN_TIP_POOLS(
        `${openPools.length} tip-pool period(s) starting in the pay period are not locked: lock them first (POST /tip-pools/{poolId}/distributions/{periodStart}/lock)`,
        openPools.map((o) => ({ message: 'open tip-pool period', poolId: o.poolId, periodStart: o.periodStart })),
      );
    const closedAt = Date.now();
    const period: Period = { ...periodView(range, null, today), status: 'closed', closedAt, closedBy: uid };
    const report = await computeReport(companyId, range, ctx, period);
    await runExclusive(lockKeys.payPeriod(companyId, startDate), async (tx) => {
      const stored = await repo.readPeriod(companyId, startDate, tx);
      if (stored?.status === 'closed')
        throw payrollErrors.PERIOD_ALREADY_CLOSED(`The period ${range.start} to ${range.end} is already closed`);
      const next: repo.StoredPeriod = {
        startDate: range.start,
        endDate: range.end,
        status: 'closed',
        closedAt,
        closedBy: uid,
        report,
        history: [...(stored?.history ?? []), { action: 'close', at: closedAt, by: uid, reason: null }],
      };
      const event = stageEvent({
        companyId,
        type: 'payroll.period_closed',
        actor: { uid },
        subjects: { periodStartDates: [range.start] },
        data: { startDate: range.start, endDate: range.end },
      });
      return {
        result: event,
        write: (w) => {
          w.set(repo.periodRef(companyId, startDate), next);
          event.write(w);
        },
      };
    }).then((event) => dispatchEvents([event]));
    // accrual per pay period and per hours worked follows the close (leave reacts: kit.ts announce)
    await announce('payPeriodClosed', { companyId, startDate: range.start, endDate: range.end, closedAt });
    return period;
  } catch (err) {
    if (!(err as { code?: string }).code?.startsWith('PERIOD_ALREADY')) await unlockRange(companyId, dates, uid);
    throw err;
  }
}

/** Reopens a closed period (owners, with a reason kept in its history): its punches unlock and its frozen report is dropped. */
export async function reopenPeriod({
  companyId,
  startDate,
  uid,
  reason,
}: {
  companyId: string;
  startDate: string;
  uid: string;
  reason: string;
}): Promise<Period> {
  const ctx = await contextOf(companyId);
  const range = periodStarting(startDate, ctx);
  const { result, reopened } = await runExclusive(lockKeys.payPeriod(companyId, startDate), async (tx) => {
    const stored = await repo.readPeriod(companyId, startDate, tx);
    // an open period keeps its locks: a close under way holds one while it checks the punches
    if (stored?.status !== 'closed') return { result: { result: stored, reopened: false } };
    const next: repo.StoredPeriod = {
      ...stored,
      status: 'open',
      closedAt: null,
      closedBy: null,
      report: null,
      history: [...stored.history, { action: 'reopen', at: Date.now(), by: uid, reason }],
    };
    return {
      result: { result: next, reopened: true },
      write: (w) => w.set(repo.periodRef(companyId, startDate), next),
    };
  });
  if (reopened) await unlockRange(companyId, { startDate: range.start, endDate: range.end }, uid);
  return periodView(range, result, todayOf(ctx));
}
