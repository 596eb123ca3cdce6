import type { z } from 'zod';
import {
  POLICY_DEFAULTS,
  REQUEST_STATES,
  REQUEST_TYPES,
  SHIFT_TYPES,
  createRequestBody,
  decisionBody,
  listRequestsQuery,
  pickBody,
  policyPatch,
  requestIdParam,
} from '../../../../src/modules/requests/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The request schemas of the requests module (swap, replace, emergency, dayOff and
 * availabilities; states; per-company policy of manager approval; listing views and filters).
 */

const issues = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

const companyId = 'harbor-vine';
const availabilities = { maxHoursInWeek: 30, Monday: { allDay: true } };
/** The smallest complete body of each type. */
const BODIES: Record<string, Record<string, unknown>> = {
  swap: { type: 'swap', shiftId: 's-1', peerShiftId: 's-2' },
  replace: { type: 'replace', shiftId: 's-1' },
  emergency: { type: 'emergency', shiftId: 's-1' },
  dayOff: { type: 'dayOff', startDate: '2026-06-01', endDate: '2026-06-03' },
  availabilities: { type: 'availabilities', availabilities },
};
/** A valid value of every field some type takes. */
const VALUES: Record<string, unknown> = {
  shiftId: 's-9',
  peerShiftId: 's-8',
  startDate: '2026-06-01',
  endDate: '2026-06-01',
  start: 600,
  end: 720,
  availabilities,
};
/** The fields each type takes. */
const TAKES: Record<string, string[]> = {
  swap: ['shiftId', 'peerShiftId'],
  replace: ['shiftId'],
  emergency: ['shiftId'],
  dayOff: ['startDate', 'endDate', 'start', 'end'],
  availabilities: ['availabilities'],
};
const REQUIRED: Record<string, string[]> = {
  swap: ['shiftId', 'peerShiftId'],
  replace: ['shiftId'],
  emergency: ['shiftId'],
  dayOff: ['startDate', 'endDate'],
  availabilities: ['availabilities'],
};

describe('request types and states', () => {
  it('are the five types of a shift request', () => {
    expect([...REQUEST_TYPES].sort()).toEqual(['availabilities', 'dayOff', 'emergency', 'replace', 'swap']);
  });

  it('count swap, replace and emergency as the types about one shift (they expire when it starts)', () => {
    expect([...SHIFT_TYPES].sort()).toEqual(['emergency', 'replace', 'swap']);
  });

  it('are the six states of a shift request', () => {
    expect([...REQUEST_STATES].sort()).toEqual([
      'approved',
      'cancelled',
      'denied',
      'expired',
      'pending_manager',
      'pending_peer',
    ]);
  });
});

describe('creating a request: the fields of each type', () => {
  it.each(Object.keys(BODIES))('accepts the smallest %s request', (type) => {
    expect(accepts(createRequestBody, BODIES[type])).toEqual(BODIES[type]);
  });

  it.each(Object.entries(REQUIRED).flatMap(([type, fields]) => fields.map((f) => [type, f])))(
    'a %s request requires %s',
    (type, field) => {
      const body = { ...BODIES[type] };
      delete body[field];
      expect(issues(createRequestBody, body)).toEqual([{ path: [field], message: `required for a ${type} request` }]);
    },
  );

  it.each(
    Object.keys(TAKES).flatMap((type) =>
      Object.keys(VALUES)
        .filter((f) => !TAKES[type].includes(f))
        .map((f) => [type, f]),
    ),
  )('a %s request refuses %s', (type, field) => {
    expect(issues(createRequestBody, { ...BODIES[type], [field]: VALUES[field] })).toEqual([
      { path: [field], message: `not a field of a ${type} request` },
    ]);
  });

  it('names every missing and every foreign field at once', () => {
    expect(issues(createRequestBody, { type: 'swap', startDate: '2026-06-10', endDate: '2026-06-01' })).toEqual([
      { path: ['shiftId'], message: 'required for a swap request' },
      { path: ['peerShiftId'], message: 'required for a swap request' },
      { path: ['startDate'], message: 'not a field of a swap request' },
      { path: ['endDate'], message: 'not a field of a swap request' },
    ]);
  });

  it('carries a note of up to 2,000 characters on any type', () => {
    for (const type of REQUEST_TYPES)
      expect(accepts(createRequestBody, { ...BODIES[type], note: 'n'.repeat(2000) }).note).toHaveLength(2000);
    expect(accepts(createRequestBody, { ...BODIES.swap, note: '' }).note).toBe('');
    expect(refuses(createRequestBody, { ...BODIES.swap, note: 'n'.repeat(2001) })).toBe(true);
  });

  it.each([
    [{ type: 'trade', shiftId: 's-1' }],
    [{ shiftId: 's-1' }],
    [{ ...BODIES.replace, shiftId: '' }],
    [{ ...BODIES.replace, shiftId: 'a/b' }],
    [{ ...BODIES.swap, peerShiftId: '' }],
    [{ ...BODIES.replace, reason: 'sick' }],
    [{ ...BODIES.replace, employeeId: 'e-1' }],
  ])('refuses %j', (body) => {
    expect(refuses(createRequestBody, body)).toBe(true);
  });

  it('refuses availabilities the employee profile would refuse', () => {
    expect(
      refuses(createRequestBody, {
        type: 'availabilities',
        availabilities: { minHoursInWeek: 40, maxHoursInWeek: 30 },
      }),
    ).toBe(true);
    expect(refuses(createRequestBody, { type: 'availabilities', availabilities: 'weekends' })).toBe(true);
  });
});

describe('creating a day-off request', () => {
  const days = { type: 'dayOff', startDate: '2026-06-01', endDate: '2026-06-01' };

  it('takes one date (startDate equal to endDate) or a range', () => {
    expect(accepts(createRequestBody, days)).toEqual(days);
    expect(accepts(createRequestBody, { ...days, startDate: '2026-05-31' })).toEqual({
      ...days,
      startDate: '2026-05-31',
    });
  });

  it('refuses an endDate before the startDate', () => {
    expect(issues(createRequestBody, { ...days, endDate: '2026-05-31' })).toEqual([
      { path: ['endDate'], message: 'endDate must not be before startDate' },
    ]);
    expect(issues(createRequestBody, { ...days, startDate: '2027-01-01', endDate: '2026-12-31' })).toEqual([
      { path: ['endDate'], message: 'endDate must not be before startDate' },
    ]);
  });

  it('refuses dates that are not calendar dates', () => {
    expect(refuses(createRequestBody, { ...days, endDate: '2026-06-31' })).toBe(true);
    expect(refuses(createRequestBody, { ...days, startDate: '06/01/2026' })).toBe(true);
  });

  it('is a partial day with start and end minutes of the day, from 0 to 1440', () => {
    expect(accepts(createRequestBody, { ...days, start: 0, end: 1440 })).toEqual({ ...days, start: 0, end: 1440 });
    expect(accepts(createRequestBody, { ...days, start: 600, end: 601 })).toEqual({ ...days, start: 600, end: 601 });
    expect(accepts(createRequestBody, { ...days, start: 1439, end: 1440 })).toEqual({
      ...days,
      start: 1439,
      end: 1440,
    });
  });

  it.each([
    [-1, 600],
    [600, 1441],
    [1441, 1442],
    [-2, -1],
    [600.5, 700],
    ['600', 700],
  ])('refuses the partial day %j to %j (minutes 0-1440, whole)', (start, end) => {
    expect(refuses(createRequestBody, { ...days, start, end })).toBe(true);
  });

  it('needs both start and end for a partial day', () => {
    expect(issues(createRequestBody, { ...days, start: 600 })).toEqual([
      { path: ['end'], message: 'a partial day needs both start and end' },
    ]);
    expect(issues(createRequestBody, { ...days, end: 600 })).toEqual([
      { path: ['end'], message: 'a partial day needs both start and end' },
    ]);
    expect(issues(createRequestBody, { ...days, start: 0 })).toEqual([
      { path: ['end'], message: 'a partial day needs both start and end' },
    ]);
  });

  it('refuses an end that is not after the start', () => {
    expect(issues(createRequestBody, { ...days, start: 600, end: 600 })).toEqual([
      { path: ['end'], message: 'end must be after start' },
    ]);
    expect(issues(createRequestBody, { ...days, start: 600, end: 599 })).toEqual([
      { path: ['end'], message: 'end must be after start' },
    ]);
    expect(issues(createRequestBody, { ...days, start: 0, end: 0 })).toEqual([
      { path: ['end'], message: 'end must be after start' },
    ]);
  });

  it('reports a reversed range and a partial day without end together', () => {
    expect(issues(createRequestBody, { ...days, endDate: '2026-05-31', start: 600 })).toEqual([
      { path: ['endDate'], message: 'endDate must not be before startDate' },
      { path: ['end'], message: 'a partial day needs both start and end' },
    ]);
  });
});

describe('a request id in the path', () => {
  it('is a document id', () => {
    expect(accepts(requestIdParam, { id: 'req-1' })).toEqual({ id: 'req-1' });
    for (const id of ['', 'a/b', '..', '__x__']) expect(refuses(requestIdParam, { id })).toBe(true);
    expect(refuses(requestIdParam, {})).toBe(true);
  });
});

describe('listing requests', () => {
  it('lists my requests by default', () => {
    expect(accepts(listRequestsQuery, { companyId })).toEqual({ companyId, view: 'mine' });
  });

  it.each(['mine', 'available', 'queue', 'all'])('has the view %s', (view) => {
    expect(accepts(listRequestsQuery, { companyId, view }).view).toBe(view);
  });

  it('filters by type, state and date range', () => {
    const q = {
      companyId,
      view: 'queue',
      type: 'dayOff',
      state: 'pending_manager',
      from: '2026-06-01',
      to: '2026-06-30',
    };
    expect(accepts(listRequestsQuery, q)).toEqual(q);
    for (const type of REQUEST_TYPES) expect(accepts(listRequestsQuery, { companyId, type }).type).toBe(type);
    for (const state of REQUEST_STATES) expect(accepts(listRequestsQuery, { companyId, state }).state).toBe(state);
  });

  it.each([
    [{ view: 'team' }],
    [{ view: '' }],
    [{ type: 'trade' }],
    [{ state: 'pending' }],
    [{ from: '2026-06-31' }],
    [{ to: '2026-6-1' }],
    [{ companyId: undefined }],
    [{ companyId: '' }],
  ])('refuses %j', (over) => {
    expect(refuses(listRequestsQuery, { companyId, ...over })).toBe(true);
  });
});

describe('the steps of a request', () => {
  it('picks one volunteer by employee id, nothing else', () => {
    expect(accepts(pickBody, { employeeId: 'e-2' })).toEqual({ employeeId: 'e-2' });
    for (const body of [{}, { employeeId: '' }, { employeeId: 'a/b' }, { employeeId: 'e-2', note: 'thanks' }])
      expect(refuses(pickBody, body)).toBe(true);
  });

  it('decides (accept, approve, deny, ...) with an optional note of up to 2,000 characters', () => {
    expect(accepts(decisionBody, {})).toEqual({});
    expect(accepts(decisionBody, { note: 'n'.repeat(2000) }).note).toHaveLength(2000);
    expect(accepts(decisionBody, { note: 'ok' })).toEqual({ note: 'ok' });
    for (const body of [{ note: 'n'.repeat(2001) }, { note: 1 }, { reason: 'no' }])
      expect(refuses(decisionBody, body)).toBe(true);
  });
});

describe('the manager-approval policy', () => {
  it('needs a manager for every type but emergency by default', () => {
    expect(POLICY_DEFAULTS).toEqual({
      managerApproval: { swap: true, replace: true, emergency: false, dayOff: true, availabilities: true },
    });
  });

  it('is patched one type or more at a time', () => {
    expect(accepts(policyPatch, { managerApproval: {} })).toEqual({ managerApproval: {} });
    for (const type of REQUEST_TYPES)
      expect(accepts(policyPatch, { managerApproval: { [type]: false } })).toEqual({
        managerApproval: { [type]: false },
      });
    const all = { swap: false, replace: false, emergency: true, dayOff: false, availabilities: false };
    expect(accepts(policyPatch, { managerApproval: all })).toEqual({ managerApproval: all });
  });

  it.each([
    [{}],
    [{ managerApproval: { trade: true } }],
    [{ managerApproval: { swap: 'yes' } }],
    [{ managerApproval: true }],
    [{ managerApproval: {}, notify: true }],
  ])('refuses the patch %j', (body) => {
    expect(refuses(policyPatch, body)).toBe(true);
  });
});
