import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import * as functions from '../../../src/index';
import { coreErrors, composeCatalogs } from '../../../src/core/errors';
import { defineModule, definitionIn, moduleFunction, type ModuleDefinition } from '../../../src/modules/kit';
import { DEPLOYED, MODULES, SERVICES, errorCatalog } from '../../../src/modules/registry';
import { probeModule } from '../../ai/support/probe';

type Endpoint = {
  secretEnvironmentVariables?: { key: string }[];
  availableMemoryMb?: number;
  timeoutSeconds?: number;
  concurrency?: number;
};
const endpointOf = (fn: unknown) => (fn as { __endpoint: Endpoint }).__endpoint;
const exported = functions as unknown as Record<string, unknown>;

const SRC = path.resolve(__dirname, '../../../src');
const MODELS = path.join(SRC, 'ai/models.ts');

/** The definition file of a registered module (its folder is named after its tag, or its name: ai-admin lives in ai/; the POS modules live in the POS area, src/pos/), or of the POS sync service (src/pos/service/definition.ts). */
function definitionFileOf(module: ModuleDefinition): string {
  const candidates = (dir: string, file: string) =>
    fs
      .readdirSync(path.join(SRC, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(SRC, dir, d.name, file));
  const files = [
    ...candidates('modules', 'module.ts'),
    ...candidates('pos', 'module.ts'),
    ...candidates('pos', 'definition.ts'),
  ];
  for (const file of files) {
    if (fs.existsSync(file) && (require(file) as { default?: unknown }).default === module) return file;
  }
  throw new Error(`no src/modules/*/module.ts, src/pos/*/module.ts or src/pos/*/definition.ts defines ${module.name}`);
}

/**
 * Every source file a file may reach: its imports and (lazy) requires, relative ones (packages are
 * not followed). The registry list (modules.ts) is not followed: a module reaching it (the docs
 * module) loads the other modules' routes to describe them, never runs their code.
 */
const REGISTRY_LIST = path.join(SRC, 'modules/modules.ts');
function importClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file === REGISTRY_LIST) return;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), fileName);
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
      if (found) visit(found);
    }
  };
  visit(entry);
  return seen;
}

const SECRET_KEYS = ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'];

/** Why a module's function is wrong about model secrets (null when right): code reaching the model layer must list the provider keys. */
function secretsProblem(definition: ModuleDefinition, entry: string): string | null {
  if (!importClosure(entry).has(MODELS)) return null;
  const listed = (endpointOf(moduleFunction(definition)).secretEnvironmentVariables ?? []).map((s) => s.key);
  const missing = SECRET_KEYS.filter((k) => !listed.includes(k));
  return missing.length ? `${definition.name} calls models but its function does not list ${missing.join(', ')}` : null;
}

describe('the module registry and the functions derived from it', () => {
  it('exports one HTTPS function per module and service, named after it, with its runtime options', () => {
    const names = DEPLOYED.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const module of MODULES) {
      const endpoint = endpointOf(exported[module.name]);
      // 256 MiB unless the module asks for more (schedule: the generation's solver thread); 60 s
      // unless it holds requests longer (messaging: its live stream, up to a minute)
      expect(endpoint).toMatchObject({
        availableMemoryMb: module.name === 'schedule' ? 512 : 256,
        timeoutSeconds: module.name === 'messaging' ? 90 : 60,
        concurrency: 80,
      });
    }
    expect(endpointOf(exported.posSyncService)).toMatchObject({ availableMemoryMb: 512, timeoutSeconds: 540 });
    const jobs = DEPLOYED.flatMap((m) => [...(m.jobs ?? []), ...(m.queues ?? [])].map((f) => f.name));
    expect(Object.keys(exported).sort()).toEqual([...names, ...jobs].sort());
  });

  it("exports each declared job as a scheduled function and each queue as a task function, with the module's secrets", () => {
    const engine = MODULES.find((m) => m.name === 'integrationEngine')!;
    const secrets = (engine.runtime?.secrets ?? []).map((s) => ({ key: s.name }));
    expect(secrets.map((s) => s.key)).toContain('INTEGRATIONS_VAULT_KEYS');
    const job = endpointOf(exported.integrationTokenRefresh) as unknown as Record<string, unknown>;
    expect(job).toMatchObject({
      scheduleTrigger: { schedule: 'every 30 minutes' },
      secretEnvironmentVariables: secrets,
    });
    const queue = endpointOf(exported.posSyncRun) as unknown as Record<string, unknown>;
    expect(queue).toMatchObject({
      taskQueueTrigger: {
        retryConfig: { maxAttempts: 5 },
        rateLimits: { maxConcurrentDispatches: 20, maxDispatchesPerSecond: 5 },
      },
      secretEnvironmentVariables: secrets,
      timeoutSeconds: 1800,
    });
    const hourly = endpointOf(exported.posSyncHourly) as unknown as Record<string, unknown>;
    expect(hourly).toMatchObject({
      scheduleTrigger: { schedule: 'every 60 minutes' },
      secretEnvironmentVariables: secrets,
    });
    expect(SERVICES.map((s) => s.name)).toEqual(['posSyncService']);
  });

  it('lists the model-provider secrets on every function whose code calls models', () => {
    for (const module of DEPLOYED) {
      expect(secretsProblem(module, definitionFileOf(module))).toBeNull();
    }
  });

  it('finds a module that calls models and checks its deployed secrets (the check is not vacuous)', () => {
    const probeFile = path.resolve(__dirname, '../../ai/support/probe.ts');
    expect(importClosure(probeFile).has(MODELS)).toBe(true);
    expect(endpointOf(moduleFunction(probeModule)).secretEnvironmentVariables).toEqual([
      { key: 'ANTHROPIC_API_KEY' },
      { key: 'OPENAI_API_KEY' },
      { key: 'SMTP_URL' },
    ]);
    expect(secretsProblem(probeModule, probeFile)).toBeNull();
    const forgetful = defineModule({ ...probeModule, runtime: {} });
    expect(secretsProblem(forgetful, probeFile)).toMatch(/does not list ANTHROPIC_API_KEY, OPENAI_API_KEY/);
    // the assistant's module is seen calling models (through its lazily loaded router)
    const chat = DEPLOYED.find((m) => m.name === 'chat')!;
    expect(importClosure(definitionFileOf(chat)).has(MODELS)).toBe(true);
  });

  it('composes one code-to-status map from the core, the AI layer and every module', () => {
    const all = errorCatalog();
    expect(all.NOT_A_MEMBER.status).toBe(403);
    expect(all.SHIFT_CONFLICT.status).toBe(422);
    expect(all.UPSTREAM_FAILED.status).toBe(502);
    for (const module of DEPLOYED) for (const code of Object.keys(module.errors ?? {})) expect(all[code]).toBeDefined();
  });

  it('refuses a code declared twice with different statuses', () => {
    expect(() => composeCatalogs([coreErrors.catalog, { NOT_A_MEMBER: { status: 404, meaning: 'x' } }])).toThrow(
      /NOT_A_MEMBER/,
    );
    expect(
      composeCatalogs([coreErrors.catalog, { NOT_A_MEMBER: { status: 403, meaning: 'x' } }]).NOT_A_MEMBER.status,
    ).toBe(403);
  });

  it('refuses a registry line that does not name a module definition', () => {
    expect(() => definitionIn({ ...probeModule })).toThrow(/not a defineModule/);
    expect(() => definitionIn({ default: probeModule })).toThrow(/not a defineModule/);
    expect(definitionIn(probeModule)).toBe(probeModule);
  });

  it('refuses a module name that cannot be a function name', () => {
    expect(() => defineModule({ ...probeModule, name: 'Bad Name' })).toThrow(/function name/);
    expect(() => defineModule({ ...probeModule, name: 'integration-engine' })).toThrow(/grouped export/);
  });

  it('keeps module definitions light: the functions entry loads no router, schema, service, Firestore client, zod or Express', () => {
    // a fresh process, as a cold start: require the entry, list what got loaded
    const script = "require('./src/index'); console.log(JSON.stringify(Object.keys(require.cache)))";
    const loaded: string[] = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: path.resolve(__dirname, '../../..'),
        encoding: 'utf8',
      }),
    );
    const ours = loaded.filter((f) => f.startsWith(SRC)).map((f) => path.relative(SRC, f));
    expect(ours.filter((f) => /\/(router|schemas|service|repo|seed)\.ts$/.test(f))).toEqual([]);
    expect(ours).toEqual(expect.arrayContaining(DEPLOYED.map((m) => path.relative(SRC, definitionFileOf(m)))));
    // firebase-functions itself loads firebase-admin's app and auth; the Firestore client (~300 ms), zod and Express wait for a request
    expect(
      loaded.filter((f) =>
        /node_modules\/(zod|express|@google-cloud\/firestore|firebase-admin\/lib\/firestore)\//.test(f),
      ),
    ).toEqual([]);
  });
});
