import { z } from 'zod';
import request from 'supertest';
import { createModuleApp } from '../../../src/http/app';
import { AUTHENTICATED, companyInQuery, defineRoute } from '../../../src/http/route';
import { AI_SECRETS } from '../../../src/core/config';
import { defineModule } from '../../../src/modules/kit';
import { defineErrors } from '../../../src/core/errors';
import { complete, stream, type ModelResult } from '../../../src/ai/models';
import { setUsageCompany } from '../../../src/ai/accumulator';
import { PROVIDERS } from '../../../src/ai/prices';

/**
 * A test-only module (never registered): its handlers call the model-provider layer, so a test
 * exercises the whole stack (Express app, auth, validation, usage scope, SDK clients, local provider
 * servers, usage store) except a real AI feature endpoint.
 */
const call = z.object({
  mode: z.enum(['json', 'stream']),
  flow: z.string().default('chat'),
  provider: z.enum(PROVIDERS).optional(),
  model: z.string().optional(),
  directive: z.record(z.string(), z.unknown()),
  maxTokens: z.int().optional(),
});
const body = z.object({
  calls: z.array(call),
  parallel: z.boolean().optional(),
  /** Throw (422) after the calls, to show the usage of a failed request is still written. */
  failAfterCalls: z.boolean().optional(),
  /** Onboarding: the company "created" after this many calls (later calls go to it). */
  companyAfter: z.object({ companyId: z.string(), calls: z.int() }).optional(),
});

type Body = z.infer<typeof body>;

async function run(input: Body): Promise<{ results: ModelResult[] }> {
  const one = (c: Body['calls'][number]) => {
    const req = {
      flow: c.flow,
      provider: c.provider,
      model: c.model,
      maxTokens: c.maxTokens,
      system: 'You are a test.',
      messages: [{ role: 'user' as const, content: JSON.stringify(c.directive) }],
    };
    return c.mode === 'json' ? complete(req) : stream(req, () => undefined);
  };
  let results: ModelResult[] = [];
  if (input.parallel) {
    results = await Promise.all(input.calls.map(one));
  } else {
    for (const [i, c] of input.calls.entries()) {
      if (input.companyAfter && i === input.companyAfter.calls) setUsageCompany(input.companyAfter.companyId);
      results.push(await one(c));
    }
  }
  if (input.failAfterCalls) throw probeErrors.SCRIPTED_FAILURE('scripted failure after the model calls');
  return { results };
}

const probeErrors = defineErrors({ SCRIPTED_FAILURE: { status: 422, meaning: 'test only' } });

/** A module whose code calls models (as chat and ai-memory will): it lists the provider secrets. */
export const probeModule = defineModule({
  name: 'aiprobe',
  tag: 'test',
  description: 'test only',
  runtime: { secrets: AI_SECRETS },
  errors: probeErrors.catalog,
  http: () => ({
    routes: [
      defineRoute({
        method: 'post',
        path: '/probe/company',
        summary: 'model calls for a company',
        access: companyInQuery('employee'),
        query: z.object({ companyId: z.string() }),
        body,
        response: z.any(),
        handler: ({ body: b }) => run(b),
      }),
      defineRoute({
        method: 'post',
        path: '/probe/onboarding',
        summary: 'model calls before a company exists',
        access: AUTHENTICATED,
        body,
        response: z.any(),
        handler: ({ body: b }) => run(b),
      }),
    ],
  }),
});

let app: ReturnType<typeof createModuleApp> | undefined;
export function probeApp() {
  app ??= createModuleApp(probeModule);
  return app;
}
export function probe() {
  return request(probeApp());
}
