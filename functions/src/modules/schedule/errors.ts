import { defineErrors } from '../../core/errors';

export const scheduleErrors = defineErrors({
  SHIFT_NOT_FOUND: { status: 404, meaning: 'No shift with that id at the address (date, employee, mode) the query gives' },
  SHIFT_CONFLICT: { status: 422, meaning: "The shift breaks a blocking rule of the schedule (every finding in details)" },
  PUBLISH_TOO_LARGE: { status: 422, meaning: 'More drafts than one atomic publish can write; publish fewer days or employees per call' },
});
