import { db } from '../../src/core/firebase';
import { expirePendingRequests } from '../../src/modules/requests/expiry';
import { act, cookShift, createRequest, day, requestsCompany, type RequestsCompany } from '../requests/helpers';
import { inboxAfterFanOut, outboxOf } from './helpers';

let co: RequestsCompany;
beforeAll(async () => {
  co = await requestsCompany();
});

/** A swap request about a shift whose start is moved into the past (the shift has started). */
async function swapOfStartedShift(mine: string, theirs: string, offset: number): Promise<string> {
  await cookShift(co, mine, co.employeeId, day(offset));
  await cookShift(co, theirs, co.otherId, day(offset + 1));
  const res = await createRequest(co, co.employee, { type: 'swap', shiftId: mine, peerShiftId: theirs });
  expect(res.status).toBe(201);
  return res.body.data.id;
}
/** Moves the shift start of a request (and its expiry index entry) a minute into the past. */
async function startShiftOf(id: string) {
  const startedAt = Date.now() - 60_000;
  await db().doc(`companies/${co.companyId}/shiftRequests/${id}`).update({ shiftStartsAt: startedAt });
  await db().doc(`requestExpiries/${co.companyId}_${id}`).update({ expiresAt: startedAt });
}
const storedState = async (id: string) =>
  (await db().doc(`companies/${co.companyId}/shiftRequests/${id}`).get()).data()?.state;

describe('the expiry job records the expiry of pending requests and announces it once', () => {
  it('run twice, and twice at once: one request.expired, in the requester inbox', async () => {
    const id = await swapOfStartedShift('x-mine', 'x-theirs', 3);
    await startShiftOf(id);
    await Promise.all([expirePendingRequests(), expirePendingRequests()]);
    await expirePendingRequests();
    expect(await storedState(id)).toBe('expired');
    const events = (await outboxOf(co.companyId, 'request.expired')).filter((e) => e.data.requestId === id);
    expect(events.map((e) => [e.data.employeeId, e.actor, e.subjects.requestIds])).toEqual([
      [co.employeeId, { uid: null, job: 'requests-expiry' }, [id]],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.employee)).toContain('request.expired');
    expect(await inboxAfterFanOut(co.companyId, [], co.otto)).not.toContain('request.expired');
    const step = await act(co, co.otto, id, 'accept');
    expect([step.status, step.body.code]).toEqual([409, 'REQUEST_EXPIRED']);
  });

  it('nothing for a request acted on in time, nor for one whose shift has not started', async () => {
    const decided = await swapOfStartedShift('d-mine', 'd-theirs', 5);
    expect((await act(co, co.otto, decided, 'decline')).status).toBe(200);
    await startShiftOf(decided);
    const waiting = await swapOfStartedShift('w-mine', 'w-theirs', 7);
    await expirePendingRequests();
    expect(await storedState(decided)).toBe('denied');
    expect(await storedState(waiting)).toBe('pending_peer');
    const announced = (await outboxOf(co.companyId, 'request.expired')).map((e) => e.data.requestId);
    expect(announced).not.toContain(decided);
    expect(announced).not.toContain(waiting);
  });
});
