import { z } from 'zod';
import { countryCode, documentId, timeZone } from '../../http/fields';
import { currencySchema, emailSchema, passwordSchema } from '../auth';

export const ONBOARDING_LIMITS = {
  messageLength: 2000,
  messagesPerSession: 60,
  /** Model-backed messages one client address may send per hour, over all its sessions. */
  messagesPerAddressPerHour: 120,
  /** Model-backed messages of every anonymous and signed-in session together per hour: the onboarding's own ceiling. */
  messagesPerHour: 2000,
  /** Turns (owner message or assistant question) kept in the session and sent to the model. */
  transcriptTurns: 12,
  roles: 20,
  /** Days without activity before a session expires. */
  ttlDays: 7,
} as const;

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 h)');

/** A day's opening hours; a close earlier than the open means past midnight; null: closed. */
export const dayHoursSchema = z
  .strictObject({ open: hhmm, close: hhmm })
  .refine((d) => d.open !== d.close, 'open and close must differ')
  .nullable();

export const roleAnswerSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  type: z.enum(['BOH', 'FOH', 'MNG']).describe('Back of house, front of house or management'),
  headcount: z.int().min(1).max(500).describe('People working in this role'),
});

/** One schema per answer: a model's proposal is checked field by field, so one bad field does not drop the others. */
export const ANSWER_FIELDS = {
  restaurantName: z.string().trim().min(1).max(200),
  restaurantType: z.string().trim().min(1).max(80).describe('e.g. pizzeria, café, fine dining'),
  country: countryCode,
  timezone: timeZone,
  currency: currencySchema,
  openingHours: z.partialRecord(z.enum(WEEK_DAYS), dayHoursSchema).describe('Monday..Sunday; null for a closed day'),
  roles: z.array(roleAnswerSchema).min(1).max(ONBOARDING_LIMITS.roles),
} as const;

export const answersSchema = z
  .object({
    restaurantName: ANSWER_FIELDS.restaurantName.optional(),
    restaurantType: ANSWER_FIELDS.restaurantType.optional(),
    country: ANSWER_FIELDS.country.optional(),
    timezone: ANSWER_FIELDS.timezone.optional(),
    currency: ANSWER_FIELDS.currency.optional(),
    openingHours: ANSWER_FIELDS.openingHours.optional(),
    roles: ANSWER_FIELDS.roles.optional(),
  })
  .meta({ id: 'OnboardingAnswers' });
export type Answers = z.infer<typeof answersSchema>;
export type AnswerField = keyof typeof ANSWER_FIELDS;

export const REQUIRED_FIELDS = [
  'restaurantName',
  'restaurantType',
  'country',
  'timezone',
  'openingHours',
  'roles',
] as const satisfies readonly AnswerField[];

const question = z.object({
  field: z.enum(REQUIRED_FIELDS),
  text: z.string(),
});

export const SESSION_STATUSES = ['collecting', 'ready', 'completed'] as const;

export const turnSchema = z
  .object({ role: z.enum(['owner', 'assistant']), text: z.string() })
  .meta({ id: 'OnboardingTurn' });
export type Turn = z.infer<typeof turnSchema>;

export const sessionSchema = z
  .object({
    id: z.string(),
    status: z
      .enum(SESSION_STATUSES)
      .describe(
        '`collecting` answers, `ready` to complete (every answer the company needs is in), `completed` (the company exists)',
      ),
    anonymous: z
      .boolean()
      .describe("Anonymous sessions are reached with their session token; signed-in ones with their user's ID token"),
    answers: answersSchema,
    missing: z.array(z.enum(REQUIRED_FIELDS)).describe('Answers still needed, in the order they are asked'),
    nextQuestion: question.nullable().describe('What the assistant asks next; null once every answer is in'),
    transcript: z
      .array(turnSchema)
      .describe(`The last ${ONBOARDING_LIMITS.transcriptTurns} turns, to resume the conversation`),
    messageCount: z.int(),
    companyId: z.string().nullable().describe('The company created on completion'),
    expiresAt: z.number().describe('Epoch ms; moved on by every message'),
    createdAt: z.number().optional(),
    updatedAt: z.number().optional(),
  })
  .meta({ id: 'OnboardingSession' });
export type Session = z.infer<typeof sessionSchema>;

export const sessionIdParam = z.object({ sessionId: documentId });

export const startResult = z
  .object({
    session: sessionSchema,
    sessionToken: z
      .string()
      .nullable()
      .describe(
        'Anonymous sessions only: the secret to send as X-Onboarding-Token on every later call. Shown once; only its hash is stored',
      ),
    reply: z.string().describe("The assistant's first question"),
  })
  .meta({ id: 'OnboardingStart' });

export const messageBody = z.strictObject({
  text: z.string().trim().min(1).max(ONBOARDING_LIMITS.messageLength).describe('What the owner says'),
  clientMessageId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('A retried message with the same id answers the first result again without another model call'),
});

export const messageResult = z
  .object({
    session: sessionSchema,
    reply: z.string().describe("The assistant's next question (or that everything is in)"),
    accepted: z.array(z.string()).describe('Answers this message set or changed'),
    ignored: z.array(z.string()).describe('Answers the model proposed that failed validation (asked again)'),
  })
  .meta({ id: 'OnboardingMessageResult' });

export const completeBody = z.strictObject({
  owner: z.strictObject({
    name: z.string().trim().min(1).max(120),
    surname: z.string().trim().min(1).max(120),
    email: emailSchema
      .optional()
      .describe("Anonymous sessions: the new account's email (required). Signed-in: defaults to the account's"),
    password: passwordSchema
      .optional()
      .describe(
        "Anonymous sessions: the new account's password (required); never stored in the session nor sent to a model",
      ),
  }),
  message: z
    .string()
    .trim()
    .min(1)
    .max(ONBOARDING_LIMITS.messageLength)
    .optional()
    .describe("The owner's last words, answered with a welcome (the first call billed to the new company)"),
});
export type CompleteInput = z.output<typeof completeBody>;

export const completeResult = z
  .object({
    session: sessionSchema,
    companyId: z.string(),
    uid: z.string(),
    employeeId: z.string().nullable(),
    reply: z.string().describe("The assistant's welcome"),
  })
  .meta({ id: 'OnboardingCompleteResult' });
