import { bulkApproveResponse, currentPunchResponse, timesheetResponse } from '../../../src/modules/attendance/schemas';
import { exportResponse, reportSchema } from '../../../src/modules/payroll/schemas';
import { publishResponse, savedShiftResponse, templateResponse, userShiftsResponse } from '../../../src/modules/schedule/schemas';
import { salesResponse } from '../../../src/modules/sales/schemas';
import { keepsAnswer } from './keeps';

const shift = {
  id: 's1', companyId: 'c1', date: '2026-05-04', employeeId: 'e1', positionId: 'r1', subRoleId: null, start: 480, end: 960, mode: 'published', scheduleId: null,
  note: 'opening', onHold: false, minutes: 480, workedMinutes: 450, createdAt: 1, updatedAt: 2,
};
const warning = {
  rule: 'maxHoursInWeek', blocking: false, message: '41 hours in the week of 2026-05-04 exceed the employee\'s maximum of 40', shiftId: 's1', employeeId: 'e1',
  date: '2026-05-04', limit: 40, actual: 41, unit: 'hours', weekStart: '2026-05-04',
};

describe('schedule answers keep every field', () => {
  it('a saved shift with its warnings, a publish, my shifts and a template', () => {
    keepsAnswer(savedShiftResponse, { shift, warnings: [warning, { ...warning, rule: 'betweenShifts', conflictingShiftId: 's2', unit: 'minutes', limit: 60, actual: 30, weekStart: undefined }] });
    keepsAnswer(publishResponse, { published: [shift], warnings: [warning] });
    keepsAnswer(userShiftsResponse, { companies: [{ companyId: 'c1', name: 'Harbor & Vine', timezone: 'America/New_York', employeeId: 'e1', from: '2026-05-04', to: '2026-05-10' }], shifts: [shift] });
    keepsAnswer(templateResponse, { daysStructure: { Monday: [{ roleId: 'r1', start: 480, end: 960, required: 2 }] } });
  });
});

describe('attendance and payroll answers keep every field', () => {
  it('bulk approval, the current punch and a timesheet', () => {
    keepsAnswer(bulkApproveResponse, { approved: [], skipped: [{ punchId: 'p1', code: 'PUNCH_OPEN', message: 'the punch is still open' }] });
    keepsAnswer(currentPunchResponse, { punch: null, onBreak: true });
    const totals = { scheduledMinutes: 480, workedMinutes: 470, paidBreakMinutes: 10, unpaidBreakMinutes: 30, varianceMinutes: -10 };
    keepsAnswer(timesheetResponse, {
      startDate: '2026-05-04', endDate: '2026-05-10',
      employees: [{
        employeeId: 'e1', totals,
        days: [{ date: '2026-05-04', ...totals, punchIds: ['p1'], shiftIds: ['s1'], openPunch: false, exceptions: [{ type: 'late', punchId: 'p1', shiftId: 's1', minutes: 7 }, { type: 'overtime_risk', minutes: 2500 }] }],
        weeks: [{ weekStart: '2026-05-04', workedMinutes: 2000, remainingScheduledMinutes: 500, projectedMinutes: 2500, overtimeRisk: true }],
      }],
    });
  });

  it('a payroll report of an open and a closed period, and an export', () => {
    const day = { date: '2026-05-04', workedMinutes: 600, regularMinutes: 480, overtimeMinutes: 120, doubleTimeMinutes: 0, seventhDay: false };
    const employee = {
      employeeId: 'e1', name: 'Ana Ruiz', employeeNumber: '0042', salaried: false, workedMinutes: 600, regularMinutes: 480, overtimeMinutes: 120, doubleTimeMinutes: 0,
      regularRate: 1800, overtimeRate: 2700, doubleTimeRate: 3600, regularPay: 14400, overtimePay: 5400, doubleTimePay: 0, tips: 2500, totalPay: 22300, days: [day],
    };
    for (const status of ['open', 'closed']) {
      keepsAnswer(reportSchema, {
        companyId: 'c1', period: { startDate: '2026-05-04', endDate: '2026-05-17', status, current: status === 'open', closedAt: status === 'closed' ? 5 : null, closedBy: status === 'closed' ? 'u1' : null },
        currency: 'USD', overtimeRules: 'california', pendingPunches: 2, hidden: ['tips'], employees: [employee],
        totals: { workedMinutes: 600, regularMinutes: 480, overtimeMinutes: 120, doubleTimeMinutes: 0, pay: 19800, tips: 2500 },
      });
    }
    keepsAnswer(exportResponse, { filename: 'payroll-c1-2026-05-04_2026-05-17-adp.csv', contentType: 'text/csv; charset=utf-8', body: 'Co Code\r\n' });
  });
});

describe('sales answers keep every figure', () => {
  const bucket = {
    key: '2026-05-04', start: '2026-05-04', end: '2026-05-10', days: 7, invoiceCount: 900, totalSales: 2_500_000, morningSales: 1_000_000, eveningSales: 1_500_000,
    customerCount: 1800, tips: 250_000, perHour: Array.from({ length: 24 }, (_, h) => h * 1000), laborCost: 600_000, ratio: 0.24, actualLaborCost: 620_000, actualRatio: 0.248,
  };
  it.each([
    ['daily', 'full', 'salesActual'], ['weekly', 'morning', 'invoices'], ['monthly', 'evening', 'salesActual'],
  ])('grouped %s, period %s, answered from %s', (groupBy, period, source) => {
    const { key: _k, start: _s, end: _e, ...totals } = bucket;
    const { perHour: _p, ...averages } = totals;
    keepsAnswer(salesResponse, {
      companyId: 'c1', startDate: '2026-05-04', endDate: '2026-05-10', groupBy, period, hours: { start: 11, end: 15 }, source, currency: 'USD', timezone: 'America/New_York',
      weekStartingDay: 1, excludeRefunds: true, fields: ['totalSales', 'tips'], hidden: ['tips'], buckets: [bucket],
      summary: { bucketCount: 1, totals, averages: { ...averages, days: 7, invoiceCount: 128.57, customerCount: 257.14 }, best: { key: '2026-05-04', totalSales: 2_500_000 }, worst: { key: '2026-05-04', totalSales: 2_500_000 } },
    });
  });
});
