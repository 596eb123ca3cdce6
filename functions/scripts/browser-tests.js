/**
 * The browser tier of `npm test`: the administrators' dashboard driven in headless Chromium
 * (playwright-core, Debian's chromium) against the running local stack (started here when none
 * runs). Without a Chromium it says so and skips: install it with `apt-get install chromium`, or
 * point CHROMIUM_PATH at one.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ensureStack, findChromium } = require('./ensure-stack');

async function main() {
  const chromium = findChromium();
  if (!chromium) {
    console.log(
      '\n*** Browser tests SKIPPED: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH). ***\n',
    );
    return 0;
  }
  console.log(`Browser tests in ${chromium}`);
  const stack = await ensureStack();
  try {
    const jest = require.resolve('jest/bin/jest', { paths: [path.resolve(__dirname, '..')] });
    const result = spawnSync(process.execPath, [jest, ...process.argv.slice(2), '--selectProjects', 'browser'], {
      cwd: path.resolve(__dirname, '..'),
      stdio: 'inherit',
      env: { ...process.env, CHROMIUM_PATH: chromium },
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
