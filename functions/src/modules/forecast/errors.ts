import { defineErrors } from '../../core/errors';

export const forecastErrors = defineErrors({
  FORECAST_NO_HISTORY: {
    status: 422,
    meaning: 'The company has too little sales history to forecast from (at least 14 business days of the last year)',
  },
});
