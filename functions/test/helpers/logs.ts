import * as path from 'node:path';

/**
 * Every line firebase-functions' logger writes, as written (it writes through the console it
 * captured at load), from `start()` to `stop()`, at level info and above.
 */
export function captureLogs() {
  const lines: string[] = [];
  const loggerConsole = require(path.join(path.dirname(require.resolve('firebase-functions/logger')), 'common.js')).UNPATCHED_CONSOLE as Record<string, (...a: unknown[]) => void>;
  const originals = { ...loggerConsole };
  const level = process.env.LOG_LEVEL;
  return {
    lines,
    start() {
      for (const name of Object.keys(loggerConsole)) loggerConsole[name] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
      process.env.LOG_LEVEL = 'debug';
    },
    stop() {
      Object.assign(loggerConsole, originals);
      process.env.LOG_LEVEL = level;
    },
  };
}
