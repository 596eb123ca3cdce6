import { hm, putShift, storeShift } from '../schedule/helpers';
import { linkEmployees, twoLocationGroup, type Group } from './support';

jest.setTimeout(60_000);

const MON = '2027-03-01';
const TUE = '2027-03-02';

/** A at 09:00-17:00 on Monday for A's record; B (NYC rules, 8 hours between shifts) the candidate. */
async function group(): Promise<Group> {
  const g = await twoLocationGroup();
  const { db } = await import('../../src/core/firebase');
  const b = db().collection('companies').doc(g.b.companyId);
  await b.set({ betweenShifts: 8 * 60 }, { merge: true });
  await b.collection('config').doc('settings').set({ fairWorkweekJurisdiction: 'nyc' }, { merge: true });
  await storeShift(g.a.companyId, 'a-monday', {
    date: MON,
    employeeId: g.a.employeeId,
    start: hm(9),
    end: hm(17),
  });
  await storeShift(g.a.companyId, 'a-close', {
    date: TUE,
    employeeId: g.a.employeeId,
    start: hm(15),
    end: hm(23),
  });
  return g;
}

const atB = (g: Group, id: string, body: Record<string, unknown>, date: string) =>
  putShift(g.b, id, body, { date, employeeId: g.b.employeeId, as: g.b.manager });

describe('the same person’s shifts across an employer’s locations', () => {
  it('refuses a shift at B overlapping the person’s shift at A, naming A and its times only', async () => {
    const g = await group();
    await linkEmployees(g);
    const res = await atB(g, 'b-overlap', { start: hm(16), end: hm(20) }, MON);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SHIFT_CONFLICT');
    expect(res.body.error).toContain("overlaps the person's shift at Harbor North (2027-03-01 09:00-17:00)");
    expect(JSON.stringify(res.body)).not.toContain('a-monday');
    expect(JSON.stringify(res.body)).not.toContain(g.a.companyId);
  });

  it('refuses a shift at B within the rest window after the person’s close at A, and the fair-workweek rest unless they consent', async () => {
    const g = await group();
    await linkEmployees(g);
    const WED = '2027-03-03';
    // 23:00 at A, 06:00 at B: 7 hours of rest, under B's 8 hours between shifts and NYC's 11
    const short = await atB(g, 'b-open', { start: hm(6), end: hm(12) }, WED);
    expect(short.status).toBe(422);
    expect(short.body.code).toBe('SHIFT_CONFLICT');
    expect(short.body.error).toContain('at Harbor North');
    // 10 hours: B's own rule is met; NYC's 11 hours is not: refused, then accepted with consent
    const clopening = await atB(g, 'b-open', { start: hm(9), end: hm(14) }, WED);
    expect(clopening.status).toBe(422);
    expect(clopening.body.code).toBe('SHIFT_CONFLICT');
    expect(clopening.body.error).toContain('fair-workweek rule (nyc) requires 660');
    expect(clopening.body.error).toContain('Harbor North');
    const consented = await atB(g, 'b-open', { start: hm(9), end: hm(14), restConsent: true }, WED);
    expect(consented.status).toBe(200);
    expect(consented.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'fairWorkweekRest', otherLocation: 'Harbor North', blocking: false }),
    ]);
    // the clopening's $100 is owed at B, which wrote the shift that made the rest short
    expect(consented.body.data.premiums).toEqual([
      expect.objectContaining({
        shiftId: 'b-open',
        employeeId: g.b.employeeId,
        rule: 'rest',
        amountMinor: 100_00,
        reason: expect.stringContaining("next to the person's shift at Harbor North"),
      }),
    ]);
    // 12 hours: fine
    const later = await atB(g, 'b-open', { start: hm(11), end: hm(15) }, WED);
    expect(later.status).toBe(200);
    expect(later.body.data.warnings).toEqual([]);
  });

  it('leaves records that are not linked as they were: each location checks its own schedule', async () => {
    const g = await group();
    expect((await atB(g, 'b-overlap', { start: hm(16), end: hm(20) }, MON)).status).toBe(200);
    expect((await atB(g, 'b-open', { start: hm(6), end: hm(12) }, '2027-03-03')).status).toBe(200);
  });
});
