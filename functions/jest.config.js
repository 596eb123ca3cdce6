/**
 * Two tiers, one `npm test` (README):
 * - unit: pure tests in test/unit (prices, calendar, aggregation, the registry, the API description);
 *   they start no emulator and any Firestore or Auth access fails at once (test/unit-setup.js);
 * - emulator: everything else, against the Node Firestore emulator and the Firebase Auth emulator
 *   started by scripts/with-emulators.js;
 * - browser: the dashboard in headless Chromium against the local stack (scripts/stack-tests.js);
 * - client: the typed client package (clients/typescript) against the local stack (scripts/stack-tests.js).
 */
const path = require('node:path');

// Transpile only (swc), as tsc's isolatedModules allows: the types are checked once, by the
// typecheck step of `npm test`, not again in every jest worker.
const swc = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const transform = { '^.+\\.ts$': ['@swc/jest', swc] };
// Node's environment, printing only what failing tests printed (test/quiet-environment.js)
const testEnvironment = path.join(__dirname, 'test', 'quiet-environment.js');
const common = { testEnvironment, transform };

module.exports = {
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/test/unit'],
      testMatch: ['**/*.test.ts'],
      setupFiles: ['<rootDir>/test/unit-setup.js'],
    },
    {
      ...common,
      displayName: 'emulator',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/test/unit/', '/test/browser/'],
    },
    // run by scripts/stack-tests.js (the last step of npm test), against the running local stack
    { ...common, displayName: 'browser', roots: ['<rootDir>/test/browser'], testMatch: ['**/*.test.ts'] },
    {
      // the package has no install of its own here: its tools and packages are functions/'s
      displayName: 'client',
      rootDir: path.resolve(__dirname, '../clients/typescript'),
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      testEnvironment,
      modulePaths: [path.join(__dirname, 'node_modules')],
      transform: { '^.+\\.ts$': [require.resolve('@swc/jest'), swc] },
    },
  ],
};
