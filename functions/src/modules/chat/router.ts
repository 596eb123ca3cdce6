import { z } from 'zod';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import {
  KEEP_TURNS,
  MAX_TOOL_CALLS_PER_ROUND,
  MAX_TOOL_RESULT_CHARS,
  MAX_TOOL_ROUNDS,
  SUMMARIZE_AFTER,
} from './limits';
import {
  askBody,
  askResponse,
  confirmResponse,
  conversationDetail,
  conversationIdParam,
  conversationSchema,
  createConversationBody,
  listConversationsQuery,
  proposalIdParam,
} from './schemas';
import { lazyFile } from '../kit';

/** The assistant (model calls, tools and every module they call) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));

const member = companyInQuery('employee');

const OWN =
  "Conversations are private to their member: another member's conversation (or proposal) is 404, whatever their role.";

const ASK_DESCRIPTION = `Asks the assistant a question about the company, in natural language ("labor % last week", "who can cover Friday dinner", "what did we sell on Sundays this month").

**Tools with the caller's access.** The assistant answers from tools that call the product's own services with the caller's membership: sales summary (GET /sales: managers and owners), shifts (GET /shifts), the employee directory as the caller may see it (GET /employees: pay hidden as that route hides it), attendance punches (managers and owners), draft-shift proposals (managers and owners), shift-request proposals (the caller's own day off, replace, swap, emergency or availabilities request, as POST /requests takes it), memory proposals (a fact to remember), the calculator (exact decimal arithmetic: derived figures are computed, not generated) and the team's memories (ai-memory: the ones the caller may see; the most relevant to the question are also given to the model with it). A tool is offered only to the roles its route admits, and answers what that route would answer or refuse. Tool results sent to the model are bounded to ${MAX_TOOL_RESULT_CHARS} characters (arrays cut, marked \`truncated\`); at most ${MAX_TOOL_ROUNDS} rounds of at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls, then the model must answer.

**Changes are proposals.** A tool that would change data (a draft shift, a shift request, a memory) stores a proposal; nothing changes until the member calls POST /proposals/{proposalId}/confirm, which applies the owning route's rules with the member's current role.

**Context.** The model sees the last ${KEEP_TURNS} turns verbatim; when more than ${SUMMARIZE_AFTER} turns are not yet summarised, the older ones are folded into a running summary (one model call, flow chat.summary).

**Usage.** Every model call is recorded in the company's AI usage under its flow: chat.plan (the first call, when it asked for tools), chat.tool (a later call that asked for more tools), chat.answer (the call that answered), chat.summary. The company's provider and model come from its AI configuration, else the global default.

**Errors.** 503 AI_PROVIDER_NOT_CONFIGURED when the provider's API key is not set; 502 UPSTREAM_FAILED when the provider fails; 429 UPSTREAM_RATE_LIMITED when it still rate-limits after the retries; 502 CHAT_NO_ANSWER when the model gives no answer. Nothing is stored then; the usage of the calls made is recorded. A refusal by the model is an answer with \`refused: true\`.

${OWN}`;

const STREAM_DESCRIPTION = `The same as POST /conversations/{conversationId}/messages, answered as server-sent events (\`text/event-stream\`) once the model starts answering:
- \`delta\` {round, text}: answer text as it arrives (text the model writes before calling tools comes with an earlier round);
- \`tool\` {round, name, ok, error?}: a tool call the assistant made and whether it succeeded;
- \`done\`: the success envelope {success: true, data} with the stored turn (the same data as the whole answer);
- \`error\`: the error envelope {success: false, error, code} when the provider fails after the stream started (e.g. a stream cut midway: UPSTREAM_FAILED); nothing is stored.
An error before the first event (access, validation, AI_PROVIDER_NOT_CONFIGURED, a provider error on the first call) answers a JSON error envelope with its status, as every route; a replayed clientMessageId answers the JSON envelope at once.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/conversations',
    summary: 'Start a conversation with the assistant',
    status: 201,
    description: `A conversation of the calling member in the company. ${OWN}`,
    access: member,
    query: companyIdQuery,
    body: createConversationBody,
    response: conversationSchema,
    handler: ({ member: m, body }) => service().createConversation({ member: m, title: body.title }),
  }),
  defineRoute({
    method: 'get',
    path: '/conversations',
    summary: "The caller's conversations, most recently active first",
    description: OWN,
    access: member,
    query: listConversationsQuery,
    response: z.array(conversationSchema),
    handler: ({ member: m, query }) => service().listConversations({ member: m, limit: query.limit }),
  }),
  defineRoute({
    method: 'get',
    path: '/conversations/:conversationId',
    summary: 'A conversation with its turns (questions and answers), oldest first',
    description: OWN,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    response: conversationDetail,
    handler: ({ member: m, params }) => service().getConversation({ member: m, conversationId: params.conversationId }),
  }),
  defineRoute({
    method: 'delete',
    path: '/conversations/:conversationId',
    completion: 'steps',
    summary: 'Delete a conversation, its turns and its proposals',
    description: `Answers the conversation as it was. Confirmed proposals keep their effect (the draft shift or the request stays). ${OWN}`,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    response: conversationSchema,
    handler: ({ member: m, params }) =>
      service().deleteConversation({ member: m, conversationId: params.conversationId }),
  }),
  defineRoute({
    method: 'post',
    path: '/conversations/:conversationId/messages',
    summary: 'Ask the assistant (the whole answer)',
    description: ASK_DESCRIPTION,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    body: askBody,
    response: askResponse,
    handler: ({ member: m, params, body, log }) =>
      service().ask({ member: m, conversationId: params.conversationId, body, log, events: null }),
  }),
  defineRoute({
    method: 'post',
    path: '/conversations/:conversationId/messages/stream',
    summary: 'Ask the assistant (the answer streamed as server-sent events)',
    description: STREAM_DESCRIPTION,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    body: askBody,
    response: askResponse,
    sse: true,
    handler: ({ member: m, params, body, log, events }) =>
      service().ask({ member: m, conversationId: params.conversationId, body, log, events }),
  }),
  defineRoute({
    method: 'post',
    path: '/proposals/:proposalId/confirm',
    completion: 'steps',
    summary: 'Confirm a change the assistant proposed',
    description: `Carries out a pending proposal through the owning module with the caller's current role and that route's rules: a draft_shift is written as PUT /shifts/{id} would (managers and owners: 403 INSUFFICIENT_ROLE otherwise; conflicts 409/422 as that route answers them); a memory is created as POST /memories would, with source \`assistant\` (company memories: managers and owners; limits 422 as that route answers them); a request is created as POST /requests would, with every rule of that route (e.g. 422 DAY_OFF_IN_PAST, 422 INVALID_REQUEST_SHIFT for a shift not the caller's, 409 REQUEST_EXISTS; nothing is written then) and its policy (a day off awaits a manager as pending_manager unless the policy approves it at once); its id is \`chat-{proposalId}\`. A proposal whose payload does not pass the owning route's schema is 422 PROPOSAL_INVALID with the problems listed, and nothing is written. Idempotent: a confirmed proposal answers its result again, and a retry after a failure answers the request made the first time; a dismissed one is 409 PROPOSAL_NOT_PENDING. ${OWN}`,
    access: member,
    params: proposalIdParam,
    query: companyIdQuery,
    response: confirmResponse,
    handler: ({ member: m, params }) => service().confirmProposal({ member: m, proposalId: params.proposalId }),
  }),
  defineRoute({
    method: 'post',
    path: '/proposals/:proposalId/dismiss',
    summary: 'Dismiss a change the assistant proposed',
    description: `Idempotent; a confirmed proposal is 409 PROPOSAL_NOT_PENDING. ${OWN}`,
    access: member,
    params: proposalIdParam,
    query: companyIdQuery,
    response: confirmResponse,
    handler: ({ member: m, params }) => service().dismissProposal({ member: m, proposalId: params.proposalId }),
  }),
];
