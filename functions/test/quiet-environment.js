/**
 * The test environment of every tier: Node's, with what passing tests print kept out of the run's
 * output, so that a green run is short and a failure is easy to find.
 *
 * Jest buffers what a test file prints (console, and so the logger) and shows it after the file.
 * From that buffer this drops what a passing test printed (the errors tests provoke on purpose: a
 * 503's log line, a refused webhook's warning) and, when every test and hook of the file passed,
 * what the file printed outside its tests. A failing test keeps its lines, and a failing hook keeps
 * the whole file's. `JEST_SHOW_LOGS=1` keeps everything; `--verbose` prints as it goes and is left
 * alone.
 */
const { TestEnvironment } = require('jest-environment-node');

class QuietEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // jest's BufferedConsole (the default); another console (verbose, silent) prints or drops by itself
    const buffer = context.console?._buffer;
    this.buffer = Array.isArray(buffer) && !process.env.JEST_SHOW_LOGS ? buffer : undefined;
    this.testStart = 0;
    this.failed = false;
  }

  handleTestEvent(event) {
    const buffer = this.buffer;
    if (!buffer) return;
    if (event.name === 'test_start') this.testStart = buffer.length;
    else if (event.name === 'test_done') {
      if (event.test.errors.length > 0) this.failed = true;
      else buffer.splice(this.testStart);
    } else if (event.name === 'hook_failure') this.failed = true;
    else if (event.name === 'run_finish' && !this.failed) buffer.length = 0;
  }
}

module.exports = QuietEnvironment;
