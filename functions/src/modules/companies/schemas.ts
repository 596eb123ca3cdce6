import { z } from 'zod';
import { isoDate, timeZone } from '../../http/fields';

/** The predictive-scheduling rule packs by id (compliance's SCHEDULING_PACK_IDS; a unit test keeps the two equal). */
export const SCHEDULING_LAWS = [
  'nyc',
  'seattle',
  'oregon',
  'chicago',
  'sf',
  'la-city',
  'la-county',
  'philadelphia',
  'evanston',
  'emeryville',
  'berkeley',
] as const;

const latLng = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** The writable company profile. */
export const companyProfilePatch = z
  .strictObject({
    name: z.string().min(1),
    description: z.string(),
    address: z.string(),
    city: z.string(),
    phone: z.string(),
    phoneCode: z.string(),
    email: z.email(),
    domain: z.string().nullable(),
    location: latLng,
    locations: z.record(z.string(), latLng),
    image: z.string().nullable(),
    imageSize: z.enum(['cover', 'contain']),
    industry: z.string().nullable(),
    timezone: timeZone,
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals (ES, US)')
      .describe(
        "ISO 3166-1 alpha-2 country of the company (owners only): the forecast's public holidays and observances follow it",
      ),
    region: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'the subdivision part of an ISO 3166-2 code in capitals (MD for ES-MD, CA for US-CA)')
      .nullable()
      .describe(
        "Region of the country, the subdivision part of its ISO 3166-2 code (MD: Comunidad de Madrid) (owners only): adds the region's holidays to the forecast's calendar; one the holiday library does not know for the country is 400 VALIDATION_FAILED; null: none",
      ),
    timezoneCityId: z.string(),
    weekStartingDay: z.int().min(0).max(6).describe('0 = Sunday ... 6 = Saturday'),
    timeFormat: z.enum(['12h', '24h']),
    payrollStartingDay: z.int().min(0).max(6),
    defaultDuration: z.int().gt(0).describe('Default shift length in minutes'),
    betweenShifts: z.int().min(0).describe('Minimum rest between two shifts of an employee, in minutes'),
    maxDayHours: z
      .union([z.number().gt(0), z.literal(false)])
      .describe('Most hours an employee may work in a day; false disables the limit'),
    recurrentShiftsGap: z.int().min(0),
    excludeBreaks: z.boolean().describe('Subtract breaks when counting worked hours'),
    generationFormat: z.enum(['standard', 'seniority']),
    breaks: z
      .record(z.string(), z.strictObject({ hours: z.number(), length: z.number() }))
      .describe('Break rules: a shift of at least `hours` hours has a break of `length` minutes'),
    daysStructure: z.record(z.string(), z.unknown()).describe('Free-form here; the schedule module validates it'),
    employeesOrder: z.array(z.string()),
    roleOrders: z.record(z.string(), z.number()),
    createdByOnboarding: z.boolean(),
    onboardingCompleted: z.boolean(),
    hasAccessToAttendance: z.boolean(),
    lawLocation: z
      .strictObject({
        state: z.string().regex(/^[A-Z]{2}$/, 'a two-letter US state code in capitals (CA, NY)'),
        county: z.string().min(1).nullable().describe('County name (Los Angeles); null: not given'),
        city: z
          .string()
          .min(1)
          .nullable()
          .describe('City name (San Francisco, New York City); null: outside any city (an unincorporated area)'),
      })
      .nullable()
      .describe(
        "Where the workplace is, for labour law (owners only): the rule packs of its state, county and city apply (GET /compliance/rules); null: none given. Names are matched without case or a 'City'/'County' word",
      ),
    lawCoverage: z
      .array(z.enum(SCHEDULING_LAWS))
      .describe(
        "The predictive-scheduling laws whose coverage threshold the company attests it meets (owners only; each pack's threshold is in GET /compliance/rules). A law covering the location applies only when attested; the settings' fairWorkweekJurisdiction, when not none, overrides both",
      ),
  })
  .partial();

export type CompanyProfilePatch = z.infer<typeof companyProfilePatch>;

/** The profile as answered: the writable fields (stored values merged over defaults) plus id and timestamps. */
export const companyProfile = companyProfilePatch
  .extend({
    id: z.string(),
    country: z
      .string()
      .nullable()
      .describe('ISO 3166-1 alpha-2 country of the company, given at signup or onboarding; null when never given'),
    currency: z
      .string()
      .nullable()
      .describe(
        'ISO 4217 currency of its money (sales, pay), given at signup or onboarding; null when never given. Amounts are integer minor units of it',
      ),
    createdAt: z.number().optional(),
    updatedAt: z.number().optional(),
  })
  .strip()
  .partial()
  .required({ id: true, country: true, currency: true })
  .meta({ id: 'Company' });

export const PROFILE_DEFAULTS = {
  timezone: 'UTC',
  weekStartingDay: 1,
  timeFormat: '24h',
  payrollStartingDay: 1,
  defaultDuration: 480,
  betweenShifts: 0,
  maxDayHours: false,
  recurrentShiftsGap: 0,
  excludeBreaks: false,
  generationFormat: 'standard',
  breaks: {},
  imageSize: 'cover',
} as const satisfies CompanyProfilePatch;

/** The company's school calendar, for the minors' hours (compliance's SchoolCalendar). */
const schoolCalendar = z
  .strictObject({
    terms: z
      .array(
        z
          .strictObject({ from: isoDate, to: isoDate })
          .refine((t) => t.from <= t.to, { message: 'a term ends on or after it starts', path: ['to'] }),
      )
      .max(20)
      .describe('Terms in session, first and last date included'),
    closedDays: z.array(isoDate).max(400).describe('Dates inside a term without school (holidays, breaks)'),
    hours: z
      .strictObject({ start: z.int().min(0).max(1439), end: z.int().min(1).max(1440) })
      .refine((h) => h.start < h.end, { message: 'school hours end after they start', path: ['end'] })
      .nullable()
      .describe(
        'School hours of a school day (minutes of the day, end excluded), in which minors may not work; null: not given',
      ),
  })
  .meta({ id: 'SchoolCalendar' });

/** The writable company settings. */
export const companySettingsPatch = z
  .strictObject({
    attendanceBreaksEnabled: z
      .boolean()
      .describe(
        'When false the time clock takes no breaks (POST /clock/breaks/start is 422 BREAKS_DISABLED); default true',
      ),
    attendanceActivationDate: z.string().describe('Stored for clients only: no server behaviour depends on it'),
    conflictsDetectionEnabled: z
      .boolean()
      .describe(
        'When true, rule violations of a shift (rest, daily and weekly limits) are 422 errors; when false they are warnings',
      ),
    weatherApiEnabled: z
      .boolean()
      .describe(
        "When true (and the profile has a location), the sales forecast uses Open-Meteo's weather: the history's weather teaches how rain moves the company's sales, the forecast's moves the days ahead (docs/FORECAST.md); default false",
      ),
    enableShiftSplitting: z
      .boolean()
      .describe('Stored for clients only: no server behaviour depends on it (the AI onboarding suggests it)'),
    hasCaterer: z
      .boolean()
      .describe('Stored for clients only: no server behaviour depends on it (there is no catering feature here)'),
    hasAccessToLaborCost: z
      .boolean()
      .describe(
        'When false nobody, owners included, gets labour cost figures (x-visibility laborCost: the labour cost and ratios of GET /sales, the costs of schedule proposals); default true',
      ),
    generationPriority: z.enum(['longer-shifts', 'period-start', 'chronological']),
    maxHoursPerWeek: z.number().gt(0),
    morningPeriodEnd: z
      .int()
      .min(0)
      .describe('Minute of the business day at which the morning period ends (e.g. 960 = 16:00)'),
    dayChangeTime: z.int().min(0).max(86400).describe('Seconds after local midnight at which the business day changes'),
    dayparts: z
      .strictObject({
        lunch: z.int().min(0).max(2880),
        dinner: z.int().min(0).max(2880),
        late: z.int().min(0).max(2880),
      })
      .refine((d) => d.lunch <= d.dinner && d.dinner <= d.late, {
        message: 'lunch, dinner and late start in that order (lunch <= dinner <= late)',
      })
      .nullable()
      .describe(
        "Minutes of the business date (from its local midnight; 1500 = 01:00 after midnight) at which lunch, dinner and the late part start; breakfast runs from the day change to lunch. Used by the forecast, the schedule's forecast demand and GET /sales's morning (before dinner) and evening. null or absent: the schedule template's most common morning and evening starts (late 6 hours after dinner), else lunch 11:00, dinner at morningPeriodEnd, late 22:00",
      ),
    aiAgentEnabled: z
      .boolean()
      .describe('Stored for clients only: no server behaviour depends on it (the assistant answers whatever it holds)'),
    aiAgentPersona: z.string().describe('Stored for clients only: no server behaviour depends on it'),
    isPayrollTabsEnabled: z.boolean().describe('Stored for clients only: no server behaviour depends on it'),
    timezoneCityId: z
      .string()
      .describe('Stored for clients only: no server behaviour depends on it (the time zone is the profile `timezone`)'),
    fairWorkweekJurisdiction: z
      .enum(['none', ...SCHEDULING_LAWS])
      .describe(
        "Predictive-scheduling law the schedule enforces whatever the profile's lawLocation (an explicit override; none: the location and lawCoverage decide): notice premiums on changes of published shifts, minimum rest between shifts of consecutive days refused unless the employee consents. Each law's figures and sources: GET /compliance/rules",
      ),
    minorRules: z
      .enum(['block', 'warn'])
      .describe(
        "What a shift breaking a minors' hours rule does (federal 29 CFR 570.35, the state's own; GET /compliance/rules): block (default) refuses the write, 422 MINOR_HOURS naming each rule; warn saves it with the findings as warnings. Nobody under 14 is scheduled either way unless warn. Schedule generation never proposes such a shift",
      ),
    schoolCalendar: schoolCalendar
      .nullable()
      .describe(
        "The school calendar the minors' rules read: a school day is a Monday to Friday inside a term and not closed; a school week a company week holding one. null or absent: every Monday to Friday is a school day (the strictest reading)",
      ),
  })
  .partial();

export type CompanySettingsPatch = z.infer<typeof companySettingsPatch>;

export const companySettings = companySettingsPatch.strip().meta({ id: 'CompanySettings' });

export const SETTINGS_DEFAULTS = {
  attendanceBreaksEnabled: true,
  conflictsDetectionEnabled: true,
  weatherApiEnabled: false,
  enableShiftSplitting: false,
  hasCaterer: false,
  hasAccessToLaborCost: true,
  generationPriority: 'longer-shifts',
  maxHoursPerWeek: 40,
  morningPeriodEnd: 960,
  dayChangeTime: 0,
  aiAgentEnabled: false,
  isPayrollTabsEnabled: false,
  fairWorkweekJurisdiction: 'none',
  minorRules: 'block',
} as const satisfies CompanySettingsPatch;

/** The writable employee-facing policies (all boolean). */
export const POLICY_FIELDS = [
  'employeeInteractionGroup',
  'employeeInteractionMessages',
  'employeeInteractionWorkWith',
  'employeesCanSeeShiftEndTimes',
  'isGeolocationEnabled',
  'hideFinancialInfoFromManagers',
  'hideTipsFromManagers',
] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];

/** What each policy does (docs/PERMISSIONS.md, "Who sees what"). */
const POLICY_MEANING: Record<PolicyField, string> = {
  employeeInteractionGroup:
    'Employees create and post in group conversations (messaging; automatic groups included): when false they only read them (announcements stay posts)',
  employeeInteractionMessages:
    'Employees message each other directly (messaging): when false, an employee starts and posts in direct conversations with managers and owners only',
  employeeInteractionWorkWith:
    "Employees see who works with them: when false, an employee's GET /shifts (and the assistant's list_shifts) holds their own shifts only, and their messaging directory (whom they may start a conversation with) holds managers and owners only",
  employeesCanSeeShiftEndTimes:
    'When false, employees get no shift end (end null; minutes and workedMinutes withheld: x-visibility shiftEnd), their own shifts included',
  isGeolocationEnabled: 'Clock-ins and clock-outs need a location inside the geofence',
  hideFinancialInfoFromManagers:
    "Managers get no pay (x-visibility pay: rates, pay, labour cost) but their own, and no pay or tax documents; payroll exports are the owners'",
  hideTipsFromManagers:
    "Managers get no tips (x-visibility tips) but their own; GET /tips and payroll exports are the owners'",
};
const policyFields = () =>
  Object.fromEntries(POLICY_FIELDS.map((f) => [f, z.boolean().describe(POLICY_MEANING[f])])) as Record<
    PolicyField,
    z.ZodBoolean
  >;

export const companyPoliciesPatch = z.strictObject(policyFields()).partial();
export type CompanyPolicies = Record<PolicyField, boolean>;
export const companyPolicies = z.object(policyFields()).meta({ id: 'CompanyPolicies' });

export const POLICY_DEFAULTS: CompanyPolicies = {
  employeeInteractionGroup: true,
  employeeInteractionMessages: true,
  employeeInteractionWorkWith: true,
  employeesCanSeeShiftEndTimes: true,
  isGeolocationEnabled: false,
  hideFinancialInfoFromManagers: false,
  hideTipsFromManagers: false,
};
