/**
 * The error codes each module's code can answer, read from the source: the codes of the composed
 * catalogue named by a call (`errors.CODE(`) or a string (`'CODE'`) in the module's files and in
 * every file they load (imports and requires, through other modules' indexes too). A declaration
 * in a catalogue (`CODE: { status ... }`) is neither, so a code nobody throws is not listed.
 * `npm run openapi` writes the result to src/openapi/thrown-codes.json, which the API description
 * reads to list the statuses of each operation; test/unit/openapi/review.test.ts fails while it is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYED, errorCatalog } from '../src/modules/registry';

const SRC = path.resolve(__dirname, '../src');
/**
 * Not followed: the files loading every module (they would give each module every code), the HTTP
 * platform, whose codes an operation answers by its shape and access (src/openapi/responses.ts),
 * and the API description, which names them all.
 */
const NOT_FOLLOWED = ['index.ts', 'modules/registry.ts', 'modules/modules.ts', 'modules/kit.ts'].map((f) =>
  path.join(SRC, f),
);
const PLATFORM = ['http', 'openapi'].map((dir) => path.join(SRC, dir) + path.sep);

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+'(\.[^']+)'|(?:require|import)\(\s*'(\.[^']+)'\s*\)/g;

function resolveFile(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((f) => f.endsWith('.ts') && fs.existsSync(f));
}

/**
 * A module's queue names (its `queues.ts`) stand for its definition (`module.ts`), as they did when
 * they were declared there: a file naming another module's queue is scanned with that module's
 * routes and handlers, so the statuses listed per operation stayed the same when the names moved
 * out of module.ts. Narrowing them (a file enqueuing a task does not answer its handler's codes) is
 * a change of the API description, to be made and reviewed on its own.
 */
const standsFor = (file: string) =>
  path.basename(file) === 'queues.ts' && fs.existsSync(path.join(path.dirname(file), 'module.ts'))
    ? [file, path.join(path.dirname(file), 'module.ts')]
    : [file];

/** `files` and every source file they load. */
function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || NOT_FOLLOWED.includes(file) || PLATFORM.some((dir) => file.startsWith(dir))) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveFile(file, match[1] ?? match[2]);
      if (target) queue.push(...standsFor(target));
    }
  }
  return seen;
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

/** The folder of each deployed module: the one whose module.ts (or a service's definition.ts) defines it. */
function folderOf(name: string): string {
  for (const area of ['modules', 'pos']) {
    for (const entry of fs.readdirSync(path.join(SRC, area), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      for (const file of ['module.ts', 'definition.ts']) {
        const definition = path.join(SRC, area, entry.name, file);
        if (fs.existsSync(definition) && require(definition).default?.name === name) return path.dirname(definition);
      }
    }
  }
  throw new Error(`no folder defines the module ${name}`);
}

export const THROWN_CODES_FILE = 'src/openapi/thrown-codes.json';

export function thrownCodesByModule(): Record<string, string[]> {
  const codes = Object.keys(errorCatalog());
  const result: Record<string, string[]> = {};
  for (const module of DEPLOYED) {
    const text = [...closure(sourceFiles(folderOf(module.name)))].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    result[module.name] = codes.filter((code) => new RegExp(`\\.${code}\\(|'${code}'`).test(text)).sort();
  }
  return result;
}
