import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { addMember } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { startProviders, type LocalProviders } from '../ai/support/providers';
import { hm, scheduleCompany, storedShift, type ScheduleCompany } from '../schedule/helpers';
import { askWhole, chat, flowsOf, newConversation, since, turnDocs, usageRows, useModel } from './helpers';

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

const WEEK = { startDate: '2026-03-09', endDate: '2026-03-15' };
const usage = { input_tokens: 100, output_tokens: 10 };

async function company(): Promise<ScheduleCompany> {
  const co = await scheduleCompany();
  await useModel(admin, co.companyId, 'anthropic', 'claude-sonnet-4-6');
  return co;
}

const conversation = (co: ScheduleCompany, id: string, user: TestUser = co.manager) =>
  chat().get(`/conversations/${id}`).query({ companyId: co.companyId }).set(bearer(user));

describe('proposals: the assistant proposes, the member confirms through the route rules', () => {
  const SHIFT = { date: '2026-03-13', start: hm(17), end: hm(23), note: 'Friday dinner' };

  async function proposeShift(co: ScheduleCompany) {
    providers.anthropic.script([
      {
        toolCalls: [
          { name: 'propose_draft_shift', input: { ...SHIFT, employeeId: co.otherId, positionId: co.cookId } },
        ],
        usage,
      },
      { text: 'I proposed a draft shift for Otto on Friday 17:00-23:00; confirm it to add it.', usage },
    ]);
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askWhole(co.manager, co.companyId, conversationId, {
      question: 'Who can cover Friday dinner? Put Otto on it.',
    });
    expect(res.status).toBe(200);
    return { conversationId, res };
  }

  const drafts = async (co: ScheduleCompany) =>
    (
      await api('schedule')
        .get('/shifts')
        .query({ companyId: co.companyId, ...WEEK, includeDraft: 'true' })
        .set(bearer(co.manager))
    ).body.data as Record<string, unknown>[];

  it('writes nothing until the member confirms, then creates the draft through the schedule rules, once', async () => {
    const co = await company();
    const { res } = await proposeShift(co);
    const [proposal] = res.body.data.proposals;
    expect(res.body.data.turn.proposalIds).toEqual([proposal.id]);
    expect(proposal).toMatchObject({
      kind: 'draft_shift',
      status: 'pending',
      result: null,
      payload: { ...SHIFT, employeeId: co.otherId, positionId: co.cookId },
    });
    expect(await drafts(co)).toEqual([]);

    const confirm = () =>
      chat().post(`/proposals/${proposal.id}/confirm`).query({ companyId: co.companyId }).set(bearer(co.manager));
    const first = await confirm();
    expect(first.status).toBe(200);
    expect(first.body.data.proposal).toMatchObject({
      status: 'confirmed',
      result: {
        shift: { date: SHIFT.date, employeeId: co.otherId, mode: 'draft', start: SHIFT.start, end: SHIFT.end },
      },
    });
    const again = await confirm();
    expect(again.body.data.proposal).toEqual(first.body.data.proposal);
    const created = await drafts(co);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      mode: 'draft',
      employeeId: co.otherId,
      date: SHIFT.date,
      note: 'Friday dinner',
    });
    expect(await storedShift(co.companyId, `chat-${proposal.id}`)).not.toBeNull();

    const dismiss = await chat()
      .post(`/proposals/${proposal.id}/dismiss`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(dismiss.status).toBe(409);
    expect(dismiss.body.code).toBe('PROPOSAL_NOT_PENDING');
  });

  it("applies the confirming member's current role: a manager demoted to employee gets 403 and nothing is written", async () => {
    const co = await company();
    const { res } = await proposeShift(co);
    const proposalId = res.body.data.proposals[0].id;
    await addMember(co.companyId, co.manager, 'employee');
    const confirm = await chat()
      .post(`/proposals/${proposalId}/confirm`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(confirm.status).toBe(403);
    expect(confirm.body.code).toBe('INSUFFICIENT_ROLE');
    expect(await storedShift(co.companyId, `chat-${proposalId}`)).toBeNull();
  });

  it("keeps a member's proposals their own, and a dismissed proposal cannot be confirmed", async () => {
    const co = await company();
    const { res } = await proposeShift(co);
    const proposalId = res.body.data.proposals[0].id;
    const stranger = await chat()
      .post(`/proposals/${proposalId}/confirm`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('PROPOSAL_NOT_FOUND');
    const dismissed = await chat()
      .post(`/proposals/${proposalId}/dismiss`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(dismissed.body.data.proposal.status).toBe('dismissed');
    const confirm = await chat()
      .post(`/proposals/${proposalId}/confirm`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(confirm.status).toBe(409);
    expect(await drafts(co)).toEqual([]);
  });
});

describe('conversations', () => {
  it('answers a retried ask with the same clientMessageId from storage, without asking the model again', async () => {
    const co = await company();
    providers.anthropic.script([{ text: 'Hello there.', usage }]);
    const conversationId = await newConversation(co.manager, co.companyId);
    const body = { question: 'Hello?', clientMessageId: 'client-msg-1' };
    const first = await askWhole(co.manager, co.companyId, conversationId, body);
    const from = providers.anthropic.requests.length;
    const second = await askWhole(co.manager, co.companyId, conversationId, body);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ ...first.body.data, replayed: true });
    expect(since(providers.anthropic, from)).toHaveLength(0);
    expect(await turnDocs(co.companyId)).toHaveLength(1);
    const conflict = await askWhole(co.manager, co.companyId, conversationId, {
      question: 'Something else',
      clientMessageId: 'client-msg-1',
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('TURN_ID_CONFLICT');
  });

  it('sends earlier turns back as context, titles the conversation from its first question, and lists it', async () => {
    const co = await company();
    providers.anthropic.script([
      { text: 'First answer.', usage },
      { text: 'Second answer.', usage },
    ]);
    const conversationId = await newConversation(co.manager, co.companyId);
    await askWhole(co.manager, co.companyId, conversationId, { question: 'First question' });
    const from = providers.anthropic.requests.length;
    await askWhole(co.manager, co.companyId, conversationId, { question: 'Second question' });
    expect(since(providers.anthropic, from)[0]!.body.messages).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'Second question' },
    ]);
    const listed = await chat().get('/conversations').query({ companyId: co.companyId }).set(bearer(co.manager));
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: conversationId, title: 'First question', turnCount: 2 }),
    ]);
    const detail = await conversation(co, conversationId);
    expect(detail.body.data.turns.map((t: { seq: number; answer: string }) => [t.seq, t.answer])).toEqual([
      [0, 'First answer.'],
      [1, 'Second answer.'],
    ]);
  });

  it('folds older turns into a running summary (flow chat.summary) so the context stays bounded', async () => {
    const co = await company();
    const conversationId = await newConversation(co.manager, co.companyId);
    // nine answered turns, stored as the module stores them
    const batch = db().batch();
    const base = db().collection('companies').doc(co.companyId);
    for (let seq = 0; seq < 9; seq++) {
      batch.set(base.collection('chatTurns').doc(`${conversationId}~t${seq}`), {
        turnId: `t${seq}`,
        conversationId,
        uid: co.manager.uid,
        seq,
        question: `Question ${seq}`,
        answer: `Answer ${seq}`,
        refused: false,
        tools: [],
        proposalIds: [],
        createdAt: 1000 + seq,
      });
    }
    batch.update(base.collection('chatConversations').doc(conversationId), { turnCount: 9 });
    await batch.commit();

    providers.anthropic.script([
      { text: 'Summary: questions 0 to 4 were answered.', usage: { input_tokens: 300, output_tokens: 20 } },
      { text: 'Answer 9', usage },
    ]);
    const from = providers.anthropic.requests.length;
    const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Question 9' });
    expect(res.status).toBe(200);
    const [summaryCall, answerCall] = since(providers.anthropic, from);
    const summaryInput = JSON.stringify(summaryCall!.body.messages);
    for (let seq = 0; seq < 5; seq++) expect(summaryInput).toContain(`Question ${seq}`);
    expect(summaryInput).not.toContain('Question 5');
    expect(summaryCall!.body.tools).toBeUndefined();
    // the answer call sees the summary and only the last four turns verbatim
    expect(JSON.stringify(answerCall!.body.system)).toContain('Summary: questions 0 to 4 were answered.');
    expect((answerCall!.body.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'Question 5',
      'Answer 5',
      'Question 6',
      'Answer 6',
      'Question 7',
      'Answer 7',
      'Question 8',
      'Answer 8',
      'Question 9',
    ]);
    expect((await conversation(co, conversationId)).body.data).toMatchObject({ turnCount: 10, summarizedTurns: 5 });
    expect(flowsOf((await usageRows(admin, co.companyId)).rows)).toEqual([
      { flow: 'chat.answer', inputTokens: 100, outputTokens: 10, calls: 1 },
      { flow: 'chat.summary', inputTokens: 300, outputTokens: 20, calls: 1 },
    ]);
  });

  it('bounds the tool loop: after four rounds of tools the model is called with tools withheld and must answer', async () => {
    const co = await company();
    const round = { toolCalls: [{ name: 'list_shifts', input: WEEK }], usage };
    providers.anthropic.script([round, round, round, round, { text: 'There are no shifts that week.', usage }]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    const res = await askWhole(co.manager, co.companyId, conversationId, { question: 'Shifts?' });
    expect(res.status).toBe(200);
    expect(res.body.data.turn.tools).toHaveLength(4);
    const sent = since(providers.anthropic, from);
    expect(sent.map((r) => r.body.tool_choice)).toEqual([
      { type: 'auto' },
      { type: 'auto' },
      { type: 'auto' },
      { type: 'auto' },
      { type: 'none' },
    ]);
    expect(flowsOf((await usageRows(admin, co.companyId)).rows).map((r) => [r.flow, r.calls])).toEqual([
      ['chat.answer', 1],
      ['chat.plan', 1],
      ['chat.tool', 3],
    ]);
  });

  it('bounds a large tool result and says it was cut', async () => {
    const co = await company();
    const base = db().collection('companies').doc(co.companyId).collection('employees');
    const batch = db().batch();
    for (let i = 0; i < 120; i++)
      batch.set(base.doc(), {
        name: `Name${i}`,
        surname: `Surname${String(i).padStart(3, '0')}`,
        positions: [],
        archived: false,
        userId: null,
        note: 'x'.repeat(40),
      });
    await batch.commit();
    providers.anthropic.script([
      { toolCalls: [{ name: 'employee_directory', input: {} }], usage },
      { text: 'Many employees.', usage },
    ]);
    const from = providers.anthropic.requests.length;
    const conversationId = await newConversation(co.manager, co.companyId);
    await askWhole(co.manager, co.companyId, conversationId, { question: 'Who works here?' });
    const messages = since(providers.anthropic, from)[1]!.body.messages as {
      content: { type: string; content: string }[];
    }[];
    const text = messages[messages.length - 1]!.content[0]!.content;
    expect(text.length).toBeLessThanOrEqual(6000);
    const parsed = JSON.parse(text);
    expect(parsed.truncated.employees).toBeGreaterThan(0);
    expect(parsed.employees.length + parsed.truncated.employees).toBe(122);
  });

  it('deletes a conversation with its turns and proposals', async () => {
    const co = await company();
    providers.anthropic.script([
      {
        toolCalls: [
          {
            name: 'propose_draft_shift',
            input: { date: '2026-03-13', employeeId: co.otherId, start: hm(9), end: hm(12) },
          },
        ],
        usage,
      },
      { text: 'Proposed.', usage },
    ]);
    const conversationId = await newConversation(co.manager, co.companyId);
    await askWhole(co.manager, co.companyId, conversationId, { question: 'Add Otto Friday morning' });
    const del = await chat()
      .delete(`/conversations/${conversationId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: conversationId, turnCount: 1 });
    expect((await conversation(co, conversationId)).status).toBe(404);
    expect(await turnDocs(co.companyId)).toHaveLength(0);
    expect((await db().collection('companies').doc(co.companyId).collection('chatProposals').get()).size).toBe(0);
  });

  it('refuses an invalid question with 400 and writes nothing', async () => {
    const co = await company();
    const conversationId = await newConversation(co.manager, co.companyId);
    for (const body of [{}, { question: '' }, { question: 'x'.repeat(4001) }, { question: 'hi', extra: 1 }]) {
      const res = await askWhole(co.manager, co.companyId, conversationId, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect(await turnDocs(co.companyId)).toHaveLength(0);
  });
});
