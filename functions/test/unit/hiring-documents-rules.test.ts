/** Pure rules of the applicants and documents modules: screening answers, file signatures, expiry stages. */
import { checkAnswers } from '../../src/modules/applicants/rules';
import { bytesMatchType, expiryStageOf } from '../../src/modules/documents/content';
import type { AppError } from '../../src/core/errors';

const QUESTIONS = [
  { id: 'q1', prompt: 'Over 18?', kind: 'yes_no' as const, required: true },
  { id: 'q2', prompt: 'Experience', kind: 'text' as const, required: false },
  { id: 'q3', prompt: 'Weekends?', kind: 'yes_no' as const, required: false },
];

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};

describe('screening answers', () => {
  it('keeps the answers in question order with their prompts, skipping unanswered optional ones', () => {
    expect(checkAnswers(QUESTIONS, { q2: 'Two years', q1: false })).toEqual([
      { questionId: 'q1', prompt: 'Over 18?', answer: false },
      { questionId: 'q2', prompt: 'Experience', answer: 'Two years' },
    ]);
  });

  it('lists every problem at once: a required one missing or blank, an unknown question, a wrong kind each way', () => {
    const err = refusal(() => checkAnswers(QUESTIONS, { q1: '  ', q2: true, q3: 'yes', q7: 'x' }));
    expect(err.code).toBe('INVALID_ANSWERS');
    expect(err.status).toBe(422);
    expect(err.details).toEqual([
      { path: 'body.answers.q7', message: 'no such question in this posting' },
      { path: 'body.answers.q1', message: 'required' },
      { path: 'body.answers.q2', message: 'must be text' },
      { path: 'body.answers.q3', message: 'must be true or false' },
    ]);
  });

  it('a false answer to a required yes/no question is an answer, not a missing one', () => {
    expect(checkAnswers(QUESTIONS, { q1: false })).toHaveLength(1);
  });
});

describe('file signatures', () => {
  const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
  it.each([
    ['application/pdf', bytes('%PDF-1.7\n...')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0])],
  ] as const)('recognises %s', (type, data) => {
    expect(bytesMatchType(data, type)).toBe(true);
  });

  it.each([
    ['application/pdf', bytes('%PDF')],
    ['application/pdf', bytes('MZ\x90\x00 pretending')],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WAVE')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 0, 0])],
    ['image/jpeg', bytes([])],
  ] as const)('refuses a %s that is not one (%#)', (type, data) => {
    expect(bytesMatchType(data, type)).toBe(false);
  });
});

describe('expiry stages', () => {
  it.each([
    [45, null], [31, null], [30, 30], [15, 30], [14, 14], [8, 14], [7, 7], [1, 7], [0, 0], [-1, 0], [-400, 0],
  ])('%i days before expiry: stage %p', (daysLeft, stage) => {
    expect(expiryStageOf(daysLeft)).toBe(stage);
  });
});
