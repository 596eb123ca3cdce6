import type { z } from 'zod';
/** The parsed value, or throws with the issues (a failing expectation names them). */
export function accepts<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success)
    throw new Error(
      `refused ${JSON.stringify(input)}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}
export const refuses = (schema: z.ZodType, input: unknown): boolean => !schema.safeParse(input).success;
