/** The pure punch and POS rules beside the attendance use cases: closing, break pay, overlap, locks, review flags. */
import {
  assertNoOverlapWith,
  assertUnlocked,
  autoCloseAtOf,
  blankPunch,
  breaksWithPay,
  closePunch,
  derive,
  endRunningBreak,
  shiftLinkOf,
} from '../../../../src/modules/attendance/punch-rules';
import { SETTINGS_DEFAULTS, type PunchView } from '../../../../src/modules/attendance/schemas';
import {
  alreadyReceived,
  flagForReview,
  heldByManager,
  reviewed,
  vendorPunchId,
  vendorPunchVersion,
} from '../../../../src/modules/attendance/vendor-rules';

const MIN = 60_000;
const T0 = 1_741_000_000_000;
const m = (minutes: number) => T0 + minutes * MIN;
const settings = SETTINGS_DEFAULTS;

const punch = (over: Partial<PunchView> = {}): PunchView => ({
  ...blankPunch('p1', 'c1', 'e1', m(0)),
  businessDate: '2025-03-03',
  ...over,
});

describe('closing a punch', () => {
  it('ends the running break at the close and auto-approves a punch on its shift', () => {
    const open = punch({
      shift: shiftLinkOf({ id: 's1', date: '2025-03-03', workedMinutes: 0 }, m(0), m(240)),
      breaks: [{ type: 'rest', startAt: m(100), endAt: null, paid: true }],
    });
    const closed = closePunch(open, m(240), settings, {}, m(241), true);
    expect(closed.breaks[0].endAt).toBe(m(240));
    expect(closed.shift?.scheduledMinutes).toBe(240);
    expect(closed).toMatchObject({ state: 'approved', approvedBy: 'auto', approvedAt: m(241), workedMinutes: 240 });
  });

  it('leaves the punch pending when auto-approval is not allowed', () => {
    const closed = closePunch(punch(), m(60), settings, { autoClockedOut: true }, m(61), false);
    expect(closed).toMatchObject({ state: 'pending', approvedAt: null, approvedBy: null, autoClockedOut: true });
    expect(closed.exceptions).toEqual(['auto_clocked_out', 'unscheduled']);
  });

  it('never ends a break before it started', () => {
    expect(endRunningBreak([{ type: 'meal', startAt: m(10), endAt: null, paid: false }], m(5))[0].endAt).toBe(m(10));
  });

  it('closes automatically autoClockOutAfterMinutes after the clock-in', () => {
    expect(autoCloseAtOf(m(0), settings)).toBe(m(settings.autoClockOutAfterMinutes));
  });
});

describe('breaks given by a manager or a POS', () => {
  it('are sorted and paid as the settings say unless told', () => {
    const breaks = breaksWithPay(
      [
        { type: 'rest', startAt: m(90), endAt: m(100) },
        { type: 'meal', startAt: m(30), endAt: m(60) },
        { type: 'meal', startAt: m(120), endAt: null, paid: true },
      ],
      settings,
    );
    expect(breaks.map((b) => [b.startAt, b.paid])).toEqual([
      [m(30), false],
      [m(90), true],
      [m(120), true],
    ]);
    expect(derive(punch({ clockOutAt: m(200), breaks: breaks.slice(0, 2) }), settings).unpaidBreakMinutes).toBe(30);
  });
});

describe('checks', () => {
  it('refuses a punch that overlaps another of the employee, not itself', () => {
    const mine = punch({ clockOutAt: m(60) });
    expect(() => assertNoOverlapWith([mine], mine, m(100))).not.toThrow();
    const other = punch({ id: 'p2', clockInAt: m(30), clockOutAt: m(90) });
    expect(() => assertNoOverlapWith([other], mine, m(100))).toThrow(
      expect.objectContaining({ code: 'PUNCH_OVERLAP', message: 'The punch overlaps punch p2 of the employee' }),
    );
    const later = punch({ id: 'p3', clockInAt: m(60), clockOutAt: m(90) });
    expect(() => assertNoOverlapWith([later], mine, m(100))).not.toThrow();
  });

  it('refuses a business date inside a payroll lock, its edges included', () => {
    const locks = [{ startDate: '2025-03-01', endDate: '2025-03-07', lockedAt: 0, lockedBy: 'u' }];
    expect(() => assertUnlocked(locks, ['2025-03-08'])).not.toThrow();
    expect(() => assertUnlocked(locks, ['2025-03-07'])).toThrow(expect.objectContaining({ code: 'PERIOD_LOCKED' }));
  });
});

describe('POS punches', () => {
  const input = { slug: 'toast', externalId: 'x1', employeeId: 'e1', clockInAt: m(0), clockOutAt: m(60) };

  it('have a stable id per (slug, externalId) and a version per content', () => {
    expect(vendorPunchId('toast', 'x1')).toBe(vendorPunchId('toast', 'x1'));
    expect(vendorPunchId('toast', 'x1')).not.toBe(vendorPunchId('toast', 'x2'));
    expect(vendorPunchVersion(input)).toBe(vendorPunchVersion({ ...input }));
    expect(vendorPunchVersion(input)).not.toBe(vendorPunchVersion(input, true));
    expect(vendorPunchVersion(input)).not.toBe(vendorPunchVersion({ ...input, positionId: null }));
  });

  it('are held by a manager once reviewed or approved, and a flagged version counts as received', () => {
    const vendor = {
      slug: 'toast',
      externalId: 'x1',
      version: 'v1',
      needsReview: false,
      pending: null,
      reviewedAt: null,
      reviewedBy: null,
    };
    const pos = punch({ source: 'pos', vendor, clockOutAt: m(60), state: 'pending' });
    expect(heldByManager(pos)).toBe(false);
    const edited = { ...pos, vendor: reviewed(pos.vendor, 'mgr', m(70)) };
    expect(heldByManager(edited)).toBe(true);
    const flagged = flagForReview(edited, input, { version: 'v2', breaks: [], deleted: false }, m(80));
    expect(flagged.vendor).toMatchObject({
      version: 'v1',
      needsReview: true,
      pending: { version: 'v2', receivedAt: m(80) },
    });
    expect(alreadyReceived(flagged, 'v2')).toBe(true);
    expect(alreadyReceived(flagged, 'v3')).toBe(false);
    expect(reviewed(flagged.vendor, 'mgr', m(90))).toMatchObject({ version: 'v2', needsReview: false, pending: null });
  });
});
