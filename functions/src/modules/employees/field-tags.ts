/**
 * What each private field of an employee record carries (src/http/visibility.ts): pay, contact
 * details (emergency contacts too) or personal HR data. An employee sees all of their own record;
 * what others see follows the caller's view.
 */
export const EMPLOYEE_FIELD_TAGS = {
  salary: 'pay',
  additionalSalary: 'pay',
  rateRegular: 'pay',
  rateOvertime: 'pay',
  positionRates: 'pay',
  email: 'contact',
  phone: 'contact',
  phoneCode: 'contact',
  address: 'contact',
  city: 'contact',
  emergencyContact: 'contact',
  emergencyPhone: 'contact',
  emergencyPhoneCode: 'contact',
  bornDate: 'personal',
  dateOfBirth: 'personal',
  employeeNumber: 'personal',
  importSource: 'personal',
  hiring: 'personal',
} as const;

/**
 * What an erased employee's record keeps (it stays: pay records refer to it), field by field:
 * - kept: its id; `positions`; the pay fields (`salary`, `additionalSalary`, `rateRegular`,
 *   `rateOvertime`, `positionRates`): the pay records were figured at them and must be explained
 *   for the statutory period; `archive` and `archived`: the days the person was employed, which
 *   the time and pay records of those days depend on (and whether a cancellation owed a premium);
 * - replaced: `name` and `surname` by the erased placeholder;
 * - removed: every field tagged contact or personal above (`hiring`, the hiring date, included: no
 *   pay or time record needs it), and `avatar`, `locale`, `availabilities`, `userId`.
 */
export const ERASED_EMPLOYEE_FIELDS = [
  ...(Object.keys(EMPLOYEE_FIELD_TAGS) as Array<keyof typeof EMPLOYEE_FIELD_TAGS>).filter(
    (field) => EMPLOYEE_FIELD_TAGS[field] !== 'pay',
  ),
  'avatar',
  'locale',
  'availabilities',
  'userId',
] as const;
