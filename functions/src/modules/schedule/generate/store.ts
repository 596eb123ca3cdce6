import { gunzipSync, gzipSync } from 'node:zlib';
import type { DocumentData } from 'firebase-admin/firestore';
import { companyCollection } from '../../../core/firestore';
import type { DemandSeat } from './demand';
import { proposalSchema, type Proposal } from './schemas';

/**
 * Proposals live at companies/{companyId}/scheduleProposals/{proposalId}:
 *   {companyId, status, startDate, endDate, createdAt, committedAt, fingerprint (the hash of the
 *    generation problem, compared again at commit), committedShiftIds, body, demandSeats}
 * `body` is the proposal as the API shows it, gzipped JSON (bytes): a month of a large restaurant
 * is megabytes of JSON, more than a document holds, and compresses about tenfold.
 * `demandSeats` (gzipped JSON, absent for template-only proposals) are the seats the forecast
 * asked for: a commit rebuilds the problem from them, not from a forecast that moved since.
 */
export interface StoredProposal {
  proposal: Proposal;
  fingerprint: string;
  committedShiftIds: string[];
  demandSeats: DemandSeat[];
}

function proposalFromDoc(id: string, d: DocumentData): StoredProposal {
  const body = JSON.parse(gunzipSync(Buffer.from(d.body as Uint8Array)).toString('utf8'));
  return {
    proposal: proposalSchema.parse({ ...body, id, status: d.status, committedAt: d.committedAt ?? null }),
    fingerprint: String(d.fingerprint),
    committedShiftIds: Array.isArray(d.committedShiftIds) ? d.committedShiftIds.map(String) : [],
    demandSeats: d.demandSeats ? JSON.parse(gunzipSync(Buffer.from(d.demandSeats as Uint8Array)).toString('utf8')) : [],
  };
}

export const {
  collection: proposalsCollection,
  ref: proposalRef,
  fromSnapshot: proposalFromSnapshot,
} = companyCollection('scheduleProposals', proposalFromDoc);

export function proposalToDoc({ proposal, fingerprint, committedShiftIds, demandSeats }: StoredProposal): DocumentData {
  const { id: _id, ...body } = proposal;
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
