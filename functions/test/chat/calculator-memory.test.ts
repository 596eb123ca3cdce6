import { db } from '../../src/core/firebase';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { api } from '../helpers/api';
import { startProviders, type LocalProviders } from '../ai/support/providers';
import { importInvoices, invoice, salesData } from '../sales/helpers';
import { hm, putShift, scheduleCompany, type ScheduleCompany } from '../schedule/helpers';
import { anthropicToolResults, askWhole, newConversation, since, useModel } from './helpers';

let providers: LocalProviders;
let admin: TestUser;

beforeAll(async () => {
  [providers, admin] = await Promise.all([startProviders(), createUser({ admin: true, label: 'admin' })]);
});
afterEach(() => {
  expect(providers.anthropic.pending()).toBe(0);
  providers.anthropic.reset();
});
afterAll(() => providers.close());

const usage = { input_tokens: 100, output_tokens: 10 };
const WEEK = { startDate: '2026-03-09', endDate: '2026-03-15' };

async function company(): Promise<ScheduleCompany> {
  const co = await scheduleCompany();
  await useModel(admin, co.companyId, 'anthropic', 'claude-sonnet-4-6');
  return co;
}

describe('the calculator tool: figures the assistant states are computed', () => {
  it("computes last week's labor % from the sales tool's figures exactly, as POST /calculator/operations does", async () => {
    const co = await company();
    await importInvoices(co.manager, co.companyId, [invoice({ amount: 33333, closedAt: '2026-03-10T13:00:00' })]);
    expect(
      (
        await putShift(
          co,
          's1',
          { start: hm(9), end: hm(17), positionId: co.cookId, subRoleId: 'line' },
          { date: '2026-03-10', employeeId: co.employeeId, mode: 'published' },
        )
      ).status,
    ).toBe(200);
    const sales = await salesData(co.manager, {
      companyId: co.companyId,
      ...WEEK,
      groupBy: 'weekly',
      fields: 'totalSales,ratio',
    });
    const { laborCost, totalSales } = sales.summary.totals as { laborCost: number; totalSales: number };
    expect(laborCost).toBeGreaterThan(0);
    const operations = [
      { op: 'percentage', args: [laborCost, totalSales] },
      { op: 'round', args: ['$0'], decimals: 2, mode: 'half_even' },
    ];
    const route = await api('calculator').post('/calculator/operations').set(bearer(co.manager)).send({ operations });
    expect(route.status).toBe(200);

    providers.anthropic.script([
      { toolCalls: [{ name: 'sales_summary', input: { ...WEEK, groupBy: 'weekly', includeLabor: true } }], usage },
      {
        toolCalls: [
          { name: 'calculate', input: { operations } },
          { name: 'calculate', input: { expression: '0.1 + 0.2' } },
          { name: 'calculate', input: { expression: '9^9^9^9' } },
        ],
        usage,
      },
      { text: `Labor was ${route.body.data.value} % of sales.`, usage },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Labor % last week?' });
    expect(res.status).toBe(200);

    const sent = since(providers.anthropic, from);
    const [salesResult] = anthropicToolResults(sent[1]!);
    expect(salesResult!.content.totals).toMatchObject({ laborCost, totalSales });
    const [labor, tenths, hostile] = anthropicToolResults(sent[2]!);
    expect(labor).toEqual({ isError: false, content: route.body.data });
    expect(tenths!.content.value).toBe('0.3');
    expect(hostile!.isError).toBe(true);
    expect(hostile!.content.error).toMatch(/^[A-Z_]+$/);
    expect(res.body.data.turn.tools.map((t: { name: string; ok: boolean }) => [t.name, t.ok])).toEqual([
      ['sales_summary', true],
      ['calculate', true],
      ['calculate', true],
      ['calculate', false],
    ]);
  }, 60_000);
});

describe('ai-memory: the assistant gets the memories the asking member may see', () => {
  const remember = (co: ScheduleCompany, user: TestUser, body: Record<string, unknown>) =>
    api('aiMemory').post('/memories').query({ companyId: co.companyId }).set(bearer(user)).send(body);

  it("gives the model the relevant memories with the question and through recall_memories, never a manager-only or a colleague's own", async () => {
    const co = await company();
    for (const [user, body] of [
      [co.manager, { scope: 'company', text: 'We close at 22:00 on Sundays' }],
      [
        co.manager,
        { scope: 'company', text: 'Sunday closing cash count is done by the manager at 22:30', visibility: 'managers' },
      ],
      [co.owner, { scope: 'member', text: 'I prefer to close on Sundays myself' }],
      [co.employee, { scope: 'member', text: 'I cannot work Sunday mornings' }],
    ] as const) {
      expect((await remember(co, user, body)).status).toBe(201);
    }
    providers.anthropic.script([
      { toolCalls: [{ name: 'recall_memories', input: { query: 'Sunday closing' } }], usage },
      { text: 'We close at 22:00 on Sundays.', usage },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.employee, co.companyId);
    const res = await askWhole(co.employee, co.companyId, conversationId, { question: 'When do we close on Sundays?' });
    expect(res.status).toBe(200);

    const sent = since(providers.anthropic, from);
    const system = JSON.stringify(sent[0]!.body.system);
    expect(system).toContain('We close at 22:00 on Sundays');
    expect(system).toContain('I cannot work Sunday mornings');
    const [recalled] = anthropicToolResults(sent[1]!);
    expect((recalled!.content.memories as { text: string }[]).map((m) => m.text).sort()).toEqual([
      'I cannot work Sunday mornings',
      'We close at 22:00 on Sundays',
    ]);
    const everything = JSON.stringify(sent.map((r) => r.body));
    expect(everything).not.toContain('cash count');
    expect(everything).not.toContain('close on Sundays myself');
  });

  it('stores a fact the assistant proposed only when the member confirms it, with source assistant, once', async () => {
    const co = await company();
    providers.anthropic.script([
      {
        toolCalls: [
          { name: 'propose_memory', input: { scope: 'member', text: 'I cannot work Sunday mornings' } },
          { name: 'propose_memory', input: { scope: 'company', text: 'We close at 22:00 on Sundays' } },
        ],
        usage,
      },
      {
        text: 'I can remember that you cannot work Sunday mornings once you confirm; company facts are for managers.',
        usage,
      },
    ]);
    const conversationId = await newConversation(co.employee, co.companyId);
    const res = await askWhole(co.employee, co.companyId, conversationId, {
      question: 'Remember that I cannot work Sunday mornings, and that we close at 22:00 on Sundays.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.turn.tools.map((t: { ok: boolean; error?: string }) => [t.ok, t.error])).toEqual([
      [true, undefined],
      [false, 'INSUFFICIENT_ROLE'],
    ]);
    const [proposal] = res.body.data.proposals;
    expect(proposal).toMatchObject({
      kind: 'memory',
      status: 'pending',
      payload: { scope: 'member', text: 'I cannot work Sunday mornings' },
    });

    const listed = () => api('aiMemory').get('/memories').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect((await listed()).body.data).toEqual([]);
    const confirm = () =>
      api('chat').post(`/proposals/${proposal.id}/confirm`).query({ companyId: co.companyId }).set(bearer(co.employee));
    const first = await confirm();
    expect(first.status).toBe(200);
    expect(first.body.data.proposal).toMatchObject({
      status: 'confirmed',
      result: { memory: { scope: 'member', text: 'I cannot work Sunday mornings', source: 'assistant' } },
    });
    expect((await confirm()).body.data.proposal).toEqual(first.body.data.proposal);
    expect((await listed()).body.data).toEqual([
      expect.objectContaining({
        text: 'I cannot work Sunday mornings',
        source: 'assistant',
        ownerUid: co.employee.uid,
      }),
    ]);
  });
  it('refuses a visibility on a personal memory in the tool, as POST /memories does, and never stores the proposal', async () => {
    const co = await company();
    providers.anthropic.script([
      {
        toolCalls: [
          { name: 'propose_memory', input: { scope: 'member', text: 'I open on Mondays', visibility: 'managers' } },
        ],
        usage,
      },
      { text: 'I could not keep that.', usage },
    ]);
    const conversationId = await newConversation(co.employee, co.companyId);
    const res = await askWhole(co.employee, co.companyId, conversationId, { question: 'Remember I open on Mondays.' });
    expect(res.status).toBe(200);
    expect(res.body.data.turn.tools.map((t: { ok: boolean; error?: string }) => [t.ok, t.error])).toEqual([
      [false, 'VALIDATION_FAILED'],
    ]);
    expect(res.body.data.proposals).toEqual([]);
  });

  it('answers 422 PROPOSAL_INVALID for a stored memory proposal that breaks the memories rule, and writes nothing', async () => {
    const co = await company();
    const proposalId = 'legacy-visibility';
    const stored = {
      uid: co.employee.uid,
      conversationId: 'c-legacy',
      kind: 'memory',
      status: 'pending',
      summary: 'Remember (personal): I open on Mondays',
      payload: { scope: 'member', text: 'I open on Mondays', visibility: 'managers' },
      result: null,
      createdAt: Date.now(),
      decidedAt: null,
    };
    const ref = db().doc(`companies/${co.companyId}/chatProposals/${proposalId}`);
    await ref.set(stored);
    const res = await api('chat')
      .post(`/proposals/${proposalId}/confirm`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      code: 'PROPOSAL_INVALID',
      details: [{ path: 'payload.visibility', message: 'only company memories have a visibility' }],
    });
    expect((await ref.get()).data()).toEqual(stored);
    expect((await db().collection(`companies/${co.companyId}/aiMemories`).get()).empty).toBe(true);
  });
});
