import { calculate } from '../../../../src/modules/calculator';
import { math } from '../../../../src/modules/calculator/evaluator';
import type { AppError } from '../../../../src/core/errors';

/**
 * The calculator's limits at their boundaries and what its refusals say ("calculator":
 * parsed safely, never `eval`, with limits on length, depth and magnitude, and a clear 400 for
 * anything else). The message is what the member or the assistant's model reads to correct the input.
 */

const expression = (text: string) => calculate({ expression: text }).value;

/** The AppError `work` throws (fails the test if it does not throw one). */
function errorOf(work: () => unknown): AppError {
  try {
    work();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected an error');
}

describe('the restricted mathjs instance', () => {
  it.each([
    'import',
    'createUnit',
    'evaluate',
    'parse',
    'simplify',
    'derivative',
    'resolve',
    'reviver',
    'compile',
    'chain',
    'matrix',
    'concat',
    'subset',
    'zeros',
    'identity',
    'inv',
    'det',
    'dot',
    'size',
  ])('has %s disabled (the mathjs security notes)', (name) => {
    const fn = (math as unknown as Record<string, () => unknown>)[name];
    expect(() => fn()).toThrow(`${name} is disabled`);
  });
});

describe('the calculator: limits at their boundaries', () => {
  it('evaluates an expression of exactly 500 characters', () => {
    const text = `${'1+'.repeat(249)}1 `;
    expect(text).toHaveLength(500);
    expect(expression(text)).toBe('250');
  });

  it('evaluates 20 levels of parentheses and refuses 21', () => {
    expect(expression(`${'('.repeat(20)}1${')'.repeat(20)}`)).toBe('1');
    expect(errorOf(() => expression(`${'('.repeat(21)}1${')'.repeat(21)}`)).message).toBe(
      'Parentheses nest deeper than 20 levels',
    );
  });

  it('evaluates a number of 30 digits after another term, and refuses 31 digits with a fraction', () => {
    expect(expression(`1 + ${'1'.repeat(30)}`)).toBe(`${'1'.repeat(29)}2`);
    expect(expression(`1 + 0.${'1'.repeat(29)}`)).toBe(`1.${'1'.repeat(29)}`);
    const tooLong = errorOf(() => expression(`0.${'1'.repeat(30)} + 1`));
    expect([tooLong.code, tooLong.message]).toEqual(['EXPRESSION_TOO_COMPLEX', 'A number has more than 30 digits']);
  });

  it('does not count spaces before a number as its digits', () => {
    expect(expression(`min(1,${' '.repeat(35)}.5)`)).toBe('0.5');
  });

  it('takes an exponent in parentheses or with a plus sign as a literal', () => {
    expect(expression('2^(-2)')).toBe('0.25');
    expect(expression('2^+2')).toBe('4');
    expect(expression('2^(+3)')).toBe('8');
    expect(expression('+3 * 2')).toBe('6');
  });

  it('raises a sum in parentheses to a power (only powers of powers are refused)', () => {
    expect(expression('(1 + 2)^2')).toBe('9');
    expect(expression('(2 * 3)^2 - (4 / 2)^3')).toBe('28');
  });

  it.each([
    ['inside a sum', '1 + 2^65'],
    ['inside a function', 'abs(2^65)'],
    ['inside a product in parentheses', '3 * (1 + 10^99)'],
  ])('checks the exponent %s before evaluating it', (_where, text) => {
    expect(errorOf(() => expression(text)).code).toBe('EXPRESSION_TOO_COMPLEX');
  });
});

describe('the calculator: what a refusal says', () => {
  it.each([
    ['10 % 3', 'EXPRESSION_INVALID', 'The character "%" is not allowed'],
    ['3 < 4', 'EXPRESSION_INVALID', 'The character "<" is not allowed'],
    ['1) + (2', 'EXPRESSION_INVALID', 'A closing parenthesis has no opening one'],
    ['(1 + 2', 'EXPRESSION_INVALID', 'A parenthesis is not closed'],
    ['2 * 1e400', 'EXPRESSION_INVALID', 'Write numbers in plain decimal form, not 1e400'],
    ['1e+5', 'EXPRESSION_INVALID', 'Write numbers in plain decimal form, not 1e+5'],
    ['10 mod 3', 'EXPRESSION_INVALID', 'The operator mod is not allowed'],
    ['2 .* 3', 'EXPRESSION_INVALID', 'The operator .* is not allowed'],
    ['true + 1', 'EXPRESSION_INVALID', 'Only numbers are allowed as values'],
    ['sqrt(4)', 'EXPRESSION_INVALID', 'Unknown function sqrt: the functions are abs, min and max'],
    ['max()', 'EXPRESSION_INVALID', 'max needs at least one argument'],
    ['x + 1', 'EXPRESSION_INVALID', 'Unknown name x: only numbers and the functions abs, min and max are allowed'],
    ['abs.constructor', 'EXPRESSION_INVALID', 'This construct is not allowed (AccessorNode)'],
    ['2^0.5', 'EXPRESSION_TOO_COMPLEX', 'The exponent of ^ must be an integer number within ±64'],
    ['(2^2)^2', 'EXPRESSION_TOO_COMPLEX', 'Powers of powers are not allowed'],
    ['1 / (2 - 2)', 'CALCULATION_UNDEFINED', 'The result is undefined (division by zero)'],
    ['10^30', 'RESULT_OUT_OF_RANGE', 'The result is 10^30 or more in magnitude'],
  ])('%s: %s, "%s"', (text, code, message) => {
    const err = errorOf(() => expression(text));
    expect(err.code).toBe(code);
    expect(err.message.startsWith(message)).toBe(true);
  });

  it('says when mathjs cannot evaluate what it parsed', () => {
    const err = errorOf(() => expression('abs(1, 2)'));
    expect(err.code).toBe('EXPRESSION_INVALID');
    expect(err.message).toMatch(/^The expression cannot be evaluated: ./);
  });

  it('says what the parser found wrong', () => {
    expect(errorOf(() => expression('1 +')).message).toMatch(/^The expression does not parse: ./);
  });

  it.each([
    [[{ op: 'ratio', args: ['1', '0'] }], 'CALCULATION_UNDEFINED', 'Step 0 (ratio) divides by zero'],
    [
      [
        { op: 'sum', args: ['1'] },
        { op: 'percentage', args: ['$0', 0] },
      ],
      'CALCULATION_UNDEFINED',
      'Step 1 (percentage) divides by zero',
    ],
    [
      [{ op: 'product', args: ['1000000000000000', '1000000000000000'] }],
      'RESULT_OUT_OF_RANGE',
      'Step 0 (product) is 10^30 or more in magnitude',
    ],
    [[{ op: 'sum', args: ['1', 1e30] }], 'RESULT_OUT_OF_RANGE', 'Step 0 argument 1 is 10^30 or more in magnitude'],
    [
      [{ op: 'fromMinorUnits', args: ['12.5'], currency: 'EUR' }],
      'OPERATION_INVALID',
      'Step 0 (fromMinorUnits) needs an integer amount of minor units',
    ],
  ])('operations %j: %s, "%s"', (operations, code, message) => {
    const err = errorOf(() => calculate({ operations }));
    expect([err.code, err.message]).toEqual([code, message]);
  });

  it('names the step and argument that refers to a later step', () => {
    const err = errorOf(() =>
      calculate({
        operations: [
          { op: 'sum', args: ['1'] },
          { op: 'sum', args: ['2', '$1'] },
        ],
      }),
    );
    expect(err.code).toBe('OPERATION_INVALID');
    expect(err.message).toBe('Step 1 argument 1 refers to $1, which is not an earlier step');
    expect(err.details).toEqual([{ path: 'body.operations.1.args.1', message: 'refers to a later or missing step' }]);
  });

  it('names each invalid operand of the input, in a message of bounded length', () => {
    const many = Array.from({ length: 50 }, () => ({ op: 'sum', args: ['one'] }));
    const err = errorOf(() => calculate({ operations: many }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details).toHaveLength(50);
    expect(err.details![49]).toEqual({
      path: 'operations.49.args.0',
      message: 'must be a decimal like "12.50" or "$0" (the result of step 0)',
    });
    expect(err.message).toMatch(/^The calculator input is invalid: ✖ must be a decimal/);
    expect(err.message.length).toBe('The calculator input is invalid: '.length + 500);
  });
});
