import { AUTHENTICATED, defineRoute, type RouteDef } from '../../http/route';
import { calculationSchema, expressionBody, operationsBody } from './schemas';
import * as service from './service';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/calculator/expression',
    summary: 'Evaluate an arithmetic expression exactly',
    description:
      'Exact decimal arithmetic (0.1 + 0.2 is 0.3): numbers, + - * / ^ ( ), abs, min and max; nothing else is evaluated (no names, no assignments, no units, no matrices). Limits are checked before evaluation and answer 400 EXPRESSION_TOO_COMPLEX; an unknown name or character 400 EXPRESSION_INVALID; a division by zero 422 CALCULATION_UNDEFINED; a result of 10^30 or more 422 RESULT_OUT_OF_RANGE. Pure: nothing is stored.',
    access: AUTHENTICATED,
    body: expressionBody,
    response: calculationSchema,
    handler: async ({ body }) => service.evaluateExpression(body),
  }),
  defineRoute({
    method: 'post',
    path: '/calculator/operations',
    summary: 'Run a list of operations exactly (sums, ratios, percentages, rounding, currency)',
    description:
      'Each step is one operation on decimals or on earlier results ("$0" is the result of step 0); the answer lists every step\'s exact result and `value`, the last one. Rounding always names its mode; currency conversions use the ISO 4217 exponent of the currency (EUR 2, JPY 0, KWD 3). Example: labor % = `[{ "op": "percentage", "args": ["1250", "5000"] }, { "op": "round", "args": ["$0"], "decimals": 1, "mode": "half_up" }]`. Pure: nothing is stored.',
    access: AUTHENTICATED,
    body: operationsBody,
    response: calculationSchema,
    handler: async ({ body }) => service.evaluateOperations(body),
  }),
];
