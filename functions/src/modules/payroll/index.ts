/** The payroll module's public API. */
import { lazyFile, lazyFunction } from '../kit';

const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));

export { computeHours, payOf, type OvertimeRules, type WorkedSpan } from './overtime';
export { mealPremiumDays } from './meal-periods';
export { missedRestBreakDays, placeRulesOf, type MissedRestBreakDay } from './place-premiums';
export const californiaMealRuleInForce = lazyFunction(repo, 'californiaMealRuleInForce');
export const mealWaiversByEmployee = lazyFunction(repo, 'mealWaiversByEmployee');
export { waiversOn } from './meal-waivers';
