import { leaveReturnedLines, type ClosedPeriodRows } from '../../../../src/modules/payroll/leave-returns';

/** The leaveReturned lines (pure): a give-back dated in a closed period that paid it, once. */
const paid: ClosedPeriodRows = {
  startDate: '2026-11-16',
  endDate: '2026-11-22',
  rows: [
    { employeeId: 'e1', leave: [{ requestId: 'r1', minutes: 480, rate: 2000, amount: 16000, policyName: 'Sick' }] },
  ],
};
const back = { employeeId: 'e1', policyId: 'sick', requestId: 'r1', date: '2026-11-18', minutes: 480 };

describe('leaveReturnedLines', () => {
  it('takes back what the closed period paid for the request', () => {
    expect(leaveReturnedLines([back], [paid])).toEqual([
      expect.objectContaining({
        kind: 'leaveReturned',
        requestId: 'r1',
        closedPeriodStart: '2026-11-16',
        minutes: -480,
        rate: 2000,
        amount: -16000,
      }),
    ]);
  });

  it('nothing when no closed period paid it (cancelled before the close, or another employee)', () => {
    expect(leaveReturnedLines([{ ...back, date: '2026-11-25' }], [paid])).toEqual([]);
    expect(leaveReturnedLines([{ ...back, employeeId: 'e2' }], [paid])).toEqual([]);
    expect(leaveReturnedLines([{ ...back, requestId: 'r2' }], [paid])).toEqual([]);
  });

  it('once: a later closed report carrying the line settles it', () => {
    const later: ClosedPeriodRows = {
      startDate: '2026-11-23',
      endDate: '2026-11-29',
      rows: [{ employeeId: 'e1', adjustments: [{ kind: 'leaveReturned', requestId: 'r1' }] }],
    };
    expect(leaveReturnedLines([back], [paid, later])).toEqual([]);
  });
});
