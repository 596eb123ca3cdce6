import type { z } from 'zod';
import {
  applicationIdParam,
  applyBody,
  availabilitySchema,
  hireBody,
  hiringPermissionsPatch,
  listApplicationsQuery,
  applicationsCursor,
  listPostingsQuery,
  moveBody,
  noteBody,
  OPEN_STAGES,
  postingCreateBody,
  postingIdParam,
  postingPatchBody,
  publicIdParam,
  STAGES,
} from '../../../../src/modules/applicants/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** A cursor of another list (the posts'), same position. */
const postsCursorLike = (at: unknown) => Buffer.from(JSON.stringify(['posts', at])).toString('base64url');

/**
 * The request schemas of the applicants module ("applicants — hiring": postings
 * with wage or wage range and screening questions, the public apply form, the pipeline
 * new → screening → interview → offer → hired | rejected | withdrawn, hire, 7shifts-like
 * permissions) and the limits the OpenAPI description states.
 */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const posting = {
  title: 'Line cook',
  roleId: 'boh',
  subRoleId: 'grill',
  employmentType: 'parttime',
  wage: { min: 1800 },
};
const withWage = (wage: unknown) => ({ ...posting, wage });
const withQuestion = (question: unknown) => ({ ...posting, questions: [question] });
const question = { prompt: 'Can you work weekends?', kind: 'yes_no' };
const applicant = { name: 'Ana', surname: 'Lima', email: 'ana@example.test' };

describe('the pipeline', () => {
  it('has the seven stages in pipeline order', () => {
    expect(STAGES).toEqual(['new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn']);
  });

  it('an application can still move from every stage before hired, rejected or withdrawn', () => {
    expect(OPEN_STAGES).toEqual(['new', 'screening', 'interview', 'offer']);
  });
});

describe('POST /postings body', () => {
  it('applies the defaults: hourly wage, no description, no questions, open', () => {
    expect(accepts(postingCreateBody, posting)).toEqual({
      ...posting,
      wage: { min: 1800, period: 'hour' },
      description: '',
      questions: [],
      status: 'open',
    });
  });

  it('keeps every field sent, a question with its id and required flag', () => {
    const full = {
      ...posting,
      employmentType: 'fulltime',
      wage: { min: 1800, max: 2200, period: 'hour', currency: 'USD' },
      description: 'Grill station',
      questions: [{ id: 'weekends', prompt: 'Weekends?', kind: 'yes_no', required: true }],
      status: 'closed',
    };
    expect(accepts(postingCreateBody, full)).toEqual(full);
  });

  it.each(['title', 'roleId', 'subRoleId', 'employmentType', 'wage'])('refuses a posting without %s', (field) => {
    const { [field as keyof typeof posting]: _gone, ...rest } = posting;
    expect(refuses(postingCreateBody, rest)).toBe(true);
  });

  it('refuses an unknown field (strict body)', () => {
    expect(refuses(postingCreateBody, { ...posting, salary: 10 })).toBe(true);
    expect(refuses(postingPatchBody, { salary: 10 })).toBe(true);
  });

  it('trims the title and takes 1 to 120 characters', () => {
    expect(accepts(postingCreateBody, { ...posting, title: '  Host  ' }).title).toBe('Host');
    expect(accepts(postingCreateBody, { ...posting, title: 'H' }).title).toBe('H');
    expect(accepts(postingCreateBody, { ...posting, title: 't'.repeat(120) }).title).toBe('t'.repeat(120));
    expect(refuses(postingCreateBody, { ...posting, title: 't'.repeat(121) })).toBe(true);
    expect(refuses(postingCreateBody, { ...posting, title: '   ' })).toBe(true);
    expect(refuses(postingCreateBody, { ...posting, title: '' })).toBe(true);
  });

  it('refuses an empty sub-role or a role that is not a document id', () => {
    expect(refuses(postingCreateBody, { ...posting, subRoleId: '' })).toBe(true);
    expect(refuses(postingCreateBody, { ...posting, roleId: 'a/b' })).toBe(true);
    expect(accepts(postingCreateBody, { ...posting, subRoleId: 's' }).subRoleId).toBe('s');
  });

  it.each(['fulltime', 'parttime', 'casual'])('accepts employment type %s', (employmentType) => {
    expect(accepts(postingCreateBody, { ...posting, employmentType }).employmentType).toBe(employmentType);
  });

  it.each(['seasonal', '', 'FULLTIME'])('refuses employment type %j', (employmentType) => {
    expect(refuses(postingCreateBody, { ...posting, employmentType })).toBe(true);
  });

  it('takes a description of up to 10,000 characters', () => {
    expect(accepts(postingCreateBody, { ...posting, description: 'd'.repeat(10_000) }).description).toHaveLength(
      10_000,
    );
    expect(accepts(postingCreateBody, { ...posting, description: 'Grill' }).description).toBe('Grill');
    expect(refuses(postingCreateBody, { ...posting, description: 'd'.repeat(10_001) })).toBe(true);
  });

  it('takes up to 20 screening questions', () => {
    expect(accepts(postingCreateBody, { ...posting, questions: Array(20).fill(question) }).questions).toHaveLength(20);
    expect(accepts(postingCreateBody, { ...posting, questions: [question] }).questions).toEqual([
      { ...question, required: false },
    ]);
    expect(refuses(postingCreateBody, { ...posting, questions: Array(21).fill(question) })).toBe(true);
  });

  it.each(['open', 'closed'])('accepts status %s', (status) => {
    expect(accepts(postingCreateBody, { ...posting, status }).status).toBe(status);
  });

  it('refuses another status', () => {
    expect(refuses(postingCreateBody, { ...posting, status: 'draft' })).toBe(true);
  });
});

describe('wage or wage range', () => {
  it('a fixed wage: min only, in minor units from 0', () => {
    expect(accepts(postingCreateBody, withWage({ min: 0 })).wage).toEqual({ min: 0, period: 'hour' });
    expect(refuses(postingCreateBody, withWage({ min: -1 }))).toBe(true);
    expect(refuses(postingCreateBody, withWage({ min: 18.5 }))).toBe(true);
    expect(refuses(postingCreateBody, withWage({ max: 1800 }))).toBe(true);
  });

  it('a range: max at or above min', () => {
    expect(accepts(postingCreateBody, withWage({ min: 1800, max: 2200 })).wage).toEqual({
      min: 1800,
      max: 2200,
      period: 'hour',
    });
    expect(accepts(postingCreateBody, withWage({ min: 1800, max: 1800 })).wage).toEqual({
      min: 1800,
      max: 1800,
      period: 'hour',
    });
    expect(accepts(postingCreateBody, withWage({ min: 0, max: 0 })).wage).toEqual({ min: 0, max: 0, period: 'hour' });
  });

  it('refuses a max below min, naming max', () => {
    expect(messages(postingCreateBody, withWage({ min: 1800, max: 1799 }))).toEqual([
      'wage.max: max must not be below min',
    ]);
    expect(messages(postingPatchBody, { wage: { min: 1800, max: 1799 } })).toEqual([
      'wage.max: max must not be below min',
    ]);
  });

  it('refuses a negative or fractional max', () => {
    expect(refuses(postingCreateBody, withWage({ min: 0, max: -1 }))).toBe(true);
    expect(refuses(postingCreateBody, withWage({ min: 0, max: 10.5 }))).toBe(true);
  });

  it.each(['hour', 'week', 'month', 'year'])('accepts the period %s', (period) => {
    expect(accepts(postingCreateBody, withWage({ min: 1, period })).wage.period).toBe(period);
  });

  it.each(['day', 'hourly', ''])('refuses the period %j', (period) => {
    expect(refuses(postingCreateBody, withWage({ min: 1, period }))).toBe(true);
  });

  it.each(['USD', 'EUR'])('accepts the currency %s', (currency) => {
    expect(accepts(postingCreateBody, withWage({ min: 1, currency })).wage.currency).toBe(currency);
  });

  it.each(['usd', 'US', 'USDX', 'XUSD', 'US1', ''])('refuses the currency %j with the ISO 4217 message', (currency) => {
    expect(messages(postingCreateBody, withWage({ min: 1, currency }))).toEqual([
      'wage.currency: must be an ISO 4217 code such as USD',
    ]);
  });

  it('refuses an unknown wage field (strict)', () => {
    expect(refuses(postingCreateBody, withWage({ min: 1, bonus: 5 }))).toBe(true);
  });
});

describe('screening questions (yes/no or free text)', () => {
  it.each(['yes_no', 'text'])('accepts the kind %s', (kind) => {
    expect(accepts(postingCreateBody, withQuestion({ ...question, kind })).questions[0].kind).toBe(kind);
  });

  it.each(['multiple_choice', '', undefined])('refuses the kind %j', (kind) => {
    expect(refuses(postingCreateBody, withQuestion({ ...question, kind }))).toBe(true);
  });

  it('a question is optional unless marked required', () => {
    expect(accepts(postingCreateBody, withQuestion(question)).questions[0].required).toBe(false);
    expect(accepts(postingCreateBody, withQuestion({ ...question, required: true })).questions[0].required).toBe(true);
  });

  it('trims the prompt and takes 1 to 500 characters', () => {
    expect(accepts(postingCreateBody, withQuestion({ ...question, prompt: '  Age?  ' })).questions[0].prompt).toBe(
      'Age?',
    );
    expect(
      accepts(postingCreateBody, withQuestion({ ...question, prompt: 'p'.repeat(500) })).questions[0].prompt,
    ).toHaveLength(500);
    expect(refuses(postingCreateBody, withQuestion({ ...question, prompt: 'p'.repeat(501) }))).toBe(true);
    expect(refuses(postingCreateBody, withQuestion({ ...question, prompt: '  ' }))).toBe(true);
  });

  it.each(['q1', 'a', 'weekend_ok-2', 'x'.repeat(40)])('accepts the question id %j', (id) => {
    expect(accepts(postingCreateBody, withQuestion({ ...question, id })).questions[0].id).toBe(id);
  });

  it.each(['', 'x'.repeat(41), 'two words', 'q.1', ' q1', 'q1 '])(
    'refuses the question id %j with its message',
    (id) => {
      expect(messages(postingCreateBody, withQuestion({ ...question, id }))).toEqual([
        'questions.0.id: letters, digits, _ and - (at most 40)',
      ]);
    },
  );

  it('refuses an unknown question field (strict)', () => {
    expect(refuses(postingCreateBody, withQuestion({ ...question, options: ['a'] }))).toBe(true);
  });
});

describe('PATCH /postings/{postingId} body', () => {
  it('takes any subset and adds no defaults', () => {
    expect(accepts(postingPatchBody, {})).toEqual({});
    expect(accepts(postingPatchBody, { status: 'closed' })).toEqual({ status: 'closed' });
    expect(accepts(postingPatchBody, { title: ' Host ', description: '', questions: [] })).toEqual({
      title: 'Host',
      description: '',
      questions: [],
    });
  });

  it('keeps the limits of the create body', () => {
    expect(accepts(postingPatchBody, { description: 'd'.repeat(10_000) }).description).toHaveLength(10_000);
    expect(refuses(postingPatchBody, { description: 'd'.repeat(10_001) })).toBe(true);
    expect(accepts(postingPatchBody, { questions: Array(20).fill(question) }).questions).toHaveLength(20);
    expect(refuses(postingPatchBody, { questions: Array(21).fill(question) })).toBe(true);
    expect(refuses(postingPatchBody, { title: '' })).toBe(true);
    expect(refuses(postingPatchBody, { status: 'draft' })).toBe(true);
  });
});

describe('POST /apply/{publicId} body (contact details, answers, availability)', () => {
  it('needs name, surname and email; answers default to none', () => {
    expect(accepts(applyBody, applicant)).toEqual({ ...applicant, answers: {} });
    for (const field of ['name', 'surname', 'email'] as const) {
      const { [field]: _gone, ...rest } = applicant;
      expect(refuses(applyBody, rest)).toBe(true);
    }
  });

  it('keeps every optional field sent', () => {
    const full = {
      ...applicant,
      phone: '+1 (555) 010-2030',
      answers: { q1: true, q2: 'Two years on the line' },
      availability: {
        Monday: { allDay: true },
        Tuesday: { shift1: { start: 540, end: 1020 }, shift2: { start: 1080, end: 1380 } },
      },
      earliestStart: '2026-12-01',
      message: 'Looking forward to it',
    };
    expect(accepts(applyBody, full)).toEqual(full);
  });

  it('refuses an unknown field (strict: nothing else is stored)', () => {
    expect(refuses(applyBody, { ...applicant, companyId: 'other' })).toBe(true);
  });

  it.each(['name', 'surname'])('trims %s and takes 1 to 100 characters', (field) => {
    expect(accepts(applyBody, { ...applicant, [field]: '  Jo  ' })[field as 'name']).toBe('Jo');
    expect(accepts(applyBody, { ...applicant, [field]: 'n'.repeat(100) })[field as 'name']).toHaveLength(100);
    expect(refuses(applyBody, { ...applicant, [field]: 'n'.repeat(101) })).toBe(true);
    expect(refuses(applyBody, { ...applicant, [field]: ' ' })).toBe(true);
  });

  it('takes an email of up to 254 characters', () => {
    const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.test'.length)}@example.test`;
    expect(accepts(applyBody, { ...applicant, email: emailOfLength(254) }).email).toHaveLength(254);
    expect(refuses(applyBody, { ...applicant, email: emailOfLength(255) })).toBe(true);
    expect(refuses(applyBody, { ...applicant, email: 'not an email' })).toBe(true);
  });

  it.each(['12345', '+44 20 7946 0958', '(555) 010-2030', '1'.repeat(30), '  555-0100  '])(
    'accepts the phone %j',
    (phone) => {
      expect(accepts(applyBody, { ...applicant, phone }).phone).toBe(phone.trim());
    },
  );

  it.each(['1234', '1'.repeat(31), 'call me', 'x555-0100', '555-0100x', '555.0100'])(
    'refuses the phone %j with its message',
    (phone) => {
      expect(messages(applyBody, { ...applicant, phone })).toEqual(['phone: digits, spaces, + ( ) -']);
    },
  );

  it('answers are true/false or text of up to 2,000 characters, by question id', () => {
    expect(accepts(applyBody, { ...applicant, answers: { q1: false, q2: 't'.repeat(2000) } }).answers).toEqual({
      q1: false,
      q2: 't'.repeat(2000),
    });
    expect(accepts(applyBody, { ...applicant, answers: { q2: 'ok' } }).answers).toEqual({ q2: 'ok' });
    expect(refuses(applyBody, { ...applicant, answers: { q2: 't'.repeat(2001) } })).toBe(true);
    expect(refuses(applyBody, { ...applicant, answers: { q1: 1 } })).toBe(true);
    expect(refuses(applyBody, { ...applicant, answers: [true] })).toBe(true);
  });

  it('takes a message of up to 4,000 characters', () => {
    expect(accepts(applyBody, { ...applicant, message: 'm'.repeat(4000) }).message).toHaveLength(4000);
    expect(accepts(applyBody, { ...applicant, message: 'Hi' }).message).toBe('Hi');
    expect(refuses(applyBody, { ...applicant, message: 'm'.repeat(4001) })).toBe(true);
  });

  it('takes an earliest start that is a calendar date', () => {
    expect(accepts(applyBody, { ...applicant, earliestStart: '2026-02-28' }).earliestStart).toBe('2026-02-28');
    expect(refuses(applyBody, { ...applicant, earliestStart: '2026-02-30' })).toBe(true);
  });
});

describe('availability (copied to the employee on hire)', () => {
  it('takes any weekday, each day optional', () => {
    expect(accepts(availabilitySchema, {})).toEqual({});
    expect(accepts(availabilitySchema, { Sunday: {} })).toEqual({ Sunday: {} });
  });

  it('refuses a key that is not a weekday', () => {
    expect(refuses(availabilitySchema, { Holiday: { allDay: true } })).toBe(true);
    expect(refuses(availabilitySchema, { monday: { allDay: true } })).toBe(true);
  });

  it('takes windows in minutes of the day, from 0 to 1440', () => {
    expect(accepts(availabilitySchema, { Friday: { shift1: { start: 0, end: 1440 } } })).toEqual({
      Friday: { shift1: { start: 0, end: 1440 } },
    });
    expect(accepts(availabilitySchema, { Friday: { shift2: { start: 1, end: 2 } } })).toEqual({
      Friday: { shift2: { start: 1, end: 2 } },
    });
    for (const shift1 of [
      { start: -1, end: 60 },
      { start: 0, end: 1441 },
      { start: 1441, end: 1442 },
      { start: 0.5, end: 60 },
      { start: 0, end: 60.5 },
    ]) {
      expect(refuses(availabilitySchema, { Friday: { shift1 } })).toBe(true);
    }
  });

  it('refuses a window that does not start before it ends', () => {
    expect(messages(availabilitySchema, { Friday: { shift1: { start: 600, end: 600 } } })).toEqual([
      'Friday.shift1: start must be before end',
    ]);
    expect(messages(availabilitySchema, { Friday: { shift2: { start: 601, end: 600 } } })).toEqual([
      'Friday.shift2: start must be before end',
    ]);
  });

  it('refuses an unknown field in a day or in a window (strict)', () => {
    expect(refuses(availabilitySchema, { Friday: { shift3: { start: 0, end: 60 } } })).toBe(true);
    expect(refuses(availabilitySchema, { Friday: { shift1: { start: 0, end: 60, note: 'x' } } })).toBe(true);
  });
});

describe('GET /applications query (filter by posting, stage, date)', () => {
  it('defaults limit to 50', () => {
    expect(accepts(listApplicationsQuery, { companyId: 'c1' })).toEqual({ companyId: 'c1', limit: 50 });
  });

  it('keeps every filter', () => {
    const query = {
      companyId: 'c1',
      postingId: 'p1',
      stage: 'interview',
      from: '2026-11-01',
      to: '2026-11-30',
      cursor: applicationsCursor.encode([1_700_000_000_000, 'a1']),
    };
    expect(accepts(listApplicationsQuery, query)).toEqual({ ...query, cursor: [1_700_000_000_000, 'a1'], limit: 50 });
  });

  it.each([
    ['1', 1],
    ['100', 100],
    ['25', 25],
  ])('reads limit=%s as %i', (text, value) => {
    expect(accepts(listApplicationsQuery, { companyId: 'c1', limit: text }).limit).toBe(value);
  });

  it.each(['0', '101', '2.5', 'all'])('refuses limit=%s', (limit) => {
    expect(refuses(listApplicationsQuery, { companyId: 'c1', limit })).toBe(true);
  });

  it("takes a cursor of its own list only (an application's submittedAt and id)", () => {
    const cursor = applicationsCursor.encode([5, 'a']);
    expect(accepts(listApplicationsQuery, { companyId: 'c1', cursor }).cursor).toEqual([5, 'a']);
    for (const other of ['', 'cc', 'c'.repeat(201), postsCursorLike([5, 'a'])])
      expect(refuses(listApplicationsQuery, { companyId: 'c1', cursor: other })).toBe(true);
  });

  it('refuses an unknown stage or a date that is not one', () => {
    expect(refuses(listApplicationsQuery, { companyId: 'c1', stage: 'archived' })).toBe(true);
    expect(refuses(listApplicationsQuery, { companyId: 'c1', from: '2026-13-01' })).toBe(true);
  });
});

describe('GET /postings query and the path parameters', () => {
  it('filters postings by status', () => {
    expect(accepts(listPostingsQuery, { companyId: 'c1', status: 'closed' })).toEqual({
      companyId: 'c1',
      status: 'closed',
    });
    expect(refuses(listPostingsQuery, { companyId: 'c1', status: 'draft' })).toBe(true);
  });

  it('takes document ids for postingId and applicationId', () => {
    expect(accepts(postingIdParam, { postingId: 'p1' })).toEqual({ postingId: 'p1' });
    expect(accepts(applicationIdParam, { applicationId: 'a1' })).toEqual({ applicationId: 'a1' });
    expect(refuses(postingIdParam, { postingId: '..' })).toBe(true);
    expect(refuses(applicationIdParam, { applicationId: '' })).toBe(true);
  });

  it.each([`jp_${'a'.repeat(10)}`, `jp_${'Z9_-'.repeat(15)}`])('accepts the public link id %j', (publicId) => {
    expect(accepts(publicIdParam, { publicId })).toEqual({ publicId });
  });

  it.each([
    `jp_${'a'.repeat(9)}`,
    `jp_${'a'.repeat(61)}`,
    `xjp_${'a'.repeat(10)}`,
    `jp_${'a'.repeat(10)}!`,
    `jp_${'a'.repeat(9)}.a`,
    'p1',
  ])('refuses the public link id %j as not a posting link', (publicId) => {
    expect(messages(publicIdParam, { publicId })).toEqual(['publicId: not a posting link']);
  });
});

describe('moves, notes and hire', () => {
  it('a move names the stage it starts from and the one it goes to', () => {
    expect(accepts(moveBody, { from: 'new', to: 'screening' })).toEqual({ from: 'new', to: 'screening' });
    expect(refuses(moveBody, { to: 'screening' })).toBe(true);
    expect(refuses(moveBody, { from: 'new' })).toBe(true);
    expect(refuses(moveBody, { from: 'new', to: 'archived' })).toBe(true);
  });

  it('a move takes a reason of up to 500 characters, and nothing else', () => {
    expect(accepts(moveBody, { from: 'offer', to: 'withdrawn', reason: 'Took another job' }).reason).toBe(
      'Took another job',
    );
    expect(accepts(moveBody, { from: 'offer', to: 'rejected', reason: 'r'.repeat(500) }).reason).toHaveLength(500);
    expect(refuses(moveBody, { from: 'offer', to: 'rejected', reason: 'r'.repeat(501) })).toBe(true);
    expect(refuses(moveBody, { from: 'offer', to: 'rejected', by: 'u1' })).toBe(true);
  });

  it('a note is trimmed text of 1 to 4,000 characters', () => {
    expect(accepts(noteBody, { text: '  Strong on grill  ' })).toEqual({ text: 'Strong on grill' });
    expect(accepts(noteBody, { text: 'n'.repeat(4000) }).text).toHaveLength(4000);
    expect(accepts(noteBody, { text: 'ok' }).text).toBe('ok');
    expect(refuses(noteBody, { text: 'n'.repeat(4001) })).toBe(true);
    expect(refuses(noteBody, { text: '   ' })).toBe(true);
    expect(refuses(noteBody, { text: 'ok', pinned: true })).toBe(true);
  });

  it('hire sends the invitation by default; everything else defaults to the posting', () => {
    expect(accepts(hireBody, {})).toEqual({ invite: true });
    expect(accepts(hireBody, { invite: false })).toEqual({ invite: false });
  });

  it('hire keeps the positions, employment type and date sent', () => {
    const body = {
      positions: [
        { categoryId: 'boh', subcategoryId: 'grill' },
        { categoryId: 'foh', subcategoryId: 'host' },
      ],
      employeeType: 'casual',
      hiring: '2026-12-01',
      invite: true,
    };
    expect(accepts(hireBody, body)).toEqual(body);
    expect(accepts(hireBody, { positions: [{ categoryId: 'boh', subcategoryId: 'g' }] }).positions).toEqual([
      { categoryId: 'boh', subcategoryId: 'g' },
    ]);
  });

  it('hire refuses an empty position list, an empty sub-role, an unknown field', () => {
    expect(refuses(hireBody, { positions: [] })).toBe(true);
    expect(refuses(hireBody, { positions: [{ categoryId: 'boh', subcategoryId: '' }] })).toBe(true);
    expect(refuses(hireBody, { positions: [{ categoryId: 'boh', subcategoryId: 'g', rate: 1 }] })).toBe(true);
    expect(refuses(hireBody, { employeeType: 'intern' })).toBe(true);
    expect(refuses(hireBody, { startNow: true })).toBe(true);
  });
});

describe('hiring permissions (as in 7shifts)', () => {
  it('a patch sets either flag or both, and nothing else', () => {
    expect(accepts(hiringPermissionsPatch, {})).toEqual({});
    expect(accepts(hiringPermissionsPatch, { managersSeeHiring: false })).toEqual({ managersSeeHiring: false });
    expect(accepts(hiringPermissionsPatch, { managersSeeHiring: true, managersManagePostings: false })).toEqual({
      managersSeeHiring: true,
      managersManagePostings: false,
    });
    expect(refuses(hiringPermissionsPatch, { managersSeeHiring: 'yes' })).toBe(true);
    expect(refuses(hiringPermissionsPatch, { employeesApply: true })).toBe(true);
  });
});
