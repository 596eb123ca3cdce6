import * as path from 'node:path';

/**
 * Every line firebase-functions' logger writes, as written (it writes through the console it
 * captured at load), from `start()` to `stop()`, at level info and above.
 */
export function captureLogs() {
  const lines: string[] = [];
  const loggerConsole = require(path.join(path.dirname(require.resolve('firebase-functions/logger')), 'common.js'))
    .UNPATCHED_CONSOLE as Record<string, (...a: unknown[]) => void>;
  const originals = { ...loggerConsole };
  const level = process.env.LOG_LEVEL;
  return {
    lines,
    start() {
      for (const name of Object.keys(loggerConsole))
        loggerConsole[name] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
      process.env.LOG_LEVEL = 'debug';
    },
    stop() {
      Object.assign(loggerConsole, originals);
      process.env.LOG_LEVEL = level;
    },
  };
}

/** The structured lines firebase-functions' logger wrote while `work` ran. */
export async function logsOf<T>(work: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const capture = captureLogs();
  capture.start();
  try {
    const result = await work();
    return {
      result,
      lines: capture.lines.map((l) => {
        try {
          return JSON.parse(l) as Record<string, unknown>;
        } catch {
          return { message: l };
        }
      }),
    };
  } finally {
    capture.stop();
  }
}
