/** The payroll module's public API. */
export { computeHours, payOf, type OvertimeRules, type WorkedSpan } from './overtime';
export { mealPremiumDays } from './meal-periods';
export { californiaMealRuleInForce, mealWaiversByEmployee } from './repo';
export { waiversOn } from './meal-waivers';
