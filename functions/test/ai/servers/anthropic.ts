import { randomUUID } from 'node:crypto';
import { openSse, pieces, sendJson, SNAPSHOTS, startServer, type ProviderServer } from './wire';

/**
 * A local server speaking the Anthropic Messages API (POST /v1/messages), JSON and server-sent
 * events, as documented at https://docs.anthropic.com/en/api/messages and /en/api/messages-streaming:
 *  - auth: `x-api-key` and an `anthropic-version` header, else 401 authentication_error;
 *  - JSON: a `message` object with `usage` {input_tokens, output_tokens, cache_read_input_tokens,
 *    cache_creation_input_tokens} (input_tokens excludes the two cache counts);
 *  - SSE: message_start (usage with the input-side counts and output_tokens 1), content_block_start,
 *    ping, content_block_delta (text_delta), content_block_stop, message_delta (CUMULATIVE usage:
 *    output_tokens so far plus the input-side counts), message_stop;
 *  - tool use: `tool_use` content blocks (stop_reason `tool_use`); streamed as content_block_start
 *    {type:'tool_use', id, name, input:{}} then input_json_delta pieces of the input's JSON;
 *  - refusal: stop_reason `refusal`;
 *  - errors: {type:"error", error:{type, message}} with 429 rate_limit_error + `retry-after`,
 *    500 api_error, 529 overloaded_error; mid-stream `event: error`.
 * What it answers is scripted by the test: see wire.ts (directives and `script()`).
 */
export interface AnthropicWireUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const DEFAULT_USAGE: AnthropicWireUsage = { input_tokens: 10, output_tokens: 5 };

export function startAnthropicServer(apiKey = 'test-anthropic-key'): Promise<ProviderServer<AnthropicWireUsage>> {
  return startServer<AnthropicWireUsage>(apiKey, ({ req, res, body, plan, record }) => {
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      record(status);
      sendJson(
        res,
        status,
        { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message } },
        { 'request-id': `req_${randomUUID()}`, ...headers },
      );
    };
    if (req.method !== 'POST' || req.url !== '/v1/messages') return fail(404, `Not found: ${req.method} ${req.url}`);
    if (req.headers['x-api-key'] !== apiKey) return fail(401, 'invalid x-api-key');
    if (!req.headers['anthropic-version']) return fail(400, 'anthropic-version header is required');
    if (typeof body.model !== 'string' || typeof body.max_tokens !== 'number' || !Array.isArray(body.messages)) {
      return fail(400, 'model, max_tokens and messages are required');
    }
    const planned = plan();
    if (planned.kind === 'unscripted') return fail(400, planned.message);
    if (planned.kind === 'fail') {
      const { failure, attempt } = planned;
      return fail(
        failure.status,
        `scripted failure ${attempt + 1}`,
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    const turn = planned.turn;
    if (turn.silent) return record(0); // no status, no byte: the client's timeout or abort ends it

    const model = turn.model ?? SNAPSHOTS[body.model] ?? body.model;
    const toolCalls = (turn.toolCalls ?? []).map((c) => ({
      id: c.id ?? `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      name: c.name,
      input: c.input,
    }));
    const reply = turn.refusal ?? turn.text ?? (toolCalls.length ? '' : 'Hello from the Anthropic test server.');
    const stopReason = turn.refusal !== undefined ? 'refusal' : toolCalls.length ? 'tool_use' : 'end_turn';
    const u = turn.usage ?? DEFAULT_USAGE;
    const usage = {
      input_tokens: u.input_tokens,
      cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
      output_tokens: u.output_tokens,
      service_tier: 'standard',
    };
    const id = `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    record(200);

    if (body.stream !== true) {
      sendJson(
        res,
        200,
        {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [
            ...(reply ? [{ type: 'text', text: reply }] : []),
            ...toolCalls.map((c) => ({ type: 'tool_use', ...c })),
          ],
          stop_reason: stopReason,
          stop_sequence: null,
          usage,
        },
        { 'request-id': `req_${randomUUID()}` },
      );
      return;
    }

    openSse(res, { 'request-id': `req_${randomUUID()}` });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const breakNow = () => {
      send('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
      res.end();
    };
    send('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    let index = 0;
    if (reply) {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('ping', { type: 'ping' });
      for (const [i, text] of pieces(reply).entries()) {
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
        if (turn.breakStream && i === 0) return breakNow();
        if (turn.stall && i === 0) return;
      }
      send('content_block_stop', { type: 'content_block_stop', index });
      index++;
    }
    for (const call of toolCalls) {
      send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      });
      for (const partial_json of pieces(JSON.stringify(call.input ?? {}))) {
        send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json },
        });
        if (turn.breakStream && !reply) return breakNow();
      }
      send('content_block_stop', { type: 'content_block_stop', index });
      index++;
    }
    const deltas = Math.max(1, turn.deltas ?? 1);
    for (let k = 1; k <= deltas; k++) {
      const soFar = k === deltas ? usage.output_tokens : Math.floor((usage.output_tokens * k) / deltas);
      send('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: k === deltas ? stopReason : null, stop_sequence: null },
        usage: {
          input_tokens: usage.input_tokens,
          cache_creation_input_tokens: usage.cache_creation_input_tokens,
          cache_read_input_tokens: usage.cache_read_input_tokens,
          output_tokens: soFar,
        },
      });
    }
    send('message_stop', { type: 'message_stop' });
    res.end();
  });
}
