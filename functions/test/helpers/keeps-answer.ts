import type { z } from 'zod';
/**
 * Response schemas are allow-lists: a route's answer is parsed through its schema and whatever the
 * schema does not list is dropped. A complete, realistic answer must come out unchanged: a field
 * missing from the schema (or a value it no longer allows) would silently vanish from the API.
 */
export function keepsAnswer(schema: z.ZodType, answer: unknown): void {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw new Error(
      `refused a valid answer: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  expect(parsed.data).toEqual(answer);
}
