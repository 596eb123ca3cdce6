import { z } from 'zod';
import { storedDecoder, storedMillis } from '../core/stored';

/**
 * An idempotency key's record as stored (idempotency.ts), in its own file: zod and the decoder load
 * with the first request that sends a key, not at cold start.
 */

/**
 * A key's record as stored: `body` is the answer's JSON text, absent when not kept (see `notKept`).
 * `committed`: the request's completing commit wrote it (its changes are saved); its answer is not
 * kept yet, or was lost.
 */
const storedKeyRecord = z.object({
  state: z.enum(['running', 'committed', 'done']),
  fingerprint: z.string(),
  leaseUntil: z.number(),
  status: z.number().optional(),
  body: z.string().optional(),
  notKept: z.enum(['secret', 'too large']).optional(),
  /** The TTL instant, epoch ms; a record without one (or not an instant) counts as expired. */
  expireAt: storedMillis.catch(0),
});
export type KeyRecord = z.output<typeof storedKeyRecord>;
export const keyRecordFromDoc = storedDecoder(
  'idempotencyKeys', // IDEMPOTENCY_COLLECTION of idempotency.ts
  storedKeyRecord,
);
