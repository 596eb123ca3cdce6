import {
  SETTINGS_DEFAULTS,
  periodParam,
  periodSchema,
  periodsQuery,
  reopenBody,
  reportSchema,
  settingsPatch,
  settingsSchema,
} from '../../../../src/modules/payroll/schemas';
import { exportQuery, exportResponse } from '../../../../src/modules/payroll/export-schemas';
import { accepts, refuses } from '../../../helpers/accepts';

const companyId = 'harbor-vine';

describe('payroll settings', () => {
  it('defaults to biweekly pay periods, and the defaults are valid settings', () => {
    expect(SETTINGS_DEFAULTS.payFrequency).toBe('biweekly');
    const parsed = accepts(settingsSchema, SETTINGS_DEFAULTS);
    expect(parsed.payFrequency).toBe('biweekly');
    expect(parsed.anchorDate).toBe(SETTINGS_DEFAULTS.anchorDate);
    expect(parsed.companyCode).toBeNull();
  });

  it('answer a company code of up to 32 characters', () => {
    expect(accepts(settingsSchema, { ...SETTINGS_DEFAULTS, companyCode: 'ACME' }).companyCode).toBe('ACME');
    expect(accepts(settingsSchema, { ...SETTINGS_DEFAULTS, companyCode: 'C'.repeat(32) }).companyCode).toBe(
      'C'.repeat(32),
    );
    expect(refuses(settingsSchema, { ...SETTINGS_DEFAULTS, companyCode: 'C'.repeat(33) })).toBe(true);
  });

  it('accepts an empty patch, which keeps everything', () => {
    expect(accepts(settingsPatch, {})).toEqual({});
  });

  it.each(['weekly', 'biweekly', 'semimonthly', 'monthly'])('accepts the pay frequency %s', (payFrequency) => {
    expect(accepts(settingsPatch, { payFrequency })).toEqual({ payFrequency });
  });

  it.each(['daily', 'semi-monthly', 'Weekly', ''])('refuses the pay frequency %j', (payFrequency) => {
    expect(refuses(settingsPatch, { payFrequency })).toBe(true);
  });

  it('accepts an anchor date that is a calendar date and refuses others', () => {
    expect(accepts(settingsPatch, { anchorDate: '2026-01-05' })).toEqual({ anchorDate: '2026-01-05' });
    for (const anchorDate of ['2026-02-30', '2026-1-5', '05/01/2026', '2026-01-05T00:00', ''])
      expect(refuses(settingsPatch, { anchorDate })).toBe(true);
  });

  it.each([['flsa'], ['california'], ['none']])('accepts the overtime rule set %s (validated whole)', (kind) => {
    expect(accepts(settingsPatch, { overtimeRules: { kind } }).overtimeRules?.kind).toBe(kind);
  });

  it('refuses an unknown overtime rule set', () => {
    expect(refuses(settingsPatch, { overtimeRules: { kind: 'weekly' } })).toBe(true);
    expect(refuses(settingsPatch, { overtimeRules: 'flsa' })).toBe(true);
  });

  it.each(['ABC', 'abc', '123', '_', '-', 'Co_12-x', 'C'.repeat(32)])(
    'accepts the company code %j (letters, digits, _ and -, 1 to 32)',
    (companyCode) => {
      expect(accepts(settingsPatch, { companyCode })).toEqual({ companyCode });
    },
  );

  it('accepts a null company code (none)', () => {
    expect(accepts(settingsPatch, { companyCode: null })).toEqual({ companyCode: null });
  });

  it.each(['', 'C'.repeat(33), 'AB 12', 'AB.12', '!AB', 'AB!', 'Ç1', 'AB\n'])(
    'refuses the company code %j',
    (companyCode) => {
      expect(refuses(settingsPatch, { companyCode })).toBe(true);
    },
  );

  it('refuses unknown fields and wrong types in a settings patch', () => {
    expect(refuses(settingsPatch, { currency: 'USD' })).toBe(true);
    expect(refuses(settingsPatch, { companyCode: 12 })).toBe(true);
    expect(refuses(settingsPatch, { payFrequency: 'weekly', frequency: 'weekly' })).toBe(true);
  });
});

describe('listing pay periods', () => {
  it('lists 6 periods by default', () => {
    expect(accepts(periodsQuery, { companyId })).toEqual({ companyId, count: 6 });
  });

  it.each([
    ['1', 1],
    ['26', 26],
    ['12', 12],
    [3, 3],
  ])('accepts a count of %j', (count, expected) => {
    expect(accepts(periodsQuery, { companyId, count }).count).toBe(expected);
  });

  it.each(['0', '27', '2.5', 'six', '-1'])('refuses a count of %j', (count) => {
    expect(refuses(periodsQuery, { companyId, count })).toBe(true);
  });

  it('needs the company', () => {
    expect(refuses(periodsQuery, { count: '6' })).toBe(true);
  });
});

describe('a pay period in the path', () => {
  it('is named by its first day, a calendar date', () => {
    expect(accepts(periodParam, { startDate: '2026-03-02' })).toEqual({ startDate: '2026-03-02' });
    for (const startDate of ['2026-02-29', '2026-3-2', 'current', ''])
      expect(refuses(periodParam, { startDate })).toBe(true);
  });
});

describe('reopening a pay period', () => {
  it('takes a trimmed reason of 3 to 500 characters', () => {
    expect(accepts(reopenBody, { reason: 'fix' })).toEqual({ reason: 'fix' });
    expect(accepts(reopenBody, { reason: '  missed tips  ' })).toEqual({ reason: 'missed tips' });
    expect(accepts(reopenBody, { reason: 'r'.repeat(500) })).toEqual({ reason: 'r'.repeat(500) });
    expect(accepts(reopenBody, { reason: ` ${'r'.repeat(500)} ` })).toEqual({ reason: 'r'.repeat(500) });
  });

  it.each([[''], ['ab'], ['  ab  '], ['r'.repeat(501)], [null]])('refuses the reason %j', (reason) => {
    expect(refuses(reopenBody, { reason })).toBe(true);
  });

  it('needs a reason and nothing else', () => {
    expect(refuses(reopenBody, {})).toBe(true);
    expect(refuses(reopenBody, { reason: 'fix', by: 'owner' })).toBe(true);
  });
});

describe('exporting a pay period', () => {
  it('uses the generic layout by default', () => {
    expect(accepts(exportQuery, { companyId })).toEqual({ companyId, layout: 'generic' });
  });

  it.each(['generic', 'adp', 'paychex', 'gusto'])('accepts the %s layout', (layout) => {
    expect(accepts(exportQuery, { companyId, layout })).toEqual({ companyId, layout });
  });

  it.each(['csv', 'ADP', '', 'quickbooks'])('refuses the layout %j', (layout) => {
    expect(refuses(exportQuery, { companyId, layout })).toBe(true);
  });
});

// The responses are parsed by the route kit before they are sent: a field the schema does not list is dropped.
describe('the pay period and report responses', () => {
  const closed = {
    startDate: '2026-03-02',
    endDate: '2026-03-15',
    status: 'closed',
    current: false,
    closedAt: 1_773_619_200_000,
    closedBy: 'owner-uid',
  };
  const open = {
    startDate: '2026-03-16',
    endDate: '2026-03-29',
    status: 'open',
    current: true,
    closedAt: null,
    closedBy: null,
  };
  const day = {
    date: '2026-03-03',
    workedMinutes: 600,
    regularMinutes: 480,
    overtimeMinutes: 120,
    doubleTimeMinutes: 0,
    seventhDay: false,
  };
  const employee = {
    employeeId: 'e1',
    name: 'Sam Adams',
    employeeNumber: '1001',
    salaried: false,
    workedMinutes: 600,
    regularMinutes: 480,
    overtimeMinutes: 120,
    doubleTimeMinutes: 0,
    regularRate: 2000,
    overtimeRate: 3000,
    doubleTimeRate: 4000,
    regularPay: 16000,
    overtimePay: 6000,
    doubleTimePay: 0,
    tips: 1250,
    archived: false,
    premiumPay: 0,
    lines: [],
    weeks: [],
    premiums: [],
    totalPay: 23250,
    days: [day],
  };
  const report = {
    companyId,
    period: closed,
    currency: 'USD',
    overtimeRules: 'california',
    pendingPunches: 0,
    hidden: [],
    employees: [employee],
    totals: {
      workedMinutes: 600,
      regularMinutes: 480,
      overtimeMinutes: 120,
      doubleTimeMinutes: 0,
      pay: 23250,
      premiums: 0,
      tips: 1250,
    },
  };

  it('sends an open and a closed period whole', () => {
    expect(accepts(periodSchema, closed)).toEqual(closed);
    expect(accepts(periodSchema, open)).toEqual(open);
  });

  it.each(['reopened', 'Closed', ''])('refuses a period status %j', (status) => {
    expect(refuses(periodSchema, { ...open, status })).toBe(true);
  });

  it('sends a report whole: period, employees with their days, totals', () => {
    expect(accepts(reportSchema, report)).toEqual(report);
  });

  it('sends a report with the money hidden from a manager as nulls', () => {
    const money = {
      regularRate: null,
      overtimeRate: null,
      doubleTimeRate: null,
      regularPay: null,
      overtimePay: null,
      doubleTimePay: null,
      tips: null,
      premiumPay: null,
      totalPay: null,
    };
    const hidden = {
      ...report,
      hidden: ['pay'],
      employees: [{ ...employee, ...money }],
      totals: { ...report.totals, pay: null, premiums: null, tips: null },
    };
    expect(accepts(reportSchema, hidden)).toEqual(hidden);
  });

  it.each([
    ['an employee', { ...report, employees: [{ ...employee, overtimeMinutes: -1 }] }],
    ['a day', { ...report, employees: [{ ...employee, days: [{ ...day, workedMinutes: -60 }] }] }],
    ['the totals', { ...report, totals: { ...report.totals, doubleTimeMinutes: -1 } }],
  ])('refuses negative minutes in %s', (_where, bad) => {
    expect(refuses(reportSchema, bad)).toBe(true);
  });

  it('sends the export file whole', () => {
    const file = {
      filename: 'payroll-acme-2026-03-01_2026-03-14-generic.csv',
      contentType: 'text/csv; charset=utf-8',
      body: 'employee_id\r\n',
    };
    expect(accepts(exportResponse, file)).toEqual(file);
  });
});
