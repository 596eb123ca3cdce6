/**
 * Regenerates the vendor specifications the conformance test holds the connectors and the
 * simulators to (test/pos/connectors/vendor-specs/<vendor>/spec.json), from the vendors' published
 * machine-readable descriptions at the commits recorded below, trimmed to the operations the
 * connectors call and the schemas those reach:
 *
 *   npx tsx scripts/vendor-specs.ts <folder of clones>
 *
 * `<folder of clones>` holds a git clone of each source repository as `<owner>/<repo>` (or
 * `<owner>+<repo>/repo`); only the recorded commit is read (`git show <commit>:<path>`), so the
 * output is the same whatever the clones' checked-out branch. Trimming: the operations listed
 * here, the component schemas they reach by $ref, and no prose (description, example, summary
 * and x- extension keys are dropped). Vendors without a machine-readable description (Lightspeed
 * K-Series, Revel) and Clover's REST paths are documented by hand in documented.json beside it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { parse as parseYaml } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface OpenApiSource {
  repo: string;
  commit: string;
  /** The file, and the path prefix its operations are relative to (a Swagger basePath or server path). */
  files: Array<{ file: string; operations: string[] }>;
}

const OUT = path.join(__dirname, '..', 'test', 'pos', 'connectors', 'vendor-specs');

const OPENAPI: Record<string, OpenApiSource & { licence: string; date: string }> = {
  square: {
    repo: 'square/connect-api-specification',
    commit: '5733f6624e9a5b930a8426f0e02a6bf7e35c6c0f',
    date: '2025-08-19',
    licence: 'Apache-2.0 (LICENSE.txt of the repository)',
    files: [
      {
        file: 'api.json',
        operations: [
          'POST /oauth2/token',
          'POST /oauth2/revoke',
          'GET /v2/merchants/{merchant_id}',
          'GET /v2/locations',
          'GET /v2/locations/{location_id}',
          'POST /v2/team-members/search',
          'POST /v2/labor/timecards/search',
          'POST /v2/orders/search',
          'POST /v2/orders/batch-retrieve',
          'GET /v2/payments',
          'GET /v2/payments/{payment_id}',
        ],
      },
    ],
  },
  toast: {
    repo: 'api-evangelist/toast',
    commit: 'c56199cd47181f1e296f543add46f8d305d7ddf8',
    date: '2026-05-05',
    licence:
      'no licence file; OpenAPI descriptions of Toast published by API Evangelist, derived from doc.toasttab.com (facts of the public API, kept as test fixtures)',
    files: [
      { file: 'openapi/toast-authentication-openapi.yaml', operations: ['POST /authentication/login'] },
      { file: 'openapi/toast-restaurants-openapi.yaml', operations: ['GET /restaurants/{restaurantGUID}'] },
      { file: 'openapi/toast-labor-openapi.yaml', operations: ['GET /jobs', 'GET /employees', 'GET /timeEntries'] },
      { file: 'openapi/toast-orders-openapi.yaml', operations: ['GET /ordersBulk'] },
    ],
  },
  lightspeed: {
    repo: 'api-evangelist/lightspeed',
    commit: '3cc966a3a12b4d7aca074ef617a451ae5d8d28dd',
    date: '2026-10-12',
    licence:
      'no licence file; OpenAPI descriptions of Lightspeed Restaurant K-Series published by API Evangelist from api-docs.lsk.lightspeed.app/source.json (facts of the public API, kept as test fixtures)',
    files: [
      {
        file: 'openapi/lightspeed-staff-api-openapi.yml',
        operations: [
          'GET /staff/v1/businessLocations/{businessLocationId}/userTypes/POS',
          'GET /staff/v1/businessLocations/{businessLocationId}/shift',
        ],
      },
      {
        file: 'openapi/lightspeed-financialv2-api-openapi.yml',
        operations: ['GET /f/v2/business-location/{businessLocationId}/sales'],
      },
    ],
  },
  spoton: {
    repo: 'api-evangelist/spoton',
    commit: 'f52633bac7a1b629242818203febb1ea173f60c5',
    date: '2026-08-22',
    licence:
      'no licence file; the OpenAPI description of the SpotOn Restaurant POS Export API published by API Evangelist, derived from developers.spoton.com (facts of the public API, kept as test fixtures)',
    files: [
      {
        file: 'openapi/_original/spoton-restaurant-pos-export-openapi-original.yml',
        operations: [
          'GET /locations/{locationId}',
          'GET /locations/{locationId}/employees',
          'GET /locations/{locationId}/job-positions',
          'GET /locations/{locationId}/payment-options',
          'GET /locations/{locationId}/time-clock-entries',
          'GET /locations/{locationId}/orders',
        ],
      },
    ],
  },
};

const CLOVER = {
  repo: 'clover/clover-android-sdk',
  commit: '4664966b85dc38fb5a87cab0d29c5af6daf7894b',
  date: '2026-02-24',
  licence: 'Apache-2.0 (LICENSE of the repository)',
  root: 'clover-android-sdk/src/main/java/com/clover/sdk/v3',
  /** The models the REST answers the connector reads are made of; other records stay open objects. */
  models: {
    Merchant: 'merchant/Merchant.java',
    Employee: 'employees/Employee.java',
    Role: 'employees/Role.java',
    Shift: 'employees/Shift.java',
    Order: 'order/Order.java',
    Payment: 'payments/Payment.java',
    Refund: 'payments/Refund.java',
    Tender: 'base/Tender.java',
    Reference: 'base/Reference.java',
  } as Record<string, string>,
};

function gitShow(clones: string, repo: string, commit: string, file: string): string {
  const [owner, name] = repo.split('/');
  const candidates = [path.join(clones, `${owner}+${name}`, 'repo'), path.join(clones, owner ?? '', name ?? '')];
  const dir = candidates.find((d) => fs.existsSync(d));
  if (!dir) throw new Error(`no clone of ${repo} under ${clones}`);
  return execFileSync('git', ['-C', dir, 'show', `${commit}:${file}`], { encoding: 'utf8', maxBuffer: 1 << 28 });
}

const PROSE = new Set(['description', 'example', 'examples', 'summary', 'title', 'externalDocs']);

/** A copy without prose and extension keys, its $refs pointing at `#/schemas/<name>`. */
function stripped(value: Json, isPropertyMap = false): Json {
  if (Array.isArray(value)) return value.map((v) => stripped(v));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    // in a `properties` map the keys are field names (a field may be called title or description)
    if (!isPropertyMap && (PROSE.has(k) || k.startsWith('x-'))) {
      continue;
    }
    if (k === 'properties') {
      out[k] = stripped(v, true);
      continue;
    }
    out[k] = k === '$ref' && typeof v === 'string' ? `#/schemas/${v.split('/').pop() ?? ''}` : stripped(v);
  }
  return out;
}

function refsIn(value: Json, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v.split('/').pop() ?? '');
      else refsIn(v, into);
    }
  }
  return into;
}

const asObject = (v: Json | undefined): JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};

/** One operation in the fixture's form: parameters with schemas, the request body's schema, the 2xx answer's schema. */
function operationOf(op: JsonObject, swagger2: boolean, shared: JsonObject): JsonObject {
  const parameters: Json[] = [];
  let requestBody: Json = null;
  for (const declared of (op.parameters as JsonObject[] | undefined) ?? []) {
    const p = typeof declared.$ref === 'string' ? asObject(shared[declared.$ref.split('/').pop() ?? '']) : declared;
    if (swagger2 && p.in === 'body') {
      requestBody = { contentType: 'application/json', schema: stripped(p.schema ?? {}) };
      continue;
    }
    const { name, in: where, required, schema, ...rest } = p;
    const typed: JsonObject = swagger2
      ? Object.fromEntries(Object.entries(rest).filter(([k]) => ['type', 'format', 'enum', 'items'].includes(k)))
      : asObject(schema);
    parameters.push({ name: name ?? '', in: where ?? '', required: required === true, schema: stripped(typed) });
  }
  if (!swagger2 && op.requestBody) {
    const content = asObject(asObject(op.requestBody).content);
    const [contentType, media] = Object.entries(content)[0] ?? [];
    if (contentType) requestBody = { contentType, schema: stripped(asObject(media).schema ?? {}) };
  }
  const responses = asObject(op.responses);
  const ok = asObject(responses['200'] ?? responses['201'] ?? responses.default);
  const response = swagger2 ? ok.schema : asObject(asObject(ok.content)['application/json']).schema;
  return { parameters, requestBody, response: stripped(response ?? {}) };
}

function fromOpenApi(clones: string, vendor: string, source: (typeof OPENAPI)[string]): JsonObject {
  const operations: JsonObject = {};
  const schemas: JsonObject = {};
  for (const { file, operations: wanted } of source.files) {
    const text = gitShow(clones, source.repo, source.commit, file);
    const doc = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as JsonObject;
    const swagger2 = typeof doc.swagger === 'string';
    const servers = (doc.servers as JsonObject[] | undefined) ?? [];
    const prefix = swagger2
      ? String(doc.basePath ?? '')
      : new URL(String(servers[0]?.url ?? 'http://x'), 'http://x').pathname.replace(/\/$/, '');
    const all = asObject(swagger2 ? doc.definitions : asObject(doc.components).schemas);
    const paths = asObject(doc.paths);
    const reached = new Set<string>();
    for (const key of wanted) {
      const [method = '', p = ''] = key.split(' ');
      const op = asObject(asObject(paths[p])[method.toLowerCase()]);
      if (!Object.keys(op).length) throw new Error(`${vendor}: ${key} is not in ${file}`);
      const sharedParameters = asObject(swagger2 ? doc.parameters : asObject(doc.components).parameters);
      operations[`${method} ${prefix}${p}`] = operationOf(op, swagger2, sharedParameters);
      refsIn(op, reached);
    }
    const queue = [...reached];
    while (queue.length) {
      const name = queue.pop() ?? '';
      if (name in schemas || !(name in all)) continue;
      schemas[name] = stripped(all[name] ?? {});
      for (const ref of refsIn(all[name] ?? {}, new Set())) queue.push(ref);
    }
  }
  const { repo, commit, date, licence, files } = source;
  return {
    source: { repo, commit, date, licence, files: files.map((f) => f.file) },
    // Swagger 2.0 cannot mark a field nullable, and Toast's pages say an unset value is null
    // (TimeEntry.outDate: "If the employee has not closed the shift this field is null")
    ...(source.files.some((f) => f.file.includes('toast-')) ? { optionalFieldsMayBeNull: true } : {}),
    operations,
    schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
  };
}

const JAVA_TYPES: Record<string, JsonObject> = {
  String: { type: 'string' },
  Long: { type: 'integer' },
  Integer: { type: 'integer' },
  Boolean: { type: 'boolean' },
  Double: { type: 'number' },
};

/** The JSON fields of a Clover SDK model: its CacheKey enum (name, extraction strategy, Java type). */
function cloverModel(clones: string, file: string, enums: (cls: string) => string[]): JsonObject {
  const java = gitShow(clones, CLOVER.repo, CLOVER.commit, `${CLOVER.root}/${file}`);
  const block = /enum CacheKey[^{]*\{([\s\S]*?);\s*\n\s*private final/.exec(java)?.[1] ?? '';
  const properties: JsonObject = {};
  for (const m of block.matchAll(/(\w+)\s*\(\s*com\.clover\.sdk\.extractors\.(\w+)\.instance\(([\w.]+)\)/g)) {
    const [, field = '', strategy = '', arg = ''] = m;
    const simple =
      arg
        .replace(/\.(class|JSON_CREATOR)$/, '')
        .split('.')
        .pop() ?? '';
    const record = (name: string): JsonObject =>
      name in CLOVER.models ? { $ref: `#/schemas/${name}` } : { type: 'object' };
    const schemaOf: Record<string, () => JsonObject> = {
      BasicExtractionStrategy: () => JAVA_TYPES[simple] ?? {},
      BasicListExtractionStrategy: () => ({ type: 'array', items: JAVA_TYPES[simple] ?? {} }),
      EnumExtractionStrategy: () => ({ type: 'string', enum: enums(arg.replace(/\.class$/, '')) }),
      EnumListExtractionStrategy: () => ({ type: 'array', items: { type: 'string' } }),
      RecordExtractionStrategy: () => record(simple),
      // Clover's JSON wraps a list of records as {elements: [...]} (its REST answers and the SDK alike)
      RecordListExtractionStrategy: () => ({
        type: 'object',
        properties: { elements: { type: 'array', items: record(simple) } },
      }),
    };
    properties[field] = schemaOf[strategy]?.() ?? {};
  }
  return { type: 'object', properties };
}

function fromClover(clones: string): JsonObject {
  const enums = (cls: string): string[] => {
    const file = `${cls.replace(/^com\.clover\.sdk\.v3\./, '').replace(/\./g, '/')}.java`;
    const java = gitShow(clones, CLOVER.repo, CLOVER.commit, `${CLOVER.root}/${file}`);
    const body = /public enum \w+[^{]*\{\s*([\s\S]*?)[;}]/.exec(java)?.[1] ?? '';
    return body
      .split(',')
      .map((s) => s.replace(/\(.*$/s, '').trim())
      .filter((s) => /^[A-Z0-9_]+$/.test(s));
  };
  const schemas: JsonObject = {};
  for (const [name, file] of Object.entries(CLOVER.models)) schemas[name] = cloverModel(clones, file, enums);
  const { repo, commit, date, licence } = CLOVER;
  return {
    source: { repo, commit, date, licence, files: Object.values(CLOVER.models).map((f) => `${CLOVER.root}/${f}`) },
    operations: {},
    schemas,
  };
}

async function main(): Promise<void> {
  const clones = process.argv[2];
  if (!clones) throw new Error('usage: tsx scripts/vendor-specs.ts <folder of clones>');
  const specs: Record<string, () => JsonObject> = { clover: () => fromClover(clones) };
  for (const [vendor, source] of Object.entries(OPENAPI)) specs[vendor] = () => fromOpenApi(clones, vendor, source);
  for (const [vendor, build] of Object.entries(specs)) {
    let spec: JsonObject;
    try {
      spec = build();
    } catch (err) {
      console.warn(`${vendor}: kept as it is (${(err as Error).message.split('\n')[0]})`);
      continue;
    }
    const file = path.join(OUT, vendor, 'spec.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const options = { ...(await resolveConfig(file)), filepath: file };
    fs.writeFileSync(file, await format(JSON.stringify(spec), options));
    const counts = [asObject(spec.operations), asObject(spec.schemas)].map((o) => Object.keys(o).length);
    console.log(`${vendor}: ${counts[0]} operations, ${counts[1]} schemas, ${fs.statSync(file).size} bytes`);
  }
}

void main();
