import { openEntryFromDoc, punchFromDoc, settingsFromSnapshot } from '../../../../src/modules/attendance/repo';
import { SETTINGS_DEFAULTS } from '../../../../src/modules/attendance/schemas';
import { refusal, storedSnapshot } from '../../../helpers/stored';

const T = 1_767_225_600_000;
const HOUR = 3_600_000;
const punchPath = 'companies/co-1/punches/p1';

/** The fields every punch has had since the first one was written. */
const oldest = {
  companyId: 'co-1',
  employeeId: 'emp-1',
  businessDate: '2026-01-01',
  clockInAt: T,
  clockOutAt: T + 8 * HOUR,
  state: 'approved',
};

describe('attendance documents decoded by their schemas', () => {
  it('reads an older punch with the defaults of what it lacks', () => {
    expect(punchFromDoc(storedSnapshot(punchPath, oldest))).toEqual({
      id: 'p1',
      ...oldest,
      positionId: null,
      deviceClockInAt: null,
      deviceClockOutAt: null,
      clockInLocation: null,
      clockOutLocation: null,
      breaks: [],
      shift: null,
      lateMinutes: 0,
      leftEarlyMinutes: 0,
      autoClockedOut: false,
      source: 'app',
      vendor: null,
      workedMinutes: null,
      paidBreakMinutes: 0,
      unpaidBreakMinutes: 0,
      exceptions: [],
      createdAt: 0,
      updatedAt: 0,
      approvedAt: null,
      approvedBy: null,
    });
  });

  it('reads the nested defaults: a location without accuracy, an open break, a shift link without minutes', () => {
    const punch = punchFromDoc(
      storedSnapshot(punchPath, {
        ...oldest,
        clockInLocation: { lat: 40.4, lng: -3.7 },
        breaks: [{ type: 'meal', startAt: T + HOUR }],
        shift: { shiftId: 's1', date: '2026-01-01', scheduledStartAt: T, scheduledEndAt: T + 8 * HOUR },
      }),
    );
    expect(punch.clockInLocation).toEqual({ lat: 40.4, lng: -3.7, accuracy: 0 });
    expect(punch.breaks).toEqual([{ type: 'meal', startAt: T + HOUR, endAt: null, paid: false }]);
    expect(punch.shift?.scheduledMinutes).toBe(0);
  });

  it('a POS punch waits for review only while a POS version is set aside', () => {
    const vendor = { slug: 'toast', externalId: 'x-1', needsReview: true };
    expect(punchFromDoc(storedSnapshot(punchPath, { ...oldest, source: 'pos', vendor })).vendor).toEqual({
      ...vendor,
      needsReview: false,
      version: null,
      pending: null,
      reviewedAt: null,
      reviewedBy: null,
    });
  });

  it('reads what an older writer stored as the hand-written decoder read it: unknown states, sources, break types and exceptions, any fix', () => {
    const punch = punchFromDoc(
      storedSnapshot(punchPath, {
        ...oldest,
        state: 'done',
        source: 'kiosk',
        breaks: [{ type: 'smoke', startAt: T + HOUR }],
        exceptions: ['late', 'gone_fishing'],
        clockInLocation: { lat: 123, lng: 200, accuracy: 250_000 },
        clockOutLocation: { lat: 'north' },
      }),
    );
    expect(punch.state).toBe('pending');
    expect(punch.source).toBe('app');
    expect(punch.breaks[0]?.type).toBe('rest');
    expect(punch.exceptions).toEqual(['late']);
    expect(punch.clockInLocation).toEqual({ lat: 123, lng: 200, accuracy: 250_000 });
    expect(punch.clockOutLocation).toBeNull();
  });

  it('refuses a punch with a clock-in of the wrong type', async () => {
    await expect(
      refusal(() => punchFromDoc(storedSnapshot(punchPath, { ...oldest, clockInAt: String(T) }))),
    ).resolves.toMatch(/clockInAt: Invalid input: expected number/);
  });

  it('reads the open-punch entry and refuses one without its punch', async () => {
    const entry = { companyId: 'co-1', employeeId: 'emp-1', punchId: 'p1', clockInAt: T, autoCloseAt: T + 12 * HOUR };
    expect(openEntryFromDoc(storedSnapshot('openPunches/co-1~emp-1', entry))).toEqual(entry);
    await expect(
      refusal(() => openEntryFromDoc(storedSnapshot('openPunches/co-1~emp-1', { ...entry, punchId: undefined }))),
    ).resolves.toMatch(/punchId: Invalid input/);
  });

  it('reads the settings over their defaults, the defaults without a document or for a wrong-typed one', () => {
    const path = 'companies/co-1/attendanceSettings/current';
    expect(settingsFromSnapshot(storedSnapshot(path, undefined))).toEqual(SETTINGS_DEFAULTS);
    expect(settingsFromSnapshot(storedSnapshot(path, { lateGraceMinutes: 0, updatedAt: T }))).toEqual({
      ...SETTINGS_DEFAULTS,
      lateGraceMinutes: 0,
    });
    // as the hand-written decoder read them: a value of another type is the default, a number outside PATCH's range is kept
    expect(settingsFromSnapshot(storedSnapshot(path, { mealBreaksPaid: 'yes', geofenceRadiusMeters: 5 }))).toEqual({
      ...SETTINGS_DEFAULTS,
      geofenceRadiusMeters: 5,
    });
  });
});
