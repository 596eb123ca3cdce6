import { policySchema, requestSchema } from '../../../../src/modules/requests/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

/** The answers of the requests module: a request of each type with its history, and the policy. */

const base = {
  id: 'req-1',
  companyId: 'c1',
  employeeId: 'e1',
  date: '2026-06-05',
  shiftId: null,
  shiftStartsAt: null,
  peerEmployeeId: null,
  peerShiftId: null,
  volunteers: [],
  takerEmployeeId: null,
  dayOff: null,
  availabilities: null,
  note: '',
  needsManager: true,
  createdAt: 1,
  updatedAt: 2,
};

describe('request answers keep every field', () => {
  it('a swap accepted by the peer and approved by a manager, with its history', () => {
    keepsAnswer(requestSchema, {
      ...base,
      type: 'swap',
      state: 'approved',
      shiftId: 's1',
      shiftStartsAt: 1_780_000_000_000,
      peerEmployeeId: 'e2',
      peerShiftId: 's2',
      note: 'family dinner',
      history: [
        { at: 1, by: 'u1', action: 'create', state: 'pending_peer' },
        { at: 2, by: 'u2', action: 'accept', state: 'pending_manager' },
        { at: 3, by: 'u9', action: 'approve', state: 'approved' },
      ],
    });
  });

  it('an offer with its volunteers and the one picked, and an emergency claimed', () => {
    keepsAnswer(requestSchema, {
      ...base,
      type: 'replace',
      state: 'pending_manager',
      shiftId: 's1',
      shiftStartsAt: 5,
      volunteers: ['e3', 'e4'],
      takerEmployeeId: 'e4',
      history: [],
    });
    keepsAnswer(requestSchema, {
      ...base,
      type: 'emergency',
      state: 'approved',
      shiftId: 's1',
      shiftStartsAt: 5,
      takerEmployeeId: 'e5',
      needsManager: false,
      history: [],
    });
  });

  it('a partial day off, a whole-day range and an availabilities change', () => {
    keepsAnswer(requestSchema, {
      ...base,
      type: 'dayOff',
      state: 'denied',
      dayOff: { startDate: '2026-06-05', endDate: '2026-06-05', start: 600, end: 840 },
      history: [],
    });
    keepsAnswer(requestSchema, {
      ...base,
      type: 'dayOff',
      state: 'cancelled',
      dayOff: { startDate: '2026-06-05', endDate: '2026-06-12', start: null, end: null },
      history: [],
    });
    keepsAnswer(requestSchema, {
      ...base,
      type: 'availabilities',
      state: 'expired',
      availabilities: { maxHoursInWeek: 30, Monday: { allDay: true } },
      history: [],
    });
  });

  it('the manager-approval policy of every type', () => {
    keepsAnswer(policySchema, {
      managerApproval: { swap: true, replace: false, emergency: false, dayOff: true, availabilities: true },
    });
  });
});
