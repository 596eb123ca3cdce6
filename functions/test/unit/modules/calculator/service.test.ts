import { calculate } from '../../../../src/modules/calculator';
import type { AppError } from '../../../../src/core/errors';

const expression = (text: string, round?: object) => calculate({ expression: text, ...(round ? { round } : {}) }).value;

/** The code of the AppError `work` throws (fails the test if it does not throw one). */
function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (err) {
    return (err as AppError).code;
  }
  throw new Error('expected an error');
}

describe('the calculator: expressions', () => {
  it('adds 0.1 and 0.2 to exactly 0.3, where floating point gives 0.30000000000000004', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(expression('0.1 + 0.2')).toBe('0.3');
  });

  it.each([
    ['1.1 * 3', '3.3'],
    ['0.3 - 0.1', '0.2'],
    ['(1249.95 + 80.05) * 0.15', '199.5'],
    ['2^-2', '0.25'],
    ['2(3 + 4)', '14'],
    ['abs(-3.5) + max(1, 2.25, 2) - min(4, 0.5)', '5.25'],
    ['-0 * 1', '0'],
    ['1 / 3 * 3', '1'],
    ['123456789012345678.9 + 0.1', '123456789012345679'],
  ])('evaluates %s exactly to %s', (text, value) => {
    expect(expression(text)).toBe(value);
  });

  it('gives a repeating fraction to 30 decimal places', () => {
    expect(expression('2 / 3')).toBe('0.666666666666666666666666666667');
  });

  it.each([
    ['half_even', '2.5', '2'],
    ['half_even', '3.5', '4'],
    ['half_up', '2.5', '3'],
    ['half_up', '-2.5', '-3'],
    ['half_down', '2.5', '2'],
    ['up', '2.1', '3'],
    ['down', '-2.9', '-2'],
    ['ceiling', '-2.9', '-2'],
    ['floor', '-2.1', '-3'],
  ])('rounds with mode %s: %s -> %s', (mode, text, value) => {
    expect(expression(text, { decimals: 0, mode })).toBe(value);
  });

  it.each([
    ['a nine-level power tower', '9^9^9^9'],
    ['a power of a power', '(2^64)^2'],
    ['an exponent that is not a literal', '2^(1+1)'],
    ['an exponent beyond 64', '10^65'],
    ['a fractional exponent', '2^0.5'],
    ['nesting deeper than 20 levels', `${'('.repeat(21)}1${')'.repeat(21)}`],
    ['a number of more than 30 digits', `1${'0'.repeat(30)}`],
  ])('refuses %s before evaluating it (EXPRESSION_TOO_COMPLEX)', (_label, text) => {
    expect(codeOf(() => expression(text))).toBe('EXPRESSION_TOO_COMPLEX');
  });

  it('refuses 1,000 nested parentheses as too long, and 250 of them within the length as too deep', () => {
    expect(codeOf(() => expression(`${'('.repeat(1000)}1${')'.repeat(1000)}`))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => expression(`${'('.repeat(249)}1${')'.repeat(249)}`))).toBe('EXPRESSION_TOO_COMPLEX');
  });

  it.each([
    ['a variable', 'x + 1'],
    ['a constant the library knows', 'pi * 2'],
    ['import', 'import(1)'],
    ['evaluate', 'evaluate(1)'],
    ['createUnit', 'createUnit(1)'],
    ['a function outside the allow-list', 'sqrt(4)'],
    ['a unit', '5 cm'],
    ['a matrix', '[1, 2]'],
    ['an assignment', 'a = 1'],
    ['a comparison', '1 < 2'],
    ['a modulo or percent sign', '10 % 3'],
    ['exponent notation', '1e400'],
    ['a property access', 'abs.constructor'],
    ['an unbalanced parenthesis', '(1 + 2'],
    ['a dangling operator', '1 +'],
    ['a function with no arguments', 'max()'],
  ])('refuses %s (EXPRESSION_INVALID)', (_label, text) => {
    expect(codeOf(() => expression(text))).toBe('EXPRESSION_INVALID');
  });

  it('answers a division by zero with CALCULATION_UNDEFINED and a result of 10^30 with RESULT_OUT_OF_RANGE', () => {
    expect(codeOf(() => expression('1 / (2 - 2)'))).toBe('CALCULATION_UNDEFINED');
    expect(codeOf(() => expression('10^30'))).toBe('RESULT_OUT_OF_RANGE');
    expect(expression('10^29')).toBe(`1${'0'.repeat(29)}`);
  });
});

describe('the calculator: operations', () => {
  const run = (operations: object[]) => calculate({ operations });

  it('chains steps through $n references and lists every step', () => {
    const result = run([
      { op: 'sum', args: ['1250.10', 99.95, '0.05'] },
      { op: 'difference', args: ['$0', '100'] },
      { op: 'product', args: ['$1', '2'] },
      { op: 'ratio', args: ['$2', '4'] },
    ]);
    expect(result.steps).toEqual([
      { op: 'sum', value: '1350.1' },
      { op: 'difference', value: '1250.1' },
      { op: 'product', value: '2500.2' },
      { op: 'ratio', value: '625.05' },
    ]);
    expect(result.value).toBe('625.05');
  });

  it('computes a percentage (part of whole) and a percent of a base', () => {
    expect(run([{ op: 'percentage', args: ['1250', '5000'] }]).value).toBe('25');
    expect(run([{ op: 'percentOf', args: ['15', '80'] }]).value).toBe('12');
    expect(
      run([
        { op: 'percentage', args: ['1', '3'] },
        { op: 'round', args: ['$0'], decimals: 1, mode: 'half_up' },
      ]).value,
    ).toBe('33.3');
  });

  it.each([
    ['EUR', '12.345', 'half_even', '1234'],
    ['EUR', '12.345', 'half_up', '1235'],
    ['EUR', '12.355', 'half_even', '1236'],
    ['EUR', '-12.345', 'half_up', '-1235'],
    ['EUR', '12.341', 'ceiling', '1235'],
    ['EUR', '12.349', 'down', '1234'],
    ['JPY', '1234.5', 'half_even', '1234'],
    ['JPY', '1235.5', 'half_even', '1236'],
    ['KWD', '1.2345', 'half_up', '1235'],
  ])('converts %s %s to minor units with %s: %s', (currency, amount, mode, minor) => {
    const result = run([{ op: 'toMinorUnits', args: [amount], currency, mode }]);
    expect(result.steps![0]).toEqual({ op: 'toMinorUnits', value: minor, currency });
  });

  it('rounds 1.005 EUR half up to 101 cents, where Math.round(1.005 * 100) gives 100', () => {
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(run([{ op: 'toMinorUnits', args: ['1.005'], currency: 'EUR', mode: 'half_up' }]).value).toBe('101');
  });

  it('turns minor units back into major units with the currency exponent', () => {
    expect(run([{ op: 'fromMinorUnits', args: ['1234'], currency: 'EUR' }]).value).toBe('12.34');
    expect(run([{ op: 'fromMinorUnits', args: ['1234'], currency: 'JPY' }]).value).toBe('1234');
    expect(run([{ op: 'fromMinorUnits', args: ['1234'], currency: 'KWD' }]).value).toBe('1.234');
    expect(codeOf(() => run([{ op: 'fromMinorUnits', args: ['12.5'], currency: 'EUR' }]))).toBe('OPERATION_INVALID');
  });

  it('refuses a reference to the same or a later step, a division by zero, and results beyond 10^30', () => {
    expect(codeOf(() => run([{ op: 'sum', args: ['$0'] }]))).toBe('OPERATION_INVALID');
    expect(
      codeOf(() =>
        run([
          { op: 'sum', args: ['1'] },
          { op: 'sum', args: ['$5'] },
        ]),
      ),
    ).toBe('OPERATION_INVALID');
    expect(codeOf(() => run([{ op: 'ratio', args: ['1', '0'] }]))).toBe('CALCULATION_UNDEFINED');
    expect(codeOf(() => run([{ op: 'percentage', args: ['1', '0'] }]))).toBe('CALCULATION_UNDEFINED');
    expect(codeOf(() => run([{ op: 'product', args: ['1000000000000000', '1000000000000000'] }]))).toBe(
      'RESULT_OUT_OF_RANGE',
    );
  });

  it.each([
    ['an unknown operation', [{ op: 'eval', args: ['1'] }]],
    ['a ratio of three numbers', [{ op: 'ratio', args: ['1', '2', '3'] }]],
    ['rounding without a mode', [{ op: 'round', args: ['1.5'], decimals: 0 }]],
    ['a currency that is not an ISO code', [{ op: 'toMinorUnits', args: ['1'], currency: 'euro', mode: 'half_up' }]],
    ['a number in exponent notation', [{ op: 'sum', args: ['1e5'] }]],
    ['an infinite number', [{ op: 'sum', args: [Infinity] }]],
    ['an unknown field', [{ op: 'sum', args: ['1'], extra: true }]],
    ['more than 50 steps', Array.from({ length: 51 }, () => ({ op: 'sum', args: ['1'] }))],
  ])('refuses %s (VALIDATION_FAILED)', (_label, operations) => {
    expect(codeOf(() => run(operations))).toBe('VALIDATION_FAILED');
  });

  it('refuses input that is neither form', () => {
    expect(codeOf(() => calculate({}))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => calculate('1 + 1'))).toBe('VALIDATION_FAILED');
  });
});
