import { z } from 'zod';
import { companyIdQuery, isoDate, validatedLater } from '../../http/fields';
import { CATALOGUE } from '../integrations';

const RESERVATION_SLUGS = CATALOGUE.filter((e) => e.category === 'reservation').map((e) => e.slug) as [
  string,
  ...string[],
];

export const RESERVATION_STATUSES = ['booked', 'confirmed', 'seated', 'completed', 'cancelled', 'no_show'] as const;
/** Reservations whose guests are expected (or came): they count as covers. */
export const COUNTED_STATUSES: readonly string[] = ['booked', 'confirmed', 'seated', 'completed'];
export const MAX_RESERVATIONS_PER_PUSH = 500;

const instantSchema = z.union([z.int().min(0).max(8.64e15), z.iso.datetime({ offset: true })]);

export const reservationItem = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
    .describe("The partner's own reservation id (idempotency key)"),
  status: z.enum(RESERVATION_STATUSES),
  partySize: z.int().min(1).max(1000),
  startsAt: instantSchema.describe('Epoch ms, or ISO 8601 with offset'),
  updatedAt: instantSchema
    .optional()
    .describe("The partner's version: an older version than the stored one is ignored (out-of-order delivery)"),
});
export type ReservationItem = z.infer<typeof reservationItem>;

export const partnerParams = z.object({ slug: z.enum(RESERVATION_SLUGS) });
export const partnerPushBody = z.strictObject({
  reservations: z.array(validatedLater(reservationItem)).min(1).max(MAX_RESERVATIONS_PER_PUSH),
});

export const partnerPushResponse = z
  .object({
    received: z.int(),
    created: z.int(),
    updated: z.int(),
    unchanged: z.int(),
    stale: z.int().describe('Older versions than the stored ones, ignored'),
    rejected: z.array(z.object({ index: z.int(), id: z.string().nullable(), code: z.string(), message: z.string() })),
  })
  .meta({ id: 'PartnerPushResult' });

export const MAX_COVERS_DAYS = 366;
export const coversQuery = companyIdQuery.extend({ startDate: isoDate, endDate: isoDate });

const templatePart = z
  .object({ start: z.number().optional(), perClient: z.number().optional(), revenue: z.number().optional() })
  .nullable();

export const coversResponse = z
  .object({
    companyId: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    totalCovers: z.int(),
    days: z.array(
      z.object({
        date: z.string(),
        weekday: z.string(),
        covers: z.int(),
        reservations: z.int(),
        byHour: z
          .array(z.int())
          .describe('Covers per business hour 0..47 (hours past 23 are after midnight, before dayChangeTime)'),
        template: z
          .object({ morning: templatePart, evening: templatePart })
          .describe(
            "The schedule template's morning/evening parts of that weekday (perClient, revenue), for forecasting",
          ),
      }),
    ),
  })
  .meta({ id: 'Covers' });

// --- stored documents --------------------------------------------------------------------------

/** A reservation as kept: companies/{cid}/reservations/{partner}~{partner's id}. */
export const storedReservation = z.object({
  partner: z.string(),
  externalId: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  partySize: z.int(),
  startsAt: z.number(),
  businessDate: z.string(),
  businessHour: z.int(),
  /** The partner's version (epoch ms), when it sends one. */
  version: z.number().nullable(),
  receivedAt: z.number(),
});
export type StoredReservation = z.output<typeof storedReservation>;

/** Covers of a business day: companies/{cid}/reservationCovers/{date}, per business hour in 48 slots. */
export const coversDay = z.object({
  date: z.string(),
  covers: z.int().default(0),
  reservations: z.int().default(0),
  byHour: z.array(z.int()).default([]),
});
export type CoversDay = z.output<typeof coversDay>;

/** A partner key: partnerKeys/{keyId}, the SHA-256 (hex) of its secret part only. */
export const storedPartnerKey = z.object({
  companyId: z.string(),
  slug: z.string(),
  // the sha-256 of the key as its writer stored it (a malformed one matches no key; not refused)
  hash: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
});
export type StoredPartnerKey = z.output<typeof storedPartnerKey>;
