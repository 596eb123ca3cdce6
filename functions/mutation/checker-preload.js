/**
 * Preloaded into Stryker's TypeScript checker processes (stryker.config.mjs, checkerNodeArgs). The
 * checker drives tsc's watch-mode solution builder: for each group of mutants it changes their
 * files in memory and waits for the rebuild's diagnostics. Two things made each rebuild cost about
 * 0.75 s whatever the mutant, and neither changes what is checked:
 *
 *  - the builder waits 250 ms after a file change before it rebuilds (a debounce for editors saving
 *    several files at once): here the rebuild starts at once;
 *  - the builder parses every file of the program again on each rebuild, the ~540 declaration files
 *    of node_modules included (it keeps parsed files only for the length of one build). Here the
 *    program factory Stryker hands to the builder is given a cache of parsed files, kept while a
 *    file's text is unchanged, as tsc's own watch mode and editors keep them: only the mutated file
 *    is parsed and bound again.
 *
 * The factory is reached through the `typescript` module the checker imports: a resolve hook hands
 * the checker's modules (and only them) checker-typescript.js, the real module with
 * createSolutionBuilderWithWatchHost wrapped.
 */
const { registerHooks } = require('node:module');
const { pathToFileURL } = require('node:url');
const path = require('node:path');
const ts = require('typescript');

const { setTimeout: hostSetTimeout } = ts.sys;
ts.sys.setTimeout = (callback, _ms, ...args) => hostSetTimeout(callback, 0, ...args);

const CHECKER = '/@stryker-mutator/typescript-checker/'; // in the URL of each of the checker's modules
const wrapped = pathToFileURL(path.join(__dirname, 'checker-typescript.js')).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'typescript' && context.parentURL?.includes(CHECKER)) {
      return { url: wrapped, format: 'commonjs', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
