import { AI_SECRETS } from '../../core/config';
import { defineModule } from '../kit';
import { onboardingErrors } from './errors';

export default defineModule({
  name: 'onboarding',
  description:
    "AI-led onboarding of a new owner before any company exists: a resumable session (anonymous with a session token, or signed-in) in which the assistant collects the restaurant's name, type, country, time zone, opening hours, roles and head-count, then creates the company with its settings, roles and schedule template. Model calls before the company exists are billed to the onboarding bucket, later ones to the new company.",
  http: () => require('./router') as typeof import('./router'),
  errors: onboardingErrors.catalog,
  runtime: { secrets: AI_SECRETS, requestDeadlineSeconds: 50 },
  collections: { root: ['onboardingSessions'] },
});
