import type { z } from 'zod';
import {
  askBody,
  askResponse,
  confirmResponse,
  conversationDetail,
  conversationIdParam,
  conversationSchema,
  createConversationBody,
  listConversationsQuery,
  MAX_QUESTION_CHARS,
  MAX_TITLE_CHARS,
  proposalIdParam,
  proposalSchema,
  toolInputs,
} from '../../../../src/modules/chat/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The chat module's schemas ("chat"): the routes' bodies and queries, the tool inputs the
 * model's arguments are checked against before a tool runs, and the responses (parsed by the route
 * kit before they are sent, so a field a response schema does not list is dropped).
 */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('conversation and proposal paths', () => {
  it('reads the conversation id and refuses a missing, empty or slash-holding one', () => {
    expect(accepts(conversationIdParam, { conversationId: 'conv-1' })).toEqual({ conversationId: 'conv-1' });
    expect(refuses(conversationIdParam, {})).toBe(true);
    expect(refuses(conversationIdParam, { conversationId: '' })).toBe(true);
    expect(refuses(conversationIdParam, { conversationId: 'a/b' })).toBe(true);
  });

  it('reads the proposal id and refuses a missing, empty or slash-holding one', () => {
    expect(accepts(proposalIdParam, { proposalId: 'prop-1' })).toEqual({ proposalId: 'prop-1' });
    expect(refuses(proposalIdParam, {})).toBe(true);
    expect(refuses(proposalIdParam, { proposalId: '' })).toBe(true);
    expect(refuses(proposalIdParam, { proposalId: 'a/b' })).toBe(true);
  });
});

describe('POST /conversations body', () => {
  it('accepts no title (the start of the first question is used)', () => {
    expect(accepts(createConversationBody, {})).toEqual({});
  });

  it(`accepts a title of 1 to ${MAX_TITLE_CHARS} characters, trimmed`, () => {
    expect(accepts(createConversationBody, { title: '  Friday cover  ' })).toEqual({ title: 'Friday cover' });
    expect(accepts(createConversationBody, { title: 'x' }).title).toBe('x');
    expect(accepts(createConversationBody, { title: 't'.repeat(MAX_TITLE_CHARS) }).title).toHaveLength(MAX_TITLE_CHARS);
  });

  it.each([
    ['an empty title', { title: '' }],
    ['a blank title', { title: '   ' }],
    [`a title of ${MAX_TITLE_CHARS + 1} characters`, { title: 't'.repeat(MAX_TITLE_CHARS + 1) }],
    ['an unknown field', { title: 'x', companyId: 'co-1' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(createConversationBody, body)).toBe(true);
  });
});

describe('GET /conversations query', () => {
  it('needs the company and defaults limit to 50', () => {
    expect(accepts(listConversationsQuery, { companyId: 'co-1' })).toEqual({ companyId: 'co-1', limit: 50 });
    expect(refuses(listConversationsQuery, {})).toBe(true);
  });

  it.each([
    ['1', 1],
    ['100', 100],
    ['25', 25],
  ])('reads limit=%s as %s', (text, value) => {
    expect(accepts(listConversationsQuery, { companyId: 'co-1', limit: text }).limit).toBe(value);
  });

  it.each(['0', '101', '2.5', 'all'])('refuses limit=%s', (text) => {
    expect(refuses(listConversationsQuery, { companyId: 'co-1', limit: text })).toBe(true);
  });
});

describe('POST /conversations/{conversationId}/messages body', () => {
  it(`accepts a question of 1 to ${MAX_QUESTION_CHARS} characters, trimmed`, () => {
    expect(accepts(askBody, { question: '  labor % last week?  ' })).toEqual({ question: 'labor % last week?' });
    expect(accepts(askBody, { question: '?' }).question).toBe('?');
    expect(accepts(askBody, { question: 'q'.repeat(MAX_QUESTION_CHARS) }).question).toHaveLength(MAX_QUESTION_CHARS);
  });

  it('accepts a client message id (the idempotency key)', () => {
    expect(accepts(askBody, { question: 'hi', clientMessageId: 'm-1' })).toEqual({
      question: 'hi',
      clientMessageId: 'm-1',
    });
  });

  it.each([
    ['no question', {}],
    ['an empty question', { question: '' }],
    ['a blank question', { question: ' \n ' }],
    [`a question of ${MAX_QUESTION_CHARS + 1} characters`, { question: 'q'.repeat(MAX_QUESTION_CHARS + 1) }],
    ['a client message id with a slash', { question: 'hi', clientMessageId: 'm/1' }],
    ['an unknown field', { question: 'hi', model: 'gpt' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(askBody, body)).toBe(true);
  });
});

describe('the conversation, turn and proposal responses', () => {
  const conversation = {
    id: 'conv-1',
    companyId: 'co-1',
    title: 'Friday cover',
    turnCount: 2,
    summarizedTurns: 0,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_060_000,
  };
  const turn = {
    id: 'turn-1',
    conversationId: 'conv-1',
    seq: 0,
    question: 'Who can cover Friday dinner?',
    answer: 'Maria is free.',
    refused: false,
    tools: [
      { name: 'list_shifts', input: { startDate: '2026-03-13', endDate: '2026-03-13' }, ok: true },
      {
        name: 'attendance_punches',
        input: { startDate: '2026-03-13', endDate: '2026-03-13' },
        ok: false,
        error: 'INSUFFICIENT_ROLE',
      },
    ],
    proposalIds: ['prop-1'],
    createdAt: 1_700_000_060_000,
  };
  const pending = {
    id: 'prop-1',
    conversationId: 'conv-1',
    kind: 'draft_shift',
    status: 'pending',
    summary: 'Draft a shift for Maria on Friday 17:00-22:00',
    payload: { date: '2026-03-13', employeeId: 'e1', start: 1020, end: 1320 },
    result: null,
    createdAt: 1_700_000_060_000,
    decidedAt: null,
  };
  const confirmed = {
    ...pending,
    kind: 'memory',
    status: 'confirmed',
    payload: { scope: 'company', text: 'We close at 22:00' },
    result: { memory: { id: 'm1' } },
    decidedAt: 1_700_000_120_000,
  };

  it('sends a conversation whole', () => {
    expect(accepts(conversationSchema, conversation)).toEqual(conversation);
  });

  it('sends a conversation with its turns, their tool calls and proposal ids whole', () => {
    const detail = { ...conversation, turns: [turn] };
    expect(accepts(conversationDetail, detail)).toEqual(detail);
  });

  it('sends an answer whole: the turn, its proposals and whether it was replayed', () => {
    const answer = { turn, proposals: [pending], replayed: false };
    expect(accepts(askResponse, answer)).toEqual(answer);
  });

  it('sends a confirmed proposal whole, with what the owning route answered', () => {
    expect(accepts(confirmResponse, { proposal: confirmed })).toEqual({ proposal: confirmed });
  });

  it.each(['draft_shift', 'memory', 'request'])('sends a proposal of kind %s', (kind) => {
    expect(accepts(proposalSchema, { ...pending, kind }).kind).toBe(kind);
  });

  it.each(['pending', 'confirmed', 'dismissed'])('sends a proposal in status %s', (status) => {
    expect(accepts(proposalSchema, { ...pending, status }).status).toBe(status);
  });

  it.each([
    ['kind', 'shift'],
    ['status', 'expired'],
  ])('refuses a proposal %s %j', (field, value) => {
    expect(refuses(proposalSchema, { ...pending, [field]: value })).toBe(true);
  });
});

describe("the tool inputs (the model's arguments, checked before a tool runs)", () => {
  const range = { startDate: '2026-03-09', endDate: '2026-03-15' };

  it("lists exactly the assistant's tools", () => {
    expect(Object.keys(toolInputs).sort()).toEqual([
      'attendance_punches',
      'calculate',
      'employee_directory',
      'list_shifts',
      'propose_draft_shift',
      'propose_memory',
      'propose_request',
      'recall_memories',
      'sales_summary',
    ]);
  });

  describe('calculate', () => {
    it('takes the expression form, with or without rounding', () => {
      expect(accepts(toolInputs.calculate, { expression: '(1249.95 + 80.05) * 0.15' })).toEqual({
        expression: '(1249.95 + 80.05) * 0.15',
      });
      const rounded = { expression: '2 / 3', round: { decimals: 2, mode: 'half_even' } };
      expect(accepts(toolInputs.calculate, rounded)).toEqual(rounded);
    });

    it('takes the operations form', () => {
      const ops = { operations: [{ op: 'percentage', args: ['1250', '5000'] }] };
      expect(accepts(toolInputs.calculate, ops)).toEqual(ops);
    });

    it.each([
      ['an empty expression', { expression: '' }],
      ['an empty operation list', { operations: [] }],
      ['an unknown rounding mode', { expression: '1', round: { decimals: 2, mode: 'bankers' } }],
      ['an unknown field', { expression: '1', precision: 2 }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.calculate, input)).toBe(true);
    });
  });

  describe('recall_memories', () => {
    it('takes a query of 1 to 500 characters, trimmed', () => {
      expect(accepts(toolInputs.recall_memories, { query: ' closing time Sunday ' })).toEqual({
        query: 'closing time Sunday',
      });
      expect(accepts(toolInputs.recall_memories, { query: 'q'.repeat(500) }).query).toHaveLength(500);
    });

    it.each([
      ['no query', {}],
      ['an empty query', { query: '' }],
      ['a blank query', { query: '  ' }],
      ['a query of 501 characters', { query: 'q'.repeat(501) }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.recall_memories, input)).toBe(true);
    });
  });

  describe('sales_summary', () => {
    it('takes the date range alone, or with a bucket size and labor', () => {
      expect(accepts(toolInputs.sales_summary, range)).toEqual(range);
      expect(accepts(toolInputs.sales_summary, { ...range, includeLabor: true })).toEqual({
        ...range,
        includeLabor: true,
      });
    });

    it.each(['daily', 'weekly', 'monthly'])('takes groupBy %s', (groupBy) => {
      expect(accepts(toolInputs.sales_summary, { ...range, groupBy }).groupBy).toBe(groupBy);
    });

    it.each([
      ['groupBy yearly', { ...range, groupBy: 'yearly' }],
      ['no endDate', { startDate: range.startDate }],
      ['a date that is not a calendar date', { ...range, endDate: '2026-02-30' }],
      ['an unknown field', { ...range, companyId: 'other-co' }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.sales_summary, input)).toBe(true);
    });
  });

  describe('list_shifts', () => {
    it('takes the date range, an employee and includeDraft', () => {
      const input = { ...range, employeeId: 'e1', includeDraft: true };
      expect(accepts(toolInputs.list_shifts, input)).toEqual(input);
      expect(accepts(toolInputs.list_shifts, range)).toEqual(range);
    });

    it.each([
      ['no startDate', { endDate: range.endDate }],
      ['an employee id with a slash', { ...range, employeeId: 'e/1' }],
      ['an unknown field', { ...range, companyId: 'other-co' }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.list_shifts, input)).toBe(true);
    });
  });

  describe('employee_directory', () => {
    it('takes nothing, a search of up to 100 characters and a role id', () => {
      expect(accepts(toolInputs.employee_directory, {})).toEqual({});
      expect(accepts(toolInputs.employee_directory, { search: 'Maria', roleId: 'r1' })).toEqual({
        search: 'Maria',
        roleId: 'r1',
      });
      expect(accepts(toolInputs.employee_directory, { search: 's'.repeat(100) }).search).toHaveLength(100);
    });

    it.each([
      ['a search of 101 characters', { search: 's'.repeat(101) }],
      ['an empty role id', { roleId: '' }],
      ['an unknown field', { includePay: true }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.employee_directory, input)).toBe(true);
    });
  });

  describe('attendance_punches', () => {
    it('takes the date range and an employee', () => {
      expect(accepts(toolInputs.attendance_punches, range)).toEqual(range);
      expect(accepts(toolInputs.attendance_punches, { ...range, employeeId: 'e1' })).toEqual({
        ...range,
        employeeId: 'e1',
      });
    });

    it.each([
      ['no dates', {}],
      ['an unknown field', { ...range, includeDraft: true }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.attendance_punches, input)).toBe(true);
    });
  });

  describe('propose_memory', () => {
    it('takes a company fact with its visibility and a member fact', () => {
      const company = { scope: 'company', text: 'We close at 22:00 on Sundays', visibility: 'managers' };
      expect(accepts(toolInputs.propose_memory, company)).toEqual(company);
      expect(accepts(toolInputs.propose_memory, { ...company, visibility: 'members' }).visibility).toBe('members');
      expect(accepts(toolInputs.propose_memory, { scope: 'member', text: ' I prefer mornings ' })).toEqual({
        scope: 'member',
        text: 'I prefer mornings',
      });
    });

    it('takes a fact of 500 characters', () => {
      expect(accepts(toolInputs.propose_memory, { scope: 'member', text: 'f'.repeat(500) }).text).toHaveLength(500);
    });

    it.each([
      ['scope team', { scope: 'team', text: 'x' }],
      ['no scope', { text: 'x' }],
      ['an empty fact', { scope: 'member', text: '' }],
      ['a blank fact', { scope: 'member', text: '   ' }],
      ['a fact of 501 characters', { scope: 'member', text: 'f'.repeat(501) }],
      ['visibility everyone', { scope: 'company', text: 'x', visibility: 'everyone' }],
      ['an unknown field', { scope: 'member', text: 'x', source: 'assistant' }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.propose_memory, input)).toBe(true);
    });
  });

  describe('propose_draft_shift', () => {
    const shift = { date: '2026-03-13', employeeId: 'e1', start: 1020, end: 1320 };

    it('takes a shift with minutes of the day 0 to 1439, an open end, a role and a note', () => {
      expect(accepts(toolInputs.propose_draft_shift, shift)).toEqual(shift);
      expect(accepts(toolInputs.propose_draft_shift, { ...shift, start: 0, end: 1439 })).toEqual({
        ...shift,
        start: 0,
        end: 1439,
      });
      expect(accepts(toolInputs.propose_draft_shift, { ...shift, start: 1439, end: 0 })).toEqual({
        ...shift,
        start: 1439,
        end: 0,
      });
      const full = { ...shift, end: null, positionId: 'r1', note: 'n'.repeat(500) };
      expect(accepts(toolInputs.propose_draft_shift, full)).toEqual(full);
    });

    it.each([
      ['start -1', { ...shift, start: -1 }],
      ['start 1440', { ...shift, start: 1440 }],
      ['start 17.5', { ...shift, start: 17.5 }],
      ['end -1', { ...shift, end: -1 }],
      ['end 1440', { ...shift, end: 1440 }],
      ['no end', { date: shift.date, employeeId: 'e1', start: 1020 }],
      ['no employee', { date: shift.date, start: 1020, end: 1320 }],
      ['a note of 501 characters', { ...shift, note: 'n'.repeat(501) }],
      ['an unknown field', { ...shift, status: 'published' }],
    ])('refuses %s', (_what, input) => {
      expect(refuses(toolInputs.propose_draft_shift, input)).toBe(true);
    });
  });

  describe('propose_request (the body of POST /requests)', () => {
    it("takes a day-off request and applies the requests module's rules", () => {
      const dayOff = { type: 'dayOff', startDate: '2026-03-13', endDate: '2026-03-14' };
      expect(accepts(toolInputs.propose_request, dayOff)).toEqual(dayOff);
      expect(messages(toolInputs.propose_request, { type: 'swap', shiftId: 's1' })).toEqual([
        'peerShiftId: required for a swap request',
      ]);
    });
  });
});
