import { defineErrors } from '../../core/errors';

export const scheduleErrors = defineErrors({
  SHIFT_NOT_FOUND: {
    status: 404,
    meaning: 'No shift with that id at the address (date, employee, mode) the query gives',
  },
  SHIFT_CONFLICT: {
    status: 422,
    meaning: 'The shift breaks a blocking rule of the schedule (every finding in details)',
  },
  SHIFT_CHANGED: {
    status: 409,
    meaning:
      'The shift a request is about is no longer where the request found it (moved to another employee, removed, or no longer live)',
  },
  MINOR_HOURS: {
    status: 422,
    meaning:
      "The shift breaks a minors' hours rule of the company's laws (details: each finding, its rule minorAge, minorTimeOfDay, minorSchoolHours, minorDayHours, minorWeekHours or minorDaysPerWeek, the law and its citation); the setting minorRules warn saves such shifts with warnings",
  },
  TIME_OFF_CONFLICT: {
    status: 422,
    meaning: 'The day-off meets live shifts of the employee (every shift in details); reassign or remove them first',
  },
  PROPOSAL_NOT_FOUND: { status: 404, meaning: 'No schedule proposal with that id in the company' },
  PROPOSAL_STALE: {
    status: 409,
    meaning:
      'The inputs of the proposal (template, employees, shifts, settings) changed since it was generated; generate a new one',
  },
  PROPOSAL_TOO_LARGE: {
    status: 422,
    meaning:
      'The proposal is larger than one stored document can hold; generate fewer days, roles or employees per call',
  },
  PUBLISH_TOO_LARGE: {
    status: 422,
    meaning: 'More drafts than one atomic publish can write; publish fewer days or employees per call',
  },
});
