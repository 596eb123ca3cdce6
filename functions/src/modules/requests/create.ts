import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { businessToday, datesInRange, shiftInterval } from '../../core/calendar';
import { coreErrors } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { companyNotFound } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { companyRulesFromSnapshots, companyRulesRefs, type CompanyRules } from '../companies';
import { LIVE_MODES, shiftFromSnapshot, shiftRef, type Shift } from '../schedule';
import { dispatchEvents } from '../events';
import { prepareApproval } from './approval';
import { requestEvent } from './events';
import { callerEmployee, isManager, requireCallerEmployee } from './caller';
import { requestErrors } from './errors';
import { getPolicy } from './policy';
import * as repo from './repo';
import {
  EMERGENCY_HOURS,
  MAX_DAY_OFF_DAYS,
  PENDING,
  SHIFT_TYPES,
  type CreateRequestBody,
  type RequestState,
  type ShiftRequest,
} from './schemas';
import { effectiveState, requestAsOf } from './transitions';
import { lockKeys } from '../../core/locks';

/** Creating a request: the rules each type checks before it is written, and the direct approval when the policy needs no manager. */

const startOf = (shift: Shift, company: CompanyRules) =>
  shiftInterval(shift, company.profile.timezone, company.profile.defaultDuration).startMs;

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
  leave: null,
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
      return {
        keys: [lockKeys.requestsOfShift(companyId, shift.id)],
        base,
        guard: noPendingFor(companyId, [shift.id]),
      };
    const peer = await readLiveShift(companyId, body.peerShiftId!);
    if (peer.employeeId === shift.employeeId)
      throw requestErrors.OWN_REQUEST("A swap is with a coworker: the other shift is the requester's own");
    if (startOf(peer, company) <= now)
      throw requestErrors.INVALID_REQUEST_SHIFT(`Shift ${peer.id} has already started`);
    return {
      keys: [lockKeys.requestsOfShift(companyId, shift.id), lockKeys.requestsOfShift(companyId, peer.id)],
      base: { ...base, peerEmployeeId: peer.employeeId, peerShiftId: peer.id },
      guard: noPendingFor(companyId, [shift.id, peer.id]),
    };
  }
  const me = await requireCallerEmployee(member);
  const today = businessToday(company.profile.timezone, company.settings.dayChangeTime);
  if (body.type === 'availabilities') {
    return {
      keys: [lockKeys.dayOffRequests(companyId, me)],
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
    keys: [lockKeys.dayOffRequests(companyId, me)],
    base: {
      ...emptyRequest,
      type: 'dayOff',
      employeeId: me,
      date: dayOff.startDate,
      dayOff,
      leave: body.leavePolicyId ? { policyId: body.leavePolicyId, minutes: body.leaveMinutes! } : null,
      note,
    },
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
  return requestAsOf(existing, Date.now());
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
    lockKeys.request(companyId, id),
    ...(direct ? [lockKeys.schedule(companyId, draft.base.employeeId)] : []),
  ];
  const created = await runExclusive(keys, async (tx) => {
    // a concurrent retry got there first: answer its request, write nothing
    const earlier = () => (chosenId ? alreadyCreated(member, chosenId, (ref) => tx.get(ref)) : Promise.resolve(null));
    const before = await earlier();
    if (before) return { result: { request: before, event: null, leaveEvents: [] } };
    try {
      await draft.guard(tx);
    } catch (err) {
      // the Node emulator does not isolate transactions: the guard may see the retry's request created since the read above
      const created = await earlier();
      if (created) return { result: { request: created, event: null, leaveEvents: [] } };
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
    const apply = direct ? await prepareApproval(tx, request, null, member.uid) : null;
    const event = requestEvent(null, request, member.uid);
    return {
      result: { request: requestAsOf(request, now), event, leaveEvents: apply?.events ?? [] },
      write: (t: Transaction) => {
        t.create(repo.requestRef(companyId, id), repo.requestToDoc(request));
        if (PENDING.includes(state) && request.shiftStartsAt !== null)
          t.set(repo.expiryIndexRef(companyId, id), { companyId, requestId: id, expiresAt: request.shiftStartsAt });
        apply?.(t);
        event?.write(t);
      },
    };
  });
  await dispatchEvents([created.event, ...created.leaveEvents]);
  return created.request;
}
