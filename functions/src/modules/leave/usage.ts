import type { Transaction } from 'firebase-admin/firestore';
import type { StagedEvent } from '../events';
import { getCompanyRules } from '../companies';
import { employeeFromSnapshot, employeeRef } from '../employees';
import { leaveYearOf } from './accrual';
import { leaveErrors } from './errors';
import { balanceChanged } from './events';
import { balanceOf } from './ledger-rules';
import { hireDateOf } from './people';
import * as repo from './repo';
import type { LeaveEntry } from './schemas';
import { lawUseCapDays } from './laws';
import { usageRefusal } from './usage-rules';

/**
 * Time off taken through the day-off requests (the requests module calls these in the transaction
 * that approves or cancels a request): approval writes a usage entry, refused past the balance
 * unless the policy allows going negative; cancellation of an approved one writes it back. Entry
 * ids are the request's, so a step retried writes nothing twice.
 */
export interface LeaveOfRequest {
  companyId: string;
  requestId: string;
  employeeId: string;
  policyId: string;
  minutes: number;
  /** The first day off. */
  date: string;
  /** The calendar days the request covers. */
  days: number;
  /** Who approved or cancelled. */
  by: string;
}

/** What a prepare stages: the entry's write, and its `leave.balance_changed` event to dispatch after the commit. */
export type LeaveWrite = ((t: Transaction) => void) & { events: StagedEvent[] };
const NOTHING: LeaveWrite = Object.assign(() => undefined, { events: [] });

function staged(companyId: string, entry: LeaveEntry, event: StagedEvent): LeaveWrite {
  return Object.assign(
    (t: Transaction) => {
      t.set(repo.entryRef(companyId, entry.id), repo.entryToDoc(entry));
      event.write(t);
    },
    { events: [event] },
  );
}

const usageId = (requestId: string) => `${requestId}_usage`;
const returnId = (requestId: string) => `${requestId}_returned`;

async function readFor(tx: Transaction, l: LeaveOfRequest) {
  const [rules, policySnap, employeeSnap] = await Promise.all([
    getCompanyRules({ companyId: l.companyId }),
    tx.get(repo.policyRef(l.companyId, l.policyId)),
    tx.get(employeeRef(l.companyId, l.employeeId)),
  ]);
  const policy = repo.policyFromSnapshot(policySnap);
  if (!policy || policy.archived)
    throw leaveErrors.LEAVE_POLICY_NOT_FOUND(`No leave policy ${l.policyId} in use in the company`);
  const employee = employeeFromSnapshot(employeeSnap);
  const cal = { timezone: rules.profile.timezone, dayChangeTime: rules.settings.dayChangeTime };
  const hireDate = employee ? hireDateOf(employee, cal) : null;
  const entries = (await repo.employeeEntries(l.companyId, l.employeeId, tx)).filter((e) => e.policyId === l.policyId);
  return { policy, hireDate, entries, lawLocation: rules.profile.lawLocation };
}

const entryOf = (
  l: LeaveOfRequest,
  id: string,
  kind: 'usage' | 'usageReturned',
  minutes: number,
  year: string,
): LeaveEntry => ({
  id,
  companyId: l.companyId,
  employeeId: l.employeeId,
  policyId: l.policyId,
  kind,
  minutes,
  year,
  date: l.date,
  days: l.days,
  source: { punchIds: [], removedPunchIds: [], periods: [], requestId: l.requestId },
  reason: null,
  by: l.by,
  createdAt: Date.now(),
});

/** Checks and stages the usage of an approved day-off request (422 LEAVE_BALANCE_EXCEEDED and the like). */
export async function prepareLeaveUsage(tx: Transaction, l: LeaveOfRequest): Promise<LeaveWrite> {
  const { policy, hireDate, entries, lawLocation } = await readFor(tx, l);
  if (entries.some((e) => e.id === usageId(l.requestId))) return NOTHING;
  const year = leaveYearOf(l.date, policy.yearStart, hireDate).start;
  const refusal = usageRefusal({
    policy,
    entries,
    minutes: l.minutes,
    days: l.days,
    useCapDays: policy.kind === 'sick' ? lawUseCapDays(lawLocation, l.date) : null,
    date: l.date,
    year,
    hireDate,
  });
  if (refusal) throw leaveErrors[refusal.code](refusal.message, refusal.details);
  const entry = entryOf(l, usageId(l.requestId), 'usage', -l.minutes, year);
  const event = balanceChanged({ policy, cause: 'usage', written: [entry], ledger: entries, actor: { uid: l.by } });
  return staged(l.companyId, entry, event);
}

/** Stages the return of a cancelled approved request's usage (what its usage entry took, once). */
export async function prepareLeaveReturn(tx: Transaction, l: LeaveOfRequest): Promise<LeaveWrite> {
  const all = await repo.employeeEntries(l.companyId, l.employeeId, tx);
  const entries = all.filter((e) => e.source.requestId === l.requestId);
  const used = entries.find((e) => e.id === usageId(l.requestId));
  if (!used || entries.some((e) => e.id === returnId(l.requestId)) || balanceOf(entries) === 0) return NOTHING;
  const policy = repo.policyFromSnapshot(await tx.get(repo.policyRef(l.companyId, used.policyId)));
  const entry = entryOf(
    { ...l, policyId: used.policyId },
    returnId(l.requestId),
    'usageReturned',
    -used.minutes,
    used.year,
  );
  const event = balanceChanged({
    policy: policy ?? { id: used.policyId, name: used.policyId, kind: 'pto' },
    cause: 'usageReturned',
    written: [entry],
    ledger: all.filter((e) => e.policyId === used.policyId),
    actor: { uid: l.by },
  });
  return staged(l.companyId, entry, event);
}
