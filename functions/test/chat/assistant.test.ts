import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { instant } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { createModuleApp } from '../../src/http/app';
import { moduleNamed } from '../../src/modules/registry';
import { onUsageFlush } from '../../src/ai/accumulator';
import { api } from '../helpers/api';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { startProviders, type LocalProviders } from '../ai/support/providers';
import { importInvoices, invoice, salesData } from '../sales/helpers';
import { hm, putShift, scheduleCompany, type ScheduleCompany } from '../schedule/helpers';
import {
  anthropicToolResults,
  askStream,
  askWhole,
  chat,
  eventsOf,
  flowsOf,
  newConversation,
  since,
  turnDocs,
  usageRows,
  useModel,
} from './helpers';

let providers: LocalProviders;
let admin: TestUser;
const flushErrors: unknown[] = [];
let stopWatching: () => void;

beforeAll(async () => {
  [providers, admin] = await Promise.all([startProviders(), createUser({ admin: true, label: 'admin' })]);
  stopWatching = onUsageFlush((o) => o.error && flushErrors.push(o.error));
});
afterEach(() => {
  // every scripted model turn was consumed, and no usage write failed
  expect(providers.anthropic.pending()).toBe(0);
  expect(providers.openai.pending()).toBe(0);
  expect(flushErrors).toEqual([]);
  providers.anthropic.reset();
  providers.openai.reset();
});
afterAll(async () => {
  stopWatching();
  await providers.close();
});

const WEEK = { startDate: '2026-03-09', endDate: '2026-03-15' };
/** claude-sonnet-4-6: USD 3 / 15 per million input / output tokens, in nano-USD per token. */
const SONNET = { input: 3000, output: 15000 };
const sonnetCost = (input: number, output: number) => input * SONNET.input + output * SONNET.output;

async function company(): Promise<ScheduleCompany> {
  const co = await scheduleCompany();
  await useModel(admin, co.companyId, 'anthropic', 'claude-sonnet-4-6');
  return co;
}

async function weekOfBusiness(co: ScheduleCompany) {
  await importInvoices(co.manager, co.companyId, [
    invoice({ amount: 4250, customers: 2, closedAt: '2026-03-09T13:00:00' }),
    invoice({ amount: 1999, tips: 300, customers: 1, closedAt: '2026-03-10T20:30:00' }),
    invoice({ amount: 800, customers: 1, closedAt: '2026-03-20T12:00:00' }),
  ]);
  for (const [id, date, employeeId, start, end] of [
    ['s1', '2026-03-09', co.employeeId, hm(10), hm(16)],
    ['s2', '2026-03-10', co.otherId, hm(17), hm(23)],
  ] as const) {
    const res = await putShift(
      co,
      id,
      { start, end, positionId: co.cookId, subRoleId: 'line' },
      { date, employeeId, mode: 'published' },
    );
    expect(res.status).toBe(200);
  }
}

describe('the assistant answers from the product through tools', () => {
  it("answers a manager's question with two tool calls and a streamed answer whose figures are those of the sales and schedule routes, writing exactly one usage row per call", async () => {
    const co = await company();
    await weekOfBusiness(co);
    const salesRoute = await salesData(co.manager, {
      companyId: co.companyId,
      ...WEEK,
      groupBy: 'weekly',
      fields: 'totalSales,customerCount,tips',
    });
    const shiftsRes = await api('schedule')
      .get('/shifts')
      .query({ companyId: co.companyId, ...WEEK })
      .set(bearer(co.manager));
    const shiftsRoute = shiftsRes.body.data as Record<string, unknown>[];
    expect(salesRoute.summary.totals.totalSales).toBe(6249);
    expect(shiftsRoute).toHaveLength(2);

    const answer = `Net sales from 9 to 15 March were €${(salesRoute.summary.totals.totalSales / 100).toFixed(2)} from ${salesRoute.summary.totals.invoiceCount} tickets, with ${shiftsRoute.length} shifts worked.`;
    providers.anthropic.script([
      {
        toolCalls: [{ name: 'sales_summary', input: { ...WEEK, groupBy: 'weekly' } }],
        usage: { input_tokens: 1200, output_tokens: 60 },
      },
      { toolCalls: [{ name: 'list_shifts', input: WEEK }], usage: { input_tokens: 1800, output_tokens: 40 } },
      { text: answer, usage: { input_tokens: 2600, output_tokens: 90 } },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askStream(co.manager, co.companyId, conversationId, { question: 'How did last week go?' });

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(res);
    expect(events.filter((e) => e.event === 'tool').map((e) => e.data)).toEqual([
      { round: 0, name: 'sales_summary', ok: true },
      { round: 1, name: 'list_shifts', ok: true },
    ]);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe(answer);
    const done = events[events.length - 1]!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      success: true,
      data: { replayed: false, turn: { question: 'How did last week go?', answer, refused: false, seq: 0 } },
    });

    // what the model read is exactly what the routes answer
    const sent = since(providers.anthropic, from);
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200]);
    const [salesResult] = anthropicToolResults(sent[1]!);
    expect(salesResult!.isError).toBe(false);
    expect(salesResult!.content.totals).toEqual(salesRoute.summary.totals);
    expect(salesResult!.content.buckets).toEqual(salesRoute.buckets);
    expect(salesResult!.content.currency).toBe('EUR');
    const [shiftsResult] = anthropicToolResults(sent[2]!);
    expect(shiftsResult!.content.shifts).toEqual(
      shiftsRoute.map((s) => ({
        id: s.id,
        date: s.date,
        employeeId: s.employeeId,
        positionId: s.positionId,
        start: s.start,
        end: s.end,
        mode: s.mode,
        onHold: s.onHold,
      })),
    );

    const usage = await usageRows(admin, co.companyId);
    expect(flowsOf(usage.rows)).toEqual([
      { flow: 'chat.answer', inputTokens: 2600, outputTokens: 90, calls: 1 },
      { flow: 'chat.plan', inputTokens: 1200, outputTokens: 60, calls: 1 },
      { flow: 'chat.tool', inputTokens: 1800, outputTokens: 40, calls: 1 },
    ]);
    for (const row of usage.rows) {
      expect(row).toMatchObject({
        provider: 'anthropic',
        model: 'claude-sonnet-4-6',
        userId: co.manager.uid,
        priced: true,
      });
      expect(row.costNanoUsd).toBe(sonnetCost(row.inputTokens as number, row.outputTokens as number));
    }
    expect(usage.totals).toMatchObject({
      rows: 3,
      calls: 3,
      inputTokens: 5600,
      outputTokens: 190,
      costNanoUsd: 19_650_000,
    });

    const stored = await chat()
      .get(`/conversations/${conversationId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(stored.body.data.turns).toHaveLength(1);
    expect(stored.body.data.turns[0]).toMatchObject({
      answer,
      tools: [
        { name: 'sales_summary', ok: true },
        { name: 'list_shifts', ok: true },
      ],
    });
  });

  it('runs the same tool loop through OpenAI function calling when the company uses OpenAI', async () => {
    const co = await scheduleCompany();
    await useModel(admin, co.companyId, 'openai', 'gpt-4o');
    await weekOfBusiness(co);
    const salesRoute = await salesData(co.manager, {
      companyId: co.companyId,
      ...WEEK,
      groupBy: 'weekly',
      fields: 'totalSales,customerCount,tips',
    });
    providers.openai.script([
      {
        toolCalls: [{ id: 'call_sales', name: 'sales_summary', input: { ...WEEK, groupBy: 'weekly' } }],
        usage: { prompt_tokens: 700, completion_tokens: 30 },
      },
      { text: 'Sales were €62.49.', usage: { prompt_tokens: 1100, completion_tokens: 20 } },
    ]);
    const from = providers.openai.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askStream(co.manager, co.companyId, conversationId, { question: 'Sales last week?' });
    expect(
      eventsOf(res)
        .map((e) => e.event)
        .filter((e) => e !== 'delta'),
    ).toEqual(['tool', 'done']);

    const sent = since(providers.openai, from);
    const toolMessage = (sent[1]!.body.messages as { role: string; tool_call_id?: string; content: string }[]).find(
      (m) => m.role === 'tool',
    )!;
    expect(toolMessage.tool_call_id).toBe('call_sales');
    expect(JSON.parse(toolMessage.content).totals).toEqual(salesRoute.summary.totals);
    const usage = await usageRows(admin, co.companyId);
    expect(flowsOf(usage.rows)).toEqual([
      { flow: 'chat.answer', inputTokens: 1100, outputTokens: 20, calls: 1 },
      { flow: 'chat.plan', inputTokens: 700, outputTokens: 30, calls: 1 },
    ]);
    expect(usage.rows.every((r) => r.model === 'gpt-4o-2024-08-06')).toBe(true);
  });
});

describe("the assistant has the caller's access, no more", () => {
  async function withPay() {
    const co = await company();
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('employees')
      .doc(co.otherId)
      .update({ rateRegular: 23.75, rateOvertime: 35.5, salary: 41000, additionalSalary: { bonus: 987654 } });
    return co;
  }

  const PAY_MARKERS = ['23.75', '35.5', '41000', '987654', 'rateRegular', 'rateOvertime', 'salary'];

  it("gives an employee asking for a colleague's pay no pay figures: no tool result sent to the model contains any", async () => {
    const co = await withPay();
    providers.anthropic.script([
      {
        toolCalls: [
          { name: 'employee_directory', input: { search: 'Otto' } },
          { name: 'sales_summary', input: WEEK },
        ],
        usage: { input_tokens: 500, output_tokens: 30 },
      },
      { text: "I can't see Otto's pay.", usage: { input_tokens: 700, output_tokens: 12 } },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.employee, co.companyId);
    const res = await askWhole(co.employee, co.companyId, conversationId, {
      question: 'How much does Otto earn per hour?',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.turn.tools).toEqual([
      { name: 'employee_directory', input: { search: 'Otto' }, ok: true },
      { name: 'sales_summary', input: WEEK, ok: false, error: 'UNKNOWN_TOOL' },
    ]);

    const sent = since(providers.anthropic, from);
    // an employee is not even offered the managers' tools
    expect((sent[0]!.body.tools as { name: string }[]).map((t) => t.name)).toEqual([
      'calculate',
      'recall_memories',
      'list_shifts',
      'employee_directory',
      'propose_memory',
      'propose_request',
    ]);
    const [directory, sales] = anthropicToolResults(sent[1]!);
    expect((directory!.content.employees as { name: string }[]).map((e) => e.name)).toEqual(['Otto']);
    expect(sales).toMatchObject({ isError: true, content: { error: 'UNKNOWN_TOOL' } });
    const everythingSent = JSON.stringify(sent.map((r) => r.body));
    for (const marker of PAY_MARKERS) expect(everythingSent).not.toContain(marker);
  });

  it("shows the same colleague's pay to a manager, as GET /employees does (the check above can fail)", async () => {
    const co = await withPay();
    providers.anthropic.script([
      {
        toolCalls: [{ name: 'employee_directory', input: { search: 'Otto' } }],
        usage: { input_tokens: 500, output_tokens: 30 },
      },
      { text: 'Otto earns 23.75 per hour.', usage: { input_tokens: 700, output_tokens: 12 } },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    expect((await askWhole(co.manager, co.companyId, conversationId, { question: 'Otto hourly rate?' })).status).toBe(
      200,
    );
    const [directory] = anthropicToolResults(since(providers.anthropic, from)[1]!);
    expect((directory!.content.employees as Record<string, unknown>[])[0]).toMatchObject({
      name: 'Otto',
      rateRegular: 23.75,
      salary: 41000,
    });
  });

  it('gives a manager the punches GET /punches answers, through the attendance tool', async () => {
    const co = await company();
    const at = (minute: number) => instant('2026-03-10', minute, 'Europe/Madrid');
    const created = await api('attendance')
      .post('/punches')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ employeeId: co.employeeId, clockInAt: at(540), clockOutAt: at(1020), reason: 'forgot to clock' });
    expect(created.status).toBe(201);
    const route = await api('attendance')
      .get('/punches')
      .query({ companyId: co.companyId, ...WEEK })
      .set(bearer(co.manager));
    expect(route.body.data).toHaveLength(1);
    providers.anthropic.script([
      { toolCalls: [{ name: 'attendance_punches', input: WEEK }], usage: { input_tokens: 300, output_tokens: 20 } },
      { text: 'Emma worked 8 hours on Tuesday.', usage: { input_tokens: 500, output_tokens: 10 } },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    expect(
      (await askWhole(co.manager, co.companyId, conversationId, { question: 'Who worked last week?' })).status,
    ).toBe(200);
    const [punches] = anthropicToolResults(since(providers.anthropic, from)[1]!);
    expect(punches!.content.punches).toEqual(route.body.data);
  });

  it('keeps conversations private: another member of the company gets 404 on them and does not see them listed', async () => {
    const co = await company();
    const mine = await newConversation(co.employee, co.companyId);
    for (const call of [
      chat().get(`/conversations/${mine}`),
      chat().delete(`/conversations/${mine}`),
      chat().post(`/conversations/${mine}/messages`).send({ question: 'hi' }),
    ]) {
      const res = await call.query({ companyId: co.companyId }).set(bearer(co.owner));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Conversation not found', code: 'CONVERSATION_NOT_FOUND' });
    }
    const listed = await chat().get('/conversations').query({ companyId: co.companyId }).set(bearer(co.owner));
    expect(listed.body.data).toEqual([]);
    const own = await chat().get('/conversations').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(own.body.data.map((c: { id: string }) => c.id)).toEqual([mine]);
  });
});

describe('tool errors, refusals and provider failures', () => {
  it('sends a failing tool call back to the model as an error result and still answers', async () => {
    const co = await company();
    providers.anthropic.script([
      {
        toolCalls: [
          { name: 'sales_summary', input: { startDate: '2026-03-15', endDate: '2026-03-09' } },
          { name: 'list_shifts', input: { startDate: 'last monday', endDate: '2026-03-15' } },
          { name: 'drop_database', input: {} },
        ],
        usage: { input_tokens: 400, output_tokens: 50 },
      },
      { text: 'I could not read those figures.', usage: { input_tokens: 600, output_tokens: 10 } },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Sales?' });
    expect(res.status).toBe(200);
    expect(
      res.body.data.turn.tools.map((t: { name: string; ok: boolean; error?: string }) => [t.name, t.ok, t.error]),
    ).toEqual([
      ['sales_summary', false, 'INVALID_DATE_RANGE'],
      ['list_shifts', false, 'VALIDATION_FAILED'],
      ['drop_database', false, 'UNKNOWN_TOOL'],
    ]);
    const results = anthropicToolResults(since(providers.anthropic, from)[1]!);
    expect(results.map((r) => [r.isError, r.content.error])).toEqual([
      [true, 'INVALID_DATE_RANGE'],
      [true, 'VALIDATION_FAILED'],
      [true, 'UNKNOWN_TOOL'],
    ]);
    expect(String(results[1]!.content.message)).toContain('startDate');
  });

  it("stores a refusal as an answer marked refused, with the model's words", async () => {
    const co = await company();
    providers.anthropic.script([
      { refusal: 'I cannot help with that request.', usage: { input_tokens: 300, output_tokens: 9 } },
    ]);
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askWhole(co.manager, co.companyId, conversationId, {
      question: 'Write me something nasty about Otto.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.turn).toMatchObject({ refused: true, answer: 'I cannot help with that request.', tools: [] });
    expect(flowsOf((await usageRows(admin, co.companyId)).rows)).toEqual([
      { flow: 'chat.answer', inputTokens: 300, outputTokens: 9, calls: 1 },
    ]);
  });

  it('ends a stream cut midway with an error event, stores nothing, and records the usage of both calls', async () => {
    const co = await company();
    providers.anthropic.script([
      { toolCalls: [{ name: 'list_shifts', input: WEEK }], usage: { input_tokens: 400, output_tokens: 30 } },
      {
        text: 'There were two shifts last week, both in the kitchen.',
        breakStream: true,
        usage: { input_tokens: 900, output_tokens: 50 },
      },
    ]);
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askStream(co.manager, co.companyId, conversationId, { question: 'Shifts last week?' });
    expect(res.status).toBe(200);
    const events = eventsOf(res);
    expect(events.map((e) => e.event)).toEqual(['tool', 'delta', 'error']);
    expect(events[2]!.data).toEqual({
      success: false,
      error: 'The anthropic model provider failed to answer',
      code: 'UPSTREAM_FAILED',
    });
    expect(await turnDocs(co.companyId)).toHaveLength(0);
    // the broken call is billed for what the provider reported before the cut (message_start: its input, 1 output token)
    expect(flowsOf((await usageRows(admin, co.companyId)).rows)).toEqual([
      { flow: 'chat.plan', inputTokens: 400, outputTokens: 30, calls: 1 },
      { flow: 'chat.tool', inputTokens: 900, outputTokens: 1, calls: 1 },
    ]);
  });

  it('stops the model call when the client of a streamed answer goes away, stores nothing, and records the tokens billed so far', async () => {
    const co = await company();
    providers.anthropic.script([
      { toolCalls: [{ name: 'list_shifts', input: WEEK }], usage: { input_tokens: 400, output_tokens: 30 } },
      { text: 'An answer the client will not wait for.', stall: true, usage: { input_tokens: 900, output_tokens: 50 } },
    ]);
    const conversationId = await newConversation(co.manager, co.companyId);
    const server = http.createServer(createModuleApp(moduleNamed('chat')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new AbortController();
      const res = await fetch(
        `http://127.0.0.1:${port}/conversations/${conversationId}/messages/stream?companyId=${co.companyId}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(co.manager) },
          body: JSON.stringify({ question: 'Shifts?' }),
          signal: client.signal,
        },
      );
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: delta')) text += new TextDecoder().decode((await reader.read()).value);
      client.abort();
      // the stalled provider stream ends only if the assistant aborts its call; then the request settles and its usage is written
      let rows: Record<string, unknown>[] = [];
      for (let attempt = 0; attempt < 200 && rows.length < 2; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        rows = (await usageRows(admin, co.companyId)).rows;
      }
      expect(flowsOf(rows)).toEqual([
        { flow: 'chat.plan', inputTokens: 400, outputTokens: 30, calls: 1 },
        { flow: 'chat.tool', inputTokens: 900, outputTokens: 1, calls: 1 },
      ]);
      expect(await turnDocs(co.companyId)).toHaveLength(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rides over a single 429 with the SDK retry and answers', async () => {
    const co = await company();
    providers.anthropic.script([
      { failures: [{ status: 429, retryAfter: '0' }] },
      { text: 'Hello!', usage: { input_tokens: 100, output_tokens: 3 } },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Hi' });
    expect(res.status).toBe(200);
    expect(res.body.data.turn.answer).toBe('Hello!');
    expect(since(providers.anthropic, from).map((r) => r.status)).toEqual([429, 200]);
  });

  it.each([
    [429, 429, 'UPSTREAM_RATE_LIMITED'],
    [500, 502, 'UPSTREAM_FAILED'],
  ])(
    'answers a provider that keeps failing with %i after a tool round with %i %s in the envelope, storing nothing and recording the call that succeeded',
    async (upstream, status, code) => {
      const co = await company();
      const failures = [0, 1, 2].map(() => ({ status: upstream, retryAfter: '0' }));
      providers.anthropic.script([
        { toolCalls: [{ name: 'list_shifts', input: WEEK }], usage: { input_tokens: 400, output_tokens: 30 } },
        { failures },
      ]);
      const conversationId = await newConversation(co.manager, co.companyId);
      const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Shifts?' });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ success: false, code });
      expect(await turnDocs(co.companyId)).toHaveLength(0);
      expect(flowsOf((await usageRows(admin, co.companyId)).rows)).toEqual([
        { flow: 'chat.plan', inputTokens: 400, outputTokens: 30, calls: 1 },
      ]);
    },
  );

  it('answers 503 AI_PROVIDER_NOT_CONFIGURED, saying how to set the key, when the provider has no API key', async () => {
    const co = await company();
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      const conversationId = await newConversation(co.manager, co.companyId);
      const res = await askStream(co.manager, co.companyId, conversationId, { question: 'Hi' });
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body as string)).toMatchObject({ success: false, code: 'AI_PROVIDER_NOT_CONFIGURED' });
      expect(JSON.parse(res.body as string).error).toContain('ANTHROPIC_API_KEY');
    } finally {
      process.env.ANTHROPIC_API_KEY = saved;
    }
  });
});
