/** One item of a paged read over consecutive windows: a page of window `window`, or that window's end (page null). */
export interface PagedItem<P> {
  window: number;
  page: P | null;
}

export interface PagePipeline<P, R> {
  /** Pages being written at once, at most (1: one page at a time). */
  depth: number;
  /** A page holding a record of a page in flight waits for it, so the newer version lands last. */
  idsOf: (page: P) => readonly string[];
  write: (page: P) => Promise<R>;
  /** Runs in page order, once the page and every page before it are written. */
  written: (page: P, result: R) => Promise<void>;
  /** Runs once every page of the window is written, before any later page is counted as written. */
  windowDone: (window: number) => Promise<void>;
}

/**
 * Writes the pages of a paged read in order, reading the next item while the current page is
 * written and, with a depth over 1, writing a page while earlier pages' writes are in flight, so
 * the vendor's latency, our mapping and our commits overlap. `written` and `windowDone` still run
 * in the read's order, so counts and saved progress only ever cover pages written. After a write
 * fails no further page is started; it answers that failure once every write begun has settled.
 */
export async function writePagesInOrder<P, R>(items: AsyncIterable<PagedItem<P>>, p: PagePipeline<P, R>) {
  const source = items[Symbol.asyncIterator]();
  let next = source.next();
  const inFlight: { ids: ReadonlySet<string>; done: Promise<void> }[] = [];
  let failed = false;
  const watched = (done: Promise<void>) => {
    done.catch(() => {
      failed = true;
    });
    return done;
  };
  const mustWait = (ids: readonly string[]) =>
    inFlight.length >= p.depth || (inFlight.length > 0 && ids.some((id) => inFlight.some((f) => f.ids.has(id))));
  try {
    for (let current = await next; !current.done && !failed; current = await next) {
      next = source.next();
      // a failed read-ahead is thrown when it is awaited, not as an unhandled rejection meanwhile
      next.catch(() => undefined);
      const { window, page } = current.value;
      const last = inFlight.at(-1);
      if (page === null) {
        if (last) last.done = watched(last.done.then(() => p.windowDone(window)));
        else await p.windowDone(window);
        continue;
      }
      const ids = p.idsOf(page);
      while (mustWait(ids)) await inFlight.shift()!.done;
      if (failed) break;
      const before = inFlight.at(-1)?.done;
      const result = p.write(page);
      // settles only once this page's own write has (a failure before it must not cut the wait short)
      const done = watched(
        result.then(async (r) => {
          await before;
          await p.written(page, r);
        }),
      );
      inFlight.push({ ids: new Set(ids), done });
    }
    while (inFlight.length) await inFlight.shift()!.done;
  } finally {
    await Promise.allSettled(inFlight.map((f) => f.done));
    await next.catch(() => undefined);
    await source.return?.();
  }
}

/**
 * The pages of a paged read joined, within each window, into pages of at least `records` records
 * (the window's last one may hold fewer), so a sink that cuts its writes into commits fills them
 * across the vendor's page boundaries. Window ends pass through in place; `records` 0 joins nothing.
 */
export async function* joinedPages<T>(
  items: AsyncIterable<PagedItem<readonly T[]>>,
  records: number,
): AsyncGenerator<PagedItem<readonly T[]>> {
  let held: T[] = [];
  let heldWindow = 0;
  for await (const item of items) {
    if (item.page === null || records === 0) {
      if (held.length) yield { window: heldWindow, page: held };
      held = [];
      yield item;
      continue;
    }
    held = held.length ? held.concat(item.page) : [...item.page];
    heldWindow = item.window;
    if (held.length >= records) {
      yield { window: item.window, page: held };
      held = [];
    }
  }
  if (held.length) yield { window: heldWindow, page: held };
}
