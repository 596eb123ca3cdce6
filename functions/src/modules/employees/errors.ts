import { defineErrors } from '../../core/errors';

export const employeeErrors = defineErrors({
  EMPLOYEE_NOT_FOUND: {
    status: 404,
    meaning: 'No such employee record (e.g. GET /employees/me for a caller without one)',
  },
  UNKNOWN_EMPLOYEE: { status: 422, meaning: 'A reference names an employee the company does not have' },
  EMPLOYEE_ARCHIVED: { status: 422, meaning: 'The employee is archived' },
});
