import type { Finding, Shift } from '../schemas';
import { findingKey, timed, type Timed } from '../rules';
import { writeFindings, type CheckContext, type withTimes } from '../shift-checks';
import type { Employee } from '../../employees';

/** What the drafts of a commit are checked against: the context of a shift write, for every employee at once. */
export interface CommitContext extends Omit<CheckContext, 'employee'> {
  /** The employees of the drafts by id (absent or null: no such employee). */
  employees: ReadonlyMap<string, Employee | null>;
}

/**
 * The findings of a proposal's drafts about to be written. Each draft is checked exactly as PUT
 * /shifts checks a draft (`writeFindings`), against every shift of its employee that `existing`
 * holds (any mode) and the other new drafts. The same problem found from both of its shifts is
 * listed once.
 */
export function commitFindings(
  drafts: readonly ReturnType<typeof withTimes>[],
  existing: readonly Shift[],
  { employees, ...context }: CommitContext,
): Finding[] {
  const standing = new Map<string, Timed[]>();
  const stand = (t: Timed) => standing.set(t.shift.employeeId, [...(standing.get(t.shift.employeeId) ?? []), t]);
  const concerned = new Set(drafts.map((d) => d.shift.employeeId));
  for (const s of existing) if (concerned.has(s.employeeId)) stand(timed(s, context.rules));
  for (const d of drafts) stand(d.timing);

  const findings = new Map<string, Finding>();
  for (const draft of drafts) {
    const { employeeId, id } = draft.shift;
    const others = standing.get(employeeId)!.filter((t) => t.shift.id !== id);
    const employee = employees.get(employeeId) ?? null;
    for (const f of writeFindings(draft, others, { ...context, employee }, false).findings) {
      if (!findings.has(findingKey(f))) findings.set(findingKey(f), f);
    }
  }
  return [...findings.values()];
}
