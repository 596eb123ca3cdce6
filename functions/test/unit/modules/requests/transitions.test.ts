/**
 * The state machine of shift requests (src/modules/requests/transitions.ts), without Firestore:
 * "Requests" (types, flows, states; "every transition tested, including illegal ones:
 * 409 or 422 with a code") and the step routes' descriptions (router.ts). The emulator tests
 * (test/requests) check the same steps end to end, with the eligibility reads and the writes.
 */
import { AppError } from '../../../../src/core/errors';
import type { RequestState, RequestType, ShiftRequest } from '../../../../src/modules/requests/schemas';
import { decideStep, stepParties, type StepAction, type StepInput } from '../../../../src/modules/requests/transitions';

const NOW = Date.UTC(2026, 5, 1, 12);
const LATER = NOW + 3_600_000;
const REQUESTER = 'emp-requester';
const PEER = 'emp-peer';
const COWORKER = 'emp-coworker';
const OTHER = 'emp-other';

const SHIFT_TYPES: RequestType[] = ['swap', 'replace', 'emergency'];
const ALL_TYPES: RequestType[] = [...SHIFT_TYPES, 'dayOff', 'availabilities'];
const DECIDED: RequestState[] = ['approved', 'denied', 'cancelled'];

function request(type: RequestType, state: RequestState, over: Partial<ShiftRequest> = {}): ShiftRequest {
  const shift = SHIFT_TYPES.includes(type);
  return {
    id: 'req-1',
    companyId: 'co-1',
    type,
    state,
    employeeId: REQUESTER,
    date: '2026-06-02',
    shiftId: shift ? 'shift-1' : null,
    shiftStartsAt: shift ? LATER : null,
    peerEmployeeId: type === 'swap' ? PEER : null,
    peerShiftId: type === 'swap' ? 'shift-2' : null,
    volunteers: [],
    takerEmployeeId: null,
    dayOff: type === 'dayOff' ? { startDate: '2026-06-02', endDate: '2026-06-03', start: null, end: null } : null,
    availabilities: type === 'availabilities' ? {} : null,
    note: '',
    needsManager: true,
    history: [{ at: NOW - 1000, by: 'uid-requester', action: 'create', state: 'pending_peer' }],
    createdAt: NOW - 1000,
    updatedAt: NOW - 1000,
    ...over,
  };
}

const as = (me: string | null, manager = false) => ({ me, manager });
const employee = (me: string) => as(me);
const manager = as(null, true);

function decide(
  r: ShiftRequest,
  action: StepAction,
  caller: { me: string | null; manager: boolean },
  extra: Partial<StepInput> = {},
) {
  return decideStep(r, { action, ...caller, now: NOW, ...extra });
}

/** The error a step throws, as the API answers it (code, status, message, details). */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, status: err.status, message: err.message, details: err.details };
  }
  throw new Error('the step was allowed');
}

const notPending = (action: StepAction, r: ShiftRequest) => ({
  code: 'REQUEST_NOT_PENDING',
  status: 409,
  message: `Cannot ${action} a request that is ${r.state}`,
  details: [{ path: 'state', message: r.state, state: r.state, type: r.type }],
});

describe('any step on an expired request', () => {
  const ACTIONS: StepAction[] = ['accept', 'decline', 'volunteer', 'pick', 'claim', 'approve', 'deny', 'cancel'];
  it.each(ACTIONS)('%s is 409 REQUEST_EXPIRED from the moment the shift starts, whoever asks', (action) => {
    for (const state of ['pending_peer', 'pending_manager'] as const) {
      const started = request('swap', state, { shiftStartsAt: NOW });
      expect(refusal(() => decide(started, action, manager, { employeeId: COWORKER }))).toMatchObject({
        code: 'REQUEST_EXPIRED',
        status: 409,
        message: 'The shift of request req-1 has started',
      });
    }
  });

  it('is still possible one millisecond before the shift starts', () => {
    const r = request('swap', 'pending_peer', { shiftStartsAt: NOW + 1 });
    expect(decide(r, 'deny', manager)).toMatchObject({ kind: 'step', next: 'denied' });
  });

  it('does not apply to a decided request whose shift has started (it keeps its state)', () => {
    const r = request('swap', 'approved', { shiftStartsAt: NOW - 1 });
    expect(refusal(() => decide(r, 'deny', manager))).toEqual(notPending('deny', r));
  });
});

describe('steps that belong to one type', () => {
  const OWN: [StepAction, RequestType][] = [
    ['accept', 'swap'],
    ['decline', 'swap'],
    ['volunteer', 'replace'],
    ['pick', 'replace'],
    ['claim', 'emergency'],
  ];
  for (const [action, owner] of OWN) {
    it.each(ALL_TYPES.filter((t) => t !== owner))(
      `${action} on a %s request is 409 REQUEST_NOT_PENDING naming the type`,
      (type) => {
        // checked before anything else: even a caller without an employee record gets this answer
        for (const caller of [as(null), employee(PEER), manager]) {
          expect(
            refusal(() => decide(request(type, 'pending_peer'), action, caller, { employeeId: COWORKER })),
          ).toEqual({
            code: 'REQUEST_NOT_PENDING',
            status: 409,
            message: `A ${type} request has no ${action} step`,
            details: [{ path: 'type', message: type }],
          });
        }
      },
    );
  }
});

describe('swap: the peer accepts or declines', () => {
  const swap = (state: RequestState = 'pending_peer', over: Partial<ShiftRequest> = {}) => request('swap', state, over);

  it('accepted by the peer awaits a manager when the policy asks for one: the exchange is checked, not written', () => {
    expect(decide(swap(), 'accept', employee(PEER))).toEqual({
      kind: 'step',
      next: 'pending_manager',
      schedule: { taker: null, apply: false },
      releaseTimeOff: false,
      changes: {},
    });
  });

  it('accepted by the peer is approved and the exchange written at once when the policy needs no manager', () => {
    expect(decide(swap('pending_peer', { needsManager: false }), 'accept', employee(PEER))).toEqual({
      kind: 'step',
      next: 'approved',
      schedule: { taker: null, apply: true },
      releaseTimeOff: false,
      changes: {},
    });
  });

  it('declined by the peer is denied, the schedule untouched', () => {
    expect(decide(swap(), 'decline', employee(PEER))).toEqual({
      kind: 'step',
      next: 'denied',
      schedule: null,
      releaseTimeOff: false,
      changes: {},
    });
  });

  it.each(['accept', 'decline'] as const)('%s by the requester is 422 OWN_REQUEST', (action) => {
    expect(refusal(() => decide(swap(), action, employee(REQUESTER)))).toEqual({
      code: 'OWN_REQUEST',
      status: 422,
      message: `An employee cannot ${action} their own request`,
      details: undefined,
    });
  });

  it.each(['accept', 'decline'] as const)(
    '%s by a caller without an employee record (a manager included) is 422 NO_EMPLOYEE_RECORD',
    (action) => {
      for (const caller of [as(null), manager]) {
        expect(refusal(() => decide(swap(), action, caller))).toMatchObject({
          code: 'NO_EMPLOYEE_RECORD',
          status: 422,
          message: 'The caller has no employee record in this company',
        });
      }
    },
  );

  it.each(['accept', 'decline'] as const)(
    '%s by anyone but the peer (a manager with an employee record included) is 403 NOT_REQUEST_PARTY, whatever the state',
    (action) => {
      for (const r of [swap(), swap('cancelled')]) {
        for (const caller of [employee(COWORKER), as(OTHER, true)]) {
          expect(refusal(() => decide(r, action, caller))).toMatchObject({
            code: 'NOT_REQUEST_PARTY',
            status: 403,
            message: 'Only the coworker whose shift is asked for can answer a swap',
          });
        }
      }
    },
  );

  it('a repeated accept (a retry) returns the request unchanged, awaiting a manager or approved', () => {
    const accepted = [{ at: NOW - 500, by: 'uid-peer', action: 'accept', state: 'pending_manager' as const }];
    for (const state of ['pending_manager', 'approved'] as const) {
      const r = swap(state, { history: [...swap().history, ...accepted] });
      expect(decide(r, 'accept', employee(PEER))).toEqual({ kind: 'unchanged' });
    }
  });

  it('a repeated decline returns the declined request unchanged', () => {
    const r = swap('denied', {
      history: [...swap().history, { at: NOW - 500, by: 'uid-peer', action: 'decline', state: 'denied' }],
    });
    expect(decide(r, 'decline', employee(PEER))).toEqual({ kind: 'unchanged' });
  });

  it('an answer is not taken for a retry when the request reached that state by another step', () => {
    // approved by a manager without the peer's accept in the history; denied by a manager
    const approved = swap('pending_manager');
    expect(refusal(() => decide(approved, 'accept', employee(PEER)))).toEqual(notPending('accept', approved));
    const denied = swap('denied', {
      history: [...swap().history, { at: NOW - 500, by: 'uid-manager', action: 'deny', state: 'denied' }],
    });
    expect(refusal(() => decide(denied, 'decline', employee(PEER)))).toEqual(notPending('decline', denied));
  });

  it('changing the answer is 409 REQUEST_NOT_PENDING: declining an accepted swap, accepting a declined one', () => {
    const accepted = swap('pending_manager', {
      history: [...swap().history, { at: NOW - 500, by: 'uid-peer', action: 'accept', state: 'pending_manager' }],
    });
    expect(refusal(() => decide(accepted, 'decline', employee(PEER)))).toEqual(notPending('decline', accepted));
    const declined = swap('denied', {
      history: [...swap().history, { at: NOW - 500, by: 'uid-peer', action: 'decline', state: 'denied' }],
    });
    expect(refusal(() => decide(declined, 'accept', employee(PEER)))).toEqual(notPending('accept', declined));
  });

  it.each(['accept', 'decline'] as const)(
    '%s on a cancelled or approved swap is 409 REQUEST_NOT_PENDING with its state',
    (action) => {
      for (const state of ['cancelled', 'approved'] as const) {
        const r = swap(state);
        expect(refusal(() => decide(r, action, employee(PEER)))).toEqual(notPending(action, r));
      }
    },
  );
});

describe('replace: coworkers volunteer, the requester or a manager picks one', () => {
  const offer = (state: RequestState = 'pending_peer', over: Partial<ShiftRequest> = {}) =>
    request('replace', state, over);

  it('a volunteer is added to the offer, their eligibility checked but nothing moved; the offer stays pending_peer', () => {
    const r = offer('pending_peer', { volunteers: [OTHER] });
    expect(decide(r, 'volunteer', employee(COWORKER))).toEqual({
      kind: 'step',
      next: 'pending_peer',
      schedule: { taker: COWORKER, apply: false },
      releaseTimeOff: false,
      changes: { volunteers: [OTHER, COWORKER] },
    });
    expect(r.volunteers).toEqual([OTHER]);
  });

  it('volunteering twice lists the volunteer once', () => {
    const r = offer('pending_peer', { volunteers: [COWORKER] });
    expect(decide(r, 'volunteer', employee(COWORKER))).toMatchObject({
      kind: 'step',
      next: 'pending_peer',
      changes: { volunteers: [COWORKER] },
    });
  });

  it('the requester volunteering is 422 OWN_REQUEST; a caller without an employee record 422 NO_EMPLOYEE_RECORD', () => {
    expect(refusal(() => decide(offer(), 'volunteer', employee(REQUESTER)))).toMatchObject({
      code: 'OWN_REQUEST',
      status: 422,
      message: 'An employee cannot volunteer their own request',
    });
    expect(refusal(() => decide(offer(), 'volunteer', manager))).toMatchObject({
      code: 'NO_EMPLOYEE_RECORD',
      status: 422,
    });
  });

  it.each(['pending_manager', ...DECIDED] as RequestState[])(
    'volunteering for an offer that is %s is 409 REQUEST_NOT_PENDING',
    (state) => {
      const r = offer(state);
      expect(refusal(() => decide(r, 'volunteer', employee(COWORKER)))).toEqual(notPending('volunteer', r));
    },
  );

  it("the requester's pick awaits a manager when the policy asks for one (the move checked, not written)", () => {
    expect(
      decide(offer('pending_peer', { volunteers: [COWORKER] }), 'pick', employee(REQUESTER), { employeeId: COWORKER }),
    ).toEqual({
      kind: 'step',
      next: 'pending_manager',
      schedule: { taker: COWORKER, apply: false },
      releaseTimeOff: false,
      changes: { takerEmployeeId: COWORKER },
    });
  });

  it("the requester's pick is approved and applied at once when the policy needs no manager", () => {
    const r = offer('pending_peer', { volunteers: [COWORKER], needsManager: false });
    expect(decide(r, 'pick', employee(REQUESTER), { employeeId: COWORKER })).toEqual({
      kind: 'step',
      next: 'approved',
      schedule: { taker: COWORKER, apply: true },
      releaseTimeOff: false,
      changes: { takerEmployeeId: COWORKER },
    });
  });

  it("a manager's pick is approved and applied at once even when the policy asks for a manager", () => {
    expect(
      decide(offer('pending_peer', { volunteers: [COWORKER] }), 'pick', manager, { employeeId: COWORKER }),
    ).toMatchObject({
      kind: 'step',
      next: 'approved',
      schedule: { taker: COWORKER, apply: true },
      changes: { takerEmployeeId: COWORKER },
    });
  });

  it('a pick by a coworker (even a volunteer) is 403 NOT_REQUEST_PARTY', () => {
    const r = offer('pending_peer', { volunteers: [COWORKER] });
    for (const caller of [employee(COWORKER), as(null)]) {
      expect(refusal(() => decide(r, 'pick', caller, { employeeId: COWORKER }))).toMatchObject({
        code: 'NOT_REQUEST_PARTY',
        status: 403,
        message: 'Only the requester or a manager picks the volunteer',
      });
    }
  });

  it('picking someone who did not volunteer is 422 NOT_A_VOLUNTEER', () => {
    expect(
      refusal(() =>
        decide(offer('pending_peer', { volunteers: [COWORKER] }), 'pick', employee(REQUESTER), { employeeId: OTHER }),
      ),
    ).toEqual({
      code: 'NOT_A_VOLUNTEER',
      status: 422,
      message: `Employee ${OTHER} did not volunteer for this offer`,
      details: undefined,
    });
  });

  it('picking the same volunteer again (a retry) returns the request unchanged, awaiting a manager or approved', () => {
    for (const state of ['pending_manager', 'approved'] as const) {
      const r = offer(state, { volunteers: [COWORKER], takerEmployeeId: COWORKER });
      expect(decide(r, 'pick', employee(REQUESTER), { employeeId: COWORKER })).toEqual({ kind: 'unchanged' });
    }
  });

  it('picking another volunteer once one is picked, or the same one on a cancelled offer, is 409 REQUEST_NOT_PENDING', () => {
    const picked = offer('pending_manager', { volunteers: [COWORKER, OTHER], takerEmployeeId: COWORKER });
    expect(refusal(() => decide(picked, 'pick', manager, { employeeId: OTHER }))).toEqual(notPending('pick', picked));
    const cancelled = offer('cancelled', { volunteers: [COWORKER], takerEmployeeId: COWORKER });
    expect(refusal(() => decide(cancelled, 'pick', manager, { employeeId: COWORKER }))).toEqual(
      notPending('pick', cancelled),
    );
  });

  it('the state is checked before the volunteers: a pick on a denied offer is 409, not 422', () => {
    const r = offer('denied');
    expect(refusal(() => decide(r, 'pick', employee(REQUESTER), { employeeId: OTHER }))).toEqual(notPending('pick', r));
  });
});

describe('emergency: the first eligible claimant takes it', () => {
  const emergency = (state: RequestState = 'pending_peer', over: Partial<ShiftRequest> = {}) =>
    request('emergency', state, { needsManager: false, ...over });

  it('a claim is approved and the shift moved at once by default (no manager)', () => {
    expect(decide(emergency(), 'claim', employee(COWORKER))).toEqual({
      kind: 'step',
      next: 'approved',
      schedule: { taker: COWORKER, apply: true },
      releaseTimeOff: false,
      changes: { takerEmployeeId: COWORKER },
    });
  });

  it('a claim awaits a manager (checked, not moved) when the policy asks for one', () => {
    expect(decide(emergency('pending_peer', { needsManager: true }), 'claim', employee(COWORKER))).toMatchObject({
      kind: 'step',
      next: 'pending_manager',
      schedule: { taker: COWORKER, apply: false },
      changes: { takerEmployeeId: COWORKER },
    });
  });

  it('a second claimant is 409 ALREADY_CLAIMED, whatever the state', () => {
    for (const state of ['pending_manager', 'approved'] as const) {
      expect(refusal(() => decide(emergency(state, { takerEmployeeId: OTHER }), 'claim', employee(COWORKER)))).toEqual({
        code: 'ALREADY_CLAIMED',
        status: 409,
        message: 'Another employee claimed this emergency first',
        details: undefined,
      });
    }
  });

  it('the claimant claiming again (a retry) gets the request unchanged', () => {
    for (const state of ['pending_manager', 'approved'] as const) {
      expect(decide(emergency(state, { takerEmployeeId: COWORKER }), 'claim', employee(COWORKER))).toEqual({
        kind: 'unchanged',
      });
    }
  });

  it('the requester claiming is 422 OWN_REQUEST; a caller without an employee record 422 NO_EMPLOYEE_RECORD', () => {
    expect(refusal(() => decide(emergency(), 'claim', employee(REQUESTER)))).toMatchObject({
      code: 'OWN_REQUEST',
      message: 'An employee cannot claim their own request',
    });
    expect(refusal(() => decide(emergency(), 'claim', manager))).toMatchObject({ code: 'NO_EMPLOYEE_RECORD' });
  });

  it.each(['denied', 'cancelled'] as RequestState[])(
    'claiming an unclaimed emergency that is %s is 409 REQUEST_NOT_PENDING',
    (state) => {
      const r = emergency(state);
      expect(refusal(() => decide(r, 'claim', employee(COWORKER)))).toEqual(notPending('claim', r));
    },
  );
});

describe('approve and deny: managers only', () => {
  it.each(ALL_TYPES)('a manager approving a %s awaiting them applies its change, with the recorded taker', (type) => {
    const taker = type === 'replace' || type === 'emergency' ? COWORKER : null;
    expect(decide(request(type, 'pending_manager', { takerEmployeeId: taker }), 'approve', manager)).toEqual({
      kind: 'step',
      next: 'approved',
      schedule: { taker, apply: true },
      releaseTimeOff: false,
      changes: {},
    });
  });

  it.each(['pending_peer', ...DECIDED] as RequestState[])(
    'approving a request that is %s is 409 REQUEST_NOT_PENDING with its state and type',
    (state) => {
      for (const type of ALL_TYPES) {
        const r = request(type, state);
        expect(refusal(() => decide(r, 'approve', manager))).toEqual(notPending('approve', r));
      }
    },
  );

  it.each(ALL_TYPES)('a manager denies a %s awaiting a peer or a manager; the schedule is untouched', (type) => {
    for (const state of ['pending_peer', 'pending_manager'] as const) {
      expect(decide(request(type, state), 'deny', manager)).toEqual({
        kind: 'step',
        next: 'denied',
        schedule: null,
        releaseTimeOff: false,
        changes: {},
      });
    }
  });

  it.each(DECIDED)('denying a request that is %s is 409 REQUEST_NOT_PENDING', (state) => {
    const r = request('dayOff', state);
    expect(refusal(() => decide(r, 'deny', manager))).toEqual(notPending('deny', r));
  });

  it('an employee approving or denying, even their own request or as the swap peer, is 403 INSUFFICIENT_ROLE, before the state is looked at', () => {
    for (const [action, message] of [
      ['approve', 'Approving a request needs a manager or owner'],
      ['deny', 'Denying a request needs a manager or owner'],
    ] as const) {
      for (const caller of [employee(REQUESTER), employee(PEER), as(null)]) {
        for (const state of ['pending_manager', 'cancelled'] as const) {
          expect(refusal(() => decide(request('swap', state), action, caller))).toEqual({
            code: 'INSUFFICIENT_ROLE',
            status: 403,
            message,
            details: undefined,
          });
        }
      }
    }
  });
});

describe('cancel: the requester or a manager', () => {
  it.each(ALL_TYPES)('a pending %s is cancelled by its requester or a manager, nothing else changed', (type) => {
    for (const state of ['pending_peer', 'pending_manager'] as const) {
      for (const caller of [employee(REQUESTER), manager]) {
        expect(decide(request(type, state), 'cancel', caller)).toEqual({
          kind: 'step',
          next: 'cancelled',
          schedule: null,
          releaseTimeOff: false,
          changes: {},
        });
      }
    }
  });

  it('an approved day-off can be cancelled: its days are released', () => {
    for (const caller of [employee(REQUESTER), manager]) {
      expect(decide(request('dayOff', 'approved'), 'cancel', caller)).toEqual({
        kind: 'step',
        next: 'cancelled',
        schedule: null,
        releaseTimeOff: true,
        changes: {},
      });
    }
  });

  it.each(ALL_TYPES.filter((t) => t !== 'dayOff'))(
    'an approved %s cannot be cancelled (409 REQUEST_NOT_PENDING)',
    (type) => {
      const r = request(type, 'approved');
      expect(refusal(() => decide(r, 'cancel', manager))).toEqual(notPending('cancel', r));
    },
  );

  it.each(['denied', 'cancelled'] as RequestState[])(
    'a %s day-off cannot be cancelled (409 REQUEST_NOT_PENDING)',
    (state) => {
      const r = request('dayOff', state);
      expect(refusal(() => decide(r, 'cancel', employee(REQUESTER)))).toEqual(notPending('cancel', r));
    },
  );

  it("anyone else (the swap's peer, a coworker, a member without an employee record) is 403 NOT_REQUEST_PARTY", () => {
    for (const caller of [employee(PEER), employee(COWORKER), as(null)]) {
      expect(refusal(() => decide(request('swap', 'pending_peer'), 'cancel', caller))).toEqual({
        code: 'NOT_REQUEST_PARTY',
        status: 403,
        message: 'Only the requester or a manager can cancel a request',
        details: undefined,
      });
    }
  });
});

describe('the employees whose schedules a step locks', () => {
  const r = { employeeId: REQUESTER, peerEmployeeId: null, takerEmployeeId: null };
  it('are the requester and, for a swap, the peer', () => {
    expect(stepParties(r, { action: 'cancel', me: REQUESTER })).toEqual([REQUESTER]);
    expect(stepParties({ ...r, peerEmployeeId: PEER }, { action: 'accept', me: PEER })).toEqual([REQUESTER, PEER]);
  });

  it('add the volunteer picked, or the claimant, or else the taker already recorded', () => {
    expect(
      stepParties({ ...r, takerEmployeeId: OTHER }, { action: 'pick', me: REQUESTER, employeeId: COWORKER }),
    ).toEqual([REQUESTER, COWORKER]);
    expect(stepParties(r, { action: 'claim', me: COWORKER })).toEqual([REQUESTER, COWORKER]);
    expect(stepParties({ ...r, takerEmployeeId: OTHER }, { action: 'claim', me: COWORKER })).toEqual([
      REQUESTER,
      COWORKER,
    ]);
    expect(stepParties({ ...r, takerEmployeeId: OTHER }, { action: 'approve', me: null })).toEqual([REQUESTER, OTHER]);
    expect(stepParties(r, { action: 'claim', me: null })).toEqual([REQUESTER]);
  });
});
