import { randomUUID } from 'node:crypto';
import { openSse, pieces, sendJson, SNAPSHOTS, startServer, type ProviderServer } from './wire';

/**
 * A local server speaking the OpenAI Chat Completions API (POST /v1/chat/completions), JSON and
 * server-sent events, as documented at https://platform.openai.com/docs/api-reference/chat:
 *  - auth: `Authorization: Bearer <key>`, else 401 invalid_api_key;
 *  - JSON: a `chat.completion` with `usage` {prompt_tokens (INCLUDES cached tokens),
 *    completion_tokens, total_tokens, prompt_tokens_details {cached_tokens}, completion_tokens_details};
 *  - SSE: `data: <chat.completion.chunk>` lines; usage is sent only when the request asks with
 *    `stream_options.include_usage`, in a last chunk with empty `choices`; then `data: [DONE]`;
 *  - function calling: `message.tool_calls` [{id, type:'function', function:{name, arguments}}] with
 *    finish_reason `tool_calls`; streamed as delta.tool_calls [{index, id, function:{name, arguments}}]
 *    then argument pieces; refusal: `message.refusal` (streamed as delta.refusal);
 *  - errors: {error:{message, type, param, code}} with 429 rate_limit_exceeded + `retry-after`, 500.
 * What it answers is scripted by the test: see wire.ts (directives and `script()`).
 */
export interface OpenAIWireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

const DEFAULT_USAGE: OpenAIWireUsage = { prompt_tokens: 10, completion_tokens: 5 };

export function startOpenAIServer(apiKey = 'test-openai-key'): Promise<ProviderServer<OpenAIWireUsage>> {
  return startServer<OpenAIWireUsage>(apiKey, ({ req, res, body, plan, record }) => {
    const fail = (status: number, message: string, code: string | null, headers: Record<string, string> = {}) => {
      record(status);
      const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
      sendJson(
        res,
        status,
        { error: { message, type, param: null, code } },
        { 'x-request-id': `req_${randomUUID()}`, ...headers },
      );
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return fail(404, `Unknown url ${req.url}`, 'unknown_url');
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return fail(401, 'Incorrect API key provided', 'invalid_api_key');
    if (typeof body.model !== 'string' || !Array.isArray(body.messages))
      return fail(400, 'model and messages are required', null);
    const planned = plan();
    if (planned.kind === 'unscripted') return fail(400, planned.message, null);
    if (planned.kind === 'fail') {
      const { failure, attempt } = planned;
      return fail(
        failure.status,
        `scripted failure ${attempt + 1}`,
        failure.status === 429 ? 'rate_limit_exceeded' : null,
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    const turn = planned.turn;
    if (turn.silent) return record(0); // no status, no byte: the client's timeout or abort ends it

    const model = turn.model ?? SNAPSHOTS[body.model] ?? body.model;
    const toolCalls = (turn.toolCalls ?? []).map((c) => ({
      id: c.id ?? `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      type: 'function' as const,
      function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) },
    }));
    const refusal = turn.refusal ?? null;
    const reply =
      refusal !== null ? null : (turn.text ?? (toolCalls.length ? null : 'Hello from the OpenAI test server.'));
    const finishReason = toolCalls.length ? 'tool_calls' : 'stop';
    const u = turn.usage ?? DEFAULT_USAGE;
    const usage = {
      prompt_tokens: u.prompt_tokens,
      completion_tokens: u.completion_tokens,
      total_tokens: u.prompt_tokens + u.completion_tokens,
      prompt_tokens_details: { cached_tokens: u.cached_tokens ?? 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    const id = `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const created = Math.floor(Date.now() / 1000);
    record(200);

    if (body.stream !== true) {
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply,
              refusal,
              annotations: [],
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
        service_tier: 'default',
        system_fingerprint: 'fp_test',
      });
      return;
    }

    openSse(res);
    const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_test', choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`,
      );
    const breakNow = () => {
      res.write(
        `data: ${JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } })}\n\n`,
      );
      res.end();
    };
    const delta = (d: Record<string, unknown>) => chunk([{ index: 0, delta: d, logprobs: null, finish_reason: null }]);
    delta({ role: 'assistant', content: '', refusal: null });
    const streamed = refusal ?? reply ?? '';
    for (const [i, text] of pieces(streamed).entries()) {
      delta(refusal !== null ? { refusal: text } : { content: text });
      if (turn.breakStream && i === 0) return breakNow();
      if (turn.stall && i === 0) return;
    }
    for (const [index, call] of toolCalls.entries()) {
      delta({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
      });
      for (const args of pieces(call.function.arguments)) {
        delta({ tool_calls: [{ index, function: { arguments: args } }] });
        if (turn.breakStream && !streamed) return breakNow();
      }
    }
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]);
    if (includeUsage) chunk([], { usage });
    res.write('data: [DONE]\n\n');
    res.end();
  });
}
