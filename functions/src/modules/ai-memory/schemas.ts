import { z } from 'zod';
import { companyIdQuery, documentId } from '../../http/fields';

export const MEMORY_LIMITS = {
  /** Characters of one fact. */
  textLength: 500,
  companyMemories: 200,
  /** Personal memories of one member in one company. */
  memberMemories: 50,
  /** What relevantMemories hands the assistant at most. */
  relevantCount: 10,
  relevantChars: 2000,
} as const;

export const MEMORY_SCOPES = ['company', 'member'] as const;
export const MEMORY_SOURCES = ['member', 'assistant'] as const;
export const MEMORY_VISIBILITIES = ['members', 'managers'] as const;

const text = z
  .string()
  .trim()
  .min(1)
  .max(MEMORY_LIMITS.textLength)
  .describe(
    `The fact, in plain words (at most ${MEMORY_LIMITS.textLength} characters), e.g. "We close at 22:00 on Sundays"`,
  );
const visibility = z
  .enum(MEMORY_VISIBILITIES)
  .describe(
    'Company memories only: `members` (every member, and the assistant answering any member) or `managers` (managers and owners only). Personal memories are visible to their member only.',
  );

const memoryFields = {
  scope: z
    .enum(MEMORY_SCOPES)
    .describe(
      "`company`: a fact about the company (managers and owners write them); `member`: the caller's own personal fact",
    ),
  text,
  visibility: visibility.optional(),
};
const onlyCompanyMemoriesHaveVisibility = (m: { scope: string; visibility?: string }) =>
  m.scope === 'company' || m.visibility === undefined;
const visibilityRule = { path: ['visibility'], message: 'only company memories have a visibility' };

/** A memory the assistant proposes: what POST /memories takes, without its source. */
export const memoryProposalBody = z
  .strictObject(memoryFields)
  .refine(onlyCompanyMemoriesHaveVisibility, visibilityRule);

export const memoryCreateBody = z
  .strictObject({
    ...memoryFields,
    source: z
      .enum(MEMORY_SOURCES)
      .default('member')
      .describe(
        '`member`: entered by the member; `assistant`: proposed by the assistant and confirmed by the member with this call',
      ),
  })
  .refine(onlyCompanyMemoriesHaveVisibility, visibilityRule);
export type MemoryCreate = z.output<typeof memoryCreateBody>;

export const memoryPatchBody = z.strictObject({ text: text.optional(), visibility: visibility.optional() });
export type MemoryPatch = z.output<typeof memoryPatchBody>;

export const memorySchema = z
  .object({
    id: z.string(),
    scope: z.enum(MEMORY_SCOPES),
    /** The member a personal memory belongs to; null for a company memory. */
    ownerUid: z.string().nullable().describe('The member a personal memory belongs to; null for a company memory'),
    text: z.string(),
    source: z.enum(MEMORY_SOURCES),
    visibility: z.enum(MEMORY_VISIBILITIES),
    createdBy: z.string(),
    createdAt: z.number().optional(),
    updatedAt: z.number().optional(),
  })
  .meta({ id: 'Memory' });
export type Memory = z.infer<typeof memorySchema>;

export const listMemoriesQuery = companyIdQuery.extend({
  scope: z.enum(MEMORY_SCOPES).optional().describe("Only company memories, or only the caller's own; both when absent"),
});

export const memoryIdParam = z.object({ memoryId: documentId });

export const forgottenSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'ForgottenMemory' });

/** What the assistant gets for a question: the most relevant memories the member may see, bounded. */
export interface RelevantMemory {
  id: string;
  scope: Memory['scope'];
  text: string;
  source: Memory['source'];
  /** Distinct terms of the question the memory contains (higher is more relevant). */
  score: number;
}
