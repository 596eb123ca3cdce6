/** The onboarding module's public API (nothing else uses it yet). */
export { onboardingErrors } from './errors';
export type { Session as OnboardingSession } from './schemas';
