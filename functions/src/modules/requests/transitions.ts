/**
 * The state machine of shift requests, without I/O: which step (action) a caller may take on a
 * request of a given type and effective state, what state it leads to, whether the step checks
 * (and applies) a schedule change, and when a repeated answer returns the request unchanged.
 * step.ts `step()` reads the request, asks `decideStep`, then does what the decision says
 * (eligibility reads, writes) in one transaction. Flows: the POST /requests description (router.ts).
 */
import { coreErrors } from '../../core/errors';
import { approvesOwnWork, refuseOwnWork } from '../../core/own-work';
import { requestErrors } from './errors';
import { PENDING, type RequestState, type ShiftRequest } from './schemas';

export type StepAction = 'accept' | 'decline' | 'volunteer' | 'pick' | 'claim' | 'approve' | 'deny' | 'cancel';

/** A pending request about a shift that has started is expired (the stored state stays the last transition). */
export function effectiveState(r: Pick<ShiftRequest, 'state' | 'shiftStartsAt'>, now: number): RequestState {
  return PENDING.includes(r.state) && r.shiftStartsAt !== null && r.shiftStartsAt <= now ? 'expired' : r.state;
}

/** A request as answered at `now`: its stored fields with its effective state. */
export const requestAsOf = (r: ShiftRequest, now: number): ShiftRequest => ({ ...r, state: effectiveState(r, now) });

/** Who takes a step, as step.ts knows them. */
export interface StepCaller {
  /** The caller's employee record in the company, null without one. */
  me: string | null;
  /** Manager or owner. */
  manager: boolean;
  /** Owner: may approve their own requests (no one is above them). */
  owner?: boolean;
}

export interface StepInput extends StepCaller {
  action: StepAction;
  /** pick: the volunteer picked. */
  employeeId?: string;
  now: number;
}

/**
 * What a step does:
 *  - `unchanged`: a repeated answer (a retry); the request is returned as it is, nothing written.
 *  - `step`: the request moves to `next`. `schedule` (when not null) is the schedule change the step
 *    must check with its taker (the eligibility reads, 422 when a rule breaks); `apply` says whether
 *    that change is written with the step (approval) or only checked (a volunteer, an answer that
 *    still awaits a manager). `releaseTimeOff`: the approved day-off's records are deleted.
 *    `changes` are the request's fields the step sets besides its state and history.
 */
export type StepDecision =
  | { kind: 'unchanged' }
  | {
      kind: 'step';
      next: RequestState;
      schedule: { taker: string | null; apply: boolean } | null;
      releaseTimeOff: boolean;
      changes: Partial<Pick<ShiftRequest, 'volunteers' | 'takerEmployeeId'>>;
    };

const notPending = (r: ShiftRequest, state: RequestState, action: string) =>
  requestErrors.REQUEST_NOT_PENDING(`Cannot ${action} a request that is ${state}`, [
    { path: 'state', message: state, state, type: r.type },
  ]);

/**
 * The employees whose schedule a step on `r` may change (the requester, the swap's peer, the taker:
 * the one picked, the claimant, or the taker already recorded): step.ts locks their schedules.
 */
export function stepParties(
  r: Pick<ShiftRequest, 'employeeId' | 'peerEmployeeId' | 'takerEmployeeId'>,
  { action, me, employeeId }: Pick<StepInput, 'action' | 'me' | 'employeeId'>,
): string[] {
  const taker = action === 'pick' ? employeeId! : action === 'claim' ? me : (r.takerEmployeeId ?? null);
  return [r.employeeId, r.peerEmployeeId, taker].filter((e): e is string => !!e);
}

/**
 * Decides one step on `r` (as read in the step's transaction), or throws the step's error:
 * 409 REQUEST_EXPIRED, 409 REQUEST_NOT_PENDING (no such step for the type, or not in a state that
 * allows it; details give the type or the state), 409 ALREADY_CLAIMED, 403 NOT_REQUEST_PARTY,
 * 403 INSUFFICIENT_ROLE, 403 SELF_APPROVAL, 422 NO_EMPLOYEE_RECORD, OWN_REQUEST, NOT_A_VOLUNTEER.
 */
export function decideStep(r: ShiftRequest, { action, me, manager, owner, employeeId, now }: StepInput): StepDecision {
  const state = effectiveState(r, now);
  // a manager's approval counts only for requests that are not their own work (as requester, peer or taker)
  const approver = { role: owner ? 'owner' : 'manager', employeeId: me } as const;
  const ownWork = (taker: string | null | undefined) =>
    approvesOwnWork(approver, [r.employeeId, r.peerEmployeeId, taker]);
  if (state === 'expired') throw requestErrors.REQUEST_EXPIRED(`The shift of request ${r.id} has started`);
  const isRequester = me !== null && me === r.employeeId;
  const needsOwnEmployee = () => {
    if (!me) throw requestErrors.NO_EMPLOYEE_RECORD('The caller has no employee record in this company');
    if (isRequester) throw requestErrors.OWN_REQUEST(`An employee cannot ${action} their own request`);
    return me;
  };
  const requireType = (...types: ShiftRequest['type'][]) => {
    if (!types.includes(r.type))
      throw requestErrors.REQUEST_NOT_PENDING(`A ${r.type} request has no ${action} step`, [
        { path: 'type', message: r.type },
      ]);
  };
  const requireState = (...states: RequestState[]) => {
    if (!states.includes(state)) throw notPending(r, state, action);
  };
  const step = (
    next: RequestState,
    schedule: { taker: string | null; apply: boolean } | null = null,
    changes: Partial<Pick<ShiftRequest, 'volunteers' | 'takerEmployeeId'>> = {},
    releaseTimeOff = false,
  ): StepDecision => ({ kind: 'step', next, schedule, releaseTimeOff, changes });
  /** A taker found: approved and applied at once, or awaiting a manager (the change only checked). */
  const taken = (
    taker: string | null,
    needsManager: boolean,
    changes: Partial<Pick<ShiftRequest, 'takerEmployeeId'>> = {},
  ) => {
    const next: RequestState = needsManager ? 'pending_manager' : 'approved';
    return step(next, { taker, apply: next === 'approved' }, changes);
  };

  switch (action) {
    case 'accept':
    case 'decline': {
      requireType('swap');
      const taker = needsOwnEmployee();
      if (taker !== r.peerEmployeeId)
        throw requestErrors.NOT_REQUEST_PARTY('Only the coworker whose shift is asked for can answer a swap');
      // A repeated answer (a retry) returns the request as it is.
      const answered: RequestState[] = action === 'accept' ? ['pending_manager', 'approved'] : ['denied'];
      if (answered.includes(state) && r.history.some((h) => h.action === action)) return { kind: 'unchanged' };
      requireState('pending_peer');
      return action === 'decline' ? step('denied') : taken(null, r.needsManager);
    }
    case 'volunteer': {
      requireType('replace');
      const taker = needsOwnEmployee();
      requireState('pending_peer');
      const volunteers = r.volunteers.includes(taker) ? [...r.volunteers] : [...r.volunteers, taker];
      return step(state, { taker, apply: false }, { volunteers });
    }
    case 'pick': {
      requireType('replace');
      if (!isRequester && !manager)
        throw requestErrors.NOT_REQUEST_PARTY('Only the requester or a manager picks the volunteer');
      if (r.takerEmployeeId === employeeId && (state === 'pending_manager' || state === 'approved'))
        return { kind: 'unchanged' };
      requireState('pending_peer');
      if (!r.volunteers.includes(employeeId!))
        throw requestErrors.NOT_A_VOLUNTEER(`Employee ${employeeId} did not volunteer for this offer`);
      return taken(employeeId!, r.needsManager && !(manager && !ownWork(employeeId)), {
        takerEmployeeId: employeeId!,
      });
    }
    case 'claim': {
      requireType('emergency');
      const taker = needsOwnEmployee();
      if (r.takerEmployeeId === taker) return { kind: 'unchanged' };
      if (r.takerEmployeeId) throw requestErrors.ALREADY_CLAIMED('Another employee claimed this emergency first');
      requireState('pending_peer');
      return taken(taker, r.needsManager, { takerEmployeeId: taker });
    }
    case 'approve': {
      if (!manager) throw coreErrors.INSUFFICIENT_ROLE('Approving a request needs a manager or owner');
      requireState('pending_manager');
      refuseOwnWork(approver, [r.employeeId, r.peerEmployeeId, r.takerEmployeeId], 'Approving this request');
      return step('approved', { taker: r.takerEmployeeId, apply: true });
    }
    case 'deny': {
      if (!manager) throw coreErrors.INSUFFICIENT_ROLE('Denying a request needs a manager or owner');
      requireState('pending_peer', 'pending_manager');
      return step('denied');
    }
    case 'cancel': {
      if (!isRequester && !manager)
        throw requestErrors.NOT_REQUEST_PARTY('Only the requester or a manager can cancel a request');
      // An approved day-off can be taken back: its days are open to scheduling again.
      if (r.type === 'dayOff' && state === 'approved') return step('cancelled', null, {}, true);
      requireState('pending_peer', 'pending_manager');
      return step('cancelled');
    }
  }
}

/**
 * What an employee's departure does to a request: `cancel` it when they are a party (the requester,
 * the swap's coworker, the volunteer picked or the claimant), `dropVolunteer` when they only
 * volunteered for an offer (it stays open to the others), nothing when it is not pending (at `now`)
 * or does not involve them.
 */
export function departureEffect(
  r: Pick<ShiftRequest, 'state' | 'shiftStartsAt' | 'employeeId' | 'peerEmployeeId' | 'takerEmployeeId' | 'volunteers'>,
  employeeId: string,
  now: number,
): 'cancel' | 'dropVolunteer' | null {
  if (!PENDING.includes(effectiveState(r, now))) return null;
  if ([r.employeeId, r.peerEmployeeId, r.takerEmployeeId].includes(employeeId)) return 'cancel';
  return r.volunteers.includes(employeeId) ? 'dropVolunteer' : null;
}
