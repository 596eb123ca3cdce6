/**
 * Mutation testing of the rules (`npm run mutation`; not part of `npm test`): StrykerJS with its
 * jest runner (the unit tier, jest.mutation.config.js) and TypeScript checker (mutants that do not
 * compile are not counted). Report: reports/mutation/index.html; figures: docs/QUALITY.md.
 */
import process from 'node:process';

const RULES = [
  'src/core/calendar.ts',
  'src/core/money.ts',
  'src/modules/schedule/rules.ts',
  'src/modules/sales/aggregate.ts',
  'src/modules/sales/labor.ts',
  'src/ai/prices.ts',
  'src/ai/usage.ts',
  'src/modules/payroll/overtime.ts',
  'src/modules/payroll/exports.ts',
  'src/modules/attendance/rules.ts',
];
const SCHEMAS = ['src/modules/**/schemas.ts', 'src/http/fields.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : [...RULES, ...SCHEMAS],
  ignorers: ['api-description-text'],
  plugins: ['@stryker-mutator/jest-runner', '@stryker-mutator/typescript-checker', './mutation/ignore-api-text.mjs'],
  ignorePatterns: ['lib', 'coverage', 'reports', 'web/dist', 'bench', '.stryker-tmp'],
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // a later run re-tests only the mutants whose code or covering tests changed (delete the file for a full run)
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
};
