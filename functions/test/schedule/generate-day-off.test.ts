import { db } from '../../src/core/firebase';
import { commitProposal, generateProposal, hm, putShift, scheduleCompany, type ScheduleCompany } from './helpers';

/**
 * Schedule generation and commit against a day-off that an overnight shift reaches: the shift is
 * dated the day before the day-off, so only a read of the days around the range finds it.
 */

const SUNDAY = '2026-03-08';
const MONDAY = '2026-03-09';
const WEEK_BEFORE_MONDAY = '2026-03-02';

interface Case {
  name: string;
  profile: Record<string, unknown>;
  settings?: Record<string, unknown>;
  range: { startDate: string; endDate: string };
  /** The Sunday closing slot. */
  start: number;
  end: number;
  /** The Monday day-off (null: the whole business day). */
  off: { start: number | null; end: number | null };
}

const CASES: Case[] = [
  {
    name: 'a Sunday 18:00-01:00 closing shift and a Monday 00:00-10:00 day-off, inside a company week',
    profile: { weekStartingDay: 3 },
    range: { startDate: SUNDAY, endDate: SUNDAY },
    start: hm(18),
    end: hm(1),
    off: { start: hm(0), end: hm(10) },
  },
  {
    name: 'the same at a week edge: the last day of a generated Monday-Sunday week, the day-off on the next Monday',
    profile: { weekStartingDay: 1 },
    range: { startDate: WEEK_BEFORE_MONDAY, endDate: SUNDAY },
    start: hm(18),
    end: hm(1),
    off: { start: hm(0), end: hm(10) },
  },
  {
    name: 'a business day changing at 04:00: a Sunday 22:00-05:00 shift meets a whole Monday off (from Monday 04:00)',
    profile: { weekStartingDay: 1 },
    settings: { dayChangeTime: 4 * 3600 },
    range: { startDate: SUNDAY, endDate: SUNDAY },
    start: hm(22),
    end: hm(5),
    off: { start: null, end: null },
  },
];

const generate = generateProposal;
const commit = commitProposal;

const company = (co: ScheduleCompany) => db().collection('companies').doc(co.companyId);

async function arrange(c: Case) {
  const co = await scheduleCompany({ profile: c.profile, settings: c.settings });
  const slot = { start: c.start, end: c.end, line: { required: 1, hold: 0 } };
  await company(co).update({ daysStructure: { Sunday: { shifts: { [co.cookId]: [slot] } } } });
  return co;
}

async function approveDayOff(co: ScheduleCompany, c: Case) {
  await company(co)
    .collection('timeOff')
    .doc(`req-1_${MONDAY}`)
    .set({ employeeId: co.employeeId, date: MONDAY, ...c.off, requestId: 'req-1', createdAt: Date.now() });
}

const onlyEmma = (co: ScheduleCompany, c: Case) => ({ ...c.range, employeeIds: [co.employeeId] });

describe.each(CASES)('schedule generation honours a day-off an overnight shift reaches: $name', (c) => {
  it('PUT /shifts refuses the shift (422 SHIFT_CONFLICT, finding timeOff), and generation never proposes it', async () => {
    const co = await arrange(c);
    await approveDayOff(co, c);
    const put = await putShift(
      co,
      'closing',
      { start: c.start, end: c.end, positionId: co.cookId, subRoleId: 'line' },
      { date: SUNDAY, employeeId: co.employeeId, mode: 'draft' },
    );
    expect([put.status, put.body.code]).toEqual([422, 'SHIFT_CONFLICT']);
    expect(put.body.details).toEqual([expect.objectContaining({ rule: 'timeOff' })]);

    const p = (await generate(co, onlyEmma(co, c))).body.data;
    expect(p.assignments).toEqual([]);
    expect(p.unfilled).toEqual([
      expect.objectContaining({
        seat: expect.objectContaining({ date: SUNDAY, start: c.start, end: c.end }),
        blockedBy: [{ employeeId: co.employeeId, rule: 'timeOff' }],
      }),
    ]);
  });

  it('a proposal made before the day-off was approved is refused at commit (409 PROPOSAL_STALE), writing nothing', async () => {
    const co = await arrange(c);
    const p = (await generate(co, onlyEmma(co, c))).body.data;
    expect(p.assignments).toEqual([
      expect.objectContaining({ date: SUNDAY, start: c.start, end: c.end, employeeId: co.employeeId }),
    ]);
    await approveDayOff(co, c);
    const res = await commit(co, p.id);
    expect([res.status, res.body.code]).toEqual([409, 'PROPOSAL_STALE']);
    expect((await company(co).collection('shifts').get()).size).toBe(0);
  });
});

it('with the business day changing at 04:00, a Sunday 18:00-01:00 shift ends before a whole Monday off: PUT /shifts and generation both allow it', async () => {
  const c: Case = { ...CASES[2], start: hm(18), end: hm(1) };
  const co = await arrange(c);
  await approveDayOff(co, c);
  const p = (await generate(co, onlyEmma(co, c))).body.data;
  expect(p.assignments).toHaveLength(1);
  expect((await commit(co, p.id)).status).toBe(200);
  const put = await putShift(
    co,
    'closing',
    { start: c.start, end: c.end, positionId: co.cookId, subRoleId: 'line' },
    { date: SUNDAY, employeeId: co.otherId, mode: 'draft' },
  );
  expect(put.status).toBe(200);
});
