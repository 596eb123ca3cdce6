import { defineErrors } from '../../core/errors';

export const posSyncErrors = defineErrors({
  POS_EMPLOYEE_NOT_FOUND: { status: 404, meaning: 'No POS employee with that id in the company (the roster sync has not seen it)' },
  EMPLOYEE_ALREADY_LINKED: { status: 409, meaning: 'The employee is already linked to another POS employee of the same connection: unlink that one first' },
  POS_EMPLOYEE_ALREADY_LINKED: { status: 409, meaning: 'The POS employee is already linked to an employee: unlink it before creating a new employee from it' },
  TIPS_HIDDEN: { status: 403, meaning: 'The company policy hideTipsFromManagers is on: tips are for owners' },
});
