import { db } from '../../src/core/firebase';
import { eligibleShifts, transferFindings } from '../../src/modules/schedule';
import { act, cookShift, createRequest, day, hm, list, requestsCompany, storeShift } from './helpers';

describe('eligibility of a taker', () => {
  it('lists as available exactly the offers the single-shift check finds the taker eligible for', async () => {
    const co = await requestsCompany({
      settings: { fairWorkweekJurisdiction: 'seattle' },
      profile: { betweenShifts: 60 },
    });
    const employees = db().collection('companies').doc(co.companyId).collection('employees');
    // Otto: a shift on day 4 at 9-13, a day-off on day 6, not available on the weekday of day 8
    await cookShift(co, 'otto-own', co.otherId, day(4), hm(9), hm(13));
    await cookShift(co, 'otto-late', co.otherId, day(9), hm(18), hm(23));
    const weekdayOf8 = new Date(`${day(8)}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long',
      timeZone: 'UTC',
    });
    await employees
      .doc(co.otherId)
      .update({ availabilities: { [weekdayOf8]: { shift1: { start: hm(0), end: hm(8) } } } });
    const off = (await createRequest(co, co.otto, { type: 'dayOff', startDate: day(6), endDate: day(6) })).body.data.id;
    await act(co, co.manager, off, 'approve');

    const offered = [
      ['free', day(3), hm(9), hm(13)], // eligible
      ['overlap', day(4), hm(12), hm(16)], // overlaps otto-own
      ['rest', day(4), hm(13) + 30, hm(17)], // 30 minutes after otto-own: betweenShifts
      ['dayoff', day(6), hm(9), hm(13)], // on the day-off
      ['unavailable', day(8), hm(9), hm(13)], // outside availability
      ['clopen', day(10), hm(6), hm(10)], // 7 h after otto-late: Seattle rest
      ['free2', day(11), hm(9), hm(13)], // eligible
    ] as const;
    for (const [id, date, start, end] of offered) await cookShift(co, id, co.employeeId, date, start, end);
    await storeShift(co.companyId, 'server', {
      date: day(12),
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      positionId: co.serverId,
    });
    const ids = [...offered.map(([id]) => id), 'server'];
    const requests = new Map<string, string>();
    for (const id of ids)
      requests.set(id, (await createRequest(co, co.employee, { type: 'replace', shiftId: id })).body.data.id);

    const single = new Set<string>();
    for (const id of ids)
      if ((await transferFindings(co.companyId, { shiftId: id, from: co.employeeId, to: co.otherId })).eligible)
        single.add(id);
    expect([...single].sort()).toEqual(['free', 'free2']);
    const batch = await eligibleShifts(
      co.companyId,
      co.otherId,
      ids.map((shiftId) => ({ shiftId, from: co.employeeId })),
    );
    expect([...batch].sort()).toEqual([...single].sort());

    const available = await list(co, co.otto, { view: 'available' });
    expect(available.body.data.map((r: { shiftId: string }) => r.shiftId).sort()).toEqual(['free', 'free2']);
    for (const id of ['overlap', 'rest', 'dayoff', 'unavailable', 'clopen', 'server']) {
      const res = await act(co, co.otto, requests.get(id)!, 'volunteer');
      expect([id, res.status, res.body.code]).toEqual([id, 422, 'NOT_ELIGIBLE']);
    }
  });
});
