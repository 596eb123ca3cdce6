import { defineErrors } from '../../core/errors';

export const forecastErrors = defineErrors({
  FORECAST_NO_HISTORY: {
    status: 422,
    meaning: 'The company has too little sales history to forecast from (at least 14 business days of the last year)',
  },
  FORECAST_SPECIAL_DAY_NOT_FOUND: {
    status: 404,
    meaning: 'No closure or special day is declared on that date',
  },
});
