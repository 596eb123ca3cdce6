import {
  EXCEPTION_TYPES,
  PUNCH_SOURCES,
  SETTINGS_DEFAULTS,
  breakEndBody,
  breakStartBody,
  bulkApproveBody,
  clockBody,
  createPunchBody,
  deletePunchQuery,
  editPunchBody,
  listPunchesQuery,
  punchIdParam,
  reasonBody,
  settingsPatchBody,
  settingsSchema,
  timesheetQuery,
} from '../../../../src/modules/attendance/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** 2026-01-01T00:00:00Z and the last instant a JS Date can hold. */
const T = 1_767_225_600_000;
const HOUR = 3_600_000;
const MAX_MS = 8_640_000_000_000_000;
const fix = { lat: 40.4169, lng: -3.7035, accuracy: 12 };
const companyId = 'harbor-vine';
const range = { companyId, startDate: '2026-03-01', endDate: '2026-03-31' };
const punch = { employeeId: 'emp-1', clockInAt: T, clockOutAt: T + 8 * HOUR, reason: 'Forgot to clock in' };
const rest = (i: number) => ({ type: 'rest', startAt: T + i * 60_000, endAt: T + i * 60_000 + 30_000 });

describe('attendance settings', () => {
  it('defaults to a 150 m geofence, 720 min auto clock-out, 10 min variance, paid rest and unpaid meal breaks, rest breaks not recorded, a break after 360 min and 5 min grace', () => {
    expect(SETTINGS_DEFAULTS).toEqual({
      geofenceRadiusMeters: 150,
      autoClockOutAfterMinutes: 720,
      autoApproveVarianceMinutes: 10,
      restBreaksPaid: true,
      mealBreaksPaid: false,
      restBreaksRecorded: false,
      breakRequiredAfterMinutes: 360,
      lateGraceMinutes: 5,
    });
    expect(accepts(settingsSchema, SETTINGS_DEFAULTS)).toEqual(SETTINGS_DEFAULTS);
  });

  it('accepts every setting at once, and an empty patch that keeps everything', () => {
    expect(accepts(settingsPatchBody, SETTINGS_DEFAULTS)).toEqual(SETTINGS_DEFAULTS);
    expect(accepts(settingsPatchBody, {})).toEqual({});
  });

  it.each([
    ['geofenceRadiusMeters', 10, 150, 10_000],
    ['autoClockOutAfterMinutes', 60, 720, 2880],
    ['autoApproveVarianceMinutes', 0, 10, 240],
    ['breakRequiredAfterMinutes', 1, 360, 1440],
    ['lateGraceMinutes', 0, 5, 120],
  ])(
    'accepts %s from %i (default %i) to %i and refuses values just outside, fractions and text',
    (field, lo, mid, hi) => {
      for (const v of [lo, mid, hi]) expect(accepts(settingsPatchBody, { [field]: v })).toEqual({ [field]: v });
      for (const v of [lo - 1, hi + 1, mid + 0.5, String(mid), null])
        expect(refuses(settingsPatchBody, { [field]: v })).toBe(true);
    },
  );

  it.each(['restBreaksPaid', 'mealBreaksPaid'])('accepts %s as true or false only', (field) => {
    expect(accepts(settingsPatchBody, { [field]: true })).toEqual({ [field]: true });
    expect(accepts(settingsPatchBody, { [field]: false })).toEqual({ [field]: false });
    expect(refuses(settingsPatchBody, { [field]: 'true' })).toBe(true);
    expect(refuses(settingsPatchBody, { [field]: 1 })).toBe(true);
  });

  it('refuses unknown fields in a settings patch', () => {
    expect(refuses(settingsPatchBody, { geofenceRadius: 150 })).toBe(true);
    expect(refuses(settingsPatchBody, { lateGraceMinutes: 5, isGeolocationEnabled: true })).toBe(true);
  });
});

describe('clocking in and out', () => {
  it('accepts an empty body, a location and the device time, and keeps them', () => {
    expect(accepts(clockBody, {})).toEqual({});
    expect(accepts(clockBody, { location: fix, deviceTime: T })).toEqual({ location: fix, deviceTime: T });
  });

  it.each([
    [{ lat: -90, lng: -180, accuracy: 0 }],
    [{ lat: 90, lng: 180, accuracy: 100_000 }],
    [{ lat: 0, lng: 0, accuracy: 4.5 }],
  ])('accepts a location on the edges of the globe and of accuracy: %j', (location) => {
    expect(accepts(clockBody, { location }).location).toEqual(location);
  });

  it.each([
    [{ ...fix, lat: -90.001 }],
    [{ ...fix, lat: 90.001 }],
    [{ ...fix, lng: -180.001 }],
    [{ ...fix, lng: 180.001 }],
    [{ ...fix, accuracy: -0.5 }],
    [{ ...fix, accuracy: 100_001 }],
    [{ lat: 1, lng: 1 }],
    [{ lng: 1, accuracy: 1 }],
    [{ lat: 1, accuracy: 1 }],
    [{ ...fix, altitude: 600 }],
    [{ ...fix, lat: '40.4' }],
    ['40.4,-3.7'],
  ])('refuses a location outside the ranges, incomplete, with unknown fields or of the wrong type: %j', (location) => {
    expect(refuses(clockBody, { location })).toBe(true);
  });

  it('accepts a device time from 0 to the last JS date, in whole ms', () => {
    for (const deviceTime of [0, T, MAX_MS]) expect(accepts(clockBody, { deviceTime })).toEqual({ deviceTime });
    for (const deviceTime of [-1, MAX_MS + 1, T + 0.5, String(T)])
      expect(refuses(clockBody, { deviceTime })).toBe(true);
  });

  it('refuses unknown fields in a clock body', () => {
    expect(refuses(clockBody, { time: T })).toBe(true);
    expect(refuses(clockBody, { location: fix, employeeId: 'emp-2' })).toBe(true);
  });
});

describe('breaks', () => {
  it('starts a rest break by default', () => {
    expect(accepts(breakStartBody, {})).toEqual({ type: 'rest' });
  });

  it.each(['rest', 'meal'])('starts a %s break', (type) => {
    expect(accepts(breakStartBody, { type, deviceTime: T })).toEqual({ type, deviceTime: T });
  });

  it('refuses an unknown break type, a bad device time and unknown fields when starting a break', () => {
    for (const body of [
      { type: 'lunch' },
      { type: '' },
      { type: 'REST' },
      { deviceTime: -1 },
      { type: 'rest', paid: true },
    ])
      expect(refuses(breakStartBody, body)).toBe(true);
  });

  it('ends a break with an optional device time and nothing else', () => {
    expect(accepts(breakEndBody, {})).toEqual({});
    expect(accepts(breakEndBody, { deviceTime: T })).toEqual({ deviceTime: T });
    expect(refuses(breakEndBody, { deviceTime: MAX_MS + 1 })).toBe(true);
    expect(refuses(breakEndBody, { type: 'rest' })).toBe(true);
  });
});

describe('a punch added by a manager', () => {
  it('accepts the required fields and defaults to no breaks', () => {
    expect(accepts(createPunchBody, punch)).toEqual({ ...punch, breaks: [] });
  });

  it.each(['employeeId', 'clockInAt', 'clockOutAt', 'reason'])('refuses a punch without %s', (field) => {
    const body: Record<string, unknown> = { ...punch };
    delete body[field];
    expect(refuses(createPunchBody, body)).toBe(true);
  });

  it('accepts breaks of either type, paid or not, and a role or none', () => {
    const breaks = [
      { type: 'rest', startAt: T + HOUR, endAt: T + HOUR + 600_000 },
      { type: 'meal', startAt: T + 4 * HOUR, endAt: T + 4.5 * HOUR, paid: true },
    ];
    expect(accepts(createPunchBody, { ...punch, breaks, positionId: 'cook' })).toEqual({
      ...punch,
      breaks,
      positionId: 'cook',
    });
    expect(accepts(createPunchBody, { ...punch, positionId: null }).positionId).toBeNull();
  });

  it('accepts up to 20 breaks and refuses 21', () => {
    expect(
      accepts(createPunchBody, { ...punch, breaks: Array.from({ length: 20 }, (_, i) => rest(i)) }).breaks,
    ).toHaveLength(20);
    expect(refuses(createPunchBody, { ...punch, breaks: Array.from({ length: 21 }, (_, i) => rest(i)) })).toBe(true);
  });

  it.each([
    [{ type: 'lunch', startAt: T, endAt: T + 1 }],
    [{ type: 'rest', startAt: T }],
    [{ type: 'rest', endAt: T }],
    [{ startAt: T, endAt: T + 1 }],
    [{ type: 'rest', startAt: -1, endAt: T }],
    [{ type: 'rest', startAt: T, endAt: MAX_MS + 1 }],
    [{ type: 'rest', startAt: T, endAt: T + 1, paid: 'yes' }],
    [{ type: 'rest', startAt: T, endAt: T + 1, note: 'coffee' }],
  ])('refuses a malformed break: %j', (bad) => {
    expect(refuses(createPunchBody, { ...punch, breaks: [bad] })).toBe(true);
  });

  it('accepts clock times from 0 to the last JS date and refuses others', () => {
    expect(accepts(createPunchBody, { ...punch, clockInAt: 0 }).clockInAt).toBe(0);
    expect(accepts(createPunchBody, { ...punch, clockOutAt: MAX_MS }).clockOutAt).toBe(MAX_MS);
    for (const over of [
      { clockInAt: -1 },
      { clockOutAt: MAX_MS + 1 },
      { clockInAt: T + 0.5 },
      { clockOutAt: String(T) },
    ])
      expect(refuses(createPunchBody, { ...punch, ...over })).toBe(true);
  });

  it('refuses an empty or malformed employee or role id', () => {
    for (const over of [{ employeeId: '' }, { employeeId: 'a/b' }, { positionId: '' }, { positionId: '..' }])
      expect(refuses(createPunchBody, { ...punch, ...over })).toBe(true);
  });

  it('refuses unknown fields, such as a state or a source', () => {
    expect(refuses(createPunchBody, { ...punch, state: 'approved' })).toBe(true);
    expect(refuses(createPunchBody, { ...punch, source: 'manager' })).toBe(true);
  });
});

describe('the reason of a change', () => {
  it('is trimmed, at least 1 and at most 500 characters', () => {
    expect(accepts(createPunchBody, { ...punch, reason: '  late bus  ' }).reason).toBe('late bus');
    expect(accepts(createPunchBody, { ...punch, reason: 'x' }).reason).toBe('x');
    expect(accepts(createPunchBody, { ...punch, reason: 'r'.repeat(500) }).reason).toBe('r'.repeat(500));
    expect(accepts(createPunchBody, { ...punch, reason: ` ${'r'.repeat(500)} ` }).reason).toBe('r'.repeat(500));
    for (const reason of ['', '   ', 'r'.repeat(501), 42])
      expect(refuses(createPunchBody, { ...punch, reason })).toBe(true);
  });

  it('is required to edit a punch, and checked the same way', () => {
    expect(accepts(editPunchBody, { reason: ' fix ' })).toEqual({ reason: 'fix' });
    expect(refuses(editPunchBody, {})).toBe(true);
    expect(refuses(editPunchBody, { clockOutAt: T })).toBe(true);
    expect(refuses(editPunchBody, { reason: '  ' })).toBe(true);
    expect(refuses(editPunchBody, { reason: 'r'.repeat(501) })).toBe(true);
  });

  it('is required in the query to delete a punch', () => {
    expect(accepts(deletePunchQuery, { companyId, reason: ' duplicate ' })).toEqual({ companyId, reason: 'duplicate' });
    expect(refuses(deletePunchQuery, { companyId })).toBe(true);
    expect(refuses(deletePunchQuery, { companyId, reason: ' ' })).toBe(true);
    expect(refuses(deletePunchQuery, { reason: 'duplicate' })).toBe(true);
  });

  it('is optional to unapprove a punch, and nothing else may be sent', () => {
    expect(accepts(reasonBody, {})).toEqual({});
    expect(accepts(reasonBody, { reason: ' wrong time ' })).toEqual({ reason: 'wrong time' });
    expect(refuses(reasonBody, { reason: '' })).toBe(true);
    expect(refuses(reasonBody, { reason: 'r'.repeat(501) })).toBe(true);
    expect(refuses(reasonBody, { note: 'x' })).toBe(true);
  });
});

describe('editing a punch', () => {
  it('accepts any of clockInAt, clockOutAt, breaks and role with a reason', () => {
    const body = { clockInAt: T, clockOutAt: T + HOUR, breaks: [rest(1)], positionId: null, reason: 'fix' };
    expect(accepts(editPunchBody, body)).toEqual(body);
    expect(accepts(editPunchBody, { breaks: [], reason: 'no breaks' })).toEqual({ breaks: [], reason: 'no breaks' });
  });

  it('refuses more than 20 breaks, bad times and unknown fields', () => {
    expect(
      accepts(editPunchBody, { breaks: Array.from({ length: 20 }, (_, i) => rest(i)), reason: 'r' }).breaks,
    ).toHaveLength(20);
    expect(refuses(editPunchBody, { breaks: Array.from({ length: 21 }, (_, i) => rest(i)), reason: 'r' })).toBe(true);
    expect(refuses(editPunchBody, { clockInAt: -1, reason: 'r' })).toBe(true);
    expect(refuses(editPunchBody, { clockOutAt: MAX_MS + 1, reason: 'r' })).toBe(true);
    expect(refuses(editPunchBody, { employeeId: 'emp-2', reason: 'r' })).toBe(true);
  });
});

describe('approving several punches', () => {
  it('accepts 1 to 200 punch ids', () => {
    expect(accepts(bulkApproveBody, { punchIds: ['p1'] })).toEqual({ punchIds: ['p1'] });
    const ids = Array.from({ length: 200 }, (_, i) => `p${i}`);
    expect(accepts(bulkApproveBody, { punchIds: ids }).punchIds).toHaveLength(200);
  });

  it('refuses no ids, 201 ids, a malformed id and unknown fields', () => {
    expect(refuses(bulkApproveBody, { punchIds: [] })).toBe(true);
    expect(refuses(bulkApproveBody, { punchIds: Array.from({ length: 201 }, (_, i) => `p${i}`) })).toBe(true);
    expect(refuses(bulkApproveBody, { punchIds: [''] })).toBe(true);
    expect(refuses(bulkApproveBody, {})).toBe(true);
    expect(refuses(bulkApproveBody, { punchIds: ['p1'], reason: 'ok' })).toBe(true);
  });
});

describe('listing punches and timesheets', () => {
  it('accepts a company and a date range', () => {
    expect(accepts(listPunchesQuery, range)).toEqual(range);
    expect(accepts(timesheetQuery, range)).toEqual(range);
  });

  it.each(['open', 'pending', 'approved'])('filters punches in state %s', (state) => {
    expect(accepts(listPunchesQuery, { ...range, state })).toEqual({ ...range, state });
  });

  it('filters punches by employee and role', () => {
    expect(accepts(listPunchesQuery, { ...range, employeeId: 'emp-1', positionId: 'cook' })).toEqual({
      ...range,
      employeeId: 'emp-1',
      positionId: 'cook',
    });
    expect(accepts(timesheetQuery, { ...range, employeeId: 'emp-1' })).toEqual({ ...range, employeeId: 'emp-1' });
  });

  it.each([
    [{ state: 'closed' }],
    [{ state: '' }],
    [{ startDate: undefined }],
    [{ endDate: undefined }],
    [{ companyId: undefined }],
    [{ startDate: '2026-3-1' }],
    [{ endDate: '2026-02-30' }],
    [{ employeeId: '' }],
    [{ positionId: 'a/b' }],
  ])('refuses a punch list query with %j', (over) => {
    expect(refuses(listPunchesQuery, { ...range, ...over })).toBe(true);
  });

  it.each([[{ startDate: undefined }], [{ endDate: '03/31/2026' }], [{ employeeId: '__x__' }], [{ companyId: '' }]])(
    'refuses a timesheet query with %j',
    (over) => {
      expect(refuses(timesheetQuery, { ...range, ...over })).toBe(true);
    },
  );
});

describe('punch ids in paths', () => {
  it('accepts a document id and refuses an empty or path-like one', () => {
    expect(accepts(punchIdParam, { punchId: 'p-1' })).toEqual({ punchId: 'p-1' });
    for (const punchId of ['', 'a/b', '.', '..', '__punch__']) expect(refuses(punchIdParam, { punchId })).toBe(true);
  });
});

describe('documented values', () => {
  it('knows the punch sources app, manager and pos', () => {
    expect([...PUNCH_SOURCES].sort()).toEqual(['app', 'manager', 'pos']);
  });

  it('knows the timesheet exceptions', () => {
    expect([...EXCEPTION_TYPES].sort()).toEqual([
      'auto_clocked_out',
      'late',
      'left_early',
      'missed_break',
      'missed_rest_break',
      'no_show',
      'overtime_risk',
      'unscheduled',
    ]);
  });
});
