import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * The import graph of functions/src, read from the source text: every static import, export-from,
 * `import()` and `require()` of a relative file (packages and .json are not files of ours), type-only
 * imports included (a type import is still a dependency between the two files).
 */
const SRC = path.resolve(__dirname, '../../src');
// the one table of the layers, shared with eslint's layers/direction rule
const layers = require('../../scripts/layers.cjs') as {
  layerOf: (file: string) => string | null;
  layerViolation: (from: string, to: string) => string | null;
  resolveFrom: (functionsDir: string, from: string, specifier: string) => string | null;
};
const FUNCTIONS = path.resolve(SRC, '..');
/** The .ts file a relative specifier names (the same resolution eslint's rule uses), or null. */
const resolveRelative = (from: string, specifier: string): string | null => {
  const target = layers.resolveFrom(FUNCTIONS, path.relative(FUNCTIONS, from).split(path.sep).join('/'), specifier);
  return target?.endsWith('.ts') ? path.join(FUNCTIONS, target) : null;
};
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.') && !specifier.endsWith('.json'))
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(rel(member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

const describeCircle = (circle: string[]) => `an import circle through ${circle.join(', ')}`;

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('reads the graph: every file of src/ is in it, the kit is imported', () => {
    expect(graph.size).toBeGreaterThan(100);
    const importers = [...graph.values()].filter((targets) => targets.includes(path.join(SRC, 'modules/kit.ts')));
    expect(importers.length).toBeGreaterThan(20);
  });

  it('has no import circle (no strongly connected component of more than one file)', () => {
    expect(circles(graph).map(describeCircle)).toEqual([]);
  });

  it('finds a circle and names its files (a planted two-file circle)', () => {
    const a = path.join(SRC, 'planted/a.ts');
    const b = path.join(SRC, 'planted/b.ts');
    const c = path.join(SRC, 'planted/c.ts');
    const planted = new Map([...graph, [a, [b]], [b, [a, c]], [c, []]]);
    expect(circles(planted).map(describeCircle)).toContain(describeCircle(['planted/a.ts', 'planted/b.ts']));
  });

  it('has no upward import: every import goes down the layers (functions/scripts/layers.cjs, which eslint reads too)', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.map((t) => layers.layerViolation(`src/${rel(file)}`, `src/${rel(t)}`)).filter(Boolean),
    );
    expect(upward).toEqual([]);
  });

  it('places every file of src/ in a layer', () => {
    expect([...graph.keys()].map(rel).filter((f) => layers.layerOf(`src/${f}`) === null)).toEqual([]);
  });

  it('refuses an import against the layers and allows one along them', () => {
    expect(layers.layerViolation('src/core/calendar.ts', 'src/modules/sales/index.ts')).toMatch(
      /core .* may not import modules/,
    );
    expect(layers.layerViolation('src/modules/sales/repo.ts', 'src/pos/service/engine.ts')).toMatch(
      /may not import service/,
    );
    expect(layers.layerViolation('src/pos/connectors/http.ts', 'src/http/envelope.ts')).toMatch(/may not import http/);
    expect(layers.layerViolation('src/http/app.ts', 'src/ai/accumulator.ts')).toMatch(/http .* may not import ai/);
    expect(layers.layerViolation('src/modules/docs/router.ts', 'src/modules/registry.ts')).toMatch(
      /may not import registry/,
    );
    expect(layers.layerViolation('src/pos/service/engine.ts', 'src/modules/pos-sync/index.ts')).toBeNull();
    expect(layers.layerViolation('src/modules/pos-sync/repo.ts', 'src/pos/connectors/index.ts')).toBeNull();
  });

  it('no module imports the registry (modules.ts, registry.ts): the platform reaches them through the kit', () => {
    const above = ['modules/registry.ts', 'modules/modules.ts'];
    const offenders = [...graph].flatMap(([file, targets]) =>
      rel(file).startsWith('modules/') && !above.includes(rel(file))
        ? targets.filter((t) => above.includes(rel(t))).map((t) => `${rel(file)} imports ${rel(t)}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });
});
