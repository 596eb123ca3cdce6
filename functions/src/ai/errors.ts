import { defineErrors } from '../core/errors';

/** Codes of the model-provider layer (src/ai/models.ts), answered by any module that calls models. */
export const aiErrors = defineErrors({
  UPSTREAM_RATE_LIMITED: {
    status: 429,
    meaning: 'The model provider is rate limiting after the retries; try again later',
  },
  UPSTREAM_FAILED: { status: 502, meaning: 'The model provider failed to answer' },
  UPSTREAM_TIMEOUT: {
    status: 504,
    meaning:
      'The model provider did not answer within the time the request had (its attempts and retries included); the usage of the calls that completed is recorded; try again',
  },
  AI_PROVIDER_NOT_CONFIGURED: { status: 503, meaning: "The provider's API key is not configured" },
  AI_BUDGET_EXCEEDED: {
    status: 429,
    meaning:
      "The AI budget of the company (or the onboarding bucket, or the call's flow) for the period is used up: no model call until the period resets (Retry-After) or an administrator raises the budget",
  },
});
