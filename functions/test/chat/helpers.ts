import type { Response } from 'supertest';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { bearer, type TestUser } from '../helpers/users';
import type { AnthropicWireUsage } from '../ai/servers/anthropic';
import type { OpenAIWireUsage } from '../ai/servers/openai';
import type { ProviderServer, RecordedRequest } from '../ai/servers/wire';

export const chat = () => api('chat');

export async function newConversation(user: TestUser, companyId: string): Promise<string> {
  const res = await chat().post('/conversations').query({ companyId }).set(bearer(user)).send({});
  if (res.status !== 201) throw new Error(`create conversation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export function askWhole(user: TestUser, companyId: string, conversationId: string, body: Record<string, unknown>) {
  return chat().post(`/conversations/${conversationId}/messages`).query({ companyId }).set(bearer(user)).send(body);
}

/** The streaming ask, its body kept as text (supertest would otherwise wait for JSON). */
export function askStream(user: TestUser, companyId: string, conversationId: string, body: Record<string, unknown>) {
  return chat()
    .post(`/conversations/${conversationId}/messages/stream`)
    .query({ companyId })
    .set(bearer(user))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done(null, text));
    })
    .send(body);
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a text/event-stream body, in order. */
export function eventsOf(res: Response): SseEvent[] {
  const text = res.body as string;
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** The company's AI provider override (so the test does not depend on the global default). */
export async function useModel(admin: TestUser, companyId: string, provider: 'anthropic' | 'openai', model: string) {
  const res = await api('ai').patch(`/companies/${companyId}/ai-config`).set(bearer(admin)).send({ provider, model });
  if (res.status !== 200) throw new Error(`ai-config failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function usageRows(admin: TestUser, companyId: string) {
  const res = await api('ai').get(`/companies/${companyId}/ai-usage`).set(bearer(admin));
  if (res.status !== 200) throw new Error(`ai-usage failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { rows: Record<string, unknown>[]; totals: Record<string, number> };
}

/** The rows' flows and token counts, sorted by flow (rows are one per provider, model and flow of a request). */
export const flowsOf = (rows: Record<string, unknown>[]) =>
  rows
    .map((r) => ({ flow: r.flow, inputTokens: r.inputTokens, outputTokens: r.outputTokens, calls: r.calls }))
    .sort((a, b) => String(a.flow).localeCompare(String(b.flow)));

/** Requests the provider server received since `from`. */
export const since = (
  server: ProviderServer<AnthropicWireUsage> | ProviderServer<OpenAIWireUsage>,
  from: number,
): RecordedRequest[] => server.requests.slice(from);

interface AnthropicBlock {
  type: string;
  tool_use_id?: string;
  content?: string;
  is_error?: boolean;
}

/** The tool results an Anthropic request carried back to the model, parsed. */
export function anthropicToolResults(
  request: RecordedRequest,
): { content: Record<string, unknown>; isError: boolean }[] {
  const messages = request.body.messages as { role: string; content: string | AnthropicBlock[] }[];
  const last = messages[messages.length - 1]!;
  if (typeof last.content === 'string') return [];
  return last.content
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({ content: JSON.parse(b.content!) as Record<string, unknown>, isError: b.is_error === true }));
}

export async function turnDocs(companyId: string) {
  return (await db().collection('companies').doc(companyId).collection('chatTurns').get()).docs;
}
