import { defineErrors } from '../../core/errors';

export const chatErrors = defineErrors({
  CONVERSATION_NOT_FOUND: {
    status: 404,
    meaning: "No conversation with that id among the caller's conversations in the company",
  },
  PROPOSAL_NOT_FOUND: { status: 404, meaning: "No proposal with that id among the caller's proposals in the company" },
  PROPOSAL_NOT_PENDING: {
    status: 409,
    meaning: 'The proposal was already dismissed (a confirmed proposal answers its result again)',
  },
  PROPOSAL_INVALID: {
    status: 422,
    meaning:
      "The proposal does not pass the owning route's schema (every problem is listed in details); nothing is written",
  },
  TURN_ID_CONFLICT: {
    status: 409,
    meaning: 'clientMessageId was already used in this conversation for a different question',
  },
  CHAT_NO_ANSWER: { status: 502, meaning: 'The model gave no answer within the bounded number of tool rounds' },
});
