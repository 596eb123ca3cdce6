/**
 * The stack tier of `npm test`, against the running local stack (started here when none runs):
 * - client: the typed client package (clients/typescript) through the one address of the API;
 * - browser: the administrators' dashboard driven in headless Chromium (playwright-core, Debian's
 *   chromium). Without a Chromium it fails, so the tier cannot silently vanish from a run: install it
 *   with `apt-get install chromium` or point CHROMIUM_PATH at one; SKIP_BROWSER_TESTS=1 opts out
 *   explicitly, and the run says so (the client tests still run).
 * Arguments are passed to jest (e.g. a test path).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ensureStack, findChromium } = require('./ensure-stack');

async function main() {
  const projects = ['client'];
  const env = { ...process.env };
  if (process.env.SKIP_BROWSER_TESTS === '1') {
    console.log('\n*** Browser tests SKIPPED on request (SKIP_BROWSER_TESTS=1): the dashboard was not tested. ***\n');
  } else {
    const chromium = findChromium();
    if (!chromium) {
      console.error(
        '\n*** Browser tests FAILED: no Chromium found. Install it (apt-get install chromium), point CHROMIUM_PATH at one, or opt out with SKIP_BROWSER_TESTS=1. ***\n',
      );
      return 1;
    }
    console.log(`Browser tests in ${chromium}`);
    env.CHROMIUM_PATH = chromium;
    projects.push('browser');
  }
  const stack = await ensureStack();
  try {
    const jest = require.resolve('jest/bin/jest', { paths: [path.resolve(__dirname, '..')] });
    const result = spawnSync(process.execPath, [jest, ...process.argv.slice(2), '--selectProjects', ...projects], {
      cwd: path.resolve(__dirname, '..'),
      stdio: 'inherit',
      env,
    });
    return result.status ?? 1;
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
