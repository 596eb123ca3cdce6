import type { z } from 'zod';
import {
  ANSWER_FIELDS,
  answersSchema,
  completeBody,
  completeResult,
  dayHoursSchema,
  messageBody,
  messageResult,
  ONBOARDING_LIMITS,
  roleAnswerSchema,
  sessionIdParam,
  sessionSchema,
  startResult,
} from '../../../../src/modules/onboarding/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The onboarding schemas ("onboarding"): the answers the assistant collects (each checked
 * on its own, so one bad field the model proposes does not drop the others), the owner's messages
 * (at most 2,000 characters), the completion body, and the session the routes answer (parsed by the
 * route kit before it is sent: a field the schema does not list is dropped).
 */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
const MSG = ONBOARDING_LIMITS.messageLength;

describe("a day's opening hours (HH:MM, 24 h; null: closed)", () => {
  it.each([
    ['09:00', '17:00'],
    ['00:00', '23:59'],
    ['18:00', '02:00'],
    ['19:30', '10:45'],
  ])('accepts %s-%s (a close earlier than the open is past midnight)', (open, close) => {
    expect(accepts(dayHoursSchema, { open, close })).toEqual({ open, close });
  });

  it('accepts null for a closed day', () => {
    expect(accepts(dayHoursSchema, null)).toBeNull();
  });

  it.each(['9:00', '24:00', '12:60', '09:00:00', 'T09:00', '09:00Z', '0900', ''])(
    'refuses the time %j, saying the format',
    (time) => {
      expect(messages(dayHoursSchema, { open: time, close: '17:00' })).toContain('open: must be a time HH:MM (24 h)');
    },
  );

  it('refuses an open equal to the close', () => {
    expect(messages(dayHoursSchema, { open: '09:00', close: '09:00' })).toEqual([': open and close must differ']);
  });

  it('refuses a day without its close, or with another field', () => {
    expect(refuses(dayHoursSchema, { open: '09:00' })).toBe(true);
    expect(refuses(dayHoursSchema, { open: '09:00', close: '17:00', breakStart: '12:00' })).toBe(true);
  });
});

describe('a role answer', () => {
  it.each(['BOH', 'FOH', 'MNG'])('accepts the type %s', (type) => {
    expect(accepts(roleAnswerSchema, { name: 'Cook', type, headcount: 1 })).toEqual({
      name: 'Cook',
      type,
      headcount: 1,
    });
  });

  it('trims the name and accepts 1 to 60 characters and a head-count of 1 to 500', () => {
    expect(accepts(roleAnswerSchema, { name: '  Line cook ', type: 'BOH', headcount: 500 })).toEqual({
      name: 'Line cook',
      type: 'BOH',
      headcount: 500,
    });
    expect(accepts(roleAnswerSchema, { name: 'n'.repeat(60), type: 'FOH', headcount: 3 }).name).toHaveLength(60);
  });

  it.each([
    ['an empty name', { name: '', type: 'BOH', headcount: 1 }],
    ['a blank name', { name: '  ', type: 'BOH', headcount: 1 }],
    ['a name of 61 characters', { name: 'n'.repeat(61), type: 'BOH', headcount: 1 }],
    ['type kitchen', { name: 'Cook', type: 'kitchen', headcount: 1 }],
    ['head-count 0', { name: 'Cook', type: 'BOH', headcount: 0 }],
    ['head-count 501', { name: 'Cook', type: 'BOH', headcount: 501 }],
  ])('refuses %s', (_what, role) => {
    expect(refuses(roleAnswerSchema, role)).toBe(true);
  });
});

describe('the answers (each field checked on its own)', () => {
  const complete = {
    restaurantName: 'Casa Pepe',
    restaurantType: 'tapas bar',
    country: 'ES',
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    openingHours: {
      Monday: null,
      Tuesday: { open: '12:00', close: '23:00' },
      Sunday: { open: '11:00', close: '16:00' },
    },
    roles: [
      { name: 'Server', type: 'FOH', headcount: 4 },
      { name: 'Cook', type: 'BOH', headcount: 2 },
    ],
  };

  it('keeps every answer, and none', () => {
    expect(accepts(answersSchema, complete)).toEqual(complete);
    expect(accepts(answersSchema, {})).toEqual({});
  });

  it('trims the restaurant name (1 to 200 characters) and type (1 to 80)', () => {
    expect(accepts(ANSWER_FIELDS.restaurantName, ' Casa Pepe ')).toBe('Casa Pepe');
    expect(accepts(ANSWER_FIELDS.restaurantName, 'n'.repeat(200))).toHaveLength(200);
    expect(refuses(ANSWER_FIELDS.restaurantName, 'n'.repeat(201))).toBe(true);
    expect(refuses(ANSWER_FIELDS.restaurantName, ' ')).toBe(true);
    expect(accepts(ANSWER_FIELDS.restaurantType, 't'.repeat(80))).toHaveLength(80);
    expect(refuses(ANSWER_FIELDS.restaurantType, 't'.repeat(81))).toBe(true);
    expect(refuses(ANSWER_FIELDS.restaurantType, '')).toBe(true);
  });

  it(`accepts 1 to ${ONBOARDING_LIMITS.roles} roles`, () => {
    const role = { name: 'Server', type: 'FOH', headcount: 1 };
    expect(accepts(ANSWER_FIELDS.roles, Array(ONBOARDING_LIMITS.roles).fill(role))).toHaveLength(
      ONBOARDING_LIMITS.roles,
    );
    expect(refuses(ANSWER_FIELDS.roles, Array(ONBOARDING_LIMITS.roles + 1).fill(role))).toBe(true);
    expect(refuses(ANSWER_FIELDS.roles, [])).toBe(true);
  });

  it.each([
    ['openingHours', { Mon: null }],
    ['openingHours', { Monday: { open: '09:00', close: '09:00' } }],
    ['country', 'Spain'],
    ['timezone', 'Madrid'],
    ['currency', 'euro'],
  ])('refuses %s %j', (field, value) => {
    expect(refuses(answersSchema, { [field]: value })).toBe(true);
  });
});

describe('the session path and POST /onboarding/sessions/{sessionId}/messages body', () => {
  it('reads the session id and refuses a missing, empty or slash-holding one', () => {
    expect(accepts(sessionIdParam, { sessionId: 's-1' })).toEqual({ sessionId: 's-1' });
    expect(refuses(sessionIdParam, {})).toBe(true);
    expect(refuses(sessionIdParam, { sessionId: '' })).toBe(true);
    expect(refuses(sessionIdParam, { sessionId: 's/1' })).toBe(true);
  });

  it(`takes a message of 1 to ${MSG} characters, trimmed`, () => {
    expect(accepts(messageBody, { text: '  We are Casa Pepe, a tapas bar ' })).toEqual({
      text: 'We are Casa Pepe, a tapas bar',
    });
    expect(accepts(messageBody, { text: 'y' }).text).toBe('y');
    expect(accepts(messageBody, { text: 'm'.repeat(MSG) }).text).toHaveLength(MSG);
  });

  it('takes a client message id of 1 to 100 characters', () => {
    expect(accepts(messageBody, { text: 'y', clientMessageId: 'c' })).toEqual({ text: 'y', clientMessageId: 'c' });
    expect(accepts(messageBody, { text: 'y', clientMessageId: 'c'.repeat(100) }).clientMessageId).toHaveLength(100);
  });

  it.each([
    ['no text', {}],
    ['an empty text', { text: '' }],
    ['a blank text', { text: '   ' }],
    [`a text of ${MSG + 1} characters`, { text: 'm'.repeat(MSG + 1) }],
    ['an empty client message id', { text: 'y', clientMessageId: '' }],
    ['a client message id of 101 characters', { text: 'y', clientMessageId: 'c'.repeat(101) }],
    ['an unknown field', { text: 'y', answers: { country: 'ES' } }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(messageBody, body)).toBe(true);
  });
});

describe('POST /onboarding/sessions/{sessionId}/complete body', () => {
  const owner = { name: 'Pepe', surname: 'García' };

  it("takes the owner's name and surname (trimmed), with an email and password for an anonymous session, and last words", () => {
    expect(accepts(completeBody, { owner: { name: ' Pepe ', surname: ' García ' } })).toEqual({ owner });
    const anonymous = { owner: { ...owner, email: 'pepe@example.test', password: 'secret-123' }, message: ' Thanks! ' };
    expect(accepts(completeBody, anonymous)).toEqual({ ...anonymous, message: 'Thanks!' });
  });

  it(`takes names of 1 and 120 characters and last words of ${MSG}`, () => {
    expect(accepts(completeBody, { owner: { name: 'P', surname: 'G' } })).toEqual({
      owner: { name: 'P', surname: 'G' },
    });
    const long = { owner: { name: 'n'.repeat(120), surname: 's'.repeat(120) }, message: 'm'.repeat(MSG) };
    expect(accepts(completeBody, long)).toEqual(long);
  });

  it.each([
    ['no owner', {}],
    ['an empty name', { owner: { ...owner, name: '' } }],
    ['a blank name', { owner: { ...owner, name: '  ' } }],
    ['a name of 121 characters', { owner: { ...owner, name: 'n'.repeat(121) } }],
    ['an empty surname', { owner: { ...owner, surname: '' } }],
    ['a blank surname', { owner: { ...owner, surname: ' ' } }],
    ['a surname of 121 characters', { owner: { ...owner, surname: 's'.repeat(121) } }],
    ['a password of 7 characters', { owner: { ...owner, password: '1234567' } }],
    ['an email that is not one', { owner: { ...owner, email: 'pepe' } }],
    ['an unknown owner field', { owner: { ...owner, role: 'admin' } }],
    ['empty last words', { owner, message: '' }],
    ['blank last words', { owner, message: '  ' }],
    [`last words of ${MSG + 1} characters`, { owner, message: 'm'.repeat(MSG + 1) }],
    ['an unknown field', { owner, companyId: 'co-1' }],
  ])('refuses %s', (_what, body) => {
    expect(refuses(completeBody, body)).toBe(true);
  });
});

describe('the session responses', () => {
  const session = {
    id: 's-1',
    status: 'collecting',
    anonymous: true,
    answers: { restaurantName: 'Casa Pepe', openingHours: { Monday: null } },
    missing: ['restaurantType', 'country', 'timezone', 'openingHours', 'roles'],
    nextQuestion: { field: 'restaurantType', text: 'What kind of restaurant is it?' },
    transcript: [
      { role: 'assistant', text: 'What is the restaurant called?' },
      { role: 'owner', text: 'Casa Pepe' },
    ],
    messageCount: 1,
    companyId: null,
    expiresAt: 1_700_604_800_000,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_060_000,
  };
  const done = {
    ...session,
    status: 'completed',
    anonymous: false,
    missing: [],
    nextQuestion: null,
    companyId: 'co-1',
  };

  it('sends a session whole: answers, missing fields, next question and transcript', () => {
    expect(accepts(sessionSchema, session)).toEqual(session);
    expect(accepts(sessionSchema, done)).toEqual(done);
  });

  it.each(['collecting', 'ready', 'completed'])('sends the status %s', (status) => {
    expect(accepts(sessionSchema, { ...session, status }).status).toBe(status);
  });

  it.each([
    ['a transcript turn by the system', { transcript: [{ role: 'system', text: 'x' }] }],
    ['a question about a field that is not required', { nextQuestion: { field: 'currency', text: 'Which currency?' } }],
    ['status expired', { status: 'expired' }],
  ])('refuses %s', (_what, change) => {
    expect(refuses(sessionSchema, { ...session, ...change })).toBe(true);
  });

  it("sends the start: the session, the anonymous session's token, the first question", () => {
    const start = { session, sessionToken: 'tok-secret', reply: 'What is the restaurant called?' };
    expect(accepts(startResult, start)).toEqual(start);
    expect(accepts(startResult, { ...start, sessionToken: null }).sessionToken).toBeNull();
  });

  it('sends a message result: the session, the reply, the accepted and the ignored answers', () => {
    const result = {
      session,
      reply: 'What kind of restaurant is it?',
      accepted: ['restaurantName'],
      ignored: ['country'],
    };
    expect(accepts(messageResult, result)).toEqual(result);
  });

  it("sends the completion: the session, the new company, the owner's uid and employee", () => {
    const result = { session: done, companyId: 'co-1', uid: 'uid-1', employeeId: 'e-1', reply: 'Welcome!' };
    expect(accepts(completeResult, result)).toEqual(result);
    expect(accepts(completeResult, { ...result, employeeId: null }).employeeId).toBeNull();
  });
});
