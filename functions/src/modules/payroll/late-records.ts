import { addDays, businessDateOf, weekOf } from '../../core/calendar';
import type { CalendarInput, OvertimeRules } from './overtime';
import { periodPay, type RatedSpan } from './pay';

/**
 * Late records: pure, no I/O.
 *
 * A POS can change, add or delete one of its punches after payroll closed the range it lies in
 * (attendance/late-records.ts keeps the vendor's last version; the punch stays as it was paid). The
 * closed report is never rewritten: the first report after the close pays the difference as a
 * prior-period adjustment line (`kind: lateRecord`), as the priorPeriod lines do (adjustments.ts).
 *
 * The difference is taken over the whole workweek the record belongs to, so that the overtime of
 * that week comes out right (29 CFR 778.103: each workweek stands alone; 778.104: no averaging
 * over two or more weeks; checked 2026-12-03 at
 * https://www.ecfr.gov/current/title-29/subtitle-B/chapter-V/subchapter-B/part-778/subpart-B/section-778.103):
 * the week's hours and pay priced now with the record's last version (periodPay over the seven
 * days of the week, every minute at its rate, overtime and double time at the week's regular
 * rate), minus the week priced now with the punch as it was paid, minus what earlier closed
 * reports already paid for that record and week. A week not ended by the report's last day waits
 * for the report of the period in which it ends (29 CFR 778.106, as the priorPeriod lines), so that
 * the punches of its days after the close are known when it is priced. Both sides are priced with today's rates, so a
 * rate changed since the close does not reprice the hours the record did not touch; what the week
 * owes beyond the straddle true-up (priorPeriod) is this line.
 *
 * Several records of one employee's week are applied one after the other in record id order; each
 * line is what its record adds to the week as the ones before left it, so the lines add up to the
 * week with all of them minus the week as paid. A week is reported again only when one of its
 * records (touching it now, or paid in it before) has a version no closed report paid yet, and
 * every such version is listed in each week it touches, a zero line when it changes nothing
 * there: a record received twice (a rerun, a retried page) is one line; a record changed twice
 * before the next close is one line of the net change; a record changed again after that close is
 * a line of the difference to what was paid.
 */

/** A rated span of one punch on its business date. */
export type PunchSpan = RatedSpan & { punchId: string; businessDate: string };

export interface LateRecordLine {
  kind: 'lateRecord';
  /** the POS (catalogue slug) and its id of the record */
  vendor: string;
  externalId: string;
  /** the punch's id in attendance */
  recordId: string;
  /** the sync run that delivered the last version */
  runId: string | null;
  /** vendorPunchVersion of the version this line pays */
  version: string;
  change: 'created' | 'changed' | 'deleted';
  weekStart: string;
  weekEnd: string;
  /** the closed range the record reached */
  closedPeriodStart: string;
  closedPeriodEnd: string;
  /** worked minutes added (negative: removed) */
  minutes: number;
  /** minor units per hour, 2 decimals: the week's regular rate with the record, null when the week has no hours left */
  regularRate: number | null;
  amount: number;
  reason: string;
}

/** A late record as payroll prices it: the attendance record, its span (rated) when it still works, for whom. */
export interface PricedLateRecord {
  recordId: string;
  vendor: string;
  externalId: string;
  runId: string | null;
  version: string;
  change: LateRecordLine['change'];
  lock: { startDate: string; endDate: string };
  /** the last version's span, rated, and its employee; null when deleted or still open */
  final: { employeeId: string; span: PunchSpan } | null;
}

/** What closed reports already paid for one record of one employee, per workweek: the minutes, the amount and the versions priced. */
export interface SettledLate {
  weeks: Map<string, { minutes: number; amount: number; versions: Set<string> }>;
}

/** The settled lines of closed reports' rows, by record id (one employee's). */
export function settledOf(
  lines: readonly Pick<LateRecordLine, 'recordId' | 'version' | 'weekStart' | 'minutes' | 'amount'>[],
) {
  const out = new Map<string, SettledLate>();
  for (const l of lines) {
    const s = out.get(l.recordId) ?? { weeks: new Map() };
    const w = s.weeks.get(l.weekStart) ?? { minutes: 0, amount: 0, versions: new Set<string>() };
    w.versions.add(l.version);
    s.weeks.set(l.weekStart, { minutes: w.minutes + l.minutes, amount: w.amount + l.amount, versions: w.versions });
    out.set(l.recordId, s);
  }
  return out;
}

const hours = (minutes: number) => (minutes / 60).toFixed(2);
const signed = (text: string, n: number) => (n > 0 ? `+${text}` : text);

const CHANGE_WORDS: Record<LateRecordLine['change'], string> = {
  created: 'reported a new punch',
  changed: 'changed a punch',
  deleted: 'deleted a punch',
};

/**
 * The late-record lines of one employee: `baseline` their approved spans as paid (at least those
 * of the weeks the records touch and the day before each), `records` every late record touching
 * them (as paid or in its last version), `settled` what closed reports paid per record.
 */
export function lateRecordLines(args: {
  employeeId: string;
  baseline: readonly PunchSpan[];
  records: readonly PricedLateRecord[];
  settled: ReadonlyMap<string, SettledLate>;
  /** the report's last day: a workweek ending after it waits for the report of the period it ends in */
  until: string;
  cal: CalendarInput;
  rules: OvertimeRules;
  explicitOvertime?: number;
  salaried: boolean;
  money: (minor: number) => string;
}): LateRecordLine[] {
  const { employeeId, baseline, settled, cal } = args;
  const ownFinal = (r: PricedLateRecord) => (r.final?.employeeId === employeeId ? r.final.span : null);
  // the workweeks each record touches for this employee: as paid, as now, and where it was paid before
  const weeksOf = (r: PricedLateRecord): string[] => {
    const spans = [...baseline.filter((s) => s.punchId === r.recordId), ...(ownFinal(r) ? [ownFinal(r)!] : [])];
    // an overnight punch can reach into the next business day, which may open the next week
    const dates = spans.flatMap((s) => [s.businessDate, businessDateOf(s.endMs - 1, cal)]);
    const weeks = dates.map((d) => weekOf(d, cal).start);
    return [...new Set([...weeks, ...(settled.get(r.recordId)?.weeks.keys() ?? [])])];
  };
  const byWeek = new Map<string, PricedLateRecord[]>();
  for (const r of args.records) for (const w of weeksOf(r)) byWeek.set(w, [...(byWeek.get(w) ?? []), r]);

  const out: LateRecordLine[] = [];
  for (const weekStart of [...byWeek.keys()].sort()) {
    const group = byWeek.get(weekStart)!.sort((a, b) => a.recordId.localeCompare(b.recordId));
    const week = weekOf(weekStart, cal);
    if (week.end > args.until) continue;
    const paidIn = (r: PricedLateRecord) => settled.get(r.recordId)?.weeks.get(weekStart);
    if (group.every((r) => paidIn(r)?.versions.has(r.version))) continue;
    const inWindow = (s: PunchSpan) => s.businessDate >= addDays(week.start, -1) && s.businessDate <= week.end;
    const price = (spans: PunchSpan[]) => {
      const w = periodPay(
        spans,
        { startDate: week.start, endDate: week.end },
        cal,
        args.rules,
        args.explicitOvertime,
      ).weeks.find((x) => x.weekStart === week.start);
      if (!w) return { minutes: 0, pay: 0, rate: null };
      return {
        minutes: w.regularMinutes + w.overtimeMinutes + w.doubleTimeMinutes,
        pay: args.salaried ? 0 : w.regularPay + w.overtimePay + w.doubleTimePay,
        rate: w.regularRate,
      };
    };
    let spans = baseline.filter(inWindow);
    let before = price(spans);
    const asPaid = before;
    for (const r of group) {
      const final = ownFinal(r);
      const next = [...spans.filter((s) => s.punchId !== r.recordId), ...(final && inWindow(final) ? [final] : [])];
      const after = price(next);
      const paid = paidIn(r) ?? { minutes: 0, amount: 0, versions: new Set<string>() };
      const minutes = after.minutes - before.minutes - paid.minutes;
      const amount = after.pay - before.pay - paid.amount;
      // a version not paid yet is listed even when it changes nothing: the line records that it was
      // priced in this week, so that a later change of it reprices the week again
      if (minutes !== 0 || amount !== 0 || !paid.versions.has(r.version)) {
        const reason =
          `${r.vendor} ${CHANGE_WORDS[r.change]} (record ${r.externalId}${r.runId ? `, sync run ${r.runId}` : ''}) ` +
          `after payroll closed ${r.lock.startDate} to ${r.lock.endDate}: that period stays as paid. ` +
          `Workweek ${week.start} to ${week.end} as paid: ${hours(asPaid.minutes)} h, ${args.money(asPaid.pay)}; ` +
          `with this record: ${signed(`${hours(after.minutes - before.minutes)} h`, after.minutes - before.minutes)}, ` +
          `${signed(args.money(after.pay - before.pay), after.pay - before.pay)}, priced as the week is priced now` +
          (after.rate !== null ? ` (regular rate ${args.money(Math.round(after.rate))})` : '') +
          (paid.minutes || paid.amount
            ? `, less ${hours(paid.minutes)} h and ${args.money(paid.amount)} an earlier report already paid for it`
            : '') +
          `: adjustment ${signed(`${hours(minutes)} h`, minutes)}, ${signed(args.money(amount), amount)}`;
        out.push({
          kind: 'lateRecord',
          vendor: r.vendor,
          externalId: r.externalId,
          recordId: r.recordId,
          runId: r.runId,
          version: r.version,
          change: r.change,
          weekStart: week.start,
          weekEnd: week.end,
          closedPeriodStart: r.lock.startDate,
          closedPeriodEnd: r.lock.endDate,
          minutes,
          regularRate: after.rate,
          amount,
          reason,
        });
      }
      spans = next;
      before = after;
    }
  }
  return out;
}
