import { defineErrors } from '../../core/errors';

export const attendanceErrors = defineErrors({
  NOT_AN_EMPLOYEE: {
    status: 422,
    meaning:
      "The caller's membership is linked to no employee record of the company (or the record is missing or archived): only employees clock in and out",
  },
  ALREADY_CLOCKED_IN: {
    status: 409,
    meaning: 'The employee already has an open punch (one open punch per employee): clock out first',
  },
  NOT_CLOCKED_IN: { status: 422, meaning: 'The employee has no open punch: clock in first' },
  BREAK_ALREADY_STARTED: { status: 422, meaning: 'A break is already running in the open punch (one break at a time)' },
  BREAKS_DISABLED: {
    status: 422,
    meaning: 'The company setting attendanceBreaksEnabled is off: the time clock takes no breaks',
  },
  NO_OPEN_BREAK: { status: 422, meaning: 'No break is running in the open punch' },
  LOCATION_REQUIRED: {
    status: 422,
    meaning:
      'The company policy isGeolocationEnabled is on: clock-in and clock-out carry location {lat, lng, accuracy}',
  },
  OUTSIDE_GEOFENCE: {
    status: 422,
    meaning:
      "The location is farther from the company's location(s) than geofenceRadiusMeters (after the accuracy allowance); nothing was written",
  },
  PUNCH_NOT_FOUND: { status: 404, meaning: 'No punch with that id in the company' },
  PUNCH_LOCKED: {
    status: 422,
    meaning: 'The punch is approved: it can no longer be edited or deleted (unapprove it first)',
  },
  PUNCH_OPEN: { status: 422, meaning: 'The punch is still open (no clock-out): it cannot be approved' },
  PUNCH_NOT_APPROVED: { status: 422, meaning: 'The punch is not approved, so there is nothing to unapprove' },
  PERIOD_LOCKED: {
    status: 422,
    meaning: 'The business date falls in a range locked by payroll (a closed pay period): punches there cannot change',
  },
  PUNCH_OVERLAP: { status: 422, meaning: 'The punch overlaps another punch of the same employee' },
  INVALID_PUNCH_TIMES: {
    status: 422,
    meaning:
      'The times do not make a punch: clock-out not after clock-in, longer than 24 hours, in the future, or breaks outside the punch, overlapping or reversed',
  },
});
