import { addDays, businessToday } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { addMember } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import type { Fixture, Override } from './generate';

/**
 * Overrides of the requests module's operations: each step needs a request in the state it
 * moves from, with the fixture's employee member in the right part (requester, peer, taker).
 * The fixture's staff employee gets a user of its own to be the other party; shifts are put in
 * the future (a request about a started shift has expired). Shifts carry no role, so the
 * employee member (who holds none) is eligible.
 */

const day = (days: number) => addDays(businessToday('Europe/Madrid', 0), days);

async function ok(what: string, req: PromiseLike<{ status: number; text: string; body: unknown }>) {
  const res = await req;
  if (res.status >= 300) throw new Error(`fixture: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

const staffUsers = new WeakMap<Fixture, Promise<TestUser>>();

/** A signed-in user linked to the fixture's staff employee (made once per fixture). */
function staffUser(f: Fixture): Promise<TestUser> {
  let user = staffUsers.get(f);
  if (!user) {
    user = (async () => {
      const u = await createUser({ label: 'staff' });
      await addMember(f.company.companyId, u, 'employee', f.staffId);
      return u;
    })();
    staffUsers.set(f, user);
  }
  return user;
}

let n = 0;
/** A future published shift (no role) of an employee, 12:00-16:00 on `date` (default: a day no other of these shifts has). */
async function futureShift(f: Fixture, employeeId: string, date = day(10 + n)): Promise<string> {
  const id = `contract-req-${++n}-${Date.now()}`;
  await ok(
    'PUT /shifts/{id}',
    api('schedule')
      .put(`/shifts/${id}`)
      .query({ companyId: f.company.companyId, date, employeeId })
      .set(bearer(f.company.owner))
      .send({ start: 720, end: 960 }),
  );
  return id;
}

const create = (f: Fixture, as: TestUser, body: Record<string, unknown>) =>
  ok(
    'POST /requests',
    api('requests').post('/requests').query({ companyId: f.company.companyId }).set(bearer(as)).send(body),
  );

/** A day-off request of the employee member, pending_manager (on a day of its own: overlapping ones are refused). */
const dayOff = async (f: Fixture) => {
  const date = day(200 + ++n);
  return {
    requestId: String((await create(f, f.company.employee, { type: 'dayOff', startDate: date, endDate: date })).id),
  };
};

/** A swap the staff employee asks of the employee member, pending_peer. */
async function swapAskingEmployee(f: Fixture) {
  const staff = await staffUser(f);
  const theirs = await futureShift(f, f.staffId);
  const mine = await futureShift(f, f.company.employeeId);
  return { requestId: String((await create(f, staff, { type: 'swap', shiftId: theirs, peerShiftId: mine })).id) };
}

const byId = (_f: Fixture, prepared: Record<string, string>) => ({ path: { id: prepared.requestId } });

export const REQUEST_OVERRIDES: Record<string, Override> = {
  'POST /requests': {
    why: 'the first type (swap) needs shiftId and peerShiftId, two live future shifts of two employees: an availabilities request, which any employee can make',
    request: () => ({ body: { type: 'availabilities', availabilities: { maxHoursInWeek: 30 } } }),
  },
  'GET /requests/{id}': {
    why: 'reads an existing request (otherwise 404): one of the employee member',
    setup: dayOff,
    request: byId,
  },
  'POST /requests/{id}/cancel': {
    why: 'cancels a pending request of the caller (otherwise 404 or 409)',
    setup: dayOff,
    request: byId,
  },
  'POST /requests/{id}/approve': {
    why: 'approves a request awaiting a manager (otherwise 404 or 409): a day-off of the employee member',
    setup: dayOff,
    request: byId,
  },
  'POST /requests/{id}/deny': { why: 'denies a pending request (otherwise 404 or 409)', setup: dayOff, request: byId },
  'POST /requests/{id}/accept': {
    why: 'only the peer of a pending swap accepts: a swap the staff employee asks of the employee member',
    setup: swapAskingEmployee,
    request: byId,
  },
  'POST /requests/{id}/decline': {
    why: 'only the peer of a pending swap declines: a swap the staff employee asks of the employee member',
    setup: swapAskingEmployee,
    request: byId,
  },
  'POST /requests/{id}/volunteer': {
    why: "volunteers for a coworker's open offer (otherwise 404, 409 or 422): the staff employee offers a future shift",
    setup: async (f) => {
      const staff = await staffUser(f);
      const shift = await futureShift(f, f.staffId);
      return { requestId: String((await create(f, staff, { type: 'replace', shiftId: shift })).id) };
    },
    request: byId,
  },
  'POST /requests/{id}/claim': {
    why: "claims an open emergency of a coworker for a shift starting within 72 hours: the staff employee's shift tomorrow",
    setup: async (f) => {
      const staff = await staffUser(f);
      const shift = await futureShift(f, f.staffId, day(1));
      return { requestId: String((await create(f, staff, { type: 'emergency', shiftId: shift })).id) };
    },
    request: byId,
  },
  'POST /requests/{id}/pick': {
    why: 'the requester picks a volunteer of their offer: the employee member offers a future shift, the staff employee volunteers',
    setup: async (f) => {
      const staff = await staffUser(f);
      const shift = await futureShift(f, f.company.employeeId);
      const request = await create(f, f.company.employee, { type: 'replace', shiftId: shift });
      await ok(
        'POST /requests/{id}/volunteer',
        api('requests')
          .post(`/requests/${String(request.id)}/volunteer`)
          .query({ companyId: f.company.companyId })
          .set(bearer(staff))
          .send({}),
      );
      return { requestId: String(request.id), staffId: f.staffId };
    },
    request: (_f, prepared) => ({ path: { id: prepared.requestId }, body: { employeeId: prepared.staffId } }),
  },
};
