import { defineModule, lazyFile } from '../kit';
import { attendanceErrors } from './errors';
import { actorsCut } from '../personal-data';
import { lateRecordOfPerson, punchEditOfPerson } from './privacy';

const router = lazyFile<typeof import('./router')>(() => require('./router'));
const autoClockOut = lazyFile<typeof import('./auto-clock-out')>(() => require('./auto-clock-out'));

export default defineModule({
  name: 'attendance',
  description:
    'Time clock: punches (clock in and out, breaks) with geofencing, shift linking, auto clock-out, manager edits with an audit trail, approvals, payroll locks and timesheets',
  http: router,
  errors: attendanceErrors.catalog,
  collections: {
    company: ['punches', 'punchAudit', 'attendanceSettings', 'attendanceLocks', 'lateRecords'],
    root: ['openPunches'],
  },
  personalData: {
    punches: {
      match: { employeeId: 'employeeId' },
      erase: 'reduce',
      record: 'time',
      fields: ['note', 'clockInLocation', 'clockOutLocation'],
      cut: actorsCut('approvedBy', 'reviewedBy'),
    },
    punchAudit: { match: { uid: 'by' }, erase: 'reduce', cut: punchEditOfPerson },
    attendanceSettings: 'none',
    attendanceLocks: { match: { uid: 'lockedBy' }, erase: 'reduce' },
    // a POS punch reported after its period closed: a time record payroll pays, kept as punches are
    lateRecords: {
      match: { employeeId: ['employeeId', 'paidEmployeeId'] },
      erase: 'reduce',
      record: 'time',
      cut: lateRecordOfPerson,
    },
    openPunches: { match: { employeeId: 'employeeId' }, erase: 'delete', companyField: 'companyId' },
  },
  jobs: [
    {
      name: 'attendanceAutoClockOut',
      schedule: 'every 15 minutes',
      description:
        'Closes open punches autoClockOutAfterMinutes after their clock-in (at that time), flags them autoClockedOut and leaves them pending, with an audit entry',
      run: () => async () => autoClockOut().autoClockOut(),
    },
  ],
});
