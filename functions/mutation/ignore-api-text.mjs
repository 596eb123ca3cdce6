/**
 * A Stryker ignorer: the text of the API description (`.describe('…')` and `.meta({…})` on zod
 * schemas) is documentation, not behaviour. No behavioural test can tell a changed description
 * apart, so its mutants would only count as survivors; the reviewed snapshot of the API description
 * (test/unit/openapi/review.test.ts, left out of the mutation run for its 11 s) is what guards that text.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const DOCUMENTATION_METHODS = new Set(['describe', 'meta']);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'api-description-text', {
    shouldIgnore(path) {
      const call = path.parentPath;
      if (path.listKey !== 'arguments' || !call?.isCallExpression()) return undefined;
      const callee = call.node.callee;
      if (
        callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        DOCUMENTATION_METHODS.has(callee.property.name)
      ) {
        return 'API description text: guarded by the reviewed OpenAPI snapshot, not by behaviour';
      }
      return undefined;
    },
  }),
];
