/**
 * The fixed window counted in a caller's transaction (`countedAt`, the messaging send's rate limit):
 * the library's meaning when requests are counted in the order they arrived, a counter that never
 * passes its points, and a sender within the limit never refused however late the turns commit.
 */
import fc from 'fast-check';
import { countedAt, type Counter, type Limit } from '../../../src/core/rate-limit';

const LIMIT: Limit = { name: 'test', points: 30, duration: 10 };
const WINDOW_MS = LIMIT.duration * 1000;

/** Commits requests (arrival times) in the given order on one counter: which were refused, and every counter stored. */
function commit(arrivals: number[], order: number[], limit = LIMIT) {
  let stored: Counter | undefined;
  const refused = new Set<number>();
  const counters: Counter[] = [];
  for (const i of order) {
    // a request commits no earlier than it arrived
    const now = Math.max(arrivals[i], ...order.slice(0, order.indexOf(i) + 1).map((j) => arrivals[j]));
    const counted = countedAt(stored, limit, arrivals[i], now);
    if ('refusedForMs' in counted) refused.add(i);
    else if (counted.counter) counters.push((stored = counted.counter));
  }
  return { refused, counters };
}

describe('countedAt', () => {
  it('in arrival order is a fixed window: the first `points` of a window pass, the rest are refused until it ends', () => {
    const arrivals = Array.from({ length: 35 }, (_, i) => 1000 + i * 100);
    const { refused } = commit(
      arrivals,
      arrivals.map((_, i) => i),
    );
    expect([...refused]).toEqual([30, 31, 32, 33, 34]);
    const counted = countedAt({ points: 30, expire: 11_000 }, LIMIT, 4000, 5000);
    expect(counted).toEqual({ refusedForMs: 6000 });
    expect(countedAt({ points: 30, expire: 11_000 }, LIMIT, 11_000, 11_000)).toEqual({
      counter: { points: 1, expire: 21_000, start: 11_000 },
    });
  });

  /** Requests arriving `minGap` to `maxGap` ms apart, each committing after a delay of its own (a queue on a busy machine): arrivals and commit order. */
  const queued = (minGap: number, maxGap: number) =>
    fc
      .array(
        fc.record({ gap: fc.integer({ min: minGap, max: maxGap }), delay: fc.integer({ min: 0, max: 25_000 }) }),
        // a sender's minute or more (fast-check's arrays are short by default)
        { minLength: 40, maxLength: 200 },
      )
      .map((requests) => {
        const arrivals = requests.reduce<number[]>((at, r) => [...at, (at.at(-1) ?? 0) + r.gap], []);
        const order = arrivals
          .map((_, i) => i)
          .sort((x, y) => arrivals[x] + requests[x].delay - (arrivals[y] + requests[y].delay));
        return { arrivals, order };
      });

  it('never stores more than `points` in a window, whatever the arrivals and the delays', () => {
    fc.assert(
      fc.property(queued(0, 1000), ({ arrivals, order }) => {
        for (const c of commit(arrivals, order).counters) expect(c.points).toBeLessThanOrEqual(LIMIT.points);
      }),
    );
  });

  it('never refuses a sender within the limit (at most `points` per window of arrivals), however late their requests commit', () => {
    // arrivals at least duration / points apart (the densest a sender within the limit sends): at most `points` in every window
    const within = queued(Math.ceil(WINDOW_MS / LIMIT.points), Math.ceil(WINDOW_MS / LIMIT.points) + 50);
    fc.assert(fc.property(within, ({ arrivals, order }) => expect(commit(arrivals, order).refused.size).toBe(0)));
  });
});
