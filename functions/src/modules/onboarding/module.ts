import { AI_SECRETS } from '../../core/config';
import { defineModule, lazyFile } from '../kit';
import { onboardingErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'onboarding',
  description:
    "AI-led onboarding of a new owner before any company exists: a resumable session (anonymous with a session token, or signed-in) in which the assistant collects the restaurant's name, type, country, time zone, opening hours, roles and head-count, then creates the company with its settings, roles and schedule template. Model calls before the company exists are billed to the onboarding bucket, later ones to the new company.",
  http: router,
  errors: onboardingErrors.catalog,
  runtime: { secrets: AI_SECRETS, requestDeadlineSeconds: 50 },
  collections: { root: ['onboardingSessions'] },
  personalData: {
    onboardingSessions: { match: { uid: 'ownerUid' }, erase: 'delete' },
  },
});
