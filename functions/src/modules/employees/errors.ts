import { defineErrors } from '../../core/errors';

export const employeeErrors = defineErrors({
  EMPLOYEE_NOT_FOUND: {
    status: 404,
    meaning: 'No such employee record (e.g. GET /employees/me for a caller without one)',
  },
  UNKNOWN_EMPLOYEE: { status: 422, meaning: 'A reference names an employee the company does not have' },
  EMPLOYEE_ARCHIVED: {
    status: 422,
    meaning: 'The employee is archived (or, for an archive, archived on other terms: rehire first)',
  },
  FIELD_NOT_EDITABLE: {
    status: 403,
    meaning: 'The caller may not change these fields of this employee (details name each field)',
  },
  CANNOT_ARCHIVE: {
    status: 422,
    meaning: "This employee cannot be archived by the caller: the caller's own record, or an owner's",
  },
});
