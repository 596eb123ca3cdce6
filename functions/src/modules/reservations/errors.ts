import { defineErrors } from '../../core/errors';

export const reservationErrors = defineErrors({
  PARTNER_KEY_INVALID: { status: 401, meaning: 'The partner key is missing, wrong or revoked (nothing was written)' },
});
