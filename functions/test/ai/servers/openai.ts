import { randomUUID } from 'node:crypto';
import { directiveOf, openSse, pieces, sendJson, SNAPSHOTS, startServer, type ProviderServer } from './wire';

/**
 * A local server speaking the OpenAI Chat Completions API (POST /v1/chat/completions), JSON and
 * server-sent events, as documented at https://platform.openai.com/docs/api-reference/chat:
 *  - auth: `Authorization: Bearer <key>`, else 401 invalid_api_key;
 *  - JSON: a `chat.completion` with `usage` {prompt_tokens (INCLUDES cached tokens),
 *    completion_tokens, total_tokens, prompt_tokens_details {cached_tokens}, completion_tokens_details};
 *  - SSE: `data: <chat.completion.chunk>` lines; usage is sent only when the request asks with
 *    `stream_options.include_usage`, in a last chunk with empty `choices`; then `data: [DONE]`;
 *  - errors: {error:{message, type, param, code}} with 429 rate_limit_exceeded + `retry-after`, 500.
 */
export interface OpenAIWireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

export function startOpenAIServer(apiKey = 'test-openai-key'): Promise<ProviderServer> {
  return startServer(apiKey, ({ req, res, body, attempt, record }) => {
    const fail = (status: number, message: string, code: string | null, headers: Record<string, string> = {}) => {
      record(status);
      const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
      sendJson(res, status, { error: { message, type, param: null, code } }, { 'x-request-id': `req_${randomUUID()}`, ...headers });
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return fail(404, `Unknown url ${req.url}`, 'unknown_url');
    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(401, 'Incorrect API key provided', 'invalid_api_key');
    if (typeof body.model !== 'string' || !Array.isArray(body.messages)) return fail(400, 'model and messages are required', null);
    const directive = directiveOf<OpenAIWireUsage>(body);
    if (!directive) return fail(400, 'test server: the last message must be a JSON directive', null);
    const failure = directive.failures?.[attempt];
    if (failure) {
      return fail(failure.status, `scripted failure ${attempt + 1}`, failure.status === 429 ? 'rate_limit_exceeded' : null,
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    }

    const model = directive.model ?? SNAPSHOTS[body.model] ?? body.model;
    const reply = directive.reply ?? 'Hello from the OpenAI test server.';
    const u = directive.usage;
    const usage = {
      prompt_tokens: u.prompt_tokens,
      completion_tokens: u.completion_tokens,
      total_tokens: u.prompt_tokens + u.completion_tokens,
      prompt_tokens_details: { cached_tokens: u.cached_tokens ?? 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    };
    const id = `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const created = Math.floor(Date.now() / 1000);
    record(200);

    if (body.stream !== true) {
      sendJson(res, 200, {
        id, object: 'chat.completion', created, model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
        usage, service_tier: 'default', system_fingerprint: 'fp_test',
      });
      return;
    }

    openSse(res);
    const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_test', choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`);
    chunk([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
    for (const [i, text] of pieces(reply).entries()) {
      chunk([{ index: 0, delta: { content: text }, logprobs: null, finish_reason: null }]);
      if (directive.breakStream && i === 0) {
        res.write(`data: ${JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } })}\n\n`);
        res.end();
        return;
      }
    }
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
    if (includeUsage) chunk([], { usage });
    res.write('data: [DONE]\n\n');
    res.end();
  });
}
