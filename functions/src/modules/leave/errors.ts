import { defineErrors } from '../../core/errors';

export const leaveErrors = defineErrors({
  LEAVE_BELOW_LAW_FLOOR: {
    status: 422,
    meaning:
      "A sick-leave policy falls below a rule of the paid sick leave law covering the company's lawLocation: each rule it breaks is in details (`rule`: <law>.<rule>, e.g. CA.accrualRate, NY.employerSize, SEATTLE.carryover, with its citation)",
  },
  LEAVE_POLICY_NOT_FOUND: { status: 404, meaning: 'No leave policy with that id in the company' },
  LEAVE_EMPLOYEE_NOT_FOUND: { status: 404, meaning: 'No employee with that id in the company' },
});
