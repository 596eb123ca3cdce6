import type { Transaction } from 'firebase-admin/firestore';
import { datesInRange } from '../../core/calendar';
import { AppError } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import type { Membership } from '../../core/memberships';
import { deleteTimeOff, outcomeOf, refusedOutcome, scheduleLocks } from '../schedule';
import { dispatchEvents, type StagedEvent } from '../events';
import { prepareLeaveReturn } from '../leave';
import { leaveOf, prepareApproval } from './approval';
import { requestEvent } from './events';
import { callerEmployee, isManager } from './caller';
import { requestErrors } from './errors';
import { readRequest } from './reads';
import * as repo from './repo';
import type { ShiftRequest } from './schemas';
import { decideStep, requestAsOf, stepParties, type StepAction } from './transitions';
import { lockKeys } from '../../core/locks';

interface StepCall {
  member: Membership;
  id: string;
  action: StepAction;
  /** pick: the volunteer. */
  employeeId?: string;
  note?: string;
}

/**
 * One step of a request, in one exclusive transaction keyed by the request and by every employee
 * whose schedule the step may change (the same keys PUT /shifts takes, their linked records' included), so that two steps on one
 * request, or a step and a manager's edit of the shift, never interleave: one wins, the other
 * sees its result. What the step may do is decided by transitions.ts; here are its reads and writes.
 */
export async function step(call: StepCall): Promise<ShiftRequest> {
  return (await stepOnce(call)).request;
}

/**
 * POST /requests/{id}/approve, with `outcome`. A dry run runs the same transaction and writes
 * nothing (runExclusive commits no lock without a write): a 409 or 422 the real call answers becomes
 * the outcome's refusal, the request as it stands; 403 and 404 stay errors.
 */
export async function approve(call: Omit<StepCall, 'action'> & { dryRun?: boolean }) {
  const dryRun = call.dryRun === true;
  try {
    const { request } = await stepOnce({ ...call, action: 'approve' }, dryRun);
    return { ...request, outcome: outcomeOf(dryRun, [], []) };
  } catch (err) {
    if (!dryRun || !(err instanceof AppError) || (err.status !== 409 && err.status !== 422)) throw err;
    const request = await readRequest(call.member.companyId, call.id);
    return { ...requestAsOf(request, Date.now()), outcome: refusedOutcome(err) };
  }
}

async function stepOnce(
  { member, id, action, employeeId, note }: StepCall,
  dryRun = false,
): Promise<{ request: ShiftRequest }> {
  const { companyId } = member;
  const seen = await readRequest(companyId, id);
  const me = await callerEmployee(member);
  const manager = isManager(member);
  // the parties' schedules, and those of their records at the employer's other locations (a taker is checked against them)
  const parties = await scheduleLocks(companyId, stepParties(seen, { action, me, employeeId }));
  const keys = [lockKeys.request(companyId, id), ...parties.keys];

  const stepped = await runExclusive(keys, async (tx) => {
    const r = repo.requestFromSnapshot(await tx.get(repo.requestRef(companyId, id)));
    if (!r) throw requestErrors.REQUEST_NOT_FOUND('Request not found');
    const now = Date.now();
    const decision = decideStep(r, { action, me, manager, owner: member.role === 'owner', employeeId, now });
    if (decision.kind === 'unchanged')
      return { result: { request: requestAsOf(r, now), event: null, leaveEvents: [] } };
    const { next, schedule, releaseTimeOff, changes } = decision;
    // the eligibility reads and checks (422 NOT_ELIGIBLE...), written only when the step applies the change
    const write = schedule ? await prepareApproval(tx, r, schedule.taker, member.uid) : null;
    let apply: ((t: Transaction) => void) | null = schedule?.apply ? write : null;
    // the leave balance's change (a paid day off taken or given back), dispatched with the request's event
    let leaveEvents: StagedEvent[] = (schedule?.apply && write?.events) || [];
    if (releaseTimeOff) {
      const d = r.dayOff!;
      // paid time off cancelled after approval: its minutes go back to the balance
      const giveBack = r.leave ? await prepareLeaveReturn(tx, leaveOf(r, member.uid)) : null;
      leaveEvents = giveBack?.events ?? [];
      apply = (t) => {
        deleteTimeOff(t, companyId, { requestId: r.id, dates: datesInRange(d.startDate, d.endDate) });
        giveBack?.(t);
      };
    }
    const updated: ShiftRequest = { ...r, volunteers: [...r.volunteers], history: [...r.history], ...changes };
    updated.state = next;
    updated.updatedAt = now;
    if (note) updated.note = updated.note ? `${updated.note}\n${note}` : note;
    updated.history.push({ at: now, by: member.uid, action, state: next });
    const event = requestEvent(r, updated, member.uid);
    if (dryRun) return { result: { request: requestAsOf(updated, now), event: null, leaveEvents: [] } };
    return {
      result: {
        request: { ...requestAsOf(updated, now), ...(schedule?.apply ? { premiums: [] } : {}) },
        event,
        leaveEvents,
      },
      write: (t: Transaction) => {
        t.set(repo.requestRef(companyId, id), repo.requestToDoc(updated));
        apply?.(t);
        event?.write(t);
      },
    };
  });
  await dispatchEvents([stepped.event, ...stepped.leaveEvents]);
  return { request: stepped.request };
}
