import { db } from '../../src/core/firebase';
import { createCompany } from '../helpers/fixtures';
import { commitProposal, generateProposal, hm, scheduleCompany, storeShift } from '../schedule/helpers';
import { groupOf, linkEmployees } from './support';

jest.setTimeout(120_000);

/**
 * Schedule generation at B treats the person's live shifts at the employer's other locations as
 * unavailability (with the rest around them), and a proposal's commit refuses what changed there.
 */

const MON = '2026-03-02';

const generate = generateProposal;
const commit = commitProposal;

/** B: Monday lunch 09-13 needing two line cooks, dinner 17-21 needing one; 2 hours between shifts. Emma and Otto cook. */
async function setting(linked: boolean) {
  const [a, b] = await Promise.all([
    createCompany({ profile: { name: 'Harbor North' } }),
    scheduleCompany({ profile: { betweenShifts: 120 } }),
  ]);
  const g = await groupOf(a, b);
  if (linked) await linkEmployees(g);
  const day = {
    shifts: {
      [b.cookId]: [
        { start: hm(9), end: hm(13), key: 'lunch', line: { required: 2, hold: 0 } },
        { start: hm(17), end: hm(21), key: 'dinner', line: { required: 1, hold: 0 } },
      ],
    },
  };
  await db()
    .collection('companies')
    .doc(b.companyId)
    .update({ daysStructure: { Monday: day } });
  return { a, b };
}

type Assignment = { employeeId: string; slotKey: string };

describe('generation against the person’s shifts at the other locations', () => {
  it('never seats the linked person over their shift at A or within the rest after it; the seat left names the other location', async () => {
    const { a, b } = await setting(true);
    // Emma works 12:00-16:00 at A: the lunch overlaps it, the dinner starts 1 hour after it (2 hours needed)
    await storeShift(a.companyId, 'a-noon', { date: MON, employeeId: a.employeeId, start: hm(12), end: hm(16) });
    const res = await generate(b, { startDate: MON, endDate: MON });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.assignments.map((x: Assignment) => x.employeeId)).not.toContain(b.employeeId);
    expect(p.coverage).toMatchObject({ required: 3, filled: 2 });
    const blockedBy = p.unfilled.flatMap((u: { blockedBy: { employeeId: string; rule: string }[] }) => u.blockedBy);
    expect(blockedBy).toContainEqual({ employeeId: b.employeeId, rule: 'otherLocation' });
    expect(JSON.stringify(p)).not.toContain('a-noon');
    const done = await commit(b, p.id);
    expect(done.status).toBe(200);
  });

  it('seats the person as before when the records are not linked', async () => {
    const { a, b } = await setting(false);
    await storeShift(a.companyId, 'a-noon', { date: MON, employeeId: a.employeeId, start: hm(12), end: hm(16) });
    const res = await generate(b, { startDate: MON, endDate: MON });
    expect(res.status).toBe(201);
    expect(res.body.data.coverage).toMatchObject({ required: 3, filled: 3 });
    expect(res.body.data.assignments.map((x: Assignment) => x.employeeId)).toContain(b.employeeId);
  });

  it('refuses committing a proposal once the person took a shift at A meeting their seat (409 PROPOSAL_STALE), nothing written', async () => {
    const { a, b } = await setting(true);
    const res = await generate(b, { startDate: MON, endDate: MON });
    expect(res.status).toBe(201);
    const mine = res.body.data.assignments.filter((x: Assignment) => x.employeeId === b.employeeId);
    expect(mine.length).toBeGreaterThan(0);
    await storeShift(a.companyId, 'a-now', {
      date: MON,
      employeeId: a.employeeId,
      start: mine[0].start,
      end: mine[0].end,
    });
    const done = await commit(b, res.body.data.id);
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('PROPOSAL_STALE');
    const drafts = await db().collection('companies').doc(b.companyId).collection('shifts').get();
    expect(drafts.size).toBe(0);
  });
});
