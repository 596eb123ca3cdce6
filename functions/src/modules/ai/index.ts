/** The ai module's public API (usage reporting and provider configuration). Model calls go through src/ai/models.ts, not this module. */
export { resolveRange, type Range } from './service';
