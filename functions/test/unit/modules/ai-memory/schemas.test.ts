import type { z } from 'zod';
import {
  forgottenSchema,
  listMemoriesQuery,
  MEMORY_LIMITS,
  memoryCreateBody,
  memoryIdParam,
  memoryPatchBody,
  memorySchema,
} from '../../../../src/modules/ai-memory/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The ai-memory schemas ("ai-memory"): company facts (with a visibility) and personal facts,
 * each with its source (member-entered, or proposed by the assistant and confirmed), at most 500
 * characters each. Responses are parsed by the route kit before they are sent: a field the schema does
 * not list is dropped.
 */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
const MAX = MEMORY_LIMITS.textLength;

describe('POST /memories body', () => {
  it('takes a personal fact, trimmed, entered by the member unless stated', () => {
    expect(accepts(memoryCreateBody, { scope: 'member', text: '  I prefer mornings ' })).toEqual({
      scope: 'member',
      text: 'I prefer mornings',
      source: 'member',
    });
  });

  it('takes a fact the assistant proposed', () => {
    expect(accepts(memoryCreateBody, { scope: 'member', text: 'x', source: 'assistant' }).source).toBe('assistant');
  });

  it.each(['members', 'managers'])('takes a company fact visible to %s', (visibility) => {
    const body = { scope: 'company', text: 'We close at 22:00 on Sundays', visibility };
    expect(accepts(memoryCreateBody, body)).toEqual({ ...body, source: 'member' });
  });

  it('takes a company fact without a visibility (the service applies members)', () => {
    expect(accepts(memoryCreateBody, { scope: 'company', text: 'x' })).toEqual({
      scope: 'company',
      text: 'x',
      source: 'member',
    });
  });

  it(`takes a fact of 1 and of ${MAX} characters`, () => {
    expect(accepts(memoryCreateBody, { scope: 'member', text: 'f' }).text).toBe('f');
    expect(accepts(memoryCreateBody, { scope: 'member', text: 'f'.repeat(MAX) }).text).toHaveLength(MAX);
  });

  it('refuses a visibility on a personal fact, naming visibility', () => {
    expect(messages(memoryCreateBody, { scope: 'member', text: 'x', visibility: 'members' })).toEqual([
      'visibility: only company memories have a visibility',
    ]);
    expect(refuses(memoryCreateBody, { scope: 'member', text: 'x', visibility: 'managers' })).toBe(true);
  });

  it.each([
    ['no scope', { text: 'x' }],
    ['scope team', { scope: 'team', text: 'x' }],
    ['no text', { scope: 'member' }],
    ['an empty text', { scope: 'member', text: '' }],
    ['a blank text', { scope: 'member', text: '   ' }],
    [`a text of ${MAX + 1} characters`, { scope: 'member', text: 'f'.repeat(MAX + 1) }],
    ['source import', { scope: 'member', text: 'x', source: 'import' }],
    ['visibility everyone', { scope: 'company', text: 'x', visibility: 'everyone' }],
    ['an unknown field', { scope: 'member', text: 'x', ownerUid: 'someone-else' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(memoryCreateBody, body)).toBe(true);
  });
});

describe('PATCH /memories/{memoryId} body', () => {
  it('takes a new text (trimmed), a new visibility, both, or nothing', () => {
    expect(accepts(memoryPatchBody, { text: ' We close at 23:00 ' })).toEqual({ text: 'We close at 23:00' });
    expect(accepts(memoryPatchBody, { visibility: 'managers' })).toEqual({ visibility: 'managers' });
    expect(accepts(memoryPatchBody, { text: 'x', visibility: 'members' })).toEqual({
      text: 'x',
      visibility: 'members',
    });
    expect(accepts(memoryPatchBody, {})).toEqual({});
  });

  it.each([
    ['an empty text', { text: '' }],
    [`a text of ${MAX + 1} characters`, { text: 'f'.repeat(MAX + 1) }],
    ['visibility everyone', { visibility: 'everyone' }],
    ['a scope (a fact does not change scope)', { scope: 'company' }],
    ['a source', { source: 'assistant' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(memoryPatchBody, body)).toBe(true);
  });
});

describe('GET /memories query and the memory path', () => {
  it('needs the company; scope is optional', () => {
    expect(accepts(listMemoriesQuery, { companyId: 'co-1' })).toEqual({ companyId: 'co-1' });
    expect(accepts(listMemoriesQuery, { companyId: 'co-1', scope: 'company' })).toEqual({
      companyId: 'co-1',
      scope: 'company',
    });
    expect(accepts(listMemoriesQuery, { companyId: 'co-1', scope: 'member' }).scope).toBe('member');
    expect(refuses(listMemoriesQuery, {})).toBe(true);
    expect(refuses(listMemoriesQuery, { companyId: 'co-1', scope: 'all' })).toBe(true);
  });

  it('reads the memory id and refuses a missing, empty or slash-holding one', () => {
    expect(accepts(memoryIdParam, { memoryId: 'm-1' })).toEqual({ memoryId: 'm-1' });
    expect(refuses(memoryIdParam, {})).toBe(true);
    expect(refuses(memoryIdParam, { memoryId: '' })).toBe(true);
    expect(refuses(memoryIdParam, { memoryId: 'a/b' })).toBe(true);
  });
});

describe('the memory responses', () => {
  const company = {
    id: 'm-1',
    scope: 'company',
    ownerUid: null,
    text: 'We close at 22:00 on Sundays',
    source: 'assistant',
    visibility: 'managers',
    createdBy: 'uid-1',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_060_000,
  };

  it('sends a company memory and a personal one whole', () => {
    expect(accepts(memorySchema, company)).toEqual(company);
    const personal = {
      id: 'm-2',
      scope: 'member',
      ownerUid: 'uid-2',
      text: 'I prefer mornings',
      source: 'member',
      visibility: 'members',
      createdBy: 'uid-2',
    };
    expect(accepts(memorySchema, personal)).toEqual(personal);
  });

  it('answers a forgotten memory with its id and deleted: true', () => {
    expect(accepts(forgottenSchema, { id: 'm-1', deleted: true })).toEqual({ id: 'm-1', deleted: true });
    expect(refuses(forgottenSchema, { id: 'm-1', deleted: false })).toBe(true);
  });
});
