/**
 * Jest test sequencer for the mutation run (jest.mutation.config.js): which test files a mutant's
 * run loads, and in which order.
 *
 * Stryker's jest runner runs each mutant with `--findRelatedTests <mutated file>` and, unless the
 * mutant is static, a `--testNamePattern` naming the tests that cover it. Jest would load every
 * related file (all the tests importing calendar.ts, say) and skip the tests the pattern leaves
 * out: most of a run went into loading files that run nothing. The dry run (no pattern) records
 * which file holds which test; a mutant's run keeps only the files where the pattern matches a
 * test, which are exactly the files where jest would have run one. Without that record every file
 * is kept.
 *
 * The order serves stop-at-first-kill-runner.js, which stops at the first file that kills: first
 * the files that killed most mutants of the same source file so far, then the quickest.
 */
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { current, killsOf } = require('./stop-at-first-kill-runner.js');

const INDEX_FILE = '.stryker-test-index.json';
let index; // test file -> { names: full names of its tests, ms: its dry-run time }; one per process

function loadIndex(rootDir) {
  if (!index) {
    try {
      index = new Map(Object.entries(JSON.parse(fs.readFileSync(path.join(rootDir, INDEX_FILE), 'utf8'))));
    } catch {
      return new Map();
    }
  }
  return index;
}

class CoveringTestsSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.globalConfig = options.globalConfig;
  }

  sort(tests) {
    const { testNamePattern, rootDir, nonFlagArgs, testLocationInResults: isDryRun } = this.globalConfig;
    if (isDryRun) return super.sort(tests);
    const known = loadIndex(rootDir);
    const wanted = testNamePattern ? new RegExp(testNamePattern, 'i') : undefined;
    const kept = wanted
      ? tests.filter((test) => known.get(test.path)?.names.some((name) => wanted.test(name)) ?? true)
      : tests;
    current.source = nonFlagArgs?.[0];
    const kills = killsOf(current.source);
    const ms = (test) => known.get(test.path)?.ms ?? Number.MAX_SAFE_INTEGER;
    return [...kept].sort((a, b) => (kills.get(b.path) ?? 0) - (kills.get(a.path) ?? 0) || ms(a) - ms(b));
  }

  /** Records the dry run's tests (jest's own cache of durations, written after every run, is not used here). */
  cacheResults(tests, results) {
    if (!this.globalConfig.testLocationInResults) return; // a mutant's run, not the dry run
    const byFile = {};
    for (const suite of results.testResults) {
      byFile[suite.testFilePath] = {
        names: suite.testResults.map((test) => test.fullName),
        ms: suite.perfStats.end - suite.perfStats.start,
      };
    }
    index = new Map(Object.entries(byFile));
    fs.writeFileSync(path.join(this.globalConfig.rootDir, INDEX_FILE), JSON.stringify(byFile));
  }
}

module.exports = CoveringTestsSequencer;
