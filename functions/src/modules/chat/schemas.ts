import { z } from 'zod';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';
import { calculatorInputSchema } from '../calculator';
import { memoryProposalBody } from '../ai-memory';
import { createRequestBody } from '../requests';

/** Bounds of a question and of what the assistant keeps and sends (see service.ts). */
export const MAX_QUESTION_CHARS = 4000;
export const MAX_TITLE_CHARS = 120;

// ---------------------------------------------------------------- routes

export const conversationIdParam = z.object({ conversationId: documentId.describe('Conversation id') });
export const proposalIdParam = z.object({ proposalId: documentId.describe('Proposal id') });

export const createConversationBody = z.strictObject({
  title: z.string().trim().min(1).max(MAX_TITLE_CHARS).optional().describe('Default: the start of the first question'),
});

export const listConversationsQuery = companyIdQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Most recently active first; at most 100'),
});

export const askBody = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1)
    .max(MAX_QUESTION_CHARS)
    .describe(`The question, in natural language (at most ${MAX_QUESTION_CHARS} characters)`),
  clientMessageId: documentId
    .optional()
    .describe(
      'Makes the ask idempotent: a retry with the same id answers the stored turn again without calling the model (409 TURN_ID_CONFLICT when the id was used for another question)',
    ),
});
export type AskBody = z.output<typeof askBody>;

export const conversationSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    title: z.string(),
    turnCount: z.int().describe('Questions answered in this conversation'),
    summarizedTurns: z
      .int()
      .describe('The oldest turns folded into the running summary the model sees instead of their text'),
    createdAt: z.number().describe('Epoch ms'),
    updatedAt: z.number().describe('Epoch ms of the last answer'),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.output<typeof conversationSchema>;

export const toolUseSchema = z
  .object({
    name: z.string().describe('Tool the assistant used'),
    input: z.unknown().meta({
      description: 'The arguments the model gave it: parsed JSON, or the raw text when they were not JSON',
      anyOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }, { type: 'null' }],
    }),
    ok: z.boolean(),
    error: z
      .string()
      .optional()
      .describe('Code of the refusal or failure the tool answered (e.g. INSUFFICIENT_ROLE, VALIDATION_FAILED)'),
  })
  .meta({ id: 'ToolUse' });
export type ToolUse = z.output<typeof toolUseSchema>;

export const PROPOSAL_KINDS = ['draft_shift', 'memory', 'request'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;

export const proposalSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    kind: z
      .enum(PROPOSAL_KINDS)
      .describe(
        'draft_shift: a draft shift, created through the schedule rules of PUT /shifts/{id} on confirmation (managers and owners); memory: a fact to remember, created as POST /memories with source `assistant` on confirmation; request: a shift request of the member (dayOff, replace, swap, emergency, availabilities), created as POST /requests would on confirmation',
      ),
    status: z.enum(PROPOSAL_STATUSES),
    summary: z.string().describe('What confirming does, in words'),
    payload: z
      .record(z.string(), z.unknown())
      .describe(
        'draft_shift: the shift (date, employeeId, start, end, positionId ...); memory: scope, text and visibility; request: the body of POST /requests',
      ),
    result: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        'After confirmation: what the owning route answered (the saved shift and its warnings, the memory, or the request)',
      ),
    createdAt: z.number(),
    decidedAt: z.number().nullable(),
  })
  .meta({ id: 'AssistantProposal' });
export type Proposal = z.output<typeof proposalSchema>;

export const turnSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    seq: z.int().describe('0 for the first question of the conversation'),
    question: z.string(),
    answer: z.string(),
    refused: z.boolean().describe('The model declined to answer; `answer` holds its words'),
    tools: z.array(toolUseSchema).describe('The tool calls made for this answer, in order'),
    proposalIds: z
      .array(z.string())
      .describe('Changes the assistant proposed (see POST /proposals/{proposalId}/confirm)'),
    createdAt: z.number(),
  })
  .meta({ id: 'ConversationTurn' });
export type Turn = z.output<typeof turnSchema>;

export const askResponse = z
  .object({
    turn: turnSchema,
    proposals: z.array(proposalSchema),
    replayed: z.boolean().describe('True when clientMessageId named a turn already answered (nothing was asked again)'),
  })
  .meta({ id: 'AskResult' });

export const conversationDetail = conversationSchema
  .extend({
    turns: z.array(turnSchema),
  })
  .meta({ id: 'ConversationDetail' });

export const confirmResponse = z
  .object({
    proposal: proposalSchema,
  })
  .meta({ id: 'ProposalConfirmation' });

// ---------------------------------------------------------------- tool inputs (sent to the model as JSON Schema)

const range = {
  startDate: isoDate.describe('First business date, YYYY-MM-DD (company-local)'),
  endDate: isoDate.describe('Last business date, included'),
};

/** The calculator's two input forms as one object (providers want an object schema at the top); the calculator checks which form it is. */
const [expressionForm, operationsForm] = calculatorInputSchema.options;

export const toolInputs = {
  calculate: z.strictObject({
    expression: expressionForm.shape.expression.optional(),
    round: expressionForm.shape.round,
    operations: operationsForm.shape.operations.optional(),
  }),
  recall_memories: z.strictObject({
    query: z.string().trim().min(1).max(500).describe('What to look for, in words (e.g. "closing time Sunday")'),
  }),
  sales_summary: z.strictObject({
    ...range,
    groupBy: z.enum(['daily', 'weekly', 'monthly']).optional().describe('Bucket size, default daily'),
    includeLabor: z.boolean().optional().describe('Add labor cost and labor % (ratio = laborCost / totalSales)'),
  }),
  list_shifts: z.strictObject({
    ...range,
    employeeId: documentId.optional().describe('Only this employee'),
    includeDraft: z.boolean().optional().describe('Include draft shifts (managers only)'),
  }),
  employee_directory: z.strictObject({
    search: z.string().max(100).optional().describe('Part of a name, email or phone'),
    roleId: documentId.optional().describe('Only employees holding this role id'),
  }),
  attendance_punches: z.strictObject({
    ...range,
    employeeId: documentId.optional().describe('Only this employee'),
  }),
  /** The ai-memory module's schema and rule (a personal memory has no visibility). */
  propose_memory: memoryProposalBody,
  propose_draft_shift: z.strictObject({
    date: isoDate.describe('Company-local day the shift starts'),
    employeeId: documentId,
    start: z.int().min(0).max(1439).describe('Start, minute of the day (e.g. 1020 = 17:00)'),
    end: z
      .int()
      .min(0)
      .max(1439)
      .nullable()
      .describe('End, minute of the day; smaller than start crosses midnight; null open-ended'),
    positionId: documentId.optional().describe('Role id'),
    note: z.string().max(500).optional(),
  }),
  /** The body of POST /requests itself: the requests module's schema validates the proposal. */
  propose_request: createRequestBody,
};
export type ToolName = keyof typeof toolInputs;
