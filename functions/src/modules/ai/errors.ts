import { defineErrors } from '../../core/errors';

export const aiAdminErrors = defineErrors({
  AI_CONFIG_NOT_FOUND: { status: 404, meaning: 'The company has no AI configuration override' },
  UNKNOWN_PROVIDER: { status: 422, meaning: 'The provider is not one the service supports' },
  UNKNOWN_MODEL: { status: 422, meaning: 'The provider offers no such model (the offered ones are in details)' },
});
