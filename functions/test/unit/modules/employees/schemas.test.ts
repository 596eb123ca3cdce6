import type { z } from 'zod';
import {
  availabilitiesSchema,
  employeeCreateBody,
  listEmployeesQuery,
  positionSchema,
} from '../../../../src/modules/employees/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** The request schemas of the employees module. */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const base = { name: 'Ana', surname: 'Ruiz' };
const create = (extra: Record<string, unknown>) => ({ ...base, ...extra });
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('POST /employees body', () => {
  it('needs only name and surname, and defaults positions to []', () => {
    expect(accepts(employeeCreateBody, base)).toEqual({ ...base, positions: [] });
  });

  it.each([
    ['a missing name', { surname: 'Ruiz' }],
    ['a missing surname', { name: 'Ana' }],
    ['an empty name', { name: '', surname: 'Ruiz' }],
    ['an empty surname', { name: 'Ana', surname: '' }],
    ['a non-string name', { name: 1, surname: 'Ruiz' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(employeeCreateBody, body)).toBe(true);
  });

  it('accepts one-letter names', () => {
    expect(accepts(employeeCreateBody, { name: 'A', surname: 'B' })).toMatchObject({ name: 'A', surname: 'B' });
  });

  const OK: [string, unknown][] = [
    ['email', 'ana@example.com'],
    ...[
      'phone',
      'phoneCode',
      'address',
      'city',
      'avatar',
      'locale',
      'emergencyContact',
      'emergencyPhone',
      'emergencyPhoneCode',
      'employeeNumber',
      'importSource',
    ].map((f): [string, unknown] => [f, 'text']),
    ['hiring', 1767225600000],
    ['hiring', '2026-01-01'],
    ['bornDate', 631152000000],
    ['bornDate', '1990-01-01'],
    [
      'positions',
      [
        { categoryId: 'r1', subcategoryId: 's1' },
        { categoryId: 'r2', subcategoryId: 'x' },
      ],
    ],
    ['salary', 0],
    ['salary', 1800.5],
    ['additionalSalary', {}],
    ['additionalSalary', { bonus: 0, night: 120.5 }],
    ['createdByPivotAiAgent', true],
    ['createdByPivotAiAgent', false],
    ['employeeType', 'fulltime'],
    ['employeeType', 'parttime'],
    ['employeeType', 'casual'],
    ['rateRegular', 0],
    ['rateRegular', 12.5],
    ['rateOvertime', 0],
    ['rateOvertime', 18.75],
    ['availabilities', { maxHoursInWeek: 40, Monday: { allDay: true } }],
  ];

  it.each(OK)('accepts %s = %j, unchanged', (field, value) => {
    expect(accepts(employeeCreateBody, create({ [field]: value }))).toEqual({ positions: [], ...base, [field]: value });
  });

  const BAD: [string, unknown][] = [
    ['email', 'not-an-email'],
    ['email', ''],
    ['phone', 1],
    ['city', null],
    ['locale', 1],
    ['emergencyContact', 1],
    ['hiring', true],
    ['hiring', null],
    ['bornDate', false],
    ['positions', {}],
    ['positions', ['r1']],
    ['salary', -1],
    ['salary', '1800'],
    ['additionalSalary', { bonus: -1 }],
    ['additionalSalary', { bonus: '5' }],
    ['additionalSalary', 5],
    ['createdByPivotAiAgent', 'true'],
    ['employeeType', 'intern'],
    ['employeeType', ''],
    ['employeeType', 'Fulltime'],
    ['rateRegular', -0.5],
    ['rateRegular', '12'],
    ['rateOvertime', -0.5],
    ['rateOvertime', '18'],
    ['availabilities', 'always'],
  ];

  it.each(BAD)('refuses %s = %j', (field, value) => {
    expect(refuses(employeeCreateBody, create({ [field]: value }))).toBe(true);
  });
});

describe('positions', () => {
  it('accepts a position with both ids', () => {
    expect(accepts(positionSchema, { categoryId: 'r1', subcategoryId: 's' })).toEqual({
      categoryId: 'r1',
      subcategoryId: 's',
    });
  });

  it.each([
    ['a missing categoryId', { subcategoryId: 's1' }],
    ['a missing subcategoryId', { categoryId: 'r1' }],
    ['an empty categoryId', { categoryId: '', subcategoryId: 's1' }],
    ['an empty subcategoryId', { categoryId: 'r1', subcategoryId: '' }],
    ['a non-string subcategoryId', { categoryId: 'r1', subcategoryId: 1 }],
  ])('refuses %s', (_what, position) => {
    expect(refuses(positionSchema, position)).toBe(true);
    expect(refuses(employeeCreateBody, create({ positions: [position] }))).toBe(true);
  });
});

describe('availabilities', () => {
  it.each([
    ['maxHoursInWeek', 0],
    ['maxHoursInWeek', 168],
    ['minHoursInWeek', 0],
    ['minHoursInWeek', 168],
    ['maxDaysPerWeek', 0],
    ['maxDaysPerWeek', 7],
  ])('accepts %s = %s', (field, value) => {
    expect(accepts(availabilitiesSchema, { [field]: value })).toEqual({ [field]: value });
  });

  it.each([
    ['maxHoursInWeek', -1],
    ['maxHoursInWeek', 169],
    ['maxHoursInWeek', 1.5],
    ['maxHoursInWeek', '40'],
    ['minHoursInWeek', -1],
    ['minHoursInWeek', 169],
    ['minHoursInWeek', 1.5],
    ['maxDaysPerWeek', -1],
    ['maxDaysPerWeek', 8],
    ['maxDaysPerWeek', 2.5],
  ])('refuses %s = %s', (field, value) => {
    expect(refuses(availabilitiesSchema, { [field]: value })).toBe(true);
  });

  it('accepts an empty object and extra keys on the availabilities object', () => {
    expect(accepts(availabilitiesSchema, {})).toEqual({});
    expect(accepts(availabilitiesSchema, { note: 'prefers mornings', Holiday: 'x' })).toEqual({
      note: 'prefers mornings',
      Holiday: 'x',
    });
  });

  const day = { allDay: false, priority: 2, shift1: { start: 0, end: 720 }, shift2: { start: 1020, end: 1440 } };

  it.each(DAYS)('accepts a full %s object, with extra keys on the day', (d) => {
    const value = { [d]: { ...day, custom: 'kept' } };
    expect(accepts(availabilitiesSchema, value)).toEqual(value);
  });

  it.each(DAYS)('validates the %s object', (d) => {
    expect(refuses(availabilitiesSchema, { [d]: { shift1: { start: 0, end: 1441 } } })).toBe(true);
    expect(refuses(availabilitiesSchema, { [d]: 'all day' })).toBe(true);
  });

  it.each([
    ['allDay', 'yes'],
    ['priority', 1.5],
    ['priority', '1'],
    ['shift1', { start: -1, end: 600 }],
    ['shift1', { start: 0, end: 1441 }],
    ['shift1', { start: 0 }],
    ['shift1', { end: 600 }],
    ['shift1', { start: 0.5, end: 600 }],
    ['shift1', { start: 0, end: 600, label: 'x' }],
    ['shift2', { start: 1441, end: 1440 }],
    ['shift2', { start: 0, end: -1 }],
    ['shift2', { start: 600 }],
    ['shift2', 'evening'],
  ])('refuses a day whose %s is %j', (field, value) => {
    expect(refuses(availabilitiesSchema, { Monday: { [field]: value } })).toBe(true);
  });

  it('accepts availability minutes 0 and 1440 in shift1 and shift2', () => {
    const v = { Friday: { shift1: { start: 0, end: 1440 }, shift2: { start: 1440, end: 0 } } };
    expect(accepts(availabilitiesSchema, v)).toEqual(v);
  });

  it.each([
    [{ minHoursInWeek: 50 }],
    [{ maxHoursInWeek: 10 }],
    [{ minHoursInWeek: 10, maxHoursInWeek: 40 }],
    [{ minHoursInWeek: 20, maxHoursInWeek: 20 }],
  ])('accepts %j (minHoursInWeek not above maxHoursInWeek)', (v) => {
    expect(accepts(availabilitiesSchema, v)).toEqual(v);
  });

  it('refuses minHoursInWeek above maxHoursInWeek, naming minHoursInWeek', () => {
    expect(messages(availabilitiesSchema, { minHoursInWeek: 21, maxHoursInWeek: 20 })).toEqual([
      'minHoursInWeek: minHoursInWeek must not exceed maxHoursInWeek',
    ]);
    expect(refuses(employeeCreateBody, create({ availabilities: { minHoursInWeek: 41, maxHoursInWeek: 40 } }))).toBe(
      true,
    );
  });
});

describe('GET /employees query', () => {
  it('requires companyId and leaves the filters out when absent', () => {
    expect(accepts(listEmployeesQuery, { companyId: 'co-1' })).toEqual({ companyId: 'co-1' });
    expect(refuses(listEmployeesQuery, {})).toBe(true);
    expect(refuses(listEmployeesQuery, { companyId: '' })).toBe(true);
  });

  it.each([
    ['true', true],
    ['false', false],
  ])('reads archived=%s as %s', (text, value) => {
    expect(accepts(listEmployeesQuery, { companyId: 'co-1', archived: text }).archived).toBe(value);
  });

  it('refuses an archived value that is not a boolean', () => {
    expect(refuses(listEmployeesQuery, { companyId: 'co-1', archived: 'archived' })).toBe(true);
  });

  it('accepts role (min 1) and search, and refuses an empty role', () => {
    expect(accepts(listEmployeesQuery, { companyId: 'co-1', role: 'r1', search: 'ana' })).toEqual({
      companyId: 'co-1',
      role: 'r1',
      search: 'ana',
    });
    expect(accepts(listEmployeesQuery, { companyId: 'co-1', search: '' }).search).toBe('');
    expect(refuses(listEmployeesQuery, { companyId: 'co-1', role: '' })).toBe(true);
  });
});
