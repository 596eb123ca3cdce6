import fc from 'fast-check';
import { joinedPages, writePagesInOrder, type PagedItem } from '../../../../src/pos/service/pipeline';

type Page = { n: number; ids: string[] };

/** Windows of pages (record ids from a small alphabet, so pages share records) as the read's items. */
const windowsArb = fc.array(
  fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), { maxLength: 3 }), { maxLength: 4 }),
  { minLength: 1, maxLength: 4 },
);

function itemsOf(windows: string[][][]): PagedItem<Page>[] {
  const items: PagedItem<Page>[] = [];
  let n = 0;
  windows.forEach((pages, window) => {
    for (const ids of pages) items.push({ window, page: { n: n++, ids } });
    items.push({ window, page: null });
  });
  return items;
}

/** The items as an async read whose every page arrives when the scheduler says. */
async function* read(items: PagedItem<Page>[], s: fc.Scheduler) {
  for (const item of items) yield await s.schedule(Promise.resolve(item), `read ${item.page?.n ?? 'end'}`);
}

/** The order the read delivered: pages as `p<n>`, window ends as `w<i>`. */
const expectedLog = (items: PagedItem<Page>[]) => items.map((i) => (i.page ? `p${i.page.n}` : `w${i.window}`));

describe('writing pages in order while several are in flight', () => {
  it.each([1, 2, 3])(
    'counts every page and window end once, in read order, with at most %i writes in flight and never two holding one record',
    async (depth) => {
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), windowsArb, async (s, windows) => {
          const items = itemsOf(windows);
          const log: string[] = [];
          const running = new Map<number, string[]>();
          let most = 0;
          const done = writePagesInOrder(read(items, s), {
            depth,
            idsOf: (page) => page.ids,
            write: async (page) => {
              for (const ids of running.values()) expect(ids.some((id) => page.ids.includes(id))).toBe(false);
              running.set(page.n, page.ids);
              most = Math.max(most, running.size);
              await s.schedule(Promise.resolve(), `write ${page.n}`);
              running.delete(page.n);
              return page.n;
            },
            written: async (page, result) => {
              expect(result).toBe(page.n);
              expect(running.has(page.n)).toBe(false);
              log.push(`p${page.n}`);
            },
            windowDone: async (window) => {
              log.push(`w${window}`);
            },
          });
          await s.waitFor(done);
          expect(log).toEqual(expectedLog(items));
          expect(most).toBeLessThanOrEqual(depth);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('writes pages with no record in common side by side', async () => {
    let inFlight = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const items = itemsOf([[['a'], ['b'], ['c']]]);
    async function* instant() {
      yield* items;
    }
    const done = writePagesInOrder(instant(), {
      depth: 2,
      idsOf: (page) => page.ids,
      write: (page) =>
        new Promise<number>((resolve) => {
          most = Math.max(most, ++inFlight);
          gates.push(() => {
            inFlight--;
            resolve(page.n);
          });
        }),
      written: async () => undefined,
      windowDone: async () => undefined,
    });
    while (gates.length < 2) await new Promise((r) => setImmediate(r));
    expect(most).toBe(2);
    gates.shift()!();
    while (gates.length < 2) await new Promise((r) => setImmediate(r));
    gates.splice(0).forEach((open) => open());
    await done;
    expect(most).toBe(2);
  });

  it('answers a failed write once every write begun has settled, starting no page after it and counting none after it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), windowsArb, fc.nat(), async (s, windows, pick) => {
        const items = itemsOf(windows);
        const pages = items.filter((i) => i.page).map((i) => i.page!);
        fc.pre(pages.length > 0);
        const failing = pages[pick % pages.length].n;
        const log: string[] = [];
        const unsettled = new Set<number>();
        let failedAt: number | null = null;
        const started: number[] = [];
        const done = writePagesInOrder(read(items, s), {
          depth: 2,
          idsOf: (page) => page.ids,
          write: async (page) => {
            started.push(page.n);
            unsettled.add(page.n);
            try {
              await s.schedule(Promise.resolve(), `write ${page.n}`);
              if (page.n === failing) {
                failedAt = started.length;
                throw new Error(`page ${page.n} refused`);
              }
              return page.n;
            } finally {
              unsettled.delete(page.n);
            }
          },
          written: async (page) => {
            log.push(`p${page.n}`);
          },
          windowDone: async (window) => {
            log.push(`w${window}`);
          },
        });
        const outcome = await s.waitFor(
          done.then(
            () => null,
            (err: Error) => err,
          ),
        );
        expect(outcome?.message).toBe(`page ${failing} refused`);
        expect(unsettled.size).toBe(0);
        // the log is the read's order up to the failed page, and nothing of it or after it
        const expected = expectedLog(items);
        expect(log).toEqual(expected.slice(0, expected.indexOf(`p${failing}`)).slice(0, log.length));
        expect(log).not.toContain(`p${failing}`);
        // a page may have been started beside the failed one, none once the failure was seen
        expect(started.length).toBeLessThanOrEqual(failedAt! + 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe("joining a read's pages into fuller pages within each window", () => {
  async function* of<T>(items: PagedItem<T>[]) {
    yield* items;
  }
  const windowsOfRecords = fc.array(fc.array(fc.array(fc.nat(99), { maxLength: 5 }), { maxLength: 5 }), {
    minLength: 1,
    maxLength: 4,
  });

  it("keeps every record once, in order, in its window, each window end after its records, and every page but a window's last at least the size asked", async () => {
    await fc.assert(
      fc.asyncProperty(windowsOfRecords, fc.nat(8), async (windows, records) => {
        const items: PagedItem<readonly number[]>[] = windows.flatMap((pages, window) => [
          ...pages.map((page) => ({ window, page })),
          { window, page: null },
        ]);
        const joined: PagedItem<readonly number[]>[] = [];
        for await (const item of joinedPages(of(items), records)) joined.push(item);
        if (records === 0) expect(joined).toEqual(items);
        const ends = joined.filter((i) => i.page === null).map((i) => i.window);
        expect(ends).toEqual(windows.map((_, w) => w));
        windows.forEach((pages, window) => {
          const end = joined.findIndex((i) => i.page === null && i.window === window);
          const mine = joined.filter((i, k) => i.page !== null && i.window === window && k < end);
          expect(mine.flatMap((i) => i.page!)).toEqual(pages.flat());
          mine.slice(0, -1).forEach((i) => expect(i.page!.length).toBeGreaterThanOrEqual(records));
          if (records > 0) mine.forEach((i) => expect(i.page!.length).toBeGreaterThan(0));
        });
        expect(joined.filter((i) => i.page !== null).flatMap((i) => i.page!)).toEqual(windows.flat(2));
      }),
      { numRuns: 500 },
    );
  });
});
