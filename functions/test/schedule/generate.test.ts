import { gunzipSync } from 'node:zlib';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import {
  commitProposal,
  generateProposal,
  hm,
  scheduleCompany,
  storeShift,
  storedShift,
  type ScheduleCompany,
} from './helpers';

const MON = '2026-03-02';
const TUE = '2026-03-03';

const generate = generateProposal;
const commit = commitProposal;

/** A template: Monday and Tuesday, Cook slots 09:00-13:00 needing `line` line cooks (and `hold` kept open), 17:00-21:00 needing one. */
async function setTemplate(co: ScheduleCompany, line = 2, hold = 0) {
  const day = {
    shifts: {
      [co.cookId]: [
        { start: hm(9), end: hm(13), key: 'lunch', line: { required: line, hold } },
        { start: hm(17), end: hm(21), key: 'dinner', line: { required: 1, hold: 0 } },
      ],
    },
  };
  await db()
    .collection('companies')
    .doc(co.companyId)
    .update({ daysStructure: { Monday: day, Tuesday: day } });
}

async function shiftsOf(co: ScheduleCompany) {
  const snap = await db().collection('companies').doc(co.companyId).collection('shifts').get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string });
}

describe('POST /schedule-proposals (schedule generation)', () => {
  it('answers a proposal covering the template with explanations, writes nothing but the proposal, and a commit writes the drafts', async () => {
    const co = await scheduleCompany({ profile: { betweenShifts: 60 } });
    await setTemplate(co, 2, 1);
    const res = await generate(co, { startDate: MON, endDate: MON });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      status: 'open',
      coverage: { required: 3, filled: 3, held: 1 },
      solver: { used: 'mip', status: 'optimal', gap: 0 },
    });
    expect(
      p.assignments.map((a: { start: number; employeeId: string }) => a.start).sort((x: number, y: number) => x - y),
    ).toEqual([hm(9), hm(9), hm(17)]);
    expect(
      new Set(
        p.assignments
          .filter((a: { start: number }) => a.start === hm(9))
          .map((a: { employeeId: string }) => a.employeeId),
      ),
    ).toEqual(new Set([co.employeeId, co.otherId]));
    expect(p.assignments[0].why).toEqual(
      expect.objectContaining({
        weekHoursBefore: expect.any(Number),
        costMinor: 6000,
        alternatives: expect.any(Number),
      }),
    );
    expect(p.unfilled).toEqual([
      expect.objectContaining({
        reason: 'held',
        seat: expect.objectContaining({ date: MON, start: hm(9), slotKey: 'lunch' }),
      }),
    ]);
    expect(await shiftsOf(co)).toEqual([]);

    const done = await commit(co, p.id);
    expect(done.status).toBe(200);
    expect(done.body.data.committed).toHaveLength(3);
    const stored = await shiftsOf(co);
    expect(stored.map((s) => [s.id, s.mode, s.employeeId, s.start, s.positionId, s.subRoleId]).sort()).toEqual(
      p.assignments
        .map((a: { shiftId: string; employeeId: string; start: number }) => [
          a.shiftId,
          'draft',
          a.employeeId,
          a.start,
          co.cookId,
          'line',
        ])
        .sort(),
    );
    const got = await api('schedule')
      .get(`/schedule-proposals/${p.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(got.body.data).toMatchObject({ status: 'committed', committedAt: expect.any(Number) });
  });

  it('stores its employees by id only and answers their names as their records say now (an erased or renamed person is in no proposal)', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 2);
    const res = await generate(co, { startDate: MON, endDate: MON });
    expect(res.status).toBe(201);
    const employee = db().collection('companies').doc(co.companyId).collection('employees').doc(co.employeeId);
    const before = (await employee.get()).data()!;
    const named = res.body.data.assignments.find((a: { employeeId: string }) => a.employeeId === co.employeeId);
    expect(named.employeeName).toBe(`${before.name} ${before.surname}`);
    const stored = (
      await db().collection('companies').doc(co.companyId).collection('scheduleProposals').doc(res.body.data.id).get()
    ).data()!;
    expect(gunzipSync(stored.body).toString('utf8')).not.toContain(before.surname);
    await employee.update({ name: 'Erased', surname: 'person' });
    const got = await api('schedule')
      .get(`/schedule-proposals/${res.body.data.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(got.status).toBe(200);
    const names = got.body.data.assignments.map((a: { employeeId: string; employeeName: string }) => [
      a.employeeId,
      a.employeeName,
    ]);
    expect(names).toContainEqual([co.employeeId, 'Erased person']);
    expect(JSON.stringify(got.body)).not.toContain(before.surname);
  });

  it('never touches published shifts: it schedules around them and says why a seat stayed open', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 2);
    await storeShift(co.companyId, 'live', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(10),
      end: hm(12),
      positionId: co.cookId,
      subRoleId: 'line',
    });
    const before = await storedShift(co.companyId, 'live');
    const res = await generate(co, { startDate: MON, endDate: MON });
    const p = res.body.data;
    expect(
      p.assignments.filter(
        (a: { employeeId: string; start: number }) => a.employeeId === co.employeeId && a.start === hm(9),
      ),
    ).toEqual([]);
    expect(p.unfilled).toEqual([
      expect.objectContaining({
        reason: 'allCandidatesBusy',
        blockedCounts: { overlap: 2 },
        seat: expect.objectContaining({ start: hm(9) }),
      }),
    ]);
    expect((await commit(co, p.id)).status).toBe(200);
    expect(await storedShift(co.companyId, 'live')).toEqual(before);
  });

  it('refuses to commit a proposal whose inputs changed (409 PROPOSAL_STALE), writing nothing; a new proposal commits', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 1);
    const stale = (await generate(co, { startDate: MON, endDate: TUE })).body.data;
    await storeShift(co.companyId, 'new', { date: TUE, employeeId: co.otherId, start: hm(8), end: hm(10) });
    const before = await snapshotCompany(co.companyId);
    const res = await commit(co, stale.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'PROPOSAL_STALE' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);

    const fresh = (await generate(co, { startDate: MON, endDate: TUE })).body.data;
    expect((await commit(co, fresh.id)).status).toBe(200);
  });

  it('a template change also makes a proposal stale', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 1);
    const p = (await generate(co, { startDate: MON, endDate: MON })).body.data;
    await setTemplate(co, 2);
    expect((await commit(co, p.id)).body.code).toBe('PROPOSAL_STALE');
  });

  it('committing twice is idempotent: the second commit answers the same drafts and writes nothing', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 1);
    const p = (await generate(co, { startDate: MON, endDate: TUE })).body.data;
    const first = await commit(co, p.id);
    const after = await snapshotCompany(co.companyId);
    const second = await commit(co, p.id);
    expect(second.status).toBe(200);
    expect(second.body.data.committed.map((s: { id: string }) => s.id).sort()).toEqual(
      first.body.data.committed.map((s: { id: string }) => s.id).sort(),
    );
    expect(await snapshotCompany(co.companyId)).toEqual(after);
  });

  it('two concurrent commits of one proposal both answer its drafts, written once', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 2);
    const p = (await generate(co, { startDate: MON, endDate: TUE })).body.data;
    const [a, b] = await Promise.all([commit(co, p.id), commit(co, p.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ids = p.assignments.map((x: { shiftId: string }) => x.shiftId).sort();
    expect(a.body.data.committed.map((s: { id: string }) => s.id).sort()).toEqual(ids);
    expect(b.body.data.committed.map((s: { id: string }) => s.id).sort()).toEqual(ids);
    expect((await shiftsOf(co)).map((s) => s.id).sort()).toEqual(ids);
  });

  it('completes a commit that was interrupted: the drafts already written are kept, the rest are written', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 1);
    const p = (await generate(co, { startDate: MON, endDate: TUE })).body.data;
    const [a] = p.assignments;
    await storeShift(co.companyId, a.shiftId, {
      date: a.date,
      employeeId: a.employeeId,
      start: a.start,
      end: a.end,
      mode: 'draft',
      positionId: co.cookId,
      subRoleId: 'line',
      note: 'first attempt',
    });
    const res = await commit(co, p.id);
    expect(res.status).toBe(200);
    expect(res.body.data.committed).toHaveLength(p.assignments.length);
    expect(await storedShift(co.companyId, a.shiftId)).toMatchObject({ note: 'first attempt' });
  });

  it('the drafts it commits stand with the existing drafts: existing drafts are kept and counted', async () => {
    const co = await scheduleCompany({ availabilities: { maxHoursInWeek: 6 } });
    await setTemplate(co, 2);
    await storeShift(co.companyId, 'plan', {
      date: TUE,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
      positionId: co.cookId,
      subRoleId: 'line',
    });
    const p = (await generate(co, { startDate: MON, endDate: MON })).body.data;
    const emma = p.assignments.filter((a: { employeeId: string }) => a.employeeId === co.employeeId);
    expect(emma).toHaveLength(0);
    expect(p.unfilled.map((u: { blockedCounts: Record<string, number> }) => u.blockedCounts)).toContainEqual(
      expect.objectContaining({ maxHoursInWeek: 1 }),
    );
    await commit(co, p.id);
    expect(await storedShift(co.companyId, 'plan')).toMatchObject({ mode: 'draft', start: hm(9) });
  });

  it('generates only for the employees named', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 2);
    const p = (await generate(co, { startDate: MON, endDate: TUE, employeeIds: [co.otherId] })).body.data;
    expect(new Set(p.assignments.map((a: { employeeId: string }) => a.employeeId))).toEqual(new Set([co.otherId]));
  });

  it('refuses a range over 28 days (400) and unknown roles (422 UNKNOWN_ROLE); an employee may not generate (403)', async () => {
    const co = await scheduleCompany();
    expect((await generate(co, { startDate: MON, endDate: '2026-04-30' })).body.code).toBe('INVALID_DATE_RANGE');
    const unknown = await generate(co, { startDate: MON, endDate: MON, roleIds: ['nope'] });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'UNKNOWN_ROLE']);
    expect((await generate(co, { startDate: MON, endDate: MON }, co.employee)).status).toBe(403);
  });

  it('stores and reads back a month of a large template (thousands of seats)', async () => {
    const co = await scheduleCompany();
    const slots = [hm(7), hm(12), hm(17)].map((start) => ({
      start,
      end: start + hm(4),
      line: { required: 30, hold: 0 },
    }));
    const day = { shifts: { [co.cookId]: slots } };
    const week = Object.fromEntries(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [d, day]),
    );
    await db().collection('companies').doc(co.companyId).update({ daysStructure: week });
    const res = await generate(co, { startDate: MON, endDate: '2026-03-29' });
    expect(res.status).toBe(201);
    expect(res.body.data.coverage.required).toBe(28 * 3 * 30);
    const got = await api('schedule')
      .get(`/schedule-proposals/${res.body.data.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(got.body.data).toEqual(res.body.data);
  });

  it('keeps an employee with an approved day-off out of that day; a day-off approved after generating makes the proposal stale', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 1);
    const timeOff = db().collection('companies').doc(co.companyId).collection('timeOff');
    await timeOff
      .doc(`req-1_${MON}`)
      .set({ employeeId: co.employeeId, date: MON, start: null, end: null, requestId: 'req-1', createdAt: Date.now() });
    const p = (await generate(co, { startDate: MON, endDate: TUE, employeeIds: [co.employeeId] })).body.data;
    expect(p.assignments.filter((a: { date: string }) => a.date === MON)).toEqual([]);
    expect(p.assignments.filter((a: { date: string }) => a.date === TUE)).toHaveLength(2);
    expect(p.unfilled.filter((u: { seat: { date: string } }) => u.seat.date === MON)).toEqual([
      expect.objectContaining({ blockedBy: [{ employeeId: co.employeeId, rule: 'timeOff' }] }),
      expect.objectContaining({ blockedBy: [{ employeeId: co.employeeId, rule: 'timeOff' }] }),
    ]);

    await timeOff.doc(`req-2_${TUE}`).set({
      employeeId: co.employeeId,
      date: TUE,
      start: hm(16),
      end: hm(22),
      requestId: 'req-2',
      createdAt: Date.now(),
    });
    expect((await commit(co, p.id)).body.code).toBe('PROPOSAL_STALE');
    const fresh = (await generate(co, { startDate: MON, endDate: TUE, employeeIds: [co.employeeId] })).body.data;
    expect(fresh.assignments.map((a: { date: string; start: number }) => [a.date, a.start])).toEqual([[TUE, hm(9)]]);
  });

  it('applies the fair-workweek rest of the company jurisdiction to the shifts it proposes', async () => {
    const co = await scheduleCompany();
    await setTemplate(co, 1);
    const oneEmployee = { startDate: MON, endDate: MON, employeeIds: [co.employeeId] };
    expect((await generate(co, oneEmployee)).body.data.assignments).toHaveLength(2);
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('config')
      .doc('settings')
      .set({ fairWorkweekJurisdiction: 'seattle' }, { merge: true });
    const p = (await generate(co, oneEmployee)).body.data;
    expect(p.assignments).toHaveLength(1);
    expect(p.unfilled).toEqual([
      expect.objectContaining({ blockedBy: [{ employeeId: co.employeeId, rule: 'betweenShifts' }] }),
    ]);
  });

  it("another company's proposal is not found", async () => {
    const co = await scheduleCompany();
    const other = await scheduleCompany();
    await setTemplate(co, 1);
    const p = (await generate(co, { startDate: MON, endDate: MON })).body.data;
    const res = await api('schedule')
      .get(`/schedule-proposals/${p.id}`)
      .query({ companyId: other.companyId })
      .set(bearer(other.manager));
    expect([res.status, res.body.code]).toEqual([404, 'PROPOSAL_NOT_FOUND']);
  });
});
