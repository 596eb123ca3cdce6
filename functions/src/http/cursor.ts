import { z } from 'zod';

/**
 * The cursors of paged lists, written and read in this one place. A cursor is opaque to clients:
 * the base64url of the JSON `[list, position]`, where `list` names the list that answered it and
 * `position` is where its page ended (its zod schema is the list's). A `cursor` query value that is
 * not one this list answered (not base64url, not that JSON, another list's, a position of another
 * shape) is refused with 400 INVALID_CURSOR, never read as "from the start" or "no more data".
 */

/** The code a refused cursor answers (src/core/errors.ts); the app reads it from the zod issue (`params.errorCode`). */
export const INVALID_CURSOR = 'INVALID_CURSOR';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Longer than any cursor we answer (a position of two ids of at most 1,500 bytes each, base64url). */
const MAX_CURSOR_LENGTH = 4200;

export interface PageCursor<P> {
  /** The cursor of the page that ended at `position`: a list's `nextCursor`. */
  encode(position: P): string;
  /** The position a cursor of this list names; undefined for any other text. */
  decode(text: string): P | undefined;
  /** The optional `cursor` query parameter: read back as the position, refused with INVALID_CURSOR otherwise. */
  readonly query: z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodTransform<P, string>>>;
}

/** The API description's mark of a cursor parameter (`x-cursor`: the list it pages), kept by `.describe()`. */
export const CURSOR_MARK = 'x-cursor';

/** Whether a query schema (a zod object) has a page cursor parameter: its routes may answer INVALID_CURSOR. */
export function hasPageCursor(query: z.ZodType | undefined): boolean {
  if (!(query instanceof z.ZodObject)) return false;
  return Object.values(query.shape as Record<string, z.ZodType>).some(
    (field) => z.globalRegistry.get(field)?.[CURSOR_MARK] !== undefined,
  );
}

export function pageCursor<P>(list: string, position: z.ZodType<P>): PageCursor<P> {
  const encode = (at: P) => Buffer.from(JSON.stringify([list, at]), 'utf8').toString('base64url');
  const decode = (text: string): P | undefined => {
    if (text.length > MAX_CURSOR_LENGTH || !BASE64URL.test(text)) return undefined;
    const json = Buffer.from(text, 'base64url').toString('utf8');
    // one spelling per cursor: what we would have written for it, byte for byte
    if (Buffer.from(json, 'utf8').toString('base64url') !== text) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return undefined;
    }
    if (!Array.isArray(value) || value.length !== 2 || value[0] !== list) return undefined;
    const parsed = position.safeParse(value[1]);
    return parsed.success ? parsed.data : undefined;
  };
  const query = z
    .string()
    .transform((text, ctx) => {
      const at = decode(text);
      if (at !== undefined) return at;
      ctx.addIssue({
        code: 'custom',
        message: 'is not a nextCursor of this list: pass the nextCursor of its previous page as it was answered',
        params: { errorCode: INVALID_CURSOR },
      });
      return z.NEVER;
    })
    .optional()
    .meta({
      [CURSOR_MARK]: list,
      description:
        '`nextCursor` of the previous page, as answered (opaque); any other value is 400 INVALID_CURSOR, not an empty or first page',
    });
  return { encode, decode, query };
}
