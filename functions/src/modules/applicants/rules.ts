import type { ErrorDetail } from '../../core/errors';
import { applicantErrors } from './errors';
import type { ApplyInput, Question } from './schemas';

/** The answers checked against the posting's questions: every problem listed; stored with the question's prompt. */
export function checkAnswers(questions: readonly Question[], answers: ApplyInput['answers']) {
  const problems: ErrorDetail[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers))
    if (!byId.has(id)) problems.push({ path: `body.answers.${id}`, message: 'no such question in this posting' });
  for (const q of questions) {
    const answer = answers[q.id];
    const blank = answer === undefined || (typeof answer === 'string' && answer.trim() === '');
    if (blank) {
      if (q.required) problems.push({ path: `body.answers.${q.id}`, message: 'required' });
    } else if (q.kind === 'yes_no' && typeof answer !== 'boolean') {
      problems.push({ path: `body.answers.${q.id}`, message: 'must be true or false' });
    } else if (q.kind === 'text' && typeof answer !== 'string') {
      problems.push({ path: `body.answers.${q.id}`, message: 'must be text' });
    }
  }
  if (problems.length)
    throw applicantErrors.INVALID_ANSWERS(
      `The answers do not fit the questions: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
      problems,
    );
  return questions
    .filter((q) => answers[q.id] !== undefined)
    .map((q) => ({ questionId: q.id, prompt: q.prompt, answer: answers[q.id] }));
}
