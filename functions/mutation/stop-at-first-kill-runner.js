/**
 * Jest test runner for the mutation run (jest.mutation.config.js): runs the test files one after
 * another, as Stryker's in-band runs do, and stops at the first file with a failing test (the
 * mutant is killed: Stryker's default `bail`, which jest's own `bail` cannot give it, as that one
 * exits the process) or that fails to load (Stryker then reports a runtime error whatever the
 * other files do). One difference from running every file: a mutant that fails a test in one file
 * and breaks the loading of a later one is killed here, where plain Stryker calls it a runtime
 * error and leaves it out of the score (3 mutants of calculator/schemas.ts, which empty a schema
 * chat/schemas.ts builds on). It remembers which files killed the mutants of each source file;
 * covering-tests-sequencer.js runs those first.
 */
const TestRunner = require('jest-runner').default;

/** the mutated file of the run in progress, set by the sequencer */
const current = { source: undefined };
/** mutated file -> test file -> mutants it killed */
const kills = new Map();

function killsOf(source) {
  let bySource = kills.get(source);
  if (!bySource) kills.set(source, (bySource = new Map()));
  return bySource;
}

class StopAtFirstKillRunner extends TestRunner {
  async runTests(tests, watcher, options) {
    if (!options.serial) return super.runTests(tests, watcher, options);
    let stop = false;
    const stopListening = this.on('test-file-success', ([test, result]) => {
      if (result.numFailingTests > 0) {
        const bySource = killsOf(current.source);
        bySource.set(test.path, (bySource.get(test.path) ?? 0) + 1);
      }
      stop = result.numFailingTests > 0 || Boolean(result.testExecError);
    });
    const stopListeningToErrors = this.on('test-file-failure', () => {
      stop = true;
    });
    try {
      for (const test of tests) {
        await super.runTests([test], watcher, options);
        if (stop) break;
      }
    } finally {
      stopListening();
      stopListeningToErrors();
    }
  }
}

module.exports = StopAtFirstKillRunner;
module.exports.current = current;
module.exports.killsOf = killsOf;
