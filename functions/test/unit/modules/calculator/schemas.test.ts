import type { z } from 'zod';
import {
  calculationSchema,
  currencySchema,
  expressionBody,
  LIMITS,
  operandSchema,
  operationSchema,
  operationsBody,
  roundingSchema,
} from '../../../../src/modules/calculator/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The calculator's request and response schemas ("calculator": exact decimal arithmetic over
 * an expression or a list of operations, with limits and a clear 400 for anything else). The
 * evaluation itself is tested in test/unit/modules/calculator/service.test.ts.
 */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
const OPERAND_MESSAGE = 'must be a decimal like "12.50" or "$0" (the result of step 0)';

describe('an operand: a decimal (string or number) or $n, the result of an earlier step', () => {
  it.each(['12.50', '-3', '0.000001', `${'9'.repeat(30)}.${'1'.repeat(30)}`, '$0', '$9', '$49', '$99'])(
    'accepts %j',
    (operand) => {
      expect(accepts(operandSchema, operand)).toBe(operand);
    },
  );

  it.each([1249.95, -2, 0])('accepts the number %s', (operand) => {
    expect(accepts(operandSchema, operand)).toBe(operand);
  });

  it.each([
    '$100',
    '$',
    '$-1',
    '$1x',
    'x$1',
    '1$0',
    '$0.5',
    '1e5',
    '12.',
    '.5',
    '+1',
    '1,5',
    '12.50 EUR',
    ' 12',
    '',
    `1${'0'.repeat(30)}`,
    `0.${'1'.repeat(31)}`,
  ])('refuses %j, saying what an operand looks like', (operand) => {
    expect(messages(operandSchema, operand)).toEqual([`: ${OPERAND_MESSAGE}`]);
  });

  it.each([Infinity, -Infinity, NaN])('refuses the number %s', (operand) => {
    expect(refuses(operandSchema, operand)).toBe(true);
  });
});

describe('a currency (ISO 4217 code, three capital letters)', () => {
  it.each(['EUR', 'JPY', 'KWD'])('accepts %s', (code) => {
    expect(accepts(currencySchema, code)).toBe(code);
  });

  it.each(['eur', 'EU', 'EURO', 'XEUR', 'EUR ', ' EUR', '€'])('refuses %j, saying what a code looks like', (code) => {
    expect(messages(currencySchema, code)).toEqual([': must be an ISO 4217 code like EUR']);
  });
});

describe('rounding', () => {
  it.each(['half_up', 'half_down', 'half_even', 'up', 'down', 'ceiling', 'floor'])('accepts the mode %s', (mode) => {
    expect(accepts(roundingSchema, { decimals: 2, mode })).toEqual({ decimals: 2, mode });
  });

  it(`accepts 0 to ${LIMITS.maxDecimals} decimals`, () => {
    expect(accepts(roundingSchema, { decimals: 0, mode: 'up' }).decimals).toBe(0);
    expect(accepts(roundingSchema, { decimals: LIMITS.maxDecimals, mode: 'up' }).decimals).toBe(LIMITS.maxDecimals);
  });

  it.each([
    ['decimals -1', { decimals: -1, mode: 'up' }],
    [`decimals ${LIMITS.maxDecimals + 1}`, { decimals: LIMITS.maxDecimals + 1, mode: 'up' }],
    ['decimals 1.5', { decimals: 1.5, mode: 'up' }],
    ['mode bankers', { decimals: 2, mode: 'bankers' }],
    ['no mode', { decimals: 2 }],
  ])('refuses %s', (_what, round) => {
    expect(refuses(roundingSchema, round)).toBe(true);
  });
});

describe('the operations form', () => {
  it('accepts each operation with its arguments', () => {
    const operations = [
      { op: 'sum', args: ['1'] },
      { op: 'difference', args: ['$0', 2] },
      { op: 'product', args: ['$1'] },
      { op: 'ratio', args: ['$2', '4'] },
      { op: 'percentage', args: ['1250', '5000'] },
      { op: 'percentOf', args: ['15', '80'] },
      { op: 'round', args: ['$5'], decimals: 2, mode: 'half_up' },
      { op: 'toMinorUnits', args: ['$6'], currency: 'EUR', mode: 'half_even' },
      { op: 'fromMinorUnits', args: ['$7'], currency: 'EUR' },
    ];
    expect(accepts(operationsBody, { operations })).toEqual({ operations });
  });

  it(`accepts up to ${LIMITS.argsPerOperation} arguments and ${LIMITS.operations} steps`, () => {
    expect(accepts(operationSchema, { op: 'sum', args: Array(LIMITS.argsPerOperation).fill('1') }).args).toHaveLength(
      LIMITS.argsPerOperation,
    );
    const steps = Array(LIMITS.operations).fill({ op: 'sum', args: ['1'] });
    expect(accepts(operationsBody, { operations: steps }).operations).toHaveLength(LIMITS.operations);
  });

  it.each([
    ['a sum without arguments', { op: 'sum', args: [] }],
    [
      `a sum of ${LIMITS.argsPerOperation + 1} arguments`,
      { op: 'sum', args: Array(LIMITS.argsPerOperation + 1).fill('1') },
    ],
    ['a difference of one argument', { op: 'difference', args: ['1'] }],
    ['a ratio of three arguments', { op: 'ratio', args: ['1', '2', '3'] }],
    ['a percentage of one argument', { op: 'percentage', args: ['1'] }],
    ['a round of two arguments', { op: 'round', args: ['1', '2'], decimals: 0, mode: 'up' }],
    ['toMinorUnits without a mode', { op: 'toMinorUnits', args: ['1'], currency: 'EUR' }],
    ['fromMinorUnits with a mode', { op: 'fromMinorUnits', args: ['1'], currency: 'EUR', mode: 'up' }],
    ['an unknown operation', { op: 'power', args: ['2', '3'] }],
  ])('refuses %s', (_what, operation) => {
    expect(refuses(operationSchema, operation)).toBe(true);
  });

  it(`refuses no steps and ${LIMITS.operations + 1} steps`, () => {
    expect(refuses(operationsBody, { operations: [] })).toBe(true);
    expect(refuses(operationsBody, { operations: Array(LIMITS.operations + 1).fill({ op: 'sum', args: ['1'] }) })).toBe(
      true,
    );
  });
});

describe('the expression form', () => {
  it(`accepts an expression of 1 to ${LIMITS.expressionLength} characters, with or without rounding`, () => {
    expect(accepts(expressionBody, { expression: '1' })).toEqual({ expression: '1' });
    expect(accepts(expressionBody, { expression: '1'.repeat(LIMITS.expressionLength) }).expression).toHaveLength(
      LIMITS.expressionLength,
    );
    const rounded = { expression: '2 / 3', round: { decimals: 2, mode: 'half_up' } };
    expect(accepts(expressionBody, rounded)).toEqual(rounded);
  });

  it.each([
    ['an empty expression', { expression: '' }],
    [
      `an expression of ${LIMITS.expressionLength + 1} characters`,
      { expression: '1'.repeat(LIMITS.expressionLength + 1) },
    ],
    ['an unknown field', { expression: '1', scope: { x: 1 } }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(expressionBody, body)).toBe(true);
  });
});

describe('the result', () => {
  it('sends the value and the steps whole', () => {
    const result = {
      value: '12.34',
      steps: [
        { op: 'sum', value: '1234' },
        { op: 'fromMinorUnits', value: '12.34', currency: 'EUR' },
      ],
    };
    expect(accepts(calculationSchema, result)).toEqual(result);
    expect(accepts(calculationSchema, { value: '0.3' })).toEqual({ value: '0.3' });
  });
});
