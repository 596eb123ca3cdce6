import { currentUsageScope, runWithUsage, type ModelCall } from '../../src/ai/accumulator';
import {
  complete,
  stream,
  type ModelMessage,
  type ModelRequest,
  type ModelResult,
  type ToolDefinition,
} from '../../src/ai/models';
import type { Provider } from '../../src/ai/prices';
import { startProviders, type LocalProviders } from './support/providers';

let providers: LocalProviders;
beforeAll(async () => {
  providers = await startProviders();
});
afterEach(() => {
  providers.anthropic.reset();
  providers.openai.reset();
});
afterAll(() => providers.close());

const MODEL: Record<Provider, string> = { anthropic: 'claude-sonnet-4-6', openai: 'gpt-4o' };
const salesTool: ToolDefinition = {
  name: 'sales_summary',
  description: 'Net sales of a date range',
  inputSchema: {
    type: 'object',
    properties: { from: { type: 'string' }, to: { type: 'string' } },
    required: ['from', 'to'],
  },
};

/** Runs model calls in a usage scope without a company (nothing is written: the calls stay in the scope to inspect). */
async function inScope<T>(work: () => Promise<T>): Promise<{ result: T; calls: ModelCall[] }> {
  let calls: ModelCall[] = [];
  const result = await runWithUsage({ companyId: null, userId: null }, async () => {
    try {
      return await work();
    } finally {
      // taken out of the scope so the test does not write usage rows
      calls = currentUsageScope()!.calls.splice(0);
    }
  });
  return { result, calls };
}

function call(
  provider: Provider,
  mode: 'json' | 'stream',
  messages: ModelMessage[],
  flow: string,
  onText?: (d: string) => void,
): Promise<ModelResult> {
  const request: ModelRequest = {
    flow,
    provider,
    model: MODEL[provider],
    system: 'You are a test.',
    messages,
    tools: [salesTool],
  };
  return mode === 'json' ? complete(request) : stream(request, onText);
}

function script(provider: Provider, turns: Record<string, unknown>[], match?: string) {
  (providers[provider] as { script(t: unknown[], o?: { match?: string }): void }).script(turns, { match });
}

const usage = (provider: Provider, input: number, output: number) =>
  provider === 'anthropic'
    ? { input_tokens: input, output_tokens: output }
    : { prompt_tokens: input, completion_tokens: output };

describe.each(['anthropic', 'openai'] as const)('tool use through %s', (provider) => {
  it.each(['json', 'stream'] as const)(
    "returns the tool calls of a %s turn and sends their results back in the provider's wire shape",
    async (mode) => {
      script(provider, [
        {
          toolCalls: [{ id: 'tc_1', name: 'sales_summary', input: { from: '2026-11-01', to: '2026-11-07' } }],
          usage: usage(provider, 300, 20),
        },
        { text: 'Net sales were 1,234.50.', usage: usage(provider, 400, 12) },
      ]);
      const deltas: string[] = [];
      const { result, calls } = await inScope(async () => {
        const first = await call(provider, mode, [{ role: 'user', content: 'sales last week?' }], 'chat.plan');
        const second = await call(
          provider,
          mode,
          [
            { role: 'user', content: 'sales last week?' },
            { role: 'assistant', content: first.text, toolCalls: first.toolCalls },
            { role: 'tool', results: [{ toolCallId: first.toolCalls[0]!.id, content: '{"netSales":123450}' }] },
          ],
          'chat.answer',
          (d) => deltas.push(d),
        );
        return { first, second };
      });

      expect(result.first.toolCalls).toEqual([
        { id: 'tc_1', name: 'sales_summary', input: { from: '2026-11-01', to: '2026-11-07' } },
      ]);
      expect(result.first.stopReason).toBe(provider === 'anthropic' ? 'tool_use' : 'tool_calls');
      expect(result.second).toMatchObject({ text: 'Net sales were 1,234.50.', toolCalls: [], refused: false });
      if (mode === 'stream') expect(deltas.join('')).toBe('Net sales were 1,234.50.');
      expect(calls.map((c) => [c.flow, c.inputTokens, c.outputTokens])).toEqual([
        ['chat.plan', 300, 20],
        ['chat.answer', 400, 12],
      ]);

      const server = providers[provider];
      const sent = server.requests[server.requests.length - 1]!.body;
      if (provider === 'anthropic') {
        expect(sent.tools).toEqual([
          { name: 'sales_summary', description: 'Net sales of a date range', input_schema: salesTool.inputSchema },
        ]);
        expect(sent.messages).toEqual([
          { role: 'user', content: 'sales last week?' },
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'tc_1', name: 'sales_summary', input: { from: '2026-11-01', to: '2026-11-07' } },
            ],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tc_1', content: '{"netSales":123450}' }] },
        ]);
      } else {
        expect(sent.tools).toEqual([
          {
            type: 'function',
            function: {
              name: 'sales_summary',
              description: 'Net sales of a date range',
              parameters: salesTool.inputSchema,
            },
          },
        ]);
        expect((sent.messages as unknown[]).slice(1)).toEqual([
          { role: 'user', content: 'sales last week?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'tc_1',
                type: 'function',
                function: { name: 'sales_summary', arguments: '{"from":"2026-11-01","to":"2026-11-07"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'tc_1', content: '{"netSales":123450}' },
        ]);
      }
    },
  );

  it.each(['json', 'stream'] as const)("reports a %s refusal with the model's words", async (mode) => {
    script(provider, [{ refusal: 'I cannot share pay data.', usage: usage(provider, 50, 7) }]);
    const { result, calls } = await inScope(() =>
      call(provider, mode, [{ role: 'user', content: 'pay of Bob?' }], 'chat.answer'),
    );
    expect(result).toMatchObject({ refused: true, text: 'I cannot share pay data.', toolCalls: [] });
    expect(calls).toHaveLength(1);
  });

  it('answers a scripted 429 with a retry, then the next turn', async () => {
    script(provider, [
      { failures: [{ status: 429, retryAfter: '0' }] },
      { text: 'after the retry', usage: usage(provider, 5, 3) },
    ]);
    const before = providers[provider].requests.length;
    const { result } = await inScope(() => call(provider, 'json', [{ role: 'user', content: 'hi' }], 'chat.answer'));
    expect(result.text).toBe('after the retry');
    expect(providers[provider].requests.slice(before).map((r) => r.status)).toEqual([429, 200]);
    expect(providers[provider].pending()).toBe(0);
  });

  it('serves a matched queue only to the requests that contain its marker', async () => {
    script(provider, [{ text: 'for conversation A' }], 'conv-A');
    script(provider, [{ text: 'for anyone else' }]);
    const { result } = await inScope(async () => [
      await call(provider, 'json', [{ role: 'user', content: 'hello (conv-B)' }], 'chat.answer'),
      await call(provider, 'json', [{ role: 'user', content: 'hello (conv-A)' }], 'chat.answer'),
    ]);
    expect(result.map((r) => r.text)).toEqual(['for anyone else', 'for conversation A']);
  });

  it('fails a stream cut in the middle of a tool call with UPSTREAM_FAILED', async () => {
    script(provider, [
      {
        toolCalls: [{ name: 'sales_summary', input: { from: '2026-11-01', to: '2026-11-07' } }],
        breakStream: true,
        usage: usage(provider, 10, 2),
      },
    ]);
    await expect(
      inScope(() => call(provider, 'stream', [{ role: 'user', content: 'x' }], 'chat.plan')),
    ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED', status: 502 });
  });
});
