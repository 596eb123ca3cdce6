import { businessToday } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { lockKeys, writesLeft } from '../../core/locks';
import { workedSpans } from '../attendance';
import { getCompanyRules } from '../companies';
import { employedOn, listEmployees } from '../employees';
import { EVENT_WRITES, dispatchEvents, type StagedEvent } from '../events';
import { balanceChanged, isYearEnd } from './events';
import { planAccruals, yearsToSettle, type WorkedPunch } from './ledger-rules';
import { hireDateOf } from './people';
import * as repo from './repo';
import type { LeaveEntry } from './schemas';

/** Worked minutes of a span: clock-out less clock-in, less its unpaid breaks. */
const minutesOf = (s: { startMs: number; endMs: number; unpaidBreaks: { startMs: number; endMs: number }[] }) =>
  Math.max(
    0,
    Math.floor((s.endMs - s.startMs - s.unpaidBreaks.reduce((a, b) => a + (b.endMs - b.startMs), 0)) / 60_000),
  );

/**
 * POST /leave-accruals: settles the ledger of every employee (or one) through a date: accruals from
 * approved punches and ended pay periods, front-loaded grants, and the close of a year that ended
 * (planAccruals in ledger-rules.ts). One exclusive commit per employee, each reconciling against the
 * entries already there: a retry, or a second run, writes nothing more.
 */
export async function runAccruals({
  companyId,
  through: asked,
  employeeId,
  by,
}: {
  companyId: string;
  through?: string;
  employeeId?: string;
  /** the manager who asked; none: the automatic runs (auto-accrual.ts) */
  by?: string;
}): Promise<{ through: string; employees: number; written: LeaveEntry[] }> {
  const actor = by ? { uid: by } : { uid: null, job: 'leave-accruals' };
  const [rules, policies, employees] = await Promise.all([
    getCompanyRules({ companyId }),
    repo.listPolicies(companyId),
    listEmployees(companyId),
  ]);
  const cal = { timezone: rules.profile.timezone, dayChangeTime: rules.settings.dayChangeTime };
  const through = asked ?? businessToday(cal.timezone, cal.dayChangeTime);
  // archived policies accrue nothing more, but their years still close
  const active = policies;
  const people = employees
    .filter((e) => (employeeId ? e.id === employeeId : true))
    .map((e) => ({ id: e.id, hire: hireDateOf(e, cal), employed: employedOn(e, through) }));
  if (!active.length || !people.length) return { through, employees: 0, written: [] };
  // the approved punches of the earliest year any policy settles
  const earliest = people.flatMap((p) => active.map((pol) => yearsToSettle(through, pol, p.hire)[0].start)).sort()[0];
  const spans = await workedSpans(
    companyId,
    { startDate: earliest, endDate: through },
    { approvedOnly: true, employeeId },
  );
  const written: LeaveEntry[] = [];
  let touched = 0;
  for (const person of people) {
    const punches: WorkedPunch[] = (spans.get(person.id) ?? []).map((s) => ({
      punchId: s.punchId,
      businessDate: s.businessDate,
      minutes: minutesOf(s),
    }));
    if (!person.employed && !punches.length) continue;
    const entries = await runExclusive([lockKeys.leave(companyId, person.id)], async (tx) => {
      const ledger = await repo.employeeEntries(companyId, person.id, tx);
      const now = Date.now();
      const planned = active.flatMap((policy) =>
        planAccruals({
          policy,
          employeeId: person.id,
          hireDate: person.hire,
          through,
          punches,
          entries: ledger.filter((e) => e.policyId === policy.id),
          payrollStartingDay: rules.profile.payrollStartingDay,
        }),
      );
      // createdAt one millisecond apart: the ledger lists them in the order they were planned
      const rows = planned.slice(0, writesLeft(1) - EVENT_WRITES * active.length).map((p, i): LeaveEntry => {
        const ref = repo.entriesCollection(companyId).doc();
        return { ...p, id: ref.id, companyId, createdAt: now + i };
      });
      if (!rows.length) return { result: { rows, events: [] } };
      // a year end (forfeiture, carryover) is announced with its entries, one event per policy
      const events: StagedEvent[] = active.flatMap((policy) => {
        const closed = rows.filter((r) => r.policyId === policy.id && isYearEnd(r));
        if (!closed.length) return [];
        const before = [...ledger, ...rows.filter((r) => !isYearEnd(r))].filter((e) => e.policyId === policy.id);
        return [balanceChanged({ policy, cause: 'yearEnd', written: closed, ledger: before, actor })];
      });
      return {
        result: { rows, events },
        write: (t) => {
          for (const r of rows) t.set(repo.entryRef(companyId, r.id), repo.entryToDoc(r));
          for (const e of events) e.write(t);
        },
      };
    });
    if (entries.rows.length) touched += 1;
    written.push(...entries.rows);
    await dispatchEvents(entries.events);
  }
  return { through, employees: touched, written };
}
