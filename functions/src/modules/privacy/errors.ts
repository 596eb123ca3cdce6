import { defineErrors } from '../../core/errors';

export const privacyErrors = defineErrors({
  PERSON_NOT_FOUND: {
    status: 404,
    meaning: 'No employee record, member or application of the company with that id',
  },
  PERSON_IS_OWNER: {
    status: 422,
    meaning: 'An owner of the company cannot be erased from it (hand the ownership over first, or delete the company)',
  },
  COMPANY_DELETION_NOT_FOUND: { status: 404, meaning: 'The company has no deletion requested' },
  COMPANY_DELETION_STARTED: {
    status: 409,
    meaning: 'The grace period of the deletion is over: it is running or done and can no longer be cancelled',
  },
});
