import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

// the one table of the layers, shared with eslint
const layers = require('../../scripts/layers.cjs') as {
  layerOf: (file: string) => string | null;
  layerViolation: (from: string, to: string) => string | null;
  resolveFrom: (functionsDir: string, from: string, specifier: string) => string | null;
};

const FUNCTIONS = path.resolve(__dirname, '../..');

/** Every import of every .ts file under src/ (static, export-from, import(), require(), type-only), resolved to files. */
function importGraph(): [string, string][] {
  const files = (fs.readdirSync(path.join(FUNCTIONS, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `src/${f.split(path.sep).join('/')}`);
  return files.flatMap((from) => {
    const text = fs.readFileSync(path.join(FUNCTIONS, from), 'utf8');
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => layers.resolveFrom(FUNCTIONS, from, i.fileName))
      .filter((to): to is string => to !== null)
      .map((to): [string, string] => [from, to]);
  });
}

describe('the layers of functions/src', () => {
  const graph = importGraph();

  it('places every source file in a layer', () => {
    const files = new Set(graph.flat().filter((f) => f.endsWith('.ts')));
    expect([...files].filter((f) => layers.layerOf(f) === null)).toEqual([]);
  });

  it('has no upward import (require() and import() included)', () => {
    expect(graph.map(([from, to]) => layers.layerViolation(from, to)).filter(Boolean)).toEqual([]);
  });

  it('sees every form an import takes', () => {
    const text = [
      "import a from '../core/a';",
      "export { b } from '../core/b';",
      "const c = () => require('../core/c');",
      "const d = import('../core/d');",
      "type E = typeof import('../core/e');",
    ].join('\n');
    expect(ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName)).toEqual([
      '../core/a',
      '../core/b',
      '../core/c',
      '../core/d',
      '../core/e',
    ]);
  });

  it('refuses an import against the layers and allows one along them', () => {
    expect(layers.layerViolation('src/core/calendar.ts', 'src/modules/sales/index.ts')).toMatch(
      /core .* may not import modules/,
    );
    expect(layers.layerViolation('src/modules/sales/repo.ts', 'src/pos/service/engine.ts')).toMatch(
      /may not import service/,
    );
    expect(layers.layerViolation('src/pos/connectors/http.ts', 'src/http/envelope.ts')).toMatch(/may not import http/);
    expect(layers.layerViolation('src/pos/service/engine.ts', 'src/modules/pos-sync/index.ts')).toBeNull();
    expect(layers.layerViolation('src/modules/pos-sync/repo.ts', 'src/pos/connectors/index.ts')).toBeNull();
  });
});
