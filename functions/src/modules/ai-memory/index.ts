/**
 * The ai-memory module's public API. The assistant calls
 * `relevantMemories({ companyId, uid, question, limit })`: the memories member `uid` may see, ranked
 * by term overlap with the question, at most `limit` (≤ 10) and 2,000 characters in all, as
 * `{ id, scope, text, source, score }`; a non-member gets []. To save a fact the assistant proposes,
 * the member confirms it through POST /memories (`source: "assistant"`), or a tool calls `createMemory`
 * with the member's membership (the same rules as the route).
 */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

export const relevantMemories = lazyFunction(service, 'relevantMemories');
export const createMemory = lazyFunction(service, 'createMemory');
export const listMemories = lazyFunction(service, 'listMemories');
export { memoryErrors } from './errors';
export {
  MEMORY_LIMITS,
  memoryCreateBody,
  memoryProposalBody,
  type Memory,
  type MemoryCreate,
  type RelevantMemory,
} from './schemas';
