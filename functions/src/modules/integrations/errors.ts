import { defineErrors } from '../../core/errors';

export const integrationErrors = defineErrors({
  INTEGRATION_NOT_FOUND: { status: 404, meaning: 'No catalogue entry with that slug in that category' },
  CONNECTION_NOT_FOUND: { status: 404, meaning: 'The company has no connection with that id' },
});
