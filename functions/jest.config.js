/**
 * Two tiers, one `npm test` (README):
 * - unit: pure tests in test/unit (prices, calendar, aggregation, the registry, the API description);
 *   they start no emulator and any Firestore or Auth access fails at once (test/unit-setup.js);
 * - emulator: everything else, against the Node Firestore emulator and the Firebase Auth emulator
 *   started by scripts/with-emulators.js;
 * - browser: the dashboard in headless Chromium against the local stack (scripts/browser-tests.js).
 */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };
const common = { testEnvironment: 'node', transform };

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
    // run by scripts/browser-tests.js (the last step of npm test), against the running local stack
    { ...common, displayName: 'browser', roots: ['<rootDir>/test/browser'], testMatch: ['**/*.test.ts'] },
  ],
};
