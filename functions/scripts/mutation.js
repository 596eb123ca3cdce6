/**
 * `npm run mutation [-- --force]`: the mutation run in its two parts (stryker.config.mjs,
 * MUTATION_PART rules then schemas), then one report of both: reports/mutation/mutation.json and
 * index.html (the mutation-testing-elements page Stryker's own HTML report uses), and the score per
 * file and in all, printed with the time each part took.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const FUNCTIONS_DIR = path.resolve(__dirname, '..');
const REPORTS = path.join(FUNCTIONS_DIR, 'reports', 'mutation');
const PARTS = ['rules', 'schemas'];
const stryker = path.join(FUNCTIONS_DIR, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');

const seconds = {};
for (const part of PARTS) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [stryker, 'run', ...process.argv.slice(2)], {
    cwd: FUNCTIONS_DIR,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_PART: part },
  });
  seconds[part] = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) {
    console.error(`stryker (${part}) failed with exit ${run.status ?? run.signal}`);
    process.exit(run.status ?? 1);
  }
}

const reports = PARTS.map((part) => JSON.parse(fs.readFileSync(path.join(REPORTS, `${part}.json`), 'utf8')));
const merged = { ...reports[0], files: {}, testFiles: {} };
for (const r of reports) {
  Object.assign(merged.files, r.files);
  Object.assign(merged.testFiles, r.testFiles ?? {});
}
fs.writeFileSync(path.join(REPORTS, 'mutation.json'), JSON.stringify(merged));
const elements = fs.readFileSync(require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
const json = JSON.stringify(merged).replace(/</g, '\\u003c');
fs.writeFileSync(
  path.join(REPORTS, 'index.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Mutation testing</title><script>${elements}</script></head>` +
    `<body><mutation-test-report-app titlePostfix="Stryker"></mutation-test-report-app>` +
    `<script>document.querySelector('mutation-test-report-app').report = ${json};</script></body></html>`,
);

/** Score as Stryker counts it: detected / (detected + undetected); compile errors and ignored mutants are left out. */
function score(mutants) {
  const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const undetected = count('Survived', 'NoCoverage');
  return {
    detected,
    undetected,
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    score: detected + undetected ? (100 * detected) / (detected + undetected) : 100,
  };
}

const rows = Object.entries(merged.files)
  .map(([file, f]) => ({ file, ...score(f.mutants) }))
  .sort((a, b) => a.file.localeCompare(b.file));
const all = score(Object.values(merged.files).flatMap((f) => f.mutants));
for (const r of rows) {
  console.log(
    `${r.score.toFixed(2).padStart(6)} %  ${String(r.survived).padStart(4)} survived  ${String(r.noCoverage).padStart(4)} no coverage  ${r.file}`,
  );
}
console.log(
  `\nAll files: ${all.score.toFixed(2)} % (${all.detected} detected, ${all.survived} survived, ${all.noCoverage} without coverage)`,
);
console.log(
  `Time: rules ${seconds.rules} s, schemas ${seconds.schemas} s, in all ${seconds.rules + seconds.schemas} s`,
);
console.log(`Report: ${path.join(REPORTS, 'index.html')}`);
