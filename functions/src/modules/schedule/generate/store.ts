import type { DocumentData } from 'firebase-admin/firestore';
import { companyCollection } from '../../../core/firestore';
import { proposalSchema, type Proposal } from './schemas';

/**
 * Proposals live at companies/{companyId}/scheduleProposals/{proposalId}: the proposal as the API
 * shows it, plus `fingerprint` (the hash of the generation problem it was solved from, compared
 * again at commit) and, once committed, `committedShiftIds`.
 */
export interface StoredProposal {
  proposal: Proposal;
  fingerprint: string;
  committedShiftIds: string[];
}

function proposalFromDoc(id: string, d: DocumentData): StoredProposal {
  const { fingerprint, committedShiftIds, ...rest } = d;
  return {
    proposal: proposalSchema.parse({ ...rest, id }),
    fingerprint: String(fingerprint),
    committedShiftIds: Array.isArray(committedShiftIds) ? committedShiftIds.map(String) : [],
  };
}

export const { collection: proposalsCollection, ref: proposalRef, fromSnapshot: proposalFromSnapshot } = companyCollection('scheduleProposals', proposalFromDoc);

export function proposalToDoc({ proposal, fingerprint, committedShiftIds }: StoredProposal): DocumentData {
  const { id: _id, ...doc } = proposal;
  return { ...doc, fingerprint, committedShiftIds };
}
