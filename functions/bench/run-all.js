/** `npm run bench`: runs every benchmark of this folder in turn (inside scripts/with-emulators.js). */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

// imported by the benchmarks, not benchmarks themselves
const HELPERS = new Set(['lib.ts', 'module-server.ts', 'autocannon.d.ts', 'firestore-ops.ts', 'vendor-process.ts']);
const files = fs
  .readdirSync(__dirname)
  .filter((f) => f.endsWith('.ts') && !HELPERS.has(f))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
