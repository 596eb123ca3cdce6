/**
 * A page of a list the API answers in pages: the operations taking `cursor` (or `pageToken`) and
 * `limit` answer the next page's cursor in `nextCursor` (or `nextPageToken`), absent or null on the
 * last page.
 */
export type Paged = { nextCursor?: string | null } | { nextPageToken?: string | null };

const nextOf = (page: Paged): string | undefined =>
  ('nextCursor' in page ? page.nextCursor : 'nextPageToken' in page ? page.nextPageToken : undefined) ?? undefined;

/**
 * Every page of a list, one after the other: `fetchPage(cursor)` fetches the page at `cursor`
 * (undefined: the first). Stops after the last page, or after `maxPages`.
 *
 *   for await (const page of pages((cursor) => unwrap(api.GET('/posts', { params: { query: { companyId, cursor } } }))))
 */
export async function* pages<P extends Paged>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  { maxPages = Infinity }: { maxPages?: number } = {},
): AsyncGenerator<P, void, undefined> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (let count = 0; count < maxPages; count++) {
    const page = await fetchPage(cursor);
    yield page;
    cursor = nextOf(page);
    // a cursor answered twice would loop for ever
    if (cursor === undefined || seen.has(cursor)) return;
    seen.add(cursor);
  }
}

/** The items of every page, in order: `items(page)` picks them from a page. */
export async function collectPages<P extends Paged, Item>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => readonly Item[],
  options: { maxPages?: number } = {},
): Promise<Item[]> {
  const all: Item[] = [];
  for await (const page of pages(fetchPage, options)) all.push(...items(page));
  return all;
}
