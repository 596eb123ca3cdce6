/**
 * The one address of the API: the Firebase Hosting rewrites of firebase.json (`hosting.rewrites`),
 * derived from the routes of the module registry. `npx tsx scripts/hosting-rewrites.ts` writes them;
 * test/unit/scripts/hosting-rewrites.test.ts fails while firebase.json and the routes disagree.
 *
 * Hosting takes the first rewrite that matches, so the rules are ordered most specific first. A path
 * prefix served by one module alone becomes one rule (`/api/roles` and everything below it); where
 * modules share a prefix (`/companies/{id}` of the companies module, `/companies/{id}/ai-usage` of
 * the ai module), the rules go one segment deeper, literal segments before parameters, and a route
 * ending at the shared prefix gets an exact rule. The last rule sends every other `/api` path to the
 * docs module: it serves the API description (`/api/openapi.json`) and the viewer (`/api/ui/`), and
 * answers a path no module serves with the error envelope rather than Hosting's 404 page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REGION } from '../src/core/config';
import { API_PATH_PREFIX } from '../src/http/app';
import type { DefinedModule } from '../src/modules/kit';

export interface HostingRewrite {
  regex: string;
  function: { functionId: string; region: string };
}

/** The module answering the paths no other rule claims (see above). */
export const FALLBACK_MODULE = 'docs';

export const FIREBASE_JSON = path.resolve(__dirname, '../../firebase.json');

const PARAM = '[^/]+';
const LITERAL = /^[A-Za-z0-9_.-]+$/;

interface Node {
  /** The modules serving a route at or below this node. */
  modules: Set<string>;
  /** The modules serving a route that ends exactly here. */
  ending: Set<string>;
  children: Map<string, Node>;
}

const newNode = (): Node => ({ modules: new Set(), ending: new Set(), children: new Map() });

/** A route path segment as a regex: a parameter (`:id`) matches any one segment. */
function segmentPattern(segment: string, route: string): string {
  if (segment.startsWith(':')) return PARAM;
  if (!LITERAL.test(segment)) throw new Error(`route ${route}: segment "${segment}" is neither a literal nor a :param`);
  return segment.replace(/\./g, '\\.');
}

function routeTree(modules: readonly DefinedModule[]): Node {
  const root = newNode();
  for (const module of modules) {
    for (const route of module.http().routes) {
      let node = root;
      node.modules.add(module.name);
      for (const segment of route.path.split('/').filter(Boolean)) {
        const key = segmentPattern(segment, route.path);
        node = node.children.get(key) ?? node.children.set(key, newNode()).get(key)!;
        node.modules.add(module.name);
      }
      node.ending.add(module.name);
    }
  }
  return root;
}

const rewrite = (regex: string, functionId: string): HostingRewrite => ({
  regex,
  function: { functionId, region: REGION },
});

function rulesOf(node: Node, prefix: string): HostingRewrite[] {
  if (prefix && node.modules.size === 1) return [rewrite(`^${prefix}(?:/.*)?$`, [...node.modules][0])];
  const children = [...node.children].sort(([a], [b]) => Number(a === PARAM) - Number(b === PARAM));
  const rules = children.flatMap(([segment, child]) => rulesOf(child, `${prefix}/${segment}`));
  if (node.ending.size > 1) throw new Error(`${prefix} is served by ${[...node.ending].join(' and ')}`);
  if (node.ending.size === 1) rules.push(rewrite(`^${prefix || ''}/?$`, [...node.ending][0]));
  return rules;
}

/** The rewrites of the one address, in the order Hosting must try them. */
export function hostingRewrites(modules: readonly DefinedModule[]): HostingRewrite[] {
  return [...rulesOf(routeTree(modules), API_PATH_PREFIX), rewrite(`^${API_PATH_PREFIX}(?:/.*)?$`, FALLBACK_MODULE)];
}

/** The function Hosting sends a path to: the one named by the first rewrite matching it. */
export function functionServing(rewrites: readonly HostingRewrite[], path: string): string | undefined {
  return rewrites.find((r) => new RegExp(r.regex, 'u').test(path))?.function.functionId;
}

/** The rewrites firebase.json holds. */
export function committedRewrites(): unknown {
  return (JSON.parse(fs.readFileSync(FIREBASE_JSON, 'utf8')) as { hosting: { rewrites?: unknown } }).hosting.rewrites;
}

async function main() {
  const { DEPLOYED } = require('../src/modules/registry') as typeof import('../src/modules/registry');
  const prettier = await import('prettier');
  const before = fs.readFileSync(FIREBASE_JSON, 'utf8');
  const config = JSON.parse(before) as { hosting: Record<string, unknown> };
  config.hosting.rewrites = hostingRewrites(DEPLOYED);
  const options = await prettier.resolveConfig(FIREBASE_JSON);
  const after = await prettier.format(JSON.stringify(config), { ...options, filepath: FIREBASE_JSON });
  fs.writeFileSync(FIREBASE_JSON, after);
  console.log(`firebase.json hosting.rewrites: ${before === after ? 'unchanged' : 'written; review the diff'}`);
}

if (require.main === module) void main();
