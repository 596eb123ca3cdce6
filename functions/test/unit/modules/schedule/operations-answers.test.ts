import {
  auditEntrySchema,
  bulkApproveResponse,
  currentPunchResponse,
  lockSchema,
  punchSchema,
  timesheetResponse,
} from '../../../../src/modules/attendance/schemas';
import { reportSchema } from '../../../../src/modules/payroll/schemas';
import { exportResponse } from '../../../../src/modules/payroll/export-schemas';
import {
  publishResponse,
  savedShiftResponse,
  templateResponse,
  userShiftsResponse,
} from '../../../../src/modules/schedule/schemas';
import { importResponse, salesResponse } from '../../../../src/modules/sales/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

const shift = {
  id: 's1',
  companyId: 'c1',
  date: '2026-05-04',
  employeeId: 'e1',
  positionId: 'r1',
  subRoleId: null,
  start: 480,
  end: 960,
  mode: 'published',
  scheduleId: null,
  note: 'opening',
  onHold: false,
  minutes: 480,
  workedMinutes: 450,
  createdAt: 1,
  updatedAt: 2,
};
const warning = {
  rule: 'maxHoursInWeek',
  blocking: false,
  message: "41 hours in the week of 2026-05-04 exceed the employee's maximum of 40",
  shiftId: 's1',
  employeeId: 'e1',
  date: '2026-05-04',
  limit: 40,
  actual: 41,
  unit: 'hours',
  weekStart: '2026-05-04',
};

/** The outcome every schedule change answers (a dry run's, or what the real call recorded). */
const outcome = {
  dryRun: false,
  refusal: null,
  blocking: [],
  warnings: [],
  premiums: [
    {
      employeeId: 'e1',
      date: '2026-05-04',
      shiftId: 's1',
      jurisdiction: 'nyc',
      rule: 'scheduleChange',
      reason: "moved without loss of hours with 3 days' notice",
      citation: 'Admin. Code 20-1222(a)(2); https://example.test (checked 2026-12-03, summary)',
      amountMinor: 1500,
      currency: 'USD',
      payHours: null,
    },
  ],
};
const refused = {
  dryRun: true,
  refusal: { status: 422, code: 'MINOR_HOURS', message: 'The shift conflicts: ...' },
  blocking: [
    {
      rule: 'minorTimeOfDay',
      blocking: true,
      message: 'outside the hours',
      shiftId: 's1',
      employeeId: 'e1',
      date: '2026-05-04',
      law: 'us-federal-14-15',
      citation: '29 CFR 570.35(a)(6); https://example.test (checked 2026-12-03, text)',
    },
  ],
  warnings: [],
  premiums: [],
};

describe('schedule answers keep every field', () => {
  it('a saved shift with its warnings, a publish, my shifts and a template', () => {
    keepsAnswer(savedShiftResponse, {
      outcome,
      shift,
      warnings: [
        warning,
        {
          ...warning,
          rule: 'betweenShifts',
          conflictingShiftId: 's2',
          unit: 'minutes',
          limit: 60,
          actual: 30,
          weekStart: undefined,
        },
      ],
    });
    keepsAnswer(publishResponse, {
      outcome: refused,
      published: [shift],
      warnings: [warning],
    });
    keepsAnswer(userShiftsResponse, {
      companies: [
        {
          companyId: 'c1',
          name: 'Harbor & Vine',
          timezone: 'America/New_York',
          employeeId: 'e1',
          from: '2026-05-04',
          to: '2026-05-10',
        },
      ],
      shifts: [shift],
    });
    keepsAnswer(templateResponse, { daysStructure: { Monday: [{ roleId: 'r1', start: 480, end: 960, required: 2 }] } });
  });
});

describe('fair-workweek premiums and the weekly days limit in schedule answers', () => {
  const premium = {
    id: 'pr1',
    employeeId: 'e1',
    date: '2026-05-04',
    shiftId: 's1',
    reason: 'shift moved with 3 days notice',
    citation: 'Admin. Code 20-1222(a)(2); https://example.test (checked 2026-12-03, summary)',
    createdAt: 5,
  };
  it('a fixed premium in dollars (NYC) and premiums in pay hours (Seattle, Oregon, Chicago)', () => {
    keepsAnswer(savedShiftResponse, {
      outcome,
      shift,
      warnings: [],
      premiums: [
        { ...premium, jurisdiction: 'nyc', rule: 'scheduleChange', amountMinor: 1500, currency: 'USD', payHours: null },
      ],
    });
    for (const jurisdiction of ['seattle', 'oregon', 'chicago']) {
      keepsAnswer(publishResponse, {
        outcome,
        published: [shift],
        warnings: [],
        premiums: [{ ...premium, jurisdiction, rule: 'rest', amountMinor: null, currency: null, payHours: 1.5 }],
      });
    }
    keepsAnswer(publishResponse, {
      outcome,
      published: [],
      warnings: [],
      premiums: [
        { ...premium, jurisdiction: 'none', rule: 'scheduleChange', amountMinor: null, currency: null, payHours: 1 },
      ],
    });
  });

  it('a maxDaysPerWeek warning counted in days', () => {
    keepsAnswer(savedShiftResponse, {
      outcome,
      shift,
      warnings: [
        { ...warning, rule: 'maxDaysPerWeek', message: '6 days in the week', limit: 5, actual: 6, unit: 'days' },
      ],
    });
  });
});

describe('punch answers keep every field', () => {
  const punch = {
    id: 'p1',
    companyId: 'c1',
    employeeId: 'e1',
    positionId: 'r1',
    businessDate: '2026-05-04',
    clockInAt: 1_777_900_000_000,
    clockOutAt: 1_777_930_000_000,
    deviceClockInAt: 1_777_899_990_000,
    deviceClockOutAt: null,
    clockInLocation: { lat: 40.75, lng: -73.99, accuracy: 12 },
    clockOutLocation: null,
    breaks: [
      { type: 'meal', startAt: 1_777_910_000_000, endAt: 1_777_911_800_000, paid: false },
      { type: 'rest', startAt: 1_777_920_000_000, endAt: null, paid: true },
    ],
    state: 'pending',
    shift: {
      shiftId: 's1',
      date: '2026-05-04',
      scheduledStartAt: 1_777_899_600_000,
      scheduledEndAt: 1_777_928_400_000,
      scheduledMinutes: 450,
    },
    lateMinutes: 7,
    leftEarlyMinutes: 0,
    autoClockedOut: false,
    source: 'pos',
    workedMinutes: 470,
    paidBreakMinutes: 10,
    unpaidBreakMinutes: 30,
    exceptions: ['late'],
    vendor: {
      slug: 'toast',
      externalId: 'T-1',
      version: 'v1',
      needsReview: true,
      reviewedAt: 3,
      reviewedBy: 'u9',
      pending: {
        version: 'v2',
        employeeId: 'e1',
        clockInAt: 1_777_900_000_000,
        clockOutAt: null,
        breaks: [{ type: 'rest', startAt: 1_777_920_000_000, endAt: 1_777_920_600_000, paid: true }],
        deleted: false,
        receivedAt: 4,
      },
    },
    createdAt: 1,
    updatedAt: 2,
    approvedAt: null,
    approvedBy: null,
  };
  it('a POS punch with its breaks, the linked shift and the POS version waiting for review', () => {
    keepsAnswer(punchSchema, punch);
    keepsAnswer(currentPunchResponse, {
      punch: { ...punch, state: 'open', source: 'app', vendor: null, shift: null },
      onBreak: false,
    });
  });

  it('the audit trail of a punch and the locked ranges', () => {
    keepsAnswer(auditEntrySchema, {
      id: 'a1',
      punchId: 'p1',
      at: 5,
      by: 'pos:toast',
      action: 'edit',
      before: { clockOutAt: null },
      after: { clockOutAt: 1_777_930_000_000 },
      reason: 'forgot to clock out',
    });
    keepsAnswer(auditEntrySchema, {
      id: 'a2',
      punchId: 'p1',
      at: 6,
      by: 'system',
      action: 'auto_clock_out',
      before: null,
      after: null,
      reason: null,
    });
    keepsAnswer(lockSchema, { startDate: '2026-05-04', endDate: '2026-05-17', lockedAt: 7, lockedBy: 'u9' });
  });
});

describe('a sales import answer keeps every field', () => {
  it('the counts and each rejected item with its code', () => {
    keepsAnswer(importResponse, {
      received: 3,
      created: 1,
      updated: 0,
      unchanged: 0,
      rejected: 2,
      currency: 'USD',
      rejectedItems: [
        {
          index: 1,
          externalId: 'T-2',
          posSource: 'toast',
          code: 'CURRENCY_MISMATCH',
          message: 'EUR, but the company sells in USD',
        },
        { index: 2, externalId: null, posSource: null, code: 'INVALID_ITEM', message: 'externalId: required' },
      ],
    });
  });
});

describe('attendance and payroll answers keep every field', () => {
  it('bulk approval, the current punch and a timesheet', () => {
    keepsAnswer(bulkApproveResponse, {
      approved: [],
      skipped: [{ punchId: 'p1', code: 'PUNCH_OPEN', message: 'the punch is still open' }],
    });
    keepsAnswer(currentPunchResponse, { punch: null, onBreak: true });
    const totals = {
      scheduledMinutes: 480,
      workedMinutes: 470,
      paidBreakMinutes: 10,
      unpaidBreakMinutes: 30,
      varianceMinutes: -10,
    };
    keepsAnswer(timesheetResponse, {
      startDate: '2026-05-04',
      endDate: '2026-05-10',
      employees: [
        {
          employeeId: 'e1',
          totals,
          days: [
            {
              date: '2026-05-04',
              ...totals,
              punchIds: ['p1'],
              shiftIds: ['s1'],
              openPunch: false,
              exceptions: [
                { type: 'late', punchId: 'p1', shiftId: 's1', minutes: 7 },
                { type: 'overtime_risk', minutes: 2500 },
              ],
            },
          ],
          weeks: [
            {
              weekStart: '2026-05-04',
              workedMinutes: 2000,
              remainingScheduledMinutes: 500,
              projectedMinutes: 2500,
              overtimeRisk: true,
            },
          ],
        },
      ],
    });
  });

  it('a payroll report of an open and a closed period, and an export', () => {
    const day = {
      date: '2026-05-04',
      workedMinutes: 600,
      regularMinutes: 480,
      overtimeMinutes: 120,
      doubleTimeMinutes: 0,
      seventhDay: false,
    };
    const employee = {
      employeeId: 'e1',
      name: 'Ana Ruiz',
      employeeNumber: '0042',
      salaried: false,
      workedMinutes: 600,
      regularMinutes: 480,
      overtimeMinutes: 120,
      doubleTimeMinutes: 0,
      regularRate: 1800,
      overtimeRate: 2700,
      doubleTimeRate: 3600,
      regularPay: 14400,
      overtimePay: 5400,
      doubleTimePay: 0,
      tips: 2500,
      archived: false,
      premiumPay: 0,
      lines: [],
      weeks: [],
      premiums: [],
      totalPay: 22300,
      days: [day],
    };
    for (const status of ['open', 'closed']) {
      keepsAnswer(reportSchema, {
        companyId: 'c1',
        period: {
          startDate: '2026-05-04',
          endDate: '2026-05-17',
          status,
          current: status === 'open',
          closedAt: status === 'closed' ? 5 : null,
          closedBy: status === 'closed' ? 'u1' : null,
        },
        currency: 'USD',
        overtimeRules: 'california',
        pendingPunches: 2,
        hidden: ['tips'],
        employees: [employee],
        totals: {
          workedMinutes: 600,
          regularMinutes: 480,
          overtimeMinutes: 120,
          doubleTimeMinutes: 0,
          pay: 19800,
          premiums: 0,
          tips: 2500,
        },
      });
    }
    keepsAnswer(exportResponse, {
      filename: 'payroll-c1-2026-05-04_2026-05-17-adp.csv',
      contentType: 'text/csv; charset=utf-8',
      body: 'Co Code\r\n',
    });
  });
});

describe('sales answers keep every figure', () => {
  const bucket = {
    key: '2026-05-04',
    start: '2026-05-04',
    end: '2026-05-10',
    days: 7,
    invoiceCount: 900,
    totalSales: 2_500_000,
    morningSales: 1_000_000,
    eveningSales: 1_500_000,
    customerCount: 1800,
    tips: 250_000,
    perHour: Array.from({ length: 24 }, (_, h) => h * 1000),
    laborCost: 600_000,
    ratio: 0.24,
    actualLaborCost: 620_000,
    actualRatio: 0.248,
  };
  it.each([
    ['daily', 'full', 'salesActual'],
    ['weekly', 'morning', 'invoices'],
    ['monthly', 'evening', 'salesActual'],
  ])('grouped %s, period %s, answered from %s', (groupBy, period, source) => {
    const { key: _k, start: _s, end: _e, ...totals } = bucket;
    const { perHour: _p, ...averages } = totals;
    keepsAnswer(salesResponse, {
      companyId: 'c1',
      startDate: '2026-05-04',
      endDate: '2026-05-10',
      groupBy,
      period,
      hours: { start: 11, end: 15 },
      source,
      currency: 'USD',
      timezone: 'America/New_York',
      weekStartingDay: 1,
      excludeRefunds: true,
      fields: ['totalSales', 'tips'],
      hidden: ['tips'],
      buckets: [bucket],
      summary: {
        bucketCount: 1,
        totals,
        averages: { ...averages, days: 7, invoiceCount: 128.57, customerCount: 257.14 },
        best: { key: '2026-05-04', totalSales: 2_500_000 },
        worst: { key: '2026-05-04', totalSales: 2_500_000 },
      },
    });
  });
});
