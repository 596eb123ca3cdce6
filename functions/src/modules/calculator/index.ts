/**
 * The calculator module's public API. The assistant's tool: `calculate(input)` with `input` either
 * `{ expression, round? }` or `{ operations: [...] }` (calculatorInputSchema, also the tool's input
 * JSON schema via z.toJSONSchema); it answers `{ value, steps? }` with exact decimal strings or
 * throws an AppError whose code and message can be handed back to the model.
 */
import { lazyFunction } from '../kit';

export const calculate = lazyFunction(() => require('./service') as typeof import('./service'), 'calculate');
export { calculatorErrors } from './errors';
export {
  calculatorInputSchema,
  type Calculation,
  type CalculatorInput,
  type Operation as CalculatorOperation,
  type RoundingMode,
} from './schemas';
