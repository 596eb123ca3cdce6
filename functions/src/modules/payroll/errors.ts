import { defineErrors } from '../../core/errors';

export const payrollErrors = defineErrors({
  PERIOD_NOT_FOUND: {
    status: 404,
    meaning: 'The date is not the first day of a pay period of the company (under its pay frequency)',
  },
  PERIOD_NOT_ENDED: {
    status: 422,
    meaning: 'The pay period has not ended yet (its last business day is today or later)',
  },
  PERIOD_HAS_OPEN_PUNCHES: { status: 422, meaning: 'Someone is still clocked in within the period' },
  PERIOD_HAS_UNAPPROVED_PUNCHES: {
    status: 422,
    meaning: 'The period has punches waiting for approval (listed in details)',
  },
  PERIOD_HAS_OPEN_TIP_POOLS: {
    status: 422,
    meaning:
      'Tip-pool periods starting in the pay period are distributed but not locked (listed in details): lock them first, payroll pays locked shares only',
  },
  PERIOD_ALREADY_CLOSED: { status: 422, meaning: 'The pay period is already closed' },
  PERIOD_NOT_CLOSED: { status: 422, meaning: 'Exports are of closed periods only' },
  EXPORT_MISSING_EMPLOYEE_NUMBERS: {
    status: 422,
    meaning: 'The layout needs an employee number (payroll id) that some employees do not have (listed in details)',
  },
  EXPORT_MISSING_COMPANY_CODE: {
    status: 422,
    meaning:
      'The layout (ADP Co Code, Paychex Client ID) needs the company code, which the payroll settings do not have (companyCode)',
  },
  EMPLOYER_HAS_NO_LOCATIONS: { status: 422, meaning: 'No location of the organization is under the employer' },
  EMPLOYER_PERIODS_DIFFER: {
    status: 422,
    meaning:
      "The employer's locations do not all have the pay period starting on the date (each location's period is listed in details): one file holds one pay period",
  },
  EMPLOYER_CURRENCIES_DIFFER: {
    status: 422,
    meaning: "The employer's locations pay in more than one currency (listed in details): one file holds one currency",
  },
  LINKED_EMPLOYEE_NUMBERS_DIFFER: {
    status: 422,
    meaning:
      'A person linked across locations has a different employee number at two of them (listed in details): the provider would pay two employees',
  },
  PAY_ELEMENT_PERIOD_CLOSED: {
    status: 422,
    meaning:
      'The pay element is dated in a closed pay period: money already paid is never rewritten; date it in an open period (its earned span may reach back)',
  },
  PAY_ELEMENT_EMPLOYEE_NOT_FOUND: { status: 422, meaning: 'The pay element names no employee of the company' },
  MEAL_WAIVER_EMPLOYEE_NOT_FOUND: { status: 422, meaning: 'The meal waiver names no employee of the company' },
  MEAL_WAIVER_NOT_FOUND: { status: 404, meaning: 'No meal waiver with that id in the company' },
  MEAL_WAIVER_END_BEFORE_START: { status: 422, meaning: 'A waiver cannot end before the first day it covers' },
  PAY_HIDDEN: {
    status: 403,
    meaning: 'Pay figures are hidden from managers by the company policy hideFinancialInfoFromManagers',
  },
});
