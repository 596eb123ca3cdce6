import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { businessToday, datesInRange, shiftInterval } from '../../core/calendar';
import { AppError, coreErrors } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { companyNotFound } from '../../core/firestore';
import { roleAtLeast, type Membership } from '../../core/memberships';
import { companyRulesFromSnapshots, companyRulesRefs, type CompanyRules } from '../companies';
import {
  employeeFromSnapshot,
  employeeRef,
  findEmployeeByUser,
  setAvailabilitiesInTx,
  type Availabilities,
} from '../employees';
import {
  deleteTimeOff,
  eligibleShifts,
  LIVE_MODES,
  lockKey,
  prepareTimeOff,
  prepareTransfers,
  shiftFromSnapshot,
  shiftRef,
  txReader,
  type Shift,
  type ShiftTransfer,
} from '../schedule';
import { requestErrors } from './errors';
import * as repo from './repo';
import { decideStep, effectiveState, stepParties, type StepAction } from './transitions';
import {
  EMERGENCY_HOURS,
  MAX_DAY_OFF_DAYS,
  PENDING,
  SHIFT_TYPES,
  type CreateRequestBody,
  type ListRequestsQuery,
  type RequestPolicy,
  type RequestState,
  type ShiftRequest,
} from './schemas';

const requestKey = (companyId: string, id: string) => `request/${companyId}/${id}`;
/** Serializes the creation of requests about one shift (no two pending requests for it). */
const shiftRequestKey = (companyId: string, shiftId: string) => `requestShift/${companyId}/${shiftId}`;
/** Serializes the day-off and availabilities requests of one employee (no two overlapping pending ones). */
const dayOffKey = (companyId: string, employeeId: string) => `requestDayOff/${companyId}/${employeeId}`;

const isManager = (m: Membership) => roleAtLeast(m.role, 'manager');

const view = (r: ShiftRequest, now = Date.now()): ShiftRequest => ({ ...r, state: effectiveState(r, now) });

async function callerEmployee(member: Membership): Promise<string | null> {
  return member.employeeId ?? (await findEmployeeByUser(member.companyId, member.uid))?.id ?? null;
}

async function requireCallerEmployee(member: Membership): Promise<string> {
  const id = await callerEmployee(member);
  if (!id) throw requestErrors.NO_EMPLOYEE_RECORD('The caller has no employee record in this company');
  return id;
}

const startOf = (shift: Shift, company: CompanyRules) =>
  shiftInterval(shift, company.profile.timezone, company.profile.defaultDuration).startMs;

/** Eligibility failures of a taker (the schedule's 422 codes) become NOT_ELIGIBLE with the same details; 409s pass through. */
async function asEligibility<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.status === 422)
      throw requestErrors.NOT_ELIGIBLE(`Not eligible: ${err.message}`, err.details);
    throw err;
  }
}

function transfersOf(r: ShiftRequest, taker: string | null): ShiftTransfer[] {
  if (r.type === 'swap') {
    return [
      { shiftId: r.shiftId!, from: r.employeeId, to: r.peerEmployeeId! },
      { shiftId: r.peerShiftId!, from: r.peerEmployeeId!, to: r.employeeId },
    ];
  }
  return [{ shiftId: r.shiftId!, from: r.employeeId, to: taker! }];
}

// ---------------------------------------------------------------- policy

export async function getPolicy({ companyId }: { companyId: string }): Promise<RequestPolicy> {
  return repo.policyFromSnapshot(await repo.policyRef(companyId).get());
}

export async function updatePolicy({
  companyId,
  patch,
}: {
  companyId: string;
  patch: Partial<Record<string, boolean | undefined>>;
}) {
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => typeof v === 'boolean'));
  await repo.policyRef(companyId).set({ managerApproval: clean, updatedAt: Date.now() }, { merge: true });
  return getPolicy({ companyId });
}

// ---------------------------------------------------------------- creating

interface Draft {
  keys: string[];
  base: Omit<ShiftRequest, 'id' | 'state' | 'needsManager' | 'history' | 'createdAt' | 'updatedAt' | 'companyId'>;
  /** Reads in the transaction that refuse a duplicate. */
  guard: (tx: Transaction) => Promise<void>;
}

async function readLiveShift(companyId: string, shiftId: string): Promise<Shift> {
  const shift = shiftFromSnapshot(await shiftRef(companyId, shiftId).get());
  if (!shift || !LIVE_MODES.includes(shift.mode))
    throw requestErrors.INVALID_REQUEST_SHIFT(`No live (published or manual) shift ${shiftId} in this company`);
  return shift;
}

const emptyRequest = {
  shiftId: null,
  shiftStartsAt: null,
  peerEmployeeId: null,
  peerShiftId: null,
  volunteers: [] as string[],
  takerEmployeeId: null,
  dayOff: null,
  availabilities: null,
  note: '',
};

function noPendingFor(companyId: string, shiftIds: string[]) {
  return async (tx: Transaction) => {
    const now = Date.now();
    for (const shiftId of shiftIds) {
      const snap = await tx.get(repo.requestsWhere(companyId, 'shiftId', shiftId));
      const pending = snap.docs
        .map((d) => repo.requestFromSnapshot(d)!)
        .find((r) => PENDING.includes(effectiveState(r, now)));
      if (pending)
        throw requestErrors.REQUEST_EXISTS(
          `Request ${pending.id} (${pending.type}) is already pending for shift ${shiftId}`,
        );
    }
  };
}

async function draftOf(member: Membership, body: CreateRequestBody, company: CompanyRules): Promise<Draft> {
  const { companyId } = member;
  const now = Date.now();
  const note = body.note ?? '';
  if (body.type === 'swap' || body.type === 'replace' || body.type === 'emergency') {
    const shift = await readLiveShift(companyId, body.shiftId!);
    const startsAt = startOf(shift, company);
    if (startsAt <= now) throw requestErrors.INVALID_REQUEST_SHIFT(`Shift ${shift.id} has already started`);
    const manager = isManager(member);
    const me =
      body.type === 'emergency' && manager ? await callerEmployee(member) : await requireCallerEmployee(member);
    if (!(body.type === 'emergency' && manager) && shift.employeeId !== me) {
      throw requestErrors.INVALID_REQUEST_SHIFT(`Shift ${shift.id} is not the caller's shift`);
    }
    if (body.type === 'emergency' && startsAt - now > EMERGENCY_HOURS * 3_600_000) {
      throw requestErrors.INVALID_REQUEST_SHIFT(
        `An emergency is for a shift starting within ${EMERGENCY_HOURS} hours; offer this one up (replace) instead`,
      );
    }
    const base = {
      ...emptyRequest,
      type: body.type,
      employeeId: shift.employeeId,
      date: shift.date,
      shiftId: shift.id,
      shiftStartsAt: startsAt,
      note,
    };
    if (body.type !== 'swap')
      return { keys: [shiftRequestKey(companyId, shift.id)], base, guard: noPendingFor(companyId, [shift.id]) };
    const peer = await readLiveShift(companyId, body.peerShiftId!);
    if (peer.employeeId === shift.employeeId)
      throw requestErrors.OWN_REQUEST("A swap is with a coworker: the other shift is the requester's own");
    if (startOf(peer, company) <= now)
      throw requestErrors.INVALID_REQUEST_SHIFT(`Shift ${peer.id} has already started`);
    return {
      keys: [shiftRequestKey(companyId, shift.id), shiftRequestKey(companyId, peer.id)],
      base: { ...base, peerEmployeeId: peer.employeeId, peerShiftId: peer.id },
      guard: noPendingFor(companyId, [shift.id, peer.id]),
    };
  }
  const me = await requireCallerEmployee(member);
  const today = businessToday(company.profile.timezone, company.settings.dayChangeTime);
  if (body.type === 'availabilities') {
    return {
      keys: [dayOffKey(companyId, me)],
      base: {
        ...emptyRequest,
        type: 'availabilities',
        employeeId: me,
        date: today,
        availabilities: body.availabilities as Record<string, unknown>,
        note,
      },
      guard: async (tx) => {
        const snap = await tx.get(repo.requestsWhere(companyId, 'employeeId', me));
        const pending = snap.docs
          .map((d) => repo.requestFromSnapshot(d)!)
          .find((r) => r.type === 'availabilities' && PENDING.includes(r.state));
        if (pending)
          throw requestErrors.REQUEST_EXISTS(
            `Availabilities request ${pending.id} is already pending; cancel it first`,
          );
      },
    };
  }
  const dayOff = {
    startDate: body.startDate!,
    endDate: body.endDate!,
    start: body.start ?? null,
    end: body.end ?? null,
  };
  if (dayOff.startDate < today) throw requestErrors.DAY_OFF_IN_PAST(`A day-off starts today (${today}) or later`);
  if (datesInRange(dayOff.startDate, dayOff.endDate).length > MAX_DAY_OFF_DAYS)
    throw coreErrors.INVALID_DATE_RANGE(`A day-off request covers at most ${MAX_DAY_OFF_DAYS} days`);
  return {
    keys: [dayOffKey(companyId, me)],
    base: { ...emptyRequest, type: 'dayOff', employeeId: me, date: dayOff.startDate, dayOff, note },
    guard: async (tx) => {
      const snap = await tx.get(repo.requestsWhere(companyId, 'employeeId', me));
      const clash = snap.docs
        .map((d) => repo.requestFromSnapshot(d)!)
        .find(
          (r) =>
            r.type === 'dayOff' &&
            (PENDING.includes(r.state) || r.state === 'approved') &&
            r.dayOff!.startDate <= dayOff.endDate &&
            dayOff.startDate <= r.dayOff!.endDate,
        );
      if (clash)
        throw requestErrors.REQUEST_EXISTS(
          `Day-off request ${clash.id} (${clash.state}) already covers some of those days`,
        );
    },
  };
}

/** A request created earlier under a caller-chosen id, when it is the same member's (a retry). */
async function alreadyCreated(
  member: Membership,
  id: string,
  read: (ref: ReturnType<typeof repo.requestRef>) => Promise<DocumentSnapshot>,
) {
  const existing = repo.requestFromSnapshot(await read(repo.requestRef(member.companyId, id)));
  if (!existing) return null;
  if (existing.history[0]?.by !== member.uid) throw requestErrors.REQUEST_EXISTS(`Request ${id} already exists`);
  return view(existing);
}

/**
 * Creates a request. Shift requests start pending_peer (the coworker, volunteers or claimants
 * answer); dayOff and availabilities start pending_manager, or are approved and applied at once
 * when the company's policy does not require a manager for that type.
 * `id` (callers inside the product, e.g. a confirmed assistant proposal) makes the create idempotent:
 * a retry by the same member answers the request made the first time, its rules not checked again.
 */
export async function createRequest({
  member,
  body,
  id: chosenId,
}: {
  member: Membership;
  body: CreateRequestBody;
  id?: string;
}) {
  const { companyId } = member;
  if (chosenId) {
    const earlier = await alreadyCreated(member, chosenId, (ref) => ref.get());
    if (earlier) return earlier;
  }
  const [companySnap, settingsSnap] = await Promise.all(companyRulesRefs(companyId).map((r) => r.get()));
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const policy = await getPolicy({ companyId });
  const draft = await draftOf(member, body, company);
  const id = chosenId ?? repo.requestsCollection(companyId).doc().id;
  const needsManager = policy.managerApproval[body.type];
  const direct = !SHIFT_TYPES.includes(body.type) && !needsManager;
  const keys = [
    ...draft.keys,
    requestKey(companyId, id),
    ...(direct ? [lockKey(companyId, draft.base.employeeId)] : []),
  ];
  return runExclusive(keys, async (tx) => {
    // a concurrent retry got there first: answer its request, write nothing
    const earlier = () => (chosenId ? alreadyCreated(member, chosenId, (ref) => tx.get(ref)) : Promise.resolve(null));
    const before = await earlier();
    if (before) return { result: before };
    try {
      await draft.guard(tx);
    } catch (err) {
      // the Node emulator does not isolate transactions: the guard may see the retry's request created since the read above
      const created = await earlier();
      if (created) return { result: created };
      throw err;
    }
    const now = Date.now();
    const state: RequestState = SHIFT_TYPES.includes(body.type)
      ? 'pending_peer'
      : direct
        ? 'approved'
        : 'pending_manager';
    const request: ShiftRequest = {
      ...draft.base,
      id,
      companyId,
      state,
      needsManager,
      createdAt: now,
      updatedAt: now,
      history: [
        {
          at: now,
          by: member.uid,
          action: 'create',
          state: SHIFT_TYPES.includes(body.type) || !direct ? state : 'pending_manager',
        },
      ],
    };
    if (direct) request.history.push({ at: now, by: member.uid, action: 'approve', state: 'approved' });
    const apply = direct ? await applyOf(tx, request, null) : null;
    return {
      result: view(request, now),
      write: (t: Transaction) => {
        t.create(repo.requestRef(companyId, id), repo.requestToDoc(request));
        apply?.(t);
      },
    };
  });
}

/** Reads and checks what approving `r` changes (with `taker` for replace and emergency), and returns its write. */
async function applyOf(tx: Transaction, r: ShiftRequest, taker: string | null): Promise<(t: Transaction) => void> {
  const reader = txReader(tx);
  switch (r.type) {
    case 'swap':
    case 'replace':
    case 'emergency': {
      const plan = await asEligibility(
        prepareTransfers(reader, { companyId: r.companyId, transfers: transfersOf(r, taker) }),
      );
      return plan.write;
    }
    case 'dayOff': {
      const d = r.dayOff!;
      const plan = await prepareTimeOff(reader, r.companyId, {
        requestId: r.id,
        employeeId: r.employeeId,
        dates: datesInRange(d.startDate, d.endDate),
        start: d.start,
        end: d.end,
      });
      return plan.write;
    }
    case 'availabilities': {
      const employee = employeeFromSnapshot(await tx.get(employeeRef(r.companyId, r.employeeId)));
      if (!employee || employee.archived)
        throw requestErrors.NO_EMPLOYEE_RECORD(`Employee ${r.employeeId} no longer exists or is archived`);
      return (t) => setAvailabilitiesInTx(t, r.companyId, r.employeeId, r.availabilities as Availabilities);
    }
  }
}

// ---------------------------------------------------------------- transitions

interface StepCall {
  member: Membership;
  id: string;
  action: StepAction;
  /** pick: the volunteer. */
  employeeId?: string;
  note?: string;
}

async function readRequest(companyId: string, id: string): Promise<ShiftRequest> {
  const r = repo.requestFromSnapshot(await repo.requestRef(companyId, id).get());
  if (!r) throw requestErrors.REQUEST_NOT_FOUND('Request not found');
  return r;
}

/**
 * One step of a request, in one exclusive transaction keyed by the request and by every employee
 * whose schedule the step may change (the same keys PUT /shifts takes), so that two steps on one
 * request, or a step and a manager's edit of the shift, never interleave: one wins, the other
 * sees its result. What the step may do is decided by transitions.ts; here are its reads and writes.
 */
export async function step({ member, id, action, employeeId, note }: StepCall): Promise<ShiftRequest> {
  const { companyId } = member;
  const seen = await readRequest(companyId, id);
  const me = await callerEmployee(member);
  const manager = isManager(member);
  const keys = [
    requestKey(companyId, id),
    ...stepParties(seen, { action, me, employeeId }).map((e) => lockKey(companyId, e)),
  ];

  return runExclusive(keys, async (tx) => {
    const r = repo.requestFromSnapshot(await tx.get(repo.requestRef(companyId, id)));
    if (!r) throw requestErrors.REQUEST_NOT_FOUND('Request not found');
    const now = Date.now();
    const decision = decideStep(r, { action, me, manager, employeeId, now });
    if (decision.kind === 'unchanged') return { result: view(r, now) };
    const { next, schedule, releaseTimeOff, changes } = decision;
    // the eligibility reads and checks (422 NOT_ELIGIBLE...), written only when the step applies the change
    const write = schedule ? await applyOf(tx, r, schedule.taker) : null;
    let apply: ((t: Transaction) => void) | null = schedule?.apply ? write : null;
    if (releaseTimeOff) {
      const d = r.dayOff!;
      apply = (t) => deleteTimeOff(t, companyId, { requestId: r.id, dates: datesInRange(d.startDate, d.endDate) });
    }
    const updated: ShiftRequest = { ...r, volunteers: [...r.volunteers], history: [...r.history], ...changes };
    updated.state = next;
    updated.updatedAt = now;
    if (note) updated.note = updated.note ? `${updated.note}\n${note}` : note;
    updated.history.push({ at: now, by: member.uid, action, state: next });
    return {
      result: view(updated, now),
      write: (t: Transaction) => {
        t.set(repo.requestRef(companyId, id), repo.requestToDoc(updated));
        apply?.(t);
      },
    };
  });
}

// ---------------------------------------------------------------- reading

/** Employees see their own requests, the swaps asking them, and the offers and emergencies of the company; managers see all. */
export async function getRequest({ member, id }: { member: Membership; id: string }): Promise<ShiftRequest> {
  const r = await readRequest(member.companyId, id);
  if (isManager(member)) return view(r);
  const me = await callerEmployee(member);
  const party = me !== null && [r.employeeId, r.peerEmployeeId, r.takerEmployeeId].includes(me);
  if (party || r.type === 'replace' || r.type === 'emergency') return view(r);
  throw requestErrors.REQUEST_NOT_FOUND('Request not found');
}

const MAX_LISTED = 500;

export async function listRequests({
  member,
  query,
}: {
  member: Membership;
  query: ListRequestsQuery;
}): Promise<ShiftRequest[]> {
  const { companyId } = member;
  if ((query.view === 'queue' || query.view === 'all') && !isManager(member)) {
    throw coreErrors.INSUFFICIENT_ROLE(
      `The ${query.view} view is for managers and owners; employees list mine or available`,
    );
  }
  if (query.from && query.to && query.to < query.from)
    throw coreErrors.INVALID_DATE_RANGE('to must not be before from');
  const now = Date.now();
  let rows: ShiftRequest[] = [];
  const me = query.view === 'mine' || query.view === 'available' ? await callerEmployee(member) : null;
  if (query.view === 'mine') {
    if (!me) return [];
    const lists = await Promise.all(
      (['employeeId', 'peerEmployeeId', 'takerEmployeeId'] as const).map((f) =>
        repo.queryRequests(repo.requestsWhere(companyId, f, me)),
      ),
    );
    rows = [...new Map(lists.flat().map((r) => [r.id, r])).values()];
  } else if (query.view === 'queue') {
    rows = await repo.queryRequests(repo.requestsWhere(companyId, 'state', 'pending_manager'));
  } else if (query.view === 'all') {
    rows = await repo.queryRequests(repo.requestsWhere(companyId));
  } else {
    if (!me) return [];
    const open = (await repo.queryRequests(repo.requestsWhere(companyId, 'state', 'pending_peer')))
      .filter(
        (r) =>
          (r.type === 'replace' || r.type === 'emergency') &&
          r.employeeId !== me &&
          !r.takerEmployeeId &&
          effectiveState(r, now) === 'pending_peer',
      )
      .filter((r) => (!query.type || r.type === query.type) && inRange(r, query));
    const candidates = open.slice(0, MAX_LISTED);
    const eligible = await eligibleShifts(
      companyId,
      me,
      candidates.map((r) => ({ shiftId: r.shiftId!, from: r.employeeId })),
    );
    rows = candidates.filter((r) => eligible.has(r.shiftId!));
  }
  return rows
    .map((r) => view(r, now))
    .filter(
      (r) => (!query.type || r.type === query.type) && (!query.state || r.state === query.state) && inRange(r, query),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt - b.createdAt || a.id.localeCompare(b.id))
    .slice(0, MAX_LISTED);
}

const inRange = (r: ShiftRequest, q: ListRequestsQuery) => (!q.from || r.date >= q.from) && (!q.to || r.date <= q.to);
