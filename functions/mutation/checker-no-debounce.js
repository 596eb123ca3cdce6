/**
 * Preloaded into Stryker's TypeScript checker processes (stryker.config.mjs, checkerNodeArgs).
 * The checker drives tsc's watch-mode solution builder, which waits 250 ms after each file change
 * before it rebuilds: a debounce for editors saving several files at once. The checker changes the
 * files of one group of mutants and then waits for that rebuild, so the 250 ms are idle time on
 * every check (about a third of it). Without the wait the rebuild starts at once; what it checks is
 * the same.
 */
const ts = require('typescript');

const { setTimeout: hostSetTimeout } = ts.sys;
ts.sys.setTimeout = (callback, _ms, ...args) => hostSetTimeout(callback, 0, ...args);
