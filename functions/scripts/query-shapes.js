/**
 * Records the shape of every query the Node Firestore emulator runs (collection or collection group,
 * filter fields and operators, orderings; never values), once per distinct shape, for the index check
 * (scripts/index-check.ts). Every jest worker and every function talks to the one emulator process,
 * so its request stream sees every query of a run.
 */
const SERVICE = '/google.firestore.v1.Firestore/';
// the numbers of google.firestore.v1.StructuredQuery's FieldFilter.Operator, UnaryFilter.Operator and Direction
const FIELD_OPS = {
  1: 'LESS_THAN',
  2: 'LESS_THAN_OR_EQUAL',
  3: 'GREATER_THAN',
  4: 'GREATER_THAN_OR_EQUAL',
  5: 'EQUAL',
};
Object.assign(FIELD_OPS, { 6: 'NOT_EQUAL', 7: 'ARRAY_CONTAINS', 8: 'IN', 9: 'ARRAY_CONTAINS_ANY', 10: 'NOT_IN' });
const UNARY_OPS = { 2: 'IS_NAN', 3: 'IS_NULL', 4: 'IS_NOT_NAN', 5: 'IS_NOT_NULL' };
const DIRECTIONS = { 1: 'ASCENDING', 2: 'DESCENDING' };

function filterShape(filter) {
  if (filter.composite_filter?.filters?.length) {
    const { op, filters } = filter.composite_filter;
    return { op: op === 2 ? 'OR' : 'AND', filters: filters.map(filterShape) };
  }
  if (filter.unary_filter)
    return { field: filter.unary_filter.field.field_path, op: UNARY_OPS[filter.unary_filter.op] };
  return { field: filter.field_filter.field.field_path, op: FIELD_OPS[filter.field_filter.op] };
}

/** The index-relevant shape of a structured query (a plain object from the request). */
function queryShape(query) {
  const from = query.from[0];
  return {
    collection: from.collection_id,
    scope: from.all_descendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    ...(query.where ? { where: filterShape(query.where) } : {}),
    orderBy: (query.order_by ?? []).map((o) => ({ field: o.field.field_path, direction: DIRECTIONS[o.direction] })),
  };
}

/** Calls `onShape(shape)` for each new query shape the emulator `server` runs. */
function recordQueryShapes(server, onShape) {
  const seen = new Set();
  const record = (query) => {
    const shape = queryShape(query.toObject());
    const key = JSON.stringify(shape);
    if (seen.has(key)) return;
    seen.add(key);
    onShape(shape);
  };
  const wrap = (method, queryOf) => {
    const entry = server.server.handlers.get(SERVICE + method);
    const original = entry.func;
    entry.func = (call, callback) => {
      try {
        record(queryOf(call.request));
      } catch (err) {
        console.error(`query shape not recorded: ${err.message}`);
      }
      return original(call, callback);
    };
  };
  wrap('RunQuery', (request) => request.structured_query);
  wrap('RunAggregationQuery', (request) => request.structured_aggregation_query.structured_query);
}

module.exports = { recordQueryShapes, queryShape };
