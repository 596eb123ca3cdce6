/** Tests run against the Node Firestore emulator and the Firebase Auth emulator started by scripts/with-emulators.js. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }] },
  testTimeout: 30000,
  maxWorkers: 2,
};
