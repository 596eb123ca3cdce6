import { db } from '../../src/core/firebase';
import { putShift } from '../schedule/helpers';
import { act, cookShift, createRequest, day, hm, requestsCompany, shiftOwner } from './helpers';

const requestDoc = (companyId: string, id: string) =>
  db().collection('companies').doc(companyId).collection('shiftRequests').doc(id).get();

describe('concurrent steps on requests', () => {
  it('gives an emergency to exactly one of two concurrent claimants', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'urgent', co.employeeId, day(1));
    const id = (await createRequest(co, co.manager, { type: 'emergency', shiftId: 'urgent' })).body.data.id;
    const [otto, lea] = await Promise.all([act(co, co.otto, id, 'claim'), act(co, co.lea, id, 'claim')]);
    expect([otto.status, lea.status].sort()).toEqual([200, 409]);
    const winner = otto.status === 200 ? co.otherId : co.leaId;
    expect([otto, lea].find((r) => r.status === 409)!.body.code).toBe('ALREADY_CLAIMED');
    expect(await shiftOwner(co, 'urgent')).toBe(winner);
    const stored = (await requestDoc(co.companyId, id)).data()!;
    expect(stored).toMatchObject({ state: 'approved', takerEmployeeId: winner });
    expect(stored.history.filter((h: { action: string }) => h.action === 'claim')).toHaveLength(1);
  });

  it('applies one of two concurrent approvals of the same request; the other is 409', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'offer', co.employeeId, day(5));
    const id = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    await act(co, co.lea, id, 'volunteer');
    await act(co, co.employee, id, 'pick', { employeeId: co.leaId });
    const answers = await Promise.all([act(co, co.manager, id, 'approve'), act(co, co.owner, id, 'approve')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('REQUEST_NOT_PENDING');
    expect(await shiftOwner(co, 'offer')).toBe(co.leaId);
    expect(
      (await requestDoc(co.companyId, id)).data()!.history.filter((h: { action: string }) => h.action === 'approve'),
    ).toHaveLength(1);
  });

  it("lets one of two offers racing for one employee's same hours win (a manager pick each)", async () => {
    const co = await requestsCompany();
    // Two shifts of different employees at the same hours, both offered; Lea volunteers for both.
    await cookShift(co, 'first', co.employeeId, day(5));
    await cookShift(co, 'second', co.otherId, day(5));
    const a = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'first' })).body.data.id;
    const b = (await createRequest(co, co.otto, { type: 'replace', shiftId: 'second' })).body.data.id;
    await act(co, co.lea, a, 'volunteer');
    await act(co, co.lea, b, 'volunteer');
    const answers = await Promise.all([
      act(co, co.manager, a, 'pick', { employeeId: co.leaId }),
      act(co, co.manager, b, 'pick', { employeeId: co.leaId }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const leas = await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('shifts')
      .where('employeeId', '==', co.leaId)
      .get();
    expect(leas.size).toBe(1);
  });

  it("keeps a swap and a manager's concurrent move of the shift consistent: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const co = await requestsCompany();
      await cookShift(co, 'mine', co.employeeId, day(3));
      await cookShift(co, 'theirs', co.otherId, day(4));
      const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
        .data.id;
      await act(co, co.otto, id, 'accept');
      const [approve, move] = await Promise.all([
        act(co, co.manager, id, 'approve'),
        putShift(
          co,
          'mine',
          { start: hm(9), end: hm(13), employeeId: co.leaId, positionId: co.cookId, subRoleId: 'line' },
          { date: day(3), employeeId: co.employeeId },
        ),
      ]);
      expect([approve.status, move.status].filter((s) => s === 200)).toHaveLength(1);
      const request = (await requestDoc(co.companyId, id)).data()!;
      if (approve.status === 200) {
        expect(move.status).toBe(404);
        expect(request.state).toBe('approved');
        expect(await shiftOwner(co, 'mine')).toBe(co.otherId);
        expect(await shiftOwner(co, 'theirs')).toBe(co.employeeId);
      } else {
        expect(approve.body.code).toBe('SHIFT_CHANGED');
        expect(request.state).toBe('pending_manager');
        expect(await shiftOwner(co, 'mine')).toBe(co.leaId);
        expect(await shiftOwner(co, 'theirs')).toBe(co.otherId);
      }
    }
  });
});
