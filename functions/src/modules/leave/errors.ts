import { defineErrors } from '../../core/errors';

export const leaveErrors = defineErrors({
  LEAVE_BELOW_LAW_FLOOR: {
    status: 422,
    meaning:
      "A sick-leave policy falls below a rule of the paid sick leave law covering the company's lawLocation: each rule it breaks is in details (`rule`: <law>.<rule>, e.g. CA.accrualRate, NY.employerSize, SEATTLE.carryover, with its citation)",
  },
  LEAVE_POLICY_NOT_FOUND: { status: 404, meaning: 'No leave policy with that id in the company' },
  LEAVE_BALANCE_EXCEEDED: {
    status: 422,
    meaning:
      'Approving the time off would take the leave balance below zero (or below what the policy allows): details give the balance and the minutes asked',
  },
  LEAVE_USE_CAP_EXCEEDED: {
    status: 422,
    meaning:
      "The time off would pass the policy's cap on use per leave year: details give the minutes used and the cap",
  },
  LEAVE_NOT_YET_USABLE: {
    status: 422,
    meaning:
      "The first day off is before the policy's waiting period from the hire date ends: details give the first usable date",
  },
  LEAVE_EMPLOYEE_NOT_FOUND: { status: 404, meaning: 'No employee with that id in the company' },
});
