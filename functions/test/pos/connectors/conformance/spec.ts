import fs from 'node:fs';
import path from 'node:path';
// ajv 6 (JSON Schema draft-07, with OpenAPI's `nullable`) comes with the installed tooling (eslint)
import Ajv from 'ajv';
import type { Exchange, Vendor } from './traffic';

/**
 * The vendors' specifications as the conformance test reads them (test/connectors/vendor-specs/
 * <vendor>/): spec.json (a published machine-readable description, trimmed by
 * scripts/vendor-specs.ts) and documented.json (operations transcribed from the vendor's pages as
 * sample payloads, for what no machine-readable description covers). Both become operations with
 * parameter, body and answer schemas, made strict: an object accepts only the fields its schema
 * lists, so a field the specification does not name is a problem.
 */

type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  key: string;
  method: string;
  pattern: RegExp;
  parameters: Parameter[];
  requestBody: { contentType: string; schema: Schema } | null;
  response: Schema | null;
  /** A consent page the browser visits: its query is checked, its answer (a redirect) is not. */
  page: boolean;
}

export interface VendorSpec {
  vendor: Vendor;
  source: string;
  operations: Operation[];
  definitions: Record<string, Schema>;
}

export interface Problem {
  operation: string;
  where: 'path' | 'query' | 'header' | 'body' | 'response';
  /** The field, array items written `[]` (`orders[].tenders[].type`), or the parameter's name. */
  field: string;
  message: string;
}

const SPECS = path.join(__dirname, '..', 'vendor-specs');

const readJson = (file: string): Record<string, unknown> | undefined =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema from a documented sample payload: its fields and their JSON types ("$ref:Name" names a schema of spec.json). */
function fromSample(sample: unknown, shared: Record<string, unknown>): Schema {
  if (typeof sample === 'string' && sample.startsWith('$ref:')) return { $ref: `#/definitions/${sample.slice(5)}` };
  if (typeof sample === 'string' && sample.startsWith('$') && sample in shared)
    return fromSample(shared[sample], shared);
  if (Array.isArray(sample)) return { type: 'array', items: fromSample(sample[0], shared) };
  if (isObject(sample)) {
    const properties = Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, fromSample(v, shared)]));
    return { type: 'object', properties };
  }
  if (sample === null) return {};
  if (typeof sample === 'number') return { type: Number.isInteger(sample) ? 'integer' : 'number' };
  return { type: typeof sample };
}

/**
 * The strict form of a vendor schema: `allOf` merged into one object, every object closed to the
 * fields it lists (unless it declares additionalProperties), refs pointing at `definitions`.
 */
function strict(schema: unknown, all: Record<string, unknown>, nullableOptional = false): Schema {
  if (!isObject(schema)) return {};
  if (typeof schema.$ref === 'string') return { $ref: `#/definitions/${schema.$ref.split('/').pop() ?? ''}` };
  const out: Schema = { ...schema };
  if (Array.isArray(schema.allOf)) {
    delete out.allOf;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const branch of schema.allOf) {
      const resolved =
        isObject(branch) && typeof branch.$ref === 'string' ? all[branch.$ref.split('/').pop() ?? ''] : branch;
      const merged = strict(resolved, all, nullableOptional);
      Object.assign(properties, merged.properties);
      if (Array.isArray(merged.required)) required.push(...(merged.required as string[]));
    }
    Object.assign(out, { type: 'object', properties, ...(required.length ? { required } : {}) });
  }
  const sub = (s: unknown) => strict(s, all, nullableOptional);
  if (isObject(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    const orNull = (name: string, s: Schema): Schema =>
      !nullableOptional || required.has(name)
        ? s
        : s.$ref
          ? { anyOf: [{ type: 'null' }, s] }
          : { ...s, nullable: true };
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, orNull(k, sub(v))]));
    if (out.additionalProperties === undefined) out.additionalProperties = false;
  }
  if (isObject(out.additionalProperties)) out.additionalProperties = sub(out.additionalProperties);
  if (out.items) out.items = sub(out.items);
  for (const k of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(sub);
  }
  return out;
}

function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`));
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
}

export function loadSpec(vendor: Vendor): VendorSpec {
  const published = readJson(path.join(SPECS, vendor, 'spec.json'));
  const documented = readJson(path.join(SPECS, vendor, 'documented.json'));
  const raw = (published?.schemas ?? {}) as Record<string, unknown>;
  const nullable = published?.optionalFieldsMayBeNull === true;
  const definitions = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, strict(v, raw, nullable)]));
  const operations: Operation[] = [];
  const add = (key: string, op: Omit<Operation, 'key' | 'method' | 'pattern'>) => {
    const [method = '', template = ''] = key.split(' ');
    operations.push({ key, method, pattern: patternOf(template), ...op });
  };
  for (const [key, value] of Object.entries((published?.operations ?? {}) as Record<string, Record<string, unknown>>)) {
    const body = value.requestBody as { contentType: string; schema: unknown } | null;
    add(key, {
      parameters: (value.parameters as Parameter[]).map((p) => ({ ...p, schema: strict(p.schema, raw) })),
      requestBody: body ? { contentType: body.contentType, schema: strict(body.schema, raw, nullable) } : null,
      response: strict(value.response, raw, nullable),
      page: false,
    });
  }
  const shared = (documented?.shared ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(
    (documented?.operations ?? {}) as Record<string, Record<string, unknown>>,
  )) {
    const query = (typeof value.query === 'string' ? shared[value.query] : value.query) ?? {};
    const pathNames = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const body = value.requestBody as { contentType: string; sample: unknown } | undefined;
    add(key, {
      parameters: [
        ...pathNames.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...Object.entries(query as Record<string, Schema>).map(([name, schema]) => ({
          name,
          in: 'query',
          required: false,
          schema,
        })),
      ],
      requestBody: body
        ? { contentType: body.contentType, schema: strict(fromSample(body.sample, shared), raw) }
        : null,
      response: value.response === undefined ? null : strict(fromSample(value.response, shared), raw),
      page: value.page === true,
    });
  }
  const from = published?.source as { repo: string; commit: string; date: string } | undefined;
  const source = [
    from ? `${from.repo}@${from.commit.slice(0, 10)} (${from.date})` : '',
    documented ? 'documented.json (transcribed pages)' : '',
  ];
  return { vendor, source: source.filter(Boolean).join(' + '), operations, definitions };
}

/** Every field path of a value (`a.b`, `a[].c`), for the report of what was checked. */
export function fieldsOf(value: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => fieldsOf(v, `${prefix}[]`, into));
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? `${prefix}.${k}` : k;
      into.add(p);
      fieldsOf(v, p, into);
    }
  }
  return into;
}

/** `/orders/0/tenders/3/type` -> `orders[].tenders[].type`. */
function fieldOfPointer(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[]` : acc ? `${acc}.${seg}` : seg), '');
}

/** A query or path value (always a string on the wire) as the JSON type its schema names. */
function coerce(values: string[], schema: Schema): unknown {
  const one = (v: string, s: Schema): unknown => {
    if (s.type === 'integer' || s.type === 'number') return v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
    if (s.type === 'boolean') return v === 'true' ? true : v === 'false' ? false : v;
    return v;
  };
  if (schema.type === 'array') {
    const items = isObject(schema.items) ? schema.items : {};
    return values.flatMap((v) => v.split(',')).map((v) => one(v, items));
  }
  return values.length === 1 ? one(values[0] ?? '', schema) : values;
}

const OPENAPI_FORMATS = ['int32', 'int64', 'double', 'float', 'ISO-8601', 'ISO 3166-2', 'string', 'yyyymmdd'];

const IGNORED_HEADERS = new Set(['authorization', 'content-type', 'accept']);

export class Checker {
  private readonly ajv = new Ajv({ allErrors: true, nullable: true, unknownFormats: 'ignore', jsonPointers: true });
  private readonly base: string;
  private readonly compiled = new Map<Schema, Ajv.ValidateFunction>();

  constructor(readonly spec: VendorSpec) {
    // OpenAPI's numeric formats and the vendors' own (ISO-8601, yyyymmdd ...) name no JSON Schema check
    for (const format of OPENAPI_FORMATS) this.ajv.addFormat(format, () => true);
    this.base = `https://vendor-specs.test/${spec.vendor}`;
    this.ajv.addSchema({ $id: this.base, definitions: spec.definitions });
  }

  operationOf(exchange: Exchange): { op: Operation; params: Record<string, string> } | undefined {
    for (const op of this.spec.operations) {
      const m = op.method === exchange.method ? op.pattern.exec(exchange.path) : null;
      if (m) return { op, params: { ...m.groups } };
    }
    return undefined;
  }

  private validate(schema: Schema, value: unknown): Ajv.ErrorObject[] {
    let fn = this.compiled.get(schema);
    if (!fn) {
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"#\/definitions\//g, `"${this.base}#/definitions/`));
      fn = this.ajv.compile(rebased as object);
      this.compiled.set(schema, fn);
    }
    return fn(value) ? [] : (fn.errors ?? []);
  }

  private problemsOf(operation: string, where: Problem['where'], errors: Ajv.ErrorObject[], prefix = ''): Problem[] {
    return (
      errors
        // the branch errors of an `anyOf` say what failed; its "should be null" alternative does not
        .filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword))
        .filter((e) => !(e.keyword === 'type' && (e.params as { type?: string }).type === 'null'))
        .map((e) => {
          const extra =
            e.keyword === 'additionalProperties'
              ? `/${(e.params as { additionalProperty: string }).additionalProperty}`
              : '';
          const field = fieldOfPointer(`${e.dataPath}${extra}`);
          const message =
            e.keyword === 'additionalProperties' ? 'is not in the specification' : `${e.message ?? e.keyword}`;
          return { operation, where, field: prefix || field, message };
        })
    );
  }

  /** The problems of one exchange: its operation, parameters, body and (for a 2xx) answer against the specification. */
  check(exchange: Exchange): { operation: string; problems: Problem[] } {
    const found = this.operationOf(exchange);
    if (!found) {
      const operation = `${exchange.method} ${exchange.path}`;
      return { operation, problems: [{ operation, where: 'path', field: operation, message: 'no such operation' }] };
    }
    const { op, params } = found;
    const problems: Problem[] = [];
    const param = (name: string, where: string) => op.parameters.find((p) => p.name === name && p.in === where);
    for (const [name, values] of Object.entries(exchange.query)) {
      const p = param(name, 'query');
      if (!p)
        problems.push({
          operation: op.key,
          where: 'query',
          field: name,
          message: 'is not a parameter of the specification',
        });
      else problems.push(...this.problemsOf(op.key, 'query', this.validate(p.schema, coerce(values, p.schema)), name));
    }
    for (const [name, value] of Object.entries(params)) {
      const p = param(name, 'path');
      if (p)
        problems.push(...this.problemsOf(op.key, 'path', this.validate(p.schema, coerce([value], p.schema)), name));
    }
    for (const p of op.parameters.filter((x) => x.required)) {
      const sent =
        p.in === 'query'
          ? p.name in exchange.query
          : p.in === 'header'
            ? p.name.toLowerCase() in exchange.headers
            : true;
      if (!sent && !IGNORED_HEADERS.has(p.name.toLowerCase())) {
        problems.push({
          operation: op.key,
          where: p.in === 'header' ? 'header' : 'query',
          field: p.name,
          message: 'is required',
        });
      }
    }
    const hasBody = isObject(exchange.body) && Object.keys(exchange.body).length > 0;
    if (op.requestBody && hasBody) {
      if (exchange.contentType !== op.requestBody.contentType) {
        const message = `is ${exchange.contentType ?? 'absent'}, the specification says ${op.requestBody.contentType}`;
        problems.push({ operation: op.key, where: 'body', field: '(content-type)', message });
      }
      problems.push(...this.problemsOf(op.key, 'body', this.validate(op.requestBody.schema, exchange.body)));
    } else if (hasBody) {
      problems.push({
        operation: op.key,
        where: 'body',
        field: '(body)',
        message: 'the specification has no request body',
      });
    }
    if (!op.page && op.response && exchange.status >= 200 && exchange.status < 300) {
      problems.push(...this.problemsOf(op.key, 'response', this.validate(op.response, exchange.response)));
    }
    return { operation: op.key, problems };
  }
}
