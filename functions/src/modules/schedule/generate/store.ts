import { gunzipSync, gzipSync } from 'node:zlib';
import type { DocumentData } from 'firebase-admin/firestore';
import { z } from 'zod';
import { storedCollection } from '../../../core/stored';
import { proposalSchema, seatReasonSchema } from './schemas';

/**
 * Proposals live at companies/{companyId}/scheduleProposals/{proposalId}, naming employees by id only:
 *   {companyId, status, startDate, endDate, createdAt, committedAt, fingerprint (the hash of the
 *    generation problem, compared again at commit), committedShiftIds, body, demandSeats}
 * `body` is the proposal as the API shows it, gzipped JSON (bytes): a month of a large restaurant
 * is megabytes of JSON, more than a document holds, and compresses about tenfold.
 * `demandSeats` (gzipped JSON, absent for template-only proposals) are the seats the forecast
 * asked for: a commit rebuilds the problem from them, not from a forecast that moved since.
 */
/** Bytes of gzipped JSON (as proposalToDoc writes them), read as `schema`'s output. */
const gzippedJson = <S extends z.ZodType>(schema: S) =>
  z
    .instanceof(Uint8Array)
    .transform((bytes, ctx) => {
      try {
        const value: unknown = JSON.parse(gunzipSync(bytes).toString('utf8'));
        return value;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not gzipped JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A seat the forecast asked for (demand.ts's DemandSeat). */
const demandSeatSchema = z.object({
  id: z.string(),
  date: z.string(),
  roleId: z.string(),
  subRoleId: z.string(),
  start: z.number(),
  end: z.number(),
  slotKey: z.string(),
  because: seatReasonSchema,
});

const storedProposalSchema = z.object({
  proposal: proposalSchema,
  fingerprint: z.string(),
  committedShiftIds: z.array(z.string()),
  demandSeats: z.array(demandSeatSchema),
});
export type StoredProposal = z.output<typeof storedProposalSchema>;

/** A proposal document: the API's proposal is its gzipped body with the document's id, status and commit time. */
const storedProposal = z
  .object({
    id: z.string(),
    status: z.unknown(),
    committedAt: z.unknown().default(null),
    fingerprint: z.string(),
    committedShiftIds: z.array(z.string()).default([]),
    body: gzippedJson(z.record(z.string(), z.unknown())),
    demandSeats: gzippedJson(z.array(z.unknown())).default([]),
  })
  .transform(({ id, status, committedAt, body, ...rest }) => ({
    ...rest,
    proposal: { ...body, id, status, committedAt, assignments: unnamed(body.assignments) },
  }))
  .pipe(storedProposalSchema);

export const {
  collection: proposalsCollection,
  ref: proposalRef,
  fromSnapshot: proposalFromSnapshot,
} = storedCollection('scheduleProposals', storedProposal);

/** Assignments as stored: employees by id only, their names read from their records when answered (an erased name is in no proposal). */
const unnamed = (assignments: unknown) =>
  Array.isArray(assignments)
    ? assignments.map((a: unknown) => (typeof a === 'object' && a ? { ...a, employeeName: '' } : a))
    : assignments;

export function proposalToDoc({ proposal, fingerprint, committedShiftIds, demandSeats }: StoredProposal): DocumentData {
  const { id: _id, ...named } = proposal;
  const body = { ...named, assignments: named.assignments.map(({ employeeName: _name, ...a }) => a) };
  return {
    companyId: proposal.companyId,
    status: proposal.status,
    startDate: proposal.startDate,
    endDate: proposal.endDate,
    createdAt: proposal.createdAt,
    committedAt: proposal.committedAt,
    fingerprint,
    committedShiftIds,
    body: gzipSync(JSON.stringify(body)),
    ...(demandSeats.length ? { demandSeats: gzipSync(JSON.stringify(demandSeats)) } : {}),
  };
}
