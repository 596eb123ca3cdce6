import { defineErrors } from '../../core/errors';

export const calculatorErrors = defineErrors({
  EXPRESSION_INVALID: {
    status: 400,
    meaning: 'The expression does not parse, or uses a symbol, function or construct the calculator does not offer',
  },
  EXPRESSION_TOO_COMPLEX: {
    status: 400,
    meaning:
      'The expression or a number in it exceeds a limit (length, nesting depth, digits, exponent); refused before it is evaluated',
  },
  OPERATION_INVALID: {
    status: 400,
    meaning: 'An operation of the list is malformed: a wrong argument count, a reference to a later or missing step',
  },
  CALCULATION_UNDEFINED: { status: 422, meaning: 'The result is undefined (division by zero)' },
  RESULT_OUT_OF_RANGE: { status: 422, meaning: 'A result is larger in magnitude than the calculator allows (10^30)' },
});
