/**
 * Pure rules of the applicants and documents modules: screening answers (yes/no or free
 * text, required ones), file signatures (a renamed file is refused: 422 FILE_CONTENT_MISMATCH), the
 * default file name's extension, expiry stages (30, 14, 7 and 0 days before expiry).
 */
import { checkAnswers } from '../../../../src/modules/applicants/rules';
import { expiryStageOf } from '../../../../src/modules/documents/content';
import { bytesMatchType, EXTENSIONS } from '../../../../src/core/uploads';
import { refusal } from '../../../helpers/refusal';

const QUESTIONS = [
  { id: 'q1', prompt: 'Over 18?', kind: 'yes_no' as const, required: true },
  { id: 'q2', prompt: 'Experience', kind: 'text' as const, required: false },
  { id: 'q3', prompt: 'Weekends?', kind: 'yes_no' as const, required: false },
];

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

  it('the message lists every problem with its path', () => {
    expect(refusal(() => checkAnswers(QUESTIONS, { q3: 'no', q9: true })).message).toBe(
      'The answers do not fit the questions: body.answers.q9: no such question in this posting; body.answers.q1: required; body.answers.q3: must be true or false',
    );
  });

  it('an empty or blank text answer to a required text question is missing', () => {
    const required = [{ id: 'q1', prompt: 'Experience', kind: 'text' as const, required: true }];
    for (const answer of ['', ' \t\n']) {
      expect(refusal(() => checkAnswers(required, { q1: answer })).details).toEqual([
        { path: 'body.answers.q1', message: 'required' },
      ]);
    }
    expect(checkAnswers(required, { q1: ' x ' })).toEqual([{ questionId: 'q1', prompt: 'Experience', answer: ' x ' }]);
  });

  it('a blank answer to an optional question is no problem, whatever its kind', () => {
    expect(() => checkAnswers(QUESTIONS, { q1: true, q2: '', q3: '  ' })).not.toThrow();
  });

  it('a posting without questions takes no answers, and an empty set of answers', () => {
    expect(checkAnswers([], {})).toEqual([]);
    expect(refusal(() => checkAnswers([], { q1: true })).details).toEqual([
      { path: 'body.answers.q1', message: 'no such question in this posting' },
    ]);
  });
});

describe('file signatures', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
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
    ['application/pdf', bytes('%PDX-1.7')],
    ['application/pdf', bytes(' %PDF-1.7')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xfe, 0xe0])],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['image/webp', bytes('RIFX', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['image/webp', bytes('RIFF', [1, 2, 3], 'WEBPVP8 ')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftipheic', [0, 0, 0, 0])],
    ['image/heic', bytes([0, 0, 0, 24, 0], 'ftypheic')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftyp')],
    ['image/png', bytes('%PDF-1.7\n')],
  ] as const)('refuses a %s that is not one (%#)', (type, data) => {
    expect(bytesMatchType(data, type)).toBe(false);
  });

  it.each([
    ['application/pdf', bytes('%PDF-')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff])],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['image/heic', bytes([0, 0, 0, 24], 'ftypmif1')],
  ] as const)('recognises a %s of exactly its signature', (type, data) => {
    expect(bytesMatchType(data, type)).toBe(true);
  });

  it.each(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])(
    'recognises the HEIF brand %s (iPhone photos are heic or mif1)',
    (brand) => {
      expect(bytesMatchType(bytes([0, 0, 0, 24], `ftyp${brand}`, [0, 0, 0, 0]), 'image/heic')).toBe(true);
    },
  );

  it('an upload without a file name is named after its type and the extension of its content type', () => {
    expect(EXTENSIONS).toEqual({
      'application/pdf': 'pdf',
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/webp': 'webp',
      'image/heic': 'heic',
    });
  });
});

describe('expiry stages', () => {
  it.each([
    [45, null],
    [31, null],
    [30, 30],
    [15, 30],
    [14, 14],
    [8, 14],
    [7, 7],
    [1, 7],
    [0, 0],
    [-1, 0],
    [-400, 0],
  ])('%i days before expiry: stage %p', (daysLeft, stage) => {
    expect(expiryStageOf(daysLeft)).toBe(stage);
  });
});
