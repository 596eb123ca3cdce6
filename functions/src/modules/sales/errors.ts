import { defineErrors } from '../../core/errors';

export const salesErrors = defineErrors({
  SALE_NOT_FOUND: { status: 404, meaning: 'No invoice of that POS source and external id in the company' },
});
