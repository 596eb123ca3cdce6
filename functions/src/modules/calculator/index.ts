/**
 * The calculator module's public API. The assistant's tool: `calculate(input)` with `input` either
 * `{ expression, round? }` or `{ operations: [...] }` (calculatorInputSchema, also the tool's input
 * JSON schema via z.toJSONSchema); it answers `{ value, steps? }` with exact decimal strings or
 * throws an AppError whose code and message can be handed back to the model.
 */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

export const calculate = lazyFunction(service, 'calculate');
export { calculatorErrors } from './errors';
export {
  calculatorInputSchema,
  type Calculation,
  type CalculatorInput,
  type Operation as CalculatorOperation,
  type RoundingMode,
} from './schemas';
