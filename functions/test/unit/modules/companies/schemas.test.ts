import type { z } from 'zod';
import { companyIdParam } from '../../../../src/http/fields';
import {
  companyPoliciesPatch,
  companyProfilePatch,
  companySettingsPatch,
} from '../../../../src/modules/companies/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** The request schemas of the companies module (PATCH bodies, path id). */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

type Row = [field: string, value: unknown];
/** Each field of a table, with the values it accepts and those it refuses, as [field, value] rows. */
const rows = (table: Record<string, [ok: unknown[], bad: unknown[]]>, which: 0 | 1): Row[] =>
  Object.entries(table).flatMap(([field, values]) => values[which].map((v): Row => [field, v]));

const BOOL: [unknown[], unknown[]] = [
  [true, false],
  ['true', 1, null],
];
const TEXT: [unknown[], unknown[]] = [
  ['', 'some text'],
  [1, null],
];

describe('PATCH /companies/{id} path', () => {
  it('accepts a company id and refuses a missing, empty or slash-holding one', () => {
    expect(accepts(companyIdParam, { id: 'co-1' })).toEqual({ id: 'co-1' });
    expect(refuses(companyIdParam, {})).toBe(true);
    expect(refuses(companyIdParam, { id: '' })).toBe(true);
    expect(refuses(companyIdParam, { id: 'a/b' })).toBe(true);
  });
});

describe('company profile patch', () => {
  const PROFILE: Record<string, [unknown[], unknown[]]> = {
    name: [
      ['a', 'Harbor Bistro'],
      ['', 1, null],
    ],
    description: TEXT,
    address: TEXT,
    city: TEXT,
    phone: TEXT,
    phoneCode: TEXT,
    email: [['owner@example.com'], ['not-an-email', '', 1]],
    domain: [['example.com', null], [1]],
    location: [
      [
        { lat: 40.4, lng: -3.7 },
        { lat: -90, lng: -180 },
        { lat: 90, lng: 180 },
        { lat: 0, lng: 0 },
      ],
      [
        { lat: -90.1, lng: 0 },
        { lat: 90.1, lng: 0 },
        { lat: 0, lng: -180.1 },
        { lat: 0, lng: 180.1 },
        { lat: 1 },
        { lng: 1 },
        { lat: '1', lng: 1 },
        { lat: 1, lng: '1' },
        'here',
      ],
    ],
    locations: [
      [{}, { main: { lat: 40.4, lng: -3.7 }, terrace: { lat: -90, lng: 180 } }],
      [
        { main: { lat: 1 } },
        { main: { lng: 1 } },
        { main: { lat: 91, lng: 0 } },
        { main: { lat: 0, lng: -181 } },
        { main: 'here' },
      ],
    ],
    image: [['https://example.com/logo.png', null], [1]],
    imageSize: [
      ['cover', 'contain'],
      ['fill', '', 'COVER'],
    ],
    industry: [['restaurant', null], [1]],
    timezone: [
      ['Europe/Madrid', 'UTC', 'America/New_York'],
      ['Mars/Olympus', 'Not a zone', 1],
    ],
    timezoneCityId: [['madrid', ''], [1]],
    weekStartingDay: [
      [0, 1, 6],
      [-1, 7, 1.5, '1', null],
    ],
    timeFormat: [
      ['12h', '24h'],
      ['24', '', '12H'],
    ],
    payrollStartingDay: [
      [0, 3, 6],
      [-1, 7, 1.5, '1'],
    ],
    defaultDuration: [
      [1, 480],
      [0, -1, 1.5, '480'],
    ],
    betweenShifts: [
      [0, 60],
      [-1, 1.5, '60'],
    ],
    maxDayHours: [
      [false, 0.5, 10],
      [0, -1, true, '10', null],
    ],
    recurrentShiftsGap: [
      [0, 7],
      [-1, 1.5, '7'],
    ],
    excludeBreaks: BOOL,
    generationFormat: [
      ['standard', 'seniority'],
      ['other', ''],
    ],
    breaks: [
      [{}, { short: { hours: 4, length: 15 }, long: { hours: 6, length: 30 } }],
      [
        { lunch: { hours: 6 } },
        { lunch: { length: 30 } },
        { lunch: { hours: '6', length: 30 } },
        { lunch: { hours: 6, length: '30' } },
        { lunch: 30 },
      ],
    ],
    daysStructure: [
      [{}, { Monday: { anything: [1, 2] } }],
      ['Monday', 1, null],
    ],
    employeesOrder: [
      [[], ['e1', 'e2']],
      [['e1', 2], 'e1'],
    ],
    roleOrders: [
      [{}, { r1: 2, r2: 0.5 }],
      [{ r1: '2' }, { r1: null }, [1]],
    ],
    createdByOnboarding: BOOL,
    onboardingCompleted: BOOL,
    hasAccessToAttendance: BOOL,
  };

  it.each(rows(PROFILE, 0))('accepts %s = %j on its own, unchanged', (field, value) => {
    expect(accepts(companyProfilePatch, { [field]: value })).toEqual({ [field]: value });
  });

  it.each(rows(PROFILE, 1))('refuses %s = %j', (field, value) => {
    expect(refuses(companyProfilePatch, { [field]: value })).toBe(true);
  });

  it('accepts an empty patch (every field optional) and a patch of several fields at once', () => {
    expect(accepts(companyProfilePatch, {})).toEqual({});
    const patch = {
      name: 'Harbor',
      city: 'Boston',
      weekStartingDay: 0,
      maxDayHours: false,
      location: { lat: 42.36, lng: -71.05 },
      domain: null,
    };
    expect(accepts(companyProfilePatch, patch)).toEqual(patch);
  });

  it('refuses unknown fields (additionalProperties false), also beside known ones', () => {
    expect(refuses(companyProfilePatch, { secretInternalField: 1 })).toBe(true);
    expect(refuses(companyProfilePatch, { name: 'Harbor', id: 'other' })).toBe(true);
  });

  it('refuses a body that is not an object', () => {
    expect(refuses(companyProfilePatch, 'name')).toBe(true);
    expect(refuses(companyProfilePatch, null)).toBe(true);
  });

  it('says why a time zone is refused: it must be an IANA zone', () => {
    expect(messages(companyProfilePatch, { timezone: 'Mars/Olympus' })).toEqual([
      'timezone: must be an IANA time zone, e.g. Europe/Madrid',
    ]);
  });
});

describe('company settings patch', () => {
  const SETTINGS: Record<string, [unknown[], unknown[]]> = {
    attendanceBreaksEnabled: BOOL,
    attendanceActivationDate: [
      ['2026-01-01', ''],
      [1, null],
    ],
    conflictsDetectionEnabled: BOOL,
    weatherApiEnabled: BOOL,
    enableShiftSplitting: BOOL,
    hasCaterer: BOOL,
    hasAccessToLaborCost: BOOL,
    generationPriority: [
      ['longer-shifts', 'period-start', 'chronological'],
      ['shortest', '', 'Chronological'],
    ],
    maxHoursPerWeek: [
      [0.5, 40],
      [0, -1, '40', null],
    ],
    morningPeriodEnd: [
      [0, 960],
      [-1, 1.5, '960'],
    ],
    dayChangeTime: [
      [0, 14400, 86400],
      [-1, 86401, 1.5, '0'],
    ],
    aiAgentEnabled: BOOL,
    aiAgentPersona: TEXT,
    isPayrollTabsEnabled: BOOL,
    timezoneCityId: TEXT,
    fairWorkweekJurisdiction: [
      ['none', 'nyc', 'seattle', 'oregon', 'chicago'],
      ['NYC', 'california', 'new-york', ''],
    ],
  };

  it.each(rows(SETTINGS, 0))('accepts %s = %j on its own, unchanged', (field, value) => {
    expect(accepts(companySettingsPatch, { [field]: value })).toEqual({ [field]: value });
  });

  it.each(rows(SETTINGS, 1))('refuses %s = %j', (field, value) => {
    expect(refuses(companySettingsPatch, { [field]: value })).toBe(true);
  });

  it('accepts an empty patch and refuses unknown fields', () => {
    expect(accepts(companySettingsPatch, {})).toEqual({});
    expect(refuses(companySettingsPatch, { maxHoursPerWeek: 38, unknownSetting: true })).toBe(true);
  });
});

describe('company policies patch', () => {
  const POLICIES = [
    'employeeInteractionGroup',
    'employeeInteractionMessages',
    'employeeInteractionWorkWith',
    'employeesCanSeeShiftEndTimes',
    'isGeolocationEnabled',
    'hideFinancialInfoFromManagers',
    'hideTipsFromManagers',
  ];

  it.each(POLICIES)('accepts %s true or false and refuses a non-boolean', (field) => {
    expect(accepts(companyPoliciesPatch, { [field]: true })).toEqual({ [field]: true });
    expect(accepts(companyPoliciesPatch, { [field]: false })).toEqual({ [field]: false });
    expect(refuses(companyPoliciesPatch, { [field]: 'true' })).toBe(true);
    expect(refuses(companyPoliciesPatch, { [field]: null })).toBe(true);
  });

  it('accepts all seven policies at once and an empty patch', () => {
    const all = Object.fromEntries(POLICIES.map((f, i) => [f, i % 2 === 0]));
    expect(accepts(companyPoliciesPatch, all)).toEqual(all);
    expect(accepts(companyPoliciesPatch, {})).toEqual({});
  });

  it('refuses unknown fields', () => {
    expect(refuses(companyPoliciesPatch, { hideTips: true })).toBe(true);
    expect(refuses(companyPoliciesPatch, { isGeolocationEnabled: true, canSeeEverything: true })).toBe(true);
  });
});
