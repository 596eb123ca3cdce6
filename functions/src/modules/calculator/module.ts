import { defineModule, lazyFile } from '../kit';
import { calculatorErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'calculator',
  description:
    'A deterministic arithmetic primitive used by the AI service: exact decimal arithmetic (mathjs in BigNumber mode, 64 significant digits, a restricted function set; never eval) over an expression or a list of operations (sums, differences, products, ratios, percentages, rounding with a stated mode, currency in minor units). The assistant calls the same function as a tool, so the figures it states are computed, not generated.',
  http: router,
  errors: calculatorErrors.catalog,
});
