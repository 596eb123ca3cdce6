import { z } from 'zod';

/** Limits checked before anything is evaluated. */
export const LIMITS = {
  expressionLength: 500,
  nestingDepth: 20,
  /** Digits of one number literal (integer and fraction parts together). */
  literalDigits: 30,
  /** The exponent of `^` must be an integer literal within ±maxExponent. */
  maxExponent: 64,
  /** Results (and every step of an operation list) must stay below 10^30 in magnitude. */
  maxMagnitudeDigits: 30,
  /** Decimal places a result is given with (64 significant digits are kept while computing). */
  maxDecimals: 30,
  operations: 50,
  argsPerOperation: 50,
} as const;

export const ROUNDING_MODES = ['half_up', 'half_down', 'half_even', 'up', 'down', 'ceiling', 'floor'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

const roundingMode = z
  .enum(ROUNDING_MODES)
  .describe(
    "half_up: halves away from zero (2.5 -> 3, -2.5 -> -3); half_down: halves toward zero; half_even: halves to the even neighbour (banker's, 2.5 -> 2, 3.5 -> 4); up: away from zero; down: toward zero (truncate); ceiling: toward +infinity; floor: toward -infinity",
  );

const decimals = z.int().min(0).max(LIMITS.maxDecimals).describe('Decimal places to keep');

export const roundingSchema = z.strictObject({ decimals, mode: roundingMode }).meta({ id: 'Rounding' });

const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;
const REF = /^\$\d{1,2}$/;

/** A decimal number (as a string, for exactness, or a JSON number) or `$n`, the result of step n (0-based) of the same list. */
export const operandSchema = z
  .union([
    z
      .string()
      .regex(
        new RegExp(`${DECIMAL.source}|${REF.source}`),
        'must be a decimal like "12.50" or "$0" (the result of step 0)',
      ),
    z.number().refine(Number.isFinite, 'must be finite'),
  ])
  .describe(
    'A decimal (string like "1249.95" for exactness, or a number) or "$n", the result of the n-th earlier step (0-based)',
  );

export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like EUR')
  .describe('ISO 4217 currency code; its exponent (2 for EUR, 0 for JPY, 3 for KWD) fixes the minor unit');

const args = (min: number, max: number = LIMITS.argsPerOperation) => z.array(operandSchema).min(min).max(max);

export const operationSchema = z
  .discriminatedUnion('op', [
    z.strictObject({ op: z.literal('sum'), args: args(1) }).describe('args[0] + args[1] + ...'),
    z.strictObject({ op: z.literal('difference'), args: args(2) }).describe('args[0] - args[1] - ...'),
    z.strictObject({ op: z.literal('product'), args: args(1) }).describe('args[0] × args[1] × ...'),
    z.strictObject({ op: z.literal('ratio'), args: args(2, 2) }).describe('args[0] ÷ args[1]'),
    z
      .strictObject({ op: z.literal('percentage'), args: args(2, 2) })
      .describe('args[0] as a percentage of args[1]: args[0] ÷ args[1] × 100 (labor cost 1250 of sales 5000 -> 25)'),
    z
      .strictObject({ op: z.literal('percentOf'), args: args(2, 2) })
      .describe('args[0] percent of args[1]: args[0] × args[1] ÷ 100 (15 percent of 80 -> 12)'),
    z
      .strictObject({ op: z.literal('round'), args: args(1, 1), decimals, mode: roundingMode })
      .describe('args[0] rounded to `decimals` places with the stated mode'),
    z
      .strictObject({ op: z.literal('toMinorUnits'), args: args(1, 1), currency: currencySchema, mode: roundingMode })
      .describe(
        'A major-unit amount in integer minor units of the currency (12.345 EUR half_even -> 1234), rounded with the stated mode',
      ),
    z
      .strictObject({ op: z.literal('fromMinorUnits'), args: args(1, 1), currency: currencySchema })
      .describe('Integer minor units as a major-unit amount (1234 EUR -> 12.34)'),
  ])
  .meta({ id: 'CalculatorOperation' });
export type Operation = z.infer<typeof operationSchema>;

export const expressionBody = z.strictObject({
  expression: z
    .string()
    .min(1)
    .max(LIMITS.expressionLength)
    .describe(
      `Numbers, + - * / ^ ( ) and the functions abs, min and max; e.g. "(1249.95 + 80.05) * 0.15". At most ${LIMITS.expressionLength} characters, ${LIMITS.nestingDepth} levels of parentheses, ${LIMITS.literalDigits} digits per number; the exponent of ^ must be an integer literal within ±${LIMITS.maxExponent}. For percentages and currency use the operations form.`,
    ),
  round: roundingSchema
    .optional()
    .describe('Round the result (otherwise it is exact, to 64 significant digits and at most 30 decimal places)'),
});
export type ExpressionInput = z.infer<typeof expressionBody>;

export const operationsBody = z.strictObject({
  operations: z
    .array(operationSchema)
    .min(1)
    .max(LIMITS.operations)
    .describe('Steps evaluated in order; a step refers to an earlier result as "$n"'),
});
export type OperationsInput = z.infer<typeof operationsBody>;

/** What the assistant's tool takes: either form. */
export const calculatorInputSchema = z.union([expressionBody, operationsBody]);
export type CalculatorInput = ExpressionInput | OperationsInput;

export const stepSchema = z
  .object({
    op: z.string(),
    value: z.string().describe('The exact decimal result of the step'),
    currency: z.string().optional().describe('For toMinorUnits and fromMinorUnits'),
  })
  .meta({ id: 'CalculationStep' });

export const calculationSchema = z
  .object({
    value: z.string().describe('The result as an exact decimal string (no exponent notation), e.g. "0.3"'),
    steps: z
      .array(stepSchema)
      .optional()
      .describe("The operations form: every step's result, in order (value is the last one)"),
  })
  .meta({ id: 'Calculation' });
export type Calculation = z.infer<typeof calculationSchema>;
