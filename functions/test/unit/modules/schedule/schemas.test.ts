import type { z } from 'zod';
import { isoDate } from '../../../../src/http/fields';
import {
  daysStructureSchema,
  listShiftsQuery,
  postShiftQuery,
  publishBody,
  shiftAddressQuery,
  shiftIdParam,
  shiftPostBody,
  shiftPutBody,
  templatePatchBody,
} from '../../../../src/modules/schedule/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** The request schemas of the schedule module. */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('dates (YYYY-MM-DD, shared field)', () => {
  it.each(['2026-11-21', '2024-02-29', '2026-01-01', '2026-12-31'])('accepts %s', (d) => {
    expect(accepts(isoDate, d)).toBe(d);
  });

  it.each([
    '+002026-11-21',
    '2026-11-21T10:00',
    '20261121',
    '2026-11',
    '2026-1-21',
    '2026-11-1',
    '226-11-21',
    'x2026-11-21',
    '2026-11-21x',
  ])('refuses %s as not a date YYYY-MM-DD', (d) => {
    expect(messages(isoDate, d)).toContain(': must be a date YYYY-MM-DD');
  });

  it.each(['2026-02-29', '2026-13-01', '2026-04-31', '2026-00-10'])('refuses %s as not a calendar date', (d) => {
    expect(messages(isoDate, d)).toEqual([': is not a calendar date']);
  });

  it('refuses a non-string date', () => {
    expect(refuses(isoDate, 20261121)).toBe(true);
  });
});

describe('PUT /shifts/{id} body', () => {
  it('accepts start and end at the bounds 0 and 1439', () => {
    expect(accepts(shiftPutBody, { start: 0, end: 1439 })).toEqual({ start: 0, end: 1439 });
    expect(accepts(shiftPutBody, { start: 1439, end: 0 })).toEqual({ start: 1439, end: 0 });
  });

  it('accepts end null (open-ended)', () => {
    expect(accepts(shiftPutBody, { start: 540, end: null })).toEqual({ start: 540, end: null });
  });

  it.each([
    ['start 1440', { start: 1440, end: 600 }],
    ['start -1', { start: -1, end: 600 }],
    ['start 1.5', { start: 1.5, end: 600 }],
    ['start "540"', { start: '540', end: 600 }],
    ['start null', { start: null, end: 600 }],
    ['end 1440', { start: 540, end: 1440 }],
    ['end -1', { start: 540, end: -1 }],
    ['end 600.5', { start: 540, end: 600.5 }],
    ['no start', { end: 600 }],
    ['no end', { start: 540 }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(shiftPutBody, body)).toBe(true);
  });

  it('accepts every optional field', () => {
    const body = {
      start: 1320,
      end: 360,
      positionId: 'r1',
      employeeId: 'e2',
      subRoleId: 'host',
      note: 'Night',
      onHold: true,
    };
    expect(accepts(shiftPutBody, body)).toEqual(body);
    expect(accepts(shiftPutBody, { start: 1, end: 2, note: '', onHold: false })).toEqual({
      start: 1,
      end: 2,
      note: '',
      onHold: false,
    });
  });

  it('accepts a note of 2,000 characters', () => {
    expect(accepts(shiftPutBody, { start: 1, end: 2, note: 'n'.repeat(2000) }).note).toHaveLength(2000);
  });

  it.each([
    ['positionId', ''],
    ['positionId', 'a/b'],
    ['employeeId', ''],
    ['subRoleId', 1],
    ['note', 1],
    ['onHold', 'true'],
    ['date', '2026-11-21'],
    ['mode', 'draft'],
  ])('refuses %s = %j (bad value or unknown field)', (field, value) => {
    expect(refuses(shiftPutBody, { start: 540, end: 1020, [field]: value })).toBe(true);
  });

  it('refuses an end equal to the start, naming end', () => {
    expect(messages(shiftPutBody, { start: 540, end: 540 })).toEqual([
      'end: end must differ from start (use null for an open-ended shift)',
    ]);
    expect(refuses(shiftPutBody, { start: 0, end: 0 })).toBe(true);
  });
});

describe('POST /shifts body (legacy draft create)', () => {
  const post = { start: 540, end: 1020, date: '2026-11-21', employeeId: 'e1' };

  it('accepts the PUT body plus date and employeeId', () => {
    expect(accepts(shiftPostBody, post)).toEqual(post);
    expect(
      accepts(shiftPostBody, { ...post, end: null, note: 'x', onHold: true, positionId: 'r1', subRoleId: 's' }),
    ).toMatchObject({ end: null, positionId: 'r1' });
  });

  it.each([
    ['no date', { start: 540, end: 1020, employeeId: 'e1' }],
    ['no employeeId', { start: 540, end: 1020, date: '2026-11-21' }],
    ['a bad date', { ...post, date: '2026-02-30' }],
    ['an empty employeeId', { ...post, employeeId: '' }],
    ['start 1440', { ...post, start: 1440 }],
    ['end equal to start', { ...post, end: 540 }],
    ['an unknown field', { ...post, mode: 'published' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(shiftPostBody, body)).toBe(true);
  });

  it('names end when it equals start', () => {
    expect(messages(shiftPostBody, { ...post, end: 540 })).toEqual([
      'end: end must differ from start (use null for an open-ended shift)',
    ]);
  });

  it('takes companyId and an optional scheduleId in the query', () => {
    expect(accepts(postShiftQuery, { companyId: 'co-1' })).toEqual({ companyId: 'co-1' });
    expect(accepts(postShiftQuery, { companyId: 'co-1', scheduleId: 'w47' })).toEqual({
      companyId: 'co-1',
      scheduleId: 'w47',
    });
    expect(refuses(postShiftQuery, { scheduleId: 'w47' })).toBe(true);
  });
});

describe('PUT and DELETE /shifts/{id} query', () => {
  const where = { companyId: 'co-1', date: '2026-11-21', employeeId: 'e1' };

  it('defaults mode to published', () => {
    expect(accepts(shiftAddressQuery, where)).toEqual({ ...where, mode: 'published' });
  });

  it.each(['published', 'manual', 'draft'])('accepts mode %s', (mode) => {
    expect(accepts(shiftAddressQuery, { ...where, mode }).mode).toBe(mode);
  });

  it.each(['live', '', 'Published'])('refuses mode %j', (mode) => {
    expect(refuses(shiftAddressQuery, { ...where, mode })).toBe(true);
  });

  it('accepts the optional positionId, subRoleId and scheduleId', () => {
    const q = { ...where, mode: 'draft', positionId: 'r1', subRoleId: 'host', scheduleId: 'w47' };
    expect(accepts(shiftAddressQuery, q)).toEqual(q);
  });

  it.each([
    ['no companyId', { date: '2026-11-21', employeeId: 'e1' }],
    ['no date', { companyId: 'co-1', employeeId: 'e1' }],
    ['no employeeId', { companyId: 'co-1', date: '2026-11-21' }],
    ['an empty employeeId', { ...where, employeeId: '' }],
    ['an empty positionId', { ...where, positionId: '' }],
    ['a date not YYYY-MM-DD', { ...where, date: '21/11/2026' }],
  ])('refuses %s', (_what, q) => {
    expect(refuses(shiftAddressQuery, q)).toBe(true);
  });
});

describe('shift id in the path', () => {
  it('accepts a client-chosen id', () => {
    expect(accepts(shiftIdParam, { id: 'shift-1' })).toEqual({ id: 'shift-1' });
    expect(accepts(shiftIdParam, { id: 'publishing' })).toEqual({ id: 'publishing' });
  });

  it.each(['publish', 'user-shifts'])('refuses %s, the name of another route', (id) => {
    expect(messages(shiftIdParam, { id })).toEqual(['id: publish and user-shifts are not shift ids']);
  });

  it('refuses a missing, empty or slash-holding id', () => {
    expect(refuses(shiftIdParam, {})).toBe(true);
    expect(refuses(shiftIdParam, { id: '' })).toBe(true);
    expect(refuses(shiftIdParam, { id: 'a/b' })).toBe(true);
  });
});

describe('GET /shifts query', () => {
  const range = { companyId: 'co-1', startDate: '2026-11-16', endDate: '2026-11-22' };

  it('defaults includeManual to true and includeDraft to false', () => {
    expect(accepts(listShiftsQuery, range)).toEqual({ ...range, includeManual: true, includeDraft: false });
  });

  it('reads includeManual and includeDraft from "true"/"false"', () => {
    expect(accepts(listShiftsQuery, { ...range, includeManual: 'false', includeDraft: 'true' })).toMatchObject({
      includeManual: false,
      includeDraft: true,
    });
    expect(refuses(listShiftsQuery, { ...range, includeManual: 'nope' })).toBe(true);
    expect(refuses(listShiftsQuery, { ...range, includeDraft: 'nope' })).toBe(true);
  });

  it('accepts the optional employeeId, positionId and scheduleId', () => {
    const q = { ...range, employeeId: 'e1', positionId: 'r1', scheduleId: 'w47' };
    expect(accepts(listShiftsQuery, q)).toMatchObject(q);
  });

  it.each([
    ['no companyId', { startDate: '2026-11-16', endDate: '2026-11-22' }],
    ['no startDate', { companyId: 'co-1', endDate: '2026-11-22' }],
    ['no endDate', { companyId: 'co-1', startDate: '2026-11-16' }],
    ['a bad startDate', { ...range, startDate: '2026-11-31' }],
    ['a bad endDate', { ...range, endDate: '2026/11/22' }],
    ['an empty employeeId', { ...range, employeeId: '' }],
    ['an empty positionId', { ...range, positionId: '' }],
  ])('refuses %s', (_what, q) => {
    expect(refuses(listShiftsQuery, q)).toBe(true);
  });
});

describe('POST /shifts/publish body', () => {
  const range = { startDate: '2026-11-16', endDate: '2026-11-22' };

  it('accepts a date range alone, or with employeeIds and scheduleId', () => {
    expect(accepts(publishBody, range)).toEqual(range);
    expect(accepts(publishBody, { ...range, employeeIds: ['e1', 'e2'], scheduleId: 'w47' })).toEqual({
      ...range,
      employeeIds: ['e1', 'e2'],
      scheduleId: 'w47',
    });
  });

  it('accepts 1 to 200 employeeIds and refuses none or 201', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);
    expect(accepts(publishBody, { ...range, employeeIds: ids(1) }).employeeIds).toEqual(['e0']);
    expect(accepts(publishBody, { ...range, employeeIds: ids(200) }).employeeIds).toHaveLength(200);
    expect(refuses(publishBody, { ...range, employeeIds: [] })).toBe(true);
    expect(refuses(publishBody, { ...range, employeeIds: ids(201) })).toBe(true);
  });

  it("carries up to 200 employees' consents to work a draft with less rest (fair workweek)", () => {
    const consent = { employeeId: 'e1', date: '2026-11-17' };
    expect(accepts(publishBody, { ...range, restConsents: [consent] })).toEqual({ ...range, restConsents: [consent] });
    expect(accepts(publishBody, { ...range, restConsents: [] }).restConsents).toEqual([]);
    const consents = (n: number) => Array.from({ length: n }, (_, i) => ({ employeeId: `e${i}`, date: '2026-11-17' }));
    expect(accepts(publishBody, { ...range, restConsents: consents(200) }).restConsents).toHaveLength(200);
    expect(refuses(publishBody, { ...range, restConsents: consents(201) })).toBe(true);
  });

  it.each([
    ['no employee', { date: '2026-11-17' }],
    ['no date', { employeeId: 'e1' }],
    ['an empty employee id', { employeeId: '', date: '2026-11-17' }],
    ['a date that is not a calendar date', { employeeId: 'e1', date: '2026-11-31' }],
    ['an unknown field', { employeeId: 'e1', date: '2026-11-17', shiftId: 's1' }],
  ])('refuses a rest consent with %s', (_what, consent) => {
    expect(refuses(publishBody, { ...range, restConsents: [consent] })).toBe(true);
  });

  it.each([
    ['no startDate', { endDate: '2026-11-22' }],
    ['no endDate', { startDate: '2026-11-16' }],
    ['a bad date', { ...range, endDate: '2026-11-31' }],
    ['an empty employee id', { ...range, employeeIds: [''] }],
    ['an unknown field', { ...range, mode: 'draft' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(publishBody, body)).toBe(true);
  });
});

describe('schedule template', () => {
  const slot = { start: 540, end: 1020 };
  const shifts = (s: unknown) => ({ daysStructure: { Monday: { shifts: { r1: [s] } } } });

  it.each(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])(
    'accepts the day key %s',
    (day) => {
      const body = { daysStructure: { [day]: { morning: { start: 360 } } } };
      expect(accepts(templatePatchBody, body)).toEqual(body);
    },
  );

  it.each(['Funday', 'monday', ''])('refuses the day key %j', (day) => {
    expect(refuses(daysStructureSchema, { [day]: {} })).toBe(true);
  });

  it('accepts a partial template (days not sent are left out) and an empty one', () => {
    expect(accepts(templatePatchBody, { daysStructure: {} })).toEqual({ daysStructure: {} });
    expect(accepts(daysStructureSchema, { Friday: {} })).toEqual({ Friday: {} });
  });

  it('accepts full morning and evening periods with start 0 and 1439', () => {
    const day = {
      morning: { start: 0, revenue: 1200.5, perClient: 15 },
      evening: { start: 1439, revenue: 0, perClient: 0 },
    };
    expect(accepts(daysStructureSchema, { Saturday: day })).toEqual({ Saturday: day });
  });

  it.each([
    ['start', 1440],
    ['start', -1],
    ['start', 1.5],
    ['revenue', '100'],
    ['perClient', '15'],
    ['covers', 1],
  ])('refuses a period whose %s is %j', (field, value) => {
    expect(refuses(daysStructureSchema, { Monday: { morning: { [field]: value } } })).toBe(true);
    expect(refuses(daysStructureSchema, { Monday: { evening: { [field]: value } } })).toBe(true);
  });

  it('refuses unknown keys on a day object', () => {
    expect(refuses(daysStructureSchema, { Monday: { afternoon: {} } })).toBe(true);
  });

  it('accepts slots with start and end 0 and 1439, a key, and {required, hold} extras', () => {
    const body = shifts({
      start: 0,
      end: 1439,
      key: 'open',
      host: { required: 2, hold: 0 },
      bar: { required: 0, hold: 1 },
    });
    expect(accepts(templatePatchBody, body)).toEqual(body);
    expect(accepts(templatePatchBody, shifts(slot))).toEqual(shifts(slot));
  });

  it.each([
    ['no start', { end: 1020 }],
    ['no end', { start: 540 }],
    ['start 1440', { start: 1440, end: 1020 }],
    ['end 1440', { start: 540, end: 1440 }],
    ['a negative start', { start: -1, end: 1020 }],
    ['a non-string key', { ...slot, key: 1 }],
    ['an extra that is not an object', { ...slot, host: 2 }],
    ['an extra without hold', { ...slot, host: { required: 2 } }],
    ['an extra without required', { ...slot, host: { hold: 2 } }],
    ['a negative required', { ...slot, host: { required: -1, hold: 0 } }],
    ['a negative hold', { ...slot, host: { required: 0, hold: -1 } }],
    ['a fractional required', { ...slot, host: { required: 1.5, hold: 0 } }],
    ['an extra with an unknown key', { ...slot, host: { required: 1, hold: 0, min: 1 } }],
  ])('refuses a slot with %s', (_what, s) => {
    expect(refuses(templatePatchBody, shifts(s))).toBe(true);
  });

  it('refuses shifts that are not arrays of slots', () => {
    expect(refuses(templatePatchBody, { daysStructure: { Monday: { shifts: { r1: slot } } } })).toBe(true);
    expect(refuses(templatePatchBody, { daysStructure: { Monday: { shifts: [slot] } } })).toBe(true);
  });

  it('requires daysStructure and refuses unknown body fields', () => {
    expect(refuses(templatePatchBody, {})).toBe(true);
    expect(refuses(templatePatchBody, { daysStructure: {}, name: 'x' })).toBe(true);
  });
});
