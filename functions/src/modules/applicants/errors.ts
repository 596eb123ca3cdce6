import { defineErrors } from '../../core/errors';

export const applicantErrors = defineErrors({
  POSTING_NOT_FOUND: { status: 404, meaning: 'No job posting with that id (or public link) in the company' },
  POSTING_CLOSED: { status: 410, meaning: 'The job posting is closed: it takes no more applications' },
  CONFIRMATION_NOT_FOUND: { status: 404, meaning: 'No pending application with that confirmation link' },
  CONFIRMATION_EXPIRED: {
    status: 410,
    meaning: 'The confirmation link is older than 48 hours: the application was not counted, apply again',
  },
  APPLICATION_NOT_FOUND: { status: 404, meaning: 'No application with that id in the company' },
  INVALID_ANSWERS: {
    status: 422,
    meaning:
      "The answers do not fit the posting's screening questions (missing required, unknown question, wrong kind); every problem is listed in details",
  },
  STAGE_CHANGED: {
    status: 409,
    meaning:
      'The application is no longer in the stage the move started from (someone else moved it): reload and decide again',
  },
  APPLICATION_CLOSED: {
    status: 409,
    meaning: 'The application is hired, rejected or withdrawn: it cannot move any more',
  },
  HIRING_NOT_PERMITTED: {
    status: 403,
    meaning: 'The owner has not given managers this hiring permission (see GET /hiring-permissions)',
  },
  USE_HIRE: {
    status: 422,
    meaning: 'Moving to hired is done by POST /applications/{applicationId}/hire, which creates the employee',
  },
});
