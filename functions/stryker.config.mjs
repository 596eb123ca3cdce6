/**
 * Mutation testing of the rules (`npm run mutation`; not part of `npm test`): StrykerJS with its
 * jest runner (the unit tier, jest.mutation.config.js). scripts/mutation.js runs it in two parts
 * (MUTATION_PART) and merges their reports into reports/mutation/index.html; figures: docs/QUALITY.md.
 *  - rules: the rule files (tsconfig.mutation.json's include), with the TypeScript checker (mutants that do not compile are not counted);
 *  - schemas: every module's zod schemas, without the checker. Stryker gives the checker half of the
 *    concurrency until every mutant is checked, and checking a schema mutant (zod's types) costs
 *    about as much as testing it: with the checker the schema mutants ran on one test runner of two.
 *    Their mutants are static (built when the module loads), each run against its related tests.
 */
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import ts from 'typescript';

// The rule files: the include list of the checker's tsconfig, so that every mutated rule file is
// type-checked (a mutant of a file the checker does not compile would pass unchecked).
const checkerConfig = ts.readConfigFile(
  fileURLToPath(new URL('./tsconfig.mutation.json', import.meta.url)),
  ts.sys.readFile,
);
if (checkerConfig.error)
  throw new Error(`tsconfig.mutation.json: ${ts.flattenDiagnosticMessageText(checkerConfig.error.messageText, ' ')}`);
const RULES = checkerConfig.config.include;
const SCHEMAS = ['src/modules/**/schemas.ts', 'src/http/fields.ts'];

const PART = process.env.MUTATION_PART ?? 'all';
const PARTS = { rules: RULES, schemas: SCHEMAS, all: [...RULES, ...SCHEMAS] };
if (!PARTS[PART]) throw new Error(`MUTATION_PART must be rules, schemas or all, not ${PART}`);
// MUTATION_SPEEDUPS=off: plain Stryker (bench/mutation.ts measures the difference); see mutation/
const SPEEDUPS = process.env.MUTATION_SPEEDUPS !== 'off';
const reportName = PART === 'all' ? 'mutation' : PART;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  checkers: PART === 'schemas' ? [] : ['typescript'],
  // the checker keeps parsed files between rebuilds and starts each at once (mutation/checker-preload.js)
  checkerNodeArgs: SPEEDUPS
    ? ['--require', fileURLToPath(new URL('./mutation/checker-preload.js', import.meta.url))]
    : [],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : PARTS[PART],
  ignorers: ['api-description-text'],
  plugins: ['@stryker-mutator/jest-runner', '@stryker-mutator/typescript-checker', './mutation/ignore-api-text.mjs'],
  ignorePatterns: ['lib', 'coverage', 'reports', 'web/dist', 'bench', '.stryker-tmp'],
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${reportName === 'mutation' ? 'index' : reportName}.html` },
  jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // a later run re-tests only the mutants whose code or covering tests changed (delete the file for a full run)
  incremental: true,
  incrementalFile: `reports/stryker-incremental${PART === 'all' ? '' : `-${PART}`}.json`,
};
