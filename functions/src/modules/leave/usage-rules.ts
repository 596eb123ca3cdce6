import { addDays } from '../../core/calendar';
import { HOUR } from './laws';
import { balanceOf } from './ledger-rules';
import type { LeaveEntry, LeavePolicy } from './schemas';

/**
 * Whether time off of `minutes` under a policy may be approved (pure): usable yet (the waiting
 * period from the hire date), within the balance (or as far below zero as the policy allows), and
 * within the policy's cap on use per leave year. Null: it may; else why not.
 */
export type UsageRefusal = {
  code: 'LEAVE_NOT_YET_USABLE' | 'LEAVE_BALANCE_EXCEEDED' | 'LEAVE_USE_CAP_EXCEEDED';
  message: string;
  details: { path: string; message: string; [k: string]: unknown }[];
};

const h = (m: number) => `${Math.round((m / HOUR) * 100) / 100} h`;

/** Minutes used in a leave year: usage less usage returned (a positive number). */
export const usedIn = (entries: readonly LeaveEntry[], year: string) =>
  -balanceOf(entries.filter((e) => e.year === year && (e.kind === 'usage' || e.kind === 'usageReturned')));

/** Calendar days of use in a leave year: the days of the requests used less those returned. */
export const daysUsedIn = (entries: readonly LeaveEntry[], year: string) =>
  entries
    .filter((e) => e.year === year)
    .reduce((n, e) => n + (e.kind === 'usage' ? e.days : e.kind === 'usageReturned' ? -e.days : 0), 0);

export function usageRefusal({
  policy,
  entries,
  minutes,
  days = 1,
  useCapDays = null,
  date,
  year,
  hireDate,
}: {
  policy: LeavePolicy;
  /** The employee's entries under the policy. */
  entries: readonly LeaveEntry[];
  minutes: number;
  /** The calendar days the time off covers. */
  days?: number;
  /**
   * The law's days alternative to the cap on use (California: 40 hours or 5 days a year,
   * whichever is more): past the policy's hours cap, use stays allowed within this many days.
   */
  useCapDays?: number | null;
  /** The first day off. */
  date: string;
  /** The leave year holding it. */
  year: string;
  hireDate: string | null;
}): UsageRefusal | null {
  if (hireDate && policy.waitingDays > 0) {
    const usable = addDays(hireDate, policy.waitingDays);
    if (date < usable)
      return {
        code: 'LEAVE_NOT_YET_USABLE',
        message: `${policy.name} is usable from ${usable} (day ${policy.waitingDays} of employment)`,
        details: [{ path: 'leavePolicyId', message: `usable from ${usable}`, usableFrom: usable }],
      };
  }
  const balance = balanceOf(entries);
  if (balance - minutes < -policy.negativeAllowedMinutes)
    return {
      code: 'LEAVE_BALANCE_EXCEEDED',
      message: `${h(minutes)} of ${policy.name} asked, ${h(balance)} in the balance${policy.negativeAllowedMinutes ? ` (and ${h(policy.negativeAllowedMinutes)} below zero allowed)` : ''}`,
      details: [
        {
          path: 'leaveMinutes',
          message: 'more than the balance',
          balanceMinutes: balance,
          requestedMinutes: minutes,
          negativeAllowedMinutes: policy.negativeAllowedMinutes,
        },
      ],
    };
  const cap = policy.annualUseCapMinutes;
  const used = usedIn(entries, year);
  const daysUsed = daysUsedIn(entries, year);
  const withinDays = useCapDays !== null && daysUsed + days <= useCapDays;
  if (cap !== null && used + minutes > cap && !withinDays)
    return {
      code: 'LEAVE_USE_CAP_EXCEEDED',
      message: `${h(used)} of ${policy.name} already used this leave year (from ${year}); the policy allows ${h(cap)}${useCapDays === null ? '' : ` or ${useCapDays} days, whichever is more (${daysUsed} days used)`}`,
      details: [
        {
          path: 'leaveMinutes',
          message: 'over the cap on use per year',
          usedMinutes: used,
          capMinutes: cap,
          ...(useCapDays !== null && { usedDays: daysUsed, capDays: useCapDays }),
        },
      ],
    };
  return null;
}
