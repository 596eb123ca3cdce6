import fc from 'fast-check';
import type { DomainEvent } from '../../../../src/core/domain-event';
import type { Membership } from '../../../../src/core/memberships';
import type { ViewPolicies } from '../../../../src/http/visibility';
import { digestText } from '../../../../src/modules/events/digest';
import { copyFor, inQuietHours, recipientsOf } from '../../../../src/modules/events/rules';

const policies = (hidePay: boolean): ViewPolicies => ({
  hideFinancialInfoFromManagers: hidePay,
  hideTipsFromManagers: false,
  employeesCanSeeShiftEndTimes: true,
  hasAccessToLaborCost: true,
});
const EMPLOYEES = ['e1', 'e2', 'e3'];
const premium = fc.record({
  shiftId: fc.constantFrom('s1', 's2', 's3'),
  employeeId: fc.constantFrom(...EMPLOYEES),
  date: fc.constant('2026-03-02'),
  rule: fc.constant('nycScheduleChange'),
  amountMinor: fc.integer({ min: 1, max: 20_000 }),
  payHours: fc.constant(null),
});
const published = (premiums: DomainEvent['data'][]): DomainEvent => ({
  id: 'evt_1',
  type: 'shift.published',
  companyId: 'co',
  occurredAt: '2026-03-01T10:00:00.000Z',
  actor: { uid: 'm' },
  subjects: {},
  version: 1,
  data: {
    startDate: '2026-03-02',
    endDate: '2026-03-08',
    shifts: EMPLOYEES.map((e, i) => ({ shiftId: `s${i}`, employeeId: e, date: '2026-03-02' })),
    premiums,
  },
});
const member = (role: Membership['role'], employeeId: string | null): Membership => ({
  companyId: 'co',
  uid: `u-${role}-${employeeId}`,
  role,
  employeeId,
});

describe('a recipient’s copy of an event', () => {
  it('an employee’s copy holds only their own shifts and premiums, pay included; nobody else’s', () => {
    fc.assert(
      fc.property(fc.array(premium, { maxLength: 8 }), fc.constantFrom(...EMPLOYEES), (premiums, me) => {
        const copy = copyFor(published(premiums), member('employee', me), policies(false)) as {
          shifts: { employeeId: string }[];
          premiums: { employeeId: string; amountMinor: number | null }[];
        };
        expect(copy.shifts.every((s) => s.employeeId === me)).toBe(true);
        expect(copy.premiums).toHaveLength(premiums.filter((p) => p.employeeId === me).length);
        expect(copy.premiums.every((p) => p.employeeId === me && p.amountMinor !== null)).toBe(true);
      }),
    );
  });

  it('a manager sees every premium, without amounts when the company hides pay from managers', () => {
    fc.assert(
      fc.property(fc.array(premium, { minLength: 1, maxLength: 8 }), fc.boolean(), (premiums, hidePay) => {
        const copy = copyFor(published(premiums), member('manager', null), policies(hidePay)) as {
          premiums: { amountMinor: number | null }[];
        };
        expect(copy.premiums).toHaveLength(premiums.length);
        expect(copy.premiums.every((p) => (p.amountMinor === null) === hidePay)).toBe(true);
      }),
    );
  });
});

describe('who an event reaches', () => {
  it('addressed employees, named uids and every member from the role up; each once, nobody else', () => {
    const members = [
      member('employee', 'e1'),
      member('employee', 'e2'),
      member('manager', 'e3'),
      member('owner', null),
    ];
    const uids = (ms: Membership[]) => ms.map((m) => m.uid).sort();
    expect(uids(recipientsOf({ employeeIds: ['e1'], uids: [], minRole: null }, members))).toEqual(['u-employee-e1']);
    expect(uids(recipientsOf({ employeeIds: ['e3'], uids: [], minRole: 'manager' }, members))).toEqual([
      'u-manager-e3',
      'u-owner-null',
    ]);
    expect(uids(recipientsOf({ employeeIds: [], uids: ['u-employee-e2'], minRole: 'owner' }, members))).toEqual([
      'u-employee-e2',
      'u-owner-null',
    ]);
  });
});

describe('quiet hours on the company clock', () => {
  // 2026-03-02 03:30 UTC is 22:30 the evening before in New York (EST, UTC-5)
  const at = Date.UTC(2026, 2, 2, 3, 30);
  it('a window over midnight holds late evening and early morning, read in the company’s time zone', () => {
    expect(inQuietHours(at, { start: '22:00', end: '07:00' }, 'America/New_York')).toBe(true);
    expect(inQuietHours(at, { start: '22:00', end: '07:00' }, 'Europe/London')).toBe(true);
    expect(inQuietHours(at, { start: '23:00', end: '07:00' }, 'America/New_York')).toBe(false);
    expect(inQuietHours(at, { start: '12:00', end: '14:00' }, 'Asia/Tokyo')).toBe(true);
    expect(inQuietHours(at, null, 'America/New_York')).toBe(false);
  });

  it('a window holds its start minute and not its end minute', () => {
    expect(inQuietHours(at, { start: '22:30', end: '23:00' }, 'America/New_York')).toBe(true);
    expect(inQuietHours(at, { start: '21:00', end: '22:30' }, 'America/New_York')).toBe(false);
    expect(inQuietHours(at, { start: '22:30', end: '06:00' }, 'America/New_York')).toBe(true);
    expect(inQuietHours(at, { start: '23:00', end: '22:30' }, 'America/New_York')).toBe(false);
  });

  it('a window and its complement split every minute of the day between them', () => {
    const hhmm = fc
      .integer({ min: 0, max: 1439 })
      .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(hhmm, hhmm, fc.integer({ min: 0, max: 2 ** 40 }), (start, end, ms) => {
        fc.pre(start !== end);
        const inside = inQuietHours(ms, { start, end }, 'America/Chicago');
        const outside = inQuietHours(ms, { start: end, end: start }, 'America/Chicago');
        expect(inside).toBe(!outside);
      }),
    );
  });
});

describe('the email digest', () => {
  it('one message lists every event of the window, oldest first', () => {
    const { subject, text } = digestText([
      { type: 'shift.changed', occurredAt: '2026-03-01T10:05:00Z', title: 'Shift changed', body: 'B' },
      { type: 'shift.published', occurredAt: '2026-03-01T10:00:00Z', title: 'New schedule published', body: 'A' },
    ]);
    expect(subject).toBe('2 updates from your team');
    expect(text.indexOf('New schedule published')).toBeLessThan(text.indexOf('Shift changed'));
  });
});
