import { z } from 'zod';
import { VISIBILITY_KEY } from '../http/visibility';

export type JsonSchema = Record<string, unknown>;
export type Io = 'input' | 'output';

export const COMPONENT_REF = '#/components/schemas/';
/** Where zod's converter puts a schema registered with an id (`.meta({ id })`). */
const LOCAL_REF = '#/$defs/';
/** A request form's reference until `resolve` knows whether it reads like the answer form. */
const INPUT_REF = '#/components/input-schemas/';
const INPUT_SUFFIX = 'Input';

/** A tagged field may be withheld from a caller (src/http/visibility.ts), so an answer never requires it. */
function optionalWhenTagged(json: unknown): void {
  if (Array.isArray(json)) return json.forEach(optionalWhenTagged);
  if (typeof json !== 'object' || json === null) return;
  const node = json as JsonSchema;
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (properties && Array.isArray(node.required)) {
    node.required = node.required.filter((name: string) => !properties[name]?.[VISIBILITY_KEY]);
  }
  Object.values(node).forEach(optionalWhenTagged);
}

/** A copy of `json` with every `$ref` string passed through `rename`. */
function relinked<T>(json: T, rename: (ref: string) => string): T {
  if (Array.isArray(json)) return json.map((item) => relinked(item, rename)) as T;
  if (typeof json !== 'object' || json === null) return json;
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? rename(value) : relinked(value, rename),
    ]),
  ) as T;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The named schemas of the API description: every zod schema registered with an id
 * (`.meta({ id: 'Shift' })`, beside the schema in its module) is `components.schemas.Shift`, and a
 * `$ref` wherever it appears. A schema may read differently as a request (a default makes a field
 * optional) and as an answer (the default is there; a tagged field may be withheld): the answer form
 * keeps the id, a request form that differs is `<id>Input`.
 */
export class Components {
  private readonly defs: Record<Io, Map<string, JsonSchema>> = { input: new Map(), output: new Map() };

  /** The JSON Schema of `schema` read as a request (`input`) or an answer (`output`), named schemas referenced. */
  schema(schema: z.ZodType, io: Io): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    if (io === 'output') optionalWhenTagged(json);
    const { $schema: _dialect, $defs, ...body } = json;
    const rename = (ref: string) =>
      ref.startsWith(LOCAL_REF) ? `${io === 'input' ? INPUT_REF : COMPONENT_REF}${ref.slice(LOCAL_REF.length)}` : ref;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const named = relinked(def, rename);
      const known = this.defs[io].get(id);
      if (known && !sameJson(known, named)) throw new Error(`OpenAPI: two different schemas are named ${id}`);
      this.defs[io].set(id, named);
    }
    const named = relinked(body, rename);
    if (JSON.stringify(named).includes('"$defs"'))
      throw new Error('OpenAPI: a JSON Schema embedded in a zod schema holds a named schema; reference it instead');
    return named;
  }

  /**
   * The `components.schemas` of the document, and `document` with its request forms' references
   * settled: to the answer form where both read the same (their own references settled likewise),
   * to `<id>Input` otherwise.
   */
  resolve<T>(document: T): { document: T; schemas: Record<string, JsonSchema> } {
    const { input, output } = this.defs;
    const shared = new Set([...input.keys()].filter((id) => output.has(id)));
    const inputName = (id: string) => (output.has(id) && !shared.has(id) ? `${id}${INPUT_SUFFIX}` : id);
    const settle = (ref: string) =>
      ref.startsWith(INPUT_REF) ? `${COMPONENT_REF}${inputName(ref.slice(INPUT_REF.length))}` : ref;
    // the largest set of ids whose request form, its references settled, is the answer form
    for (let changed = true; changed;) {
      changed = false;
      for (const id of shared) {
        if (sameJson(relinked(input.get(id), settle), output.get(id))) continue;
        shared.delete(id);
        changed = true;
      }
    }
    const schemas: Record<string, JsonSchema> = Object.fromEntries(output);
    for (const [id, def] of input) {
      if (shared.has(id)) continue;
      const name = inputName(id);
      if (name !== id && output.has(name))
        throw new Error(`OpenAPI: ${name} names a schema and the request form of ${id}`);
      schemas[name] = relinked(def, settle);
    }
    return { document: relinked(document, settle), schemas };
  }
}
