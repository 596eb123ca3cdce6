/**
 * The tests the mutation run (`npm run mutation`, stryker.config.mjs) runs against each mutant: the
 * unit tier, less the two structural suites that load every module (the registry and the reviewed
 * OpenAPI snapshot: slow, and a snapshot would "kill" a mutant without saying whether any behaviour
 * test notices it), the dashboard's range (browser code, not mutated) and the solver suite
 * (modules/schedule/generate/solve.test.ts: about 24 s a run through the HiGHS worker; the generation rules are
 * held by modules/schedule/generate/model.test.ts, which runs them without the solver in about 4 s).
 */
const base = require('./jest.config.js').projects.find((p) => p.displayName === 'unit');

module.exports = {
  ...base,
  displayName: undefined,
  rootDir: __dirname,
  // src among the roots: jest's --findRelatedTests (Stryker runs a file's static mutants against its related tests only) follows imports it can see
  roots: ['<rootDir>/test/unit', '<rootDir>/src'],
  // a mutant's run loads only the files holding its covering tests, and stops at the first that kills it
  // (MUTATION_SPEEDUPS=off: plain Stryker, as bench/mutation.ts compares)
  ...(process.env.MUTATION_SPEEDUPS === 'off'
    ? {}
    : {
        testSequencer: '<rootDir>/mutation/covering-tests-sequencer.js',
        runner: '<rootDir>/mutation/stop-at-first-kill-runner.js',
      }),
  testPathIgnorePatterns: [
    '/node_modules/',
    '/test/unit/openapi/review.test.ts',
    '/test/unit/modules/registry.test.ts',
    '/test/unit/web/src/range.test.ts',
    '/test/unit/modules/schedule/generate/solve.test.ts',
  ],
};
