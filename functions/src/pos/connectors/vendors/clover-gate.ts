/** Clover's request limits, kept by this process: pure timing, no vendor I/O. */

/** Clover's documented limits per access token and per app (docs.clover.com/dev/docs/api-usage-rate-limits, checked 2026-12-02). */
export const CLOVER_LIMITS = {
  tokenConcurrent: 5,
  tokenPerSecond: 16,
  appConcurrent: 10,
  appPerSecond: 50,
} as const;

/**
 * Room for requests under a concurrency limit and a per-second rate: `acquire` waits until fewer
 * than `concurrent` are in progress and fewer than `perSecond` started in the last second.
 */
export class RequestGate {
  private active = 0;
  private starts: number[] = [];
  private waiting: Array<() => void> = [];

  constructor(
    readonly concurrent: number,
    readonly perSecond: number,
  ) {}

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  async acquire(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.starts = this.starts.filter((t) => t > now - 1000);
      if (this.active < this.concurrent && this.starts.length < this.perSecond) {
        this.active++;
        this.starts.push(now);
        return;
      }
      const rateWait = this.active < this.concurrent ? this.starts[0] + 1000 - now : undefined;
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        if (rateWait !== undefined) setTimeout(resolve, Math.max(1, rateWait)).unref();
      });
    }
  }

  release(): void {
    this.active--;
    // every waiter looks again (one its timer woke is still listed: waking it twice is harmless)
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}

const appGate = new RequestGate(CLOVER_LIMITS.appConcurrent, CLOVER_LIMITS.appPerSecond);
const tokenGates = new Map<string, RequestGate>();

/** Runs one Clover request within the limits of its access token and of our app (this process's share). */
export async function cloverGate<T>(token: string, request: () => Promise<T>): Promise<T> {
  let gate = tokenGates.get(token);
  if (!gate) {
    gate = new RequestGate(CLOVER_LIMITS.tokenConcurrent, CLOVER_LIMITS.tokenPerSecond);
    tokenGates.set(token, gate);
  }
  await gate.acquire();
  try {
    await appGate.acquire();
    try {
      return await request();
    } finally {
      appGate.release();
    }
  } finally {
    gate.release();
    if (gate.idle) tokenGates.delete(token);
  }
}
