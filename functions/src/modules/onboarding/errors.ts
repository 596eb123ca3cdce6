import { defineErrors } from '../../core/errors';

export const onboardingErrors = defineErrors({
  ONBOARDING_CREDENTIALS_REQUIRED: {
    status: 401,
    meaning:
      'Send the session token (X-Onboarding-Token) of an anonymous session, or the ID token of the user who started a signed-in one',
  },
  ONBOARDING_SESSION_NOT_FOUND: { status: 404, meaning: 'No onboarding session with that id for these credentials' },
  ONBOARDING_SESSION_EXPIRED: {
    status: 410,
    meaning: 'The onboarding session expired (7 days without activity); start a new one',
  },
  ONBOARDING_COMPLETED: { status: 409, meaning: 'The onboarding session is completed: its company exists' },
  ONBOARDING_INCOMPLETE: {
    status: 422,
    meaning: 'The session still misses answers the company needs (listed in details)',
  },
  ONBOARDING_TOO_MANY_MESSAGES: { status: 422, meaning: 'The session reached its most messages (60); start a new one' },
});
