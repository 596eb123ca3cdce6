/** The ai module's public API (usage reporting and provider configuration). Model calls go through src/ai/models.ts, not this module. */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

export const resolveRange = lazyFunction(service, 'resolveRange');
export type { Range } from './service';
/** A company's AI calls, tokens and cost over UTC days (the rollups of an organization). */
export const companyAiSpend = lazyFunction(service, 'companySpend');
