import { stageEvent, type StagedEvent } from '../events';
import { balanceOf } from './ledger-rules';
import type { LeaveEntry, LeavePolicy } from './schemas';

/**
 * `leave.balance_changed`: staged with the entries of a day-off request's approval or cancellation
 * (usage.ts) or of a year end (accruals.ts), and written in their commit. Its payload is what the
 * employee's own ledger shows of them (kinds and minutes, no reason text), addressed to the
 * employee and managers.
 */
export type LeaveCause = 'usage' | 'usageReturned' | 'yearEnd';

const YEAR_END_KINDS = ['forfeiture', 'carryoverOut', 'carryoverIn'] as const;
export const isYearEnd = (e: Pick<LeaveEntry, 'kind'>) => (YEAR_END_KINDS as readonly string[]).includes(e.kind);

export function balanceChanged({
  policy,
  cause,
  written,
  ledger,
  actor,
}: {
  policy: Pick<LeavePolicy, 'id' | 'name' | 'kind'>;
  cause: LeaveCause;
  /** the entries of the change (one employee, this policy), first the one whose year and date it names */
  written: readonly LeaveEntry[];
  /** the policy's entries before the change */
  ledger: readonly Pick<LeaveEntry, 'minutes'>[];
  actor: { uid: string | null; job?: string };
}): StagedEvent {
  const [first] = written;
  const kinds = written.map((e) => ({ kind: e.kind as 'usage', minutes: e.minutes }));
  return stageEvent({
    companyId: first.companyId,
    type: 'leave.balance_changed',
    actor,
    subjects: {
      employeeIds: [first.employeeId],
      leavePolicyIds: [policy.id],
      ...(first.source.requestId ? { requestIds: [first.source.requestId] } : {}),
    },
    data: {
      employeeId: first.employeeId,
      policyId: policy.id,
      policyName: policy.name,
      leaveKind: policy.kind,
      cause,
      requestId: first.source.requestId,
      year: first.year,
      date: first.date,
      entries: kinds,
      minutes: balanceOf(written),
      balanceMinutes: balanceOf(ledger) + balanceOf(written),
    },
  });
}
