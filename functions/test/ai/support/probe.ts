import { z } from 'zod';
import request from 'supertest';
import { createModuleApp } from '../../../src/http/app';
import { defineRoute, type ModuleDef } from '../../../src/http/route';
import { AppError } from '../../../src/http/errors';
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
  if (input.failAfterCalls) throw new AppError('SEMANTIC_VALIDATION_FAILED', 'scripted failure after the model calls');
  return { results };
}

export const probeModule: ModuleDef = {
  name: 'aiprobe',
  tag: 'test',
  description: 'test only',
  routes: [
    defineRoute({
      method: 'post', path: '/probe/company', tag: 'test', summary: 'model calls for a company',
      access: { kind: 'company', minRole: 'employee', companyId: ({ query }: { query: { companyId: string } }) => query.companyId },
      query: z.object({ companyId: z.string() }), body, response: z.any(),
      handler: ({ body: b }) => run(b),
    }),
    defineRoute({
      method: 'post', path: '/probe/onboarding', tag: 'test', summary: 'model calls before a company exists',
      access: { kind: 'authenticated' }, body, response: z.any(),
      handler: ({ body: b }) => run(b),
    }),
  ],
};

let app: ReturnType<typeof createModuleApp> | undefined;
export function probeApp() {
  app ??= createModuleApp(probeModule);
  return app;
}
export function probe() {
  return request(probeApp());
}
