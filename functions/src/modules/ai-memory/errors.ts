import { defineErrors } from '../../core/errors';

export const memoryErrors = defineErrors({
  MEMORY_NOT_FOUND: {
    status: 404,
    meaning: "No memory with that id that the caller may see (another member's personal memories are never visible)",
  },
  MEMORY_LIMIT_REACHED: {
    status: 422,
    meaning: 'The company (or the member) already keeps the most memories allowed; forget one first',
  },
});
