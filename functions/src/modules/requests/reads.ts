import { coreErrors } from '../../core/errors';
import type { Membership } from '../../core/memberships';
import { eligibleShifts } from '../schedule';
import { callerEmployee, isManager } from './caller';
import { requestErrors } from './errors';
import * as repo from './repo';
import type { ListRequestsQuery, ShiftRequest } from './schemas';
import { effectiveState, requestAsOf } from './transitions';

/** Reading requests: one request, and the listings (mine, available, queue, all). */

export async function readRequest(companyId: string, id: string): Promise<ShiftRequest> {
  const r = repo.requestFromSnapshot(await repo.requestRef(companyId, id).get());
  if (!r) throw requestErrors.REQUEST_NOT_FOUND('Request not found');
  return r;
}

/** Employees see their own requests, the swaps asking them, and the offers and emergencies of the company; managers see all. */
export async function getRequest({ member, id }: { member: Membership; id: string }): Promise<ShiftRequest> {
  const r = await readRequest(member.companyId, id);
  if (isManager(member)) return requestAsOf(r, Date.now());
  const me = await callerEmployee(member);
  const party = me !== null && [r.employeeId, r.peerEmployeeId, r.takerEmployeeId].includes(me);
  if (party || r.type === 'replace' || r.type === 'emergency') return requestAsOf(r, Date.now());
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
    .map((r) => requestAsOf(r, now))
    .filter(
      (r) => (!query.type || r.type === query.type) && (!query.state || r.state === query.state) && inRange(r, query),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt - b.createdAt || a.id.localeCompare(b.id))
    .slice(0, MAX_LISTED);
}

const inRange = (r: ShiftRequest, q: ListRequestsQuery) => (!q.from || r.date >= q.from) && (!q.to || r.date <= q.to);
