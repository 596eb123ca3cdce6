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
 *
 * It also names every test and hook that took more than half its timeout, passing or not: a margin
 * thinner than 2x fails on a slower or busier machine. Nothing fails for it (no test asserts a
 * wall-clock time); the line tells which timeout to derive anew or which work to bound.
 */
const { TestEnvironment } = require('jest-environment-node');

class QuietEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // jest's BufferedConsole (the default); another console (verbose, silent) prints or drops by itself
    const buffer = context.console?._buffer;
    this.buffer = Array.isArray(buffer) && !process.env.JEST_SHOW_LOGS ? buffer : undefined;
    this.console = context.console;
    this.testStart = 0;
    this.hookStarted = new Map();
    this.margins = [];
    this.failed = false;
  }

  handleTestEvent(event, state) {
    const margin = this.thinMargin(event, state);
    const buffer = this.buffer;
    if (buffer) {
      if (event.name === 'test_start') this.testStart = buffer.length;
      else if (event.name === 'test_done') {
        if (event.test.errors.length > 0) this.failed = true;
        else buffer.splice(this.testStart);
      } else if (event.name === 'hook_failure') this.failed = true;
      else if (event.name === 'run_finish' && !this.failed) {
        buffer.length = 0;
        for (const line of this.margins) warnIn(buffer, line);
      }
    }
    if (margin) {
      this.margins.push(margin);
      if (buffer) warnIn(buffer, margin);
      else this.console?.warn(margin);
    }
  }

  /** The line naming a test or hook that took more than half its timeout, if this event ends one. */
  thinMargin(event, state) {
    let what;
    let took;
    let timeout;
    if (event.name === 'hook_start') this.hookStarted.set(event.hook, Date.now());
    if (event.name === 'hook_success' || event.name === 'hook_failure') {
      what = `${event.hook.type} of ${blockName(event.hook.parent)}`;
      took = Date.now() - (this.hookStarted.get(event.hook) ?? Date.now());
      timeout = event.hook.timeout || state.testTimeout;
    } else if (event.name === 'test_done') {
      what = `"${testName(event.test)}"`;
      took = event.test.duration ?? 0;
      timeout = event.test.timeout || state.testTimeout;
    }
    if (!what || !(took > timeout / 2)) return undefined;
    return `thin timeout margin: ${what} took ${(took / 1000).toFixed(1)} s of its ${timeout / 1000} s timeout (less than 2x)`;
  }
}

/** A warning in jest's console buffer, without the code frame of a console call here (its origin is empty). */
const warnIn = (buffer, message) => buffer.push({ message, origin: '', type: 'warn' });
const blockName = (block) => (block && block.name !== 'ROOT_DESCRIBE_BLOCK' ? `"${block.name}"` : 'the file');
function testName(test) {
  const names = [test.name];
  for (let block = test.parent; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent)
    names.unshift(block.name);
  return names.join(' › ');
}

module.exports = QuietEnvironment;
