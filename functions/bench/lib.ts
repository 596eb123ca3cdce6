/** Shared helpers of the benchmarks: percentiles, a bounded concurrent loop, a module server. */
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface LoopResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `op` from `concurrency` loops for `seconds` (bounded) and reports throughput and latency. */
export async function concurrentLoop(
  op: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<LoopResult> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = process.hrtime.bigint();
        await op();
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Serves module apps (the same Express apps the functions wrap) from a child process on `port`. */
export async function startModuleServer(modules: string[], port: number): Promise<ChildProcess> {
  const child = fork(path.join(__dirname, 'module-server.ts'), [String(port), ...modules], {
    execArgv: ['--import', 'tsx'],
    env: process.env,
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`module server exited (${code})`)));
  });
  return child;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

const MB = 1024 * 1024;

export interface Timed<T> {
  result: T;
  ms: number;
  /** This process's CPU time (user and system) meanwhile: close to `ms` when it was busy, well below when it waited on another. */
  cpuMs: number;
}

/** `Timed` with the peak growth of the live heap over the baseline, in MB. */
export type Measured<T> = Timed<T> & { peakHeapMb: number };

/**
 * What `work` costs in time: its time and this process's CPU time meanwhile. Nothing forces a
 * collection while it runs (with `measuredHeap`'s collection every 500 ms, a year's POS backfill ran
 * at two thirds of its speed): time a throughput with this, and measure its heap in a run of its own.
 */
export async function measuredRun<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * `measuredRun` with the peak of the live heap over the baseline. With --expose-gc (NODE_OPTIONS, or
 * `npm run bench`) the heap is sampled after a collection every 500 ms, so the peak is what the work
 * holds, not garbage waiting for the collector; without it, raw heapUsed peaks.
 */
export async function measuredHeap<T>(work: () => Promise<T>): Promise<Measured<T>> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = () => {
    gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, gc ? 500 : 20);
  const run = await measuredRun(work);
  clearInterval(sampler);
  sample();
  return { ...run, peakHeapMb: (peak - base) / MB };
}
