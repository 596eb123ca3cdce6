import {
  BLOCKING_RULES,
  DEFAULT_TIME_LIMIT_SECONDS,
  MAX_TIME_LIMIT_SECONDS,
  UNFILLED_REASONS,
  generateBody,
  proposalIdParam,
} from '../../../../../src/modules/schedule/generate/schemas';
import { accepts, refuses } from '../../../../helpers/accepts';

/**
 * The request schemas of schedule generation (a date range, optionally some roles or
 * employees, a solver time limit; the unfilled reasons and the hard rules a proposal names).
 */

const range = { startDate: '2026-03-02', endDate: '2026-03-08' };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('POST /schedule-proposals body', () => {
  it('needs only the date range, and gives the solver 9 seconds by default', () => {
    expect(DEFAULT_TIME_LIMIT_SECONDS).toBe(9);
    expect(accepts(generateBody, range)).toEqual({ ...range, timeLimitSeconds: 9, seatsFrom: 'template' });
  });

  it('takes roles, employees, a schedule and a time limit', () => {
    const body = {
      ...range,
      roleIds: ['cook'],
      employeeIds: ['e1', 'e2'],
      scheduleId: 'week-10',
      timeLimitSeconds: 2.5,
      seatsFrom: 'forecast',
    };
    expect(accepts(generateBody, body)).toEqual(body);
  });

  it('limits the solver to 1 to 30 seconds', () => {
    expect(MAX_TIME_LIMIT_SECONDS).toBe(30);
    expect(accepts(generateBody, { ...range, timeLimitSeconds: 1 }).timeLimitSeconds).toBe(1);
    expect(accepts(generateBody, { ...range, timeLimitSeconds: 30 }).timeLimitSeconds).toBe(30);
    for (const timeLimitSeconds of [0.99, 0, 30.01, 31, '9', null])
      expect(refuses(generateBody, { ...range, timeLimitSeconds })).toBe(true);
  });

  it('takes 1 to 50 role ids', () => {
    expect(accepts(generateBody, { ...range, roleIds: ids(1) }).roleIds).toEqual(['id-0']);
    expect(accepts(generateBody, { ...range, roleIds: ids(50) }).roleIds).toHaveLength(50);
    expect(refuses(generateBody, { ...range, roleIds: [] })).toBe(true);
    expect(refuses(generateBody, { ...range, roleIds: ids(51) })).toBe(true);
  });

  it('takes 1 to 500 employee ids', () => {
    expect(accepts(generateBody, { ...range, employeeIds: ids(1) }).employeeIds).toEqual(['id-0']);
    expect(accepts(generateBody, { ...range, employeeIds: ids(500) }).employeeIds).toHaveLength(500);
    expect(refuses(generateBody, { ...range, employeeIds: [] })).toBe(true);
    expect(refuses(generateBody, { ...range, employeeIds: ids(501) })).toBe(true);
  });

  it('takes a schedule id of 1 to 200 characters', () => {
    expect(accepts(generateBody, { ...range, scheduleId: 'w' }).scheduleId).toBe('w');
    expect(accepts(generateBody, { ...range, scheduleId: 'w'.repeat(200) }).scheduleId).toHaveLength(200);
    expect(refuses(generateBody, { ...range, scheduleId: '' })).toBe(true);
    expect(refuses(generateBody, { ...range, scheduleId: 'w'.repeat(201) })).toBe(true);
  });

  it.each([
    ['no startDate', { endDate: range.endDate }],
    ['no endDate', { startDate: range.startDate }],
    ['a date that is not a calendar date', { ...range, endDate: '2026-02-29' }],
    ['a date in another format', { ...range, startDate: '03/02/2026' }],
    ['an empty role id', { ...range, roleIds: [''] }],
    ['a path-like employee id', { ...range, employeeIds: ['a/b'] }],
    ['an unknown field', { ...range, mode: 'published' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(generateBody, body)).toBe(true);
  });
});

describe('a proposal id in the path', () => {
  it('is a document id', () => {
    expect(accepts(proposalIdParam, { id: 'p-1' })).toEqual({ id: 'p-1' });
    for (const id of ['', 'a/b', '.', '__x__']) expect(refuses(proposalIdParam, { id })).toBe(true);
  });
});

describe('what a proposal names', () => {
  it('gives an unfilled seat one of four reasons', () => {
    expect([...UNFILLED_REASONS].sort()).toEqual([
      'allCandidatesBusy',
      'held',
      'noAvailableEmployee',
      'noQualifiedEmployee',
    ]);
  });

  it('names the hard rule that kept each candidate off a seat', () => {
    expect([...BLOCKING_RULES].sort()).toEqual([
      'availability',
      'betweenShifts',
      'maxDayHours',
      'maxDaysPerWeek',
      'maxHoursInWeek',
      'minor',
      'minorHours',
      'otherLocation',
      'overlap',
      'position',
      'timeOff',
    ]);
  });
});
