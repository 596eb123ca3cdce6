/**
 * The calculator's arithmetic: a restricted mathjs instance, the checks an expression passes before
 * it is evaluated, and the operations form. No I/O; loaded with the first calculation (service.ts),
 * since mathjs alone weighs more than a whole cold start of a function.
 */
import {
  absDependencies,
  addDependencies,
  bignumberDependencies,
  create,
  divideDependencies,
  maxDependencies,
  minDependencies,
  multiplyDependencies,
  parseDependencies,
  powDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  type BigNumber,
  type MathNode,
} from 'mathjs';
import type * as M from 'mathjs';
import { currencyExponent } from '../../core/money';
import { calculatorErrors } from './errors';
import {
  LIMITS,
  type Calculation,
  type ExpressionInput,
  type Operation,
  type OperationsInput,
  type RoundingMode,
} from './schemas';

/**
 * A mathjs instance with only what the calculator offers: arithmetic operators, abs, min, max, in
 * BigNumber mode (decimal.js, 64 significant digits). No import, createUnit, evaluate, simplify,
 * derivative, matrices or units exist in it; the ones the parser drags in are disabled below, as
 * the mathjs security notes advise. Expressions are also checked node by node before evaluation.
 * Exported for its test only (the disabled functions are not reachable through an expression).
 */
export const math = create(
  {
    parseDependencies,
    bignumberDependencies,
    addDependencies,
    subtractDependencies,
    multiplyDependencies,
    divideDependencies,
    unaryMinusDependencies,
    unaryPlusDependencies,
    powDependencies,
    absDependencies,
    minDependencies,
    maxDependencies,
  },
  { number: 'BigNumber', precision: 64 },
);
const parse = math.parse;
const disabled = (name: string) => () => {
  throw new Error(`${name} is disabled`);
};
math.import(
  Object.fromEntries(
    [
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
    ].map((name) => [name, disabled(name)]),
  ),
  { override: true },
);

type Decimal = BigNumber;
const Big = (value: string | number): Decimal => math.bignumber(value) as Decimal;

const MODE: Record<RoundingMode, 0 | 1 | 2 | 3 | 4 | 5 | 6> = {
  up: 0,
  down: 1,
  ceiling: 2,
  floor: 3,
  half_up: 4,
  half_down: 5,
  half_even: 6,
};
const LIMIT = Big(`1e${LIMITS.maxMagnitudeDigits}`);

const ALLOWED_OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'unaryMinus', 'unaryPlus', 'pow']);
const ALLOWED_FUNCTIONS = new Set(['abs', 'min', 'max']);
const ALLOWED_CHARS = /^[0-9.\s+\-*/^(),a-z]*$/i;
const NUMBER_LITERAL = /(\d*\.?\d+|\d+\.)(e[+-]?\d*)?/gi;

const invalid = (message: string) => calculatorErrors.EXPRESSION_INVALID(message);
const tooComplex = (message: string) => calculatorErrors.EXPRESSION_TOO_COMPLEX(message);

/** Text checks, before the parser sees the expression (cheap and linear: hostile input never reaches mathjs). */
function checkText(expression: string): void {
  if (expression.length > LIMITS.expressionLength)
    throw tooComplex(`The expression is longer than ${LIMITS.expressionLength} characters`);
  if (!ALLOWED_CHARS.test(expression)) {
    const bad = [...expression].find((c) => !ALLOWED_CHARS.test(c));
    throw invalid(
      `The character ${JSON.stringify(bad)} is not allowed: use numbers, + - * / ^ ( ) and abs, min, max (percentages and currency: the operations form)`,
    );
  }
  let depth = 0;
  for (const c of expression) {
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    if (depth > LIMITS.nestingDepth) throw tooComplex(`Parentheses nest deeper than ${LIMITS.nestingDepth} levels`);
    if (depth < 0) throw invalid('A closing parenthesis has no opening one');
  }
  if (depth !== 0) throw invalid('A parenthesis is not closed');
  for (const [literal, , exponent] of expression.matchAll(NUMBER_LITERAL)) {
    if (exponent) throw invalid(`Write numbers in plain decimal form, not ${literal}`);
    if (literal.replace('.', '').length > LIMITS.literalDigits)
      throw tooComplex(`A number has more than ${LIMITS.literalDigits} digits`);
  }
}

const unwrap = (node: MathNode): MathNode =>
  node.type === 'ParenthesisNode' ? unwrap((node as M.ParenthesisNode).content) : node;

/** The value of an exponent if it is an integer literal (optionally signed), else null. */
function literalExponent(node: MathNode): Decimal | null {
  const n = unwrap(node);
  if (n.type === 'ConstantNode') {
    const value = (n as M.ConstantNode).value as unknown;
    return math.isBigNumber(value) && value.isInteger() ? value : null;
  }
  if (n.type === 'OperatorNode') {
    const op = n as M.OperatorNode;
    if (op.fn === 'unaryMinus' || op.fn === 'unaryPlus') {
      const inner = literalExponent(op.args[0]);
      return inner && (op.fn === 'unaryMinus' ? inner.neg() : inner);
    }
  }
  return null;
}

const containsPow = (node: MathNode): boolean =>
  node.filter((n) => n.type === 'OperatorNode' && (n as M.OperatorNode).fn === 'pow').length > 0;

/** Every node must be a number, parentheses, an allowed operator or an allowed function; exponents are bounded literals. */
function checkTree(node: MathNode): void {
  switch (node.type) {
    case 'ConstantNode':
      if (!math.isBigNumber((node as M.ConstantNode).value)) throw invalid('Only numbers are allowed as values');
      return;
    case 'ParenthesisNode':
      return checkTree((node as M.ParenthesisNode).content);
    case 'OperatorNode': {
      const op = node as M.OperatorNode;
      if (!ALLOWED_OPERATORS.has(op.fn)) throw invalid(`The operator ${op.op} is not allowed`);
      if (op.fn === 'pow') {
        const exponent = literalExponent(op.args[1]);
        if (!exponent || exponent.abs().gt(LIMITS.maxExponent))
          throw tooComplex(`The exponent of ^ must be an integer number within ±${LIMITS.maxExponent}`);
        if (containsPow(op.args[0])) throw tooComplex('Powers of powers are not allowed');
      }
      op.args.forEach(checkTree);
      return;
    }
    case 'FunctionNode': {
      const fn = node as M.FunctionNode;
      if (!ALLOWED_FUNCTIONS.has(fn.fn.name))
        throw invalid(`Unknown function ${fn.fn.name}: the functions are abs, min and max`);
      if (fn.args.length === 0) throw invalid(`${fn.fn.name} needs at least one argument`);
      fn.args.forEach(checkTree);
      return;
    }
    case 'SymbolNode':
      throw invalid(
        `Unknown name ${(node as M.SymbolNode).name}: only numbers and the functions abs, min and max are allowed`,
      );
    default:
      throw invalid(`This construct is not allowed (${node.type})`);
  }
}

/** Refuses infinities, NaN and magnitudes of 10^30 and more. */
function checked(value: Decimal, what: string): Decimal {
  if (!value.isFinite()) throw calculatorErrors.CALCULATION_UNDEFINED(`${what} is undefined (division by zero)`);
  if (value.abs().gte(LIMIT))
    throw calculatorErrors.RESULT_OUT_OF_RANGE(`${what} is 10^${LIMITS.maxMagnitudeDigits} or more in magnitude`);
  return value;
}

/** Plain decimal notation, at most LIMITS.maxDecimals places, no negative zero. */
function format(value: Decimal): string {
  const text = value.toDecimalPlaces(LIMITS.maxDecimals, MODE.half_even).toFixed();
  return text === '-0' ? '0' : text;
}

export function evaluateExpression(input: ExpressionInput): Calculation {
  checkText(input.expression);
  let tree: MathNode;
  try {
    tree = parse(input.expression);
  } catch (err) {
    throw invalid(`The expression does not parse: ${(err as Error).message}`);
  }
  checkTree(tree);
  let result: Decimal;
  try {
    result = tree.compile().evaluate({}) as Decimal;
  } catch (err) {
    throw invalid(`The expression cannot be evaluated: ${(err as Error).message}`);
  }
  if (!math.isBigNumber(result)) throw invalid('The expression does not evaluate to a number');
  checked(result, 'The result');
  if (input.round) result = result.toDecimalPlaces(input.round.decimals, MODE[input.round.mode]);
  return { value: format(result) };
}

export function evaluateOperations(input: OperationsInput): Calculation {
  const results: Decimal[] = [];
  const steps: NonNullable<Calculation['steps']> = [];
  input.operations.forEach((operation, index) => {
    const args = operation.args.map((arg, a) => operand(arg, index, a, results));
    const value = checked(apply(operation, args, index), `Step ${index} (${operation.op})`);
    results.push(value);
    steps.push({
      op: operation.op,
      value: format(value),
      ...('currency' in operation ? { currency: operation.currency } : {}),
    });
  });
  return { value: steps[steps.length - 1].value, steps };
}

function operand(arg: string | number, step: number, position: number, results: readonly Decimal[]): Decimal {
  if (typeof arg === 'string' && arg.startsWith('$')) {
    const ref = Number(arg.slice(1));
    if (ref >= step)
      throw calculatorErrors.OPERATION_INVALID(
        `Step ${step} argument ${position} refers to ${arg}, which is not an earlier step`,
        [{ path: `body.operations.${step}.args.${position}`, message: 'refers to a later or missing step' }],
      );
    return results[ref];
  }
  return checked(Big(typeof arg === 'number' ? String(arg) : arg), `Step ${step} argument ${position}`);
}

function apply(operation: Operation, args: Decimal[], step: number): Decimal {
  const [first, ...rest] = args;
  const divide = (a: Decimal, b: Decimal) => {
    if (b.isZero()) throw calculatorErrors.CALCULATION_UNDEFINED(`Step ${step} (${operation.op}) divides by zero`);
    return a.div(b);
  };
  switch (operation.op) {
    case 'sum':
      return rest.reduce((acc, x) => acc.plus(x), first);
    case 'difference':
      return rest.reduce((acc, x) => acc.minus(x), first);
    case 'product':
      return rest.reduce((acc, x) => acc.times(x), first);
    case 'ratio':
      return divide(first, rest[0]);
    case 'percentage':
      return divide(first, rest[0]).times(100);
    case 'percentOf':
      return first.times(rest[0]).div(100);
    case 'round':
      return first.toDecimalPlaces(operation.decimals, MODE[operation.mode]);
    case 'toMinorUnits':
      return first.times(Big(10).pow(currencyExponent(operation.currency))).toDecimalPlaces(0, MODE[operation.mode]);
    case 'fromMinorUnits':
      if (!first.isInteger())
        throw calculatorErrors.OPERATION_INVALID(
          `Step ${step} (fromMinorUnits) needs an integer amount of minor units`,
        );
      return first.div(Big(10).pow(currencyExponent(operation.currency)));
  }
}
