/**
 * `node bench/transform.js`: what jest's TypeScript transform costs a worker with no cache, per
 * transpiler. Every .ts file of src/, dev/ and test/ is transpiled once, in this process, by
 * TypeScript's transpileModule (what ts-jest does when tsconfig has isolatedModules) and by swc
 * (@swc/jest's transformSync, with the options of jest.config.js), each after loading its compiler.
 * A warm run (jest's cache) transpiles nothing with either. Figures: the loading, the pass over
 * the files, and the ratio of the two totals.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full);
  }
})(ROOT);
const sources = files
  .filter((f) => /\/(src|dev|test)\//.test(f.slice(ROOT.length)))
  .map((f) => [f, fs.readFileSync(f, 'utf8')]);
const bytes = sources.reduce((n, [, s]) => n + s.length, 0);

function time(label, load, transpile) {
  let started = process.hrtime.bigint();
  const compiler = load();
  const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
  started = process.hrtime.bigint();
  for (const [file, source] of sources) transpile(compiler, source, file);
  const passMs = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `${label.padEnd(28)} load ${loadMs.toFixed(0).padStart(5)} ms   pass ${passMs.toFixed(0).padStart(6)} ms   total ${(loadMs + passMs).toFixed(0).padStart(6)} ms`,
  );
  return loadMs + passMs;
}

console.log(`${sources.length} files, ${(bytes / 1024).toFixed(0)} KiB of TypeScript`);
const tsOptions = {
  target: 'ES2022',
  module: 'commonjs',
  esModuleInterop: true,
  isolatedModules: true,
  sourceMap: true,
  inlineSources: true,
};
const ts = time(
  'typescript transpileModule',
  () => require('typescript'),
  (compiler, source, fileName) =>
    compiler.transpileModule(source, {
      fileName,
      compilerOptions: compiler.convertCompilerOptionsFromJson(tsOptions, ROOT).options,
    }),
);
const swcOptions = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const swc = time(
  'swc transformSync',
  () => require('@swc/core'),
  (compiler, source, filename) => compiler.transformSync(source, { ...swcOptions, filename }),
);
console.log(
  `swc / typescript: ${(swc / ts).toFixed(3)} (each jest worker pays this once with no cache; a warm cache pays neither)`,
);
