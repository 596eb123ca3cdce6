import { z } from 'zod';
import { coreErrors, type ErrorDetail } from '../../core/errors';
import {
  calculatorInputSchema,
  type Calculation,
  type CalculatorInput,
  type ExpressionInput,
  type OperationsInput,
} from './schemas';
import { lazyFile } from '../kit';

/** The evaluator (and mathjs with it) is loaded on the first calculation, not with the module: the routes' cold start does not pay for it. */
const evaluator = lazyFile<typeof import('./evaluator')>(() => require('./evaluator'));

export const evaluateExpression = (input: ExpressionInput): Calculation => evaluator().evaluateExpression(input);

export const evaluateOperations = (input: OperationsInput): Calculation => evaluator().evaluateOperations(input);

/**
 * The calculator as the assistant's tool calls it: `input` is either form (validated here, so an
 * argument a model produced is never trusted). Returns `{ value, steps? }`, values as exact decimal
 * strings; throws an AppError (400 VALIDATION_FAILED, EXPRESSION_INVALID, EXPRESSION_TOO_COMPLEX,
 * OPERATION_INVALID; 422 CALCULATION_UNDEFINED, RESULT_OUT_OF_RANGE) the tool can hand back to the model.
 */
export function calculate(input: CalculatorInput | unknown): Calculation {
  const parsed = calculatorInputSchema.safeParse(input);
  if (!parsed.success) {
    const details: ErrorDetail[] = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw coreErrors.VALIDATION_FAILED(
      `The calculator input is invalid: ${z.prettifyError(parsed.error).slice(0, 500)}`,
      details,
    );
  }
  return 'expression' in parsed.data ? evaluateExpression(parsed.data) : evaluateOperations(parsed.data);
}
