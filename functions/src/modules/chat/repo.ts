import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection, storedMillis } from '../../core/stored';
import { conversationSchema, proposalSchema, turnSchema } from './schemas';

/**
 * Storage of the chat module:
 *  - companies/{companyId}/chatConversations/{conversationId}: the conversation and its running summary;
 *  - companies/{companyId}/chatTurns/{conversationId}~{turnId}: one question and its answer;
 *  - companies/{companyId}/chatProposals/{proposalId}: a change the assistant proposed.
 * Every document carries the uid of its member: a member reads only their own.
 */
const storedConversation = conversationSchema.extend({
  companyId: conversationSchema.shape.companyId.default(''),
  uid: z.string().default(''),
  title: conversationSchema.shape.title.default(''),
  turnCount: conversationSchema.shape.turnCount.default(0),
  summarizedTurns: conversationSchema.shape.summarizedTurns.default(0),
  summary: z.string().default(''),
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
});
export type StoredConversation = z.output<typeof storedConversation>;

/** A turn document: its id (the document's is `{conversationId}~{turnId}`) is stored as `turnId`. */
const storedTurn = turnSchema
  .omit({ id: true })
  .extend({
    turnId: z.string().default(''),
    conversationId: turnSchema.shape.conversationId.default(''),
    uid: z.string().default(''),
    seq: turnSchema.shape.seq.default(0),
    question: turnSchema.shape.question.default(''),
    answer: turnSchema.shape.answer.default(''),
    refused: turnSchema.shape.refused.default(false),
    tools: turnSchema.shape.tools.default([]),
    proposalIds: turnSchema.shape.proposalIds.default([]),
    createdAt: storedMillis.default(0),
  })
  .transform(({ turnId, ...turn }) => ({ ...turn, id: turnId }));
export type StoredTurn = z.output<typeof storedTurn>;

const storedProposal = proposalSchema.extend({
  uid: z.string().default(''),
  conversationId: proposalSchema.shape.conversationId.default(''),
  summary: proposalSchema.shape.summary.default(''),
  payload: proposalSchema.shape.payload.default({}),
  result: proposalSchema.shape.result.default(null),
  createdAt: storedMillis.default(0),
  decidedAt: storedMillis.nullable().default(null),
});
export type StoredProposal = z.output<typeof storedProposal>;

const conversations = storedCollection('chatConversations', storedConversation);
const turns = storedCollection('chatTurns', storedTurn);
const proposals = storedCollection('chatProposals', storedProposal);

const turnDocId = (conversationId: string, turnId: string) => `${conversationId}~${turnId}`;

export const newId = (): string => db().collection('_').doc().id;

export async function createConversation(c: Omit<StoredConversation, 'id'>): Promise<StoredConversation> {
  const ref = conversations.collection(c.companyId).doc();
  await ref.create({ ...c });
  return { ...c, id: ref.id };
}

export async function getConversation(companyId: string, conversationId: string): Promise<StoredConversation | null> {
  return conversations.fromSnapshot(await conversations.ref(companyId, conversationId).get());
}

export async function listConversations(companyId: string, uid: string, limit: number): Promise<StoredConversation[]> {
  const snap = await conversations
    .collection(companyId)
    .where('uid', '==', uid)
    .orderBy('updatedAt', 'desc')
    .limit(limit)
    .get();
  return snap.docs.map(conversations.fromDoc);
}

/** The turns of a conversation from `fromSeq` on, oldest first. */
export async function listTurns(companyId: string, conversationId: string, fromSeq = 0): Promise<StoredTurn[]> {
  const snap = await turns
    .collection(companyId)
    .where('conversationId', '==', conversationId)
    .where('seq', '>=', fromSeq)
    .orderBy('seq')
    .get();
  return snap.docs.map(turns.fromDoc);
}

export async function getTurn(companyId: string, conversationId: string, turnId: string): Promise<StoredTurn | null> {
  return turns.fromSnapshot(await turns.ref(companyId, turnDocId(conversationId, turnId)).get());
}

export interface SummaryUpdate {
  summary: string;
  summarizedTurns: number;
}

/**
 * Appends a turn: its seq is the conversation's turn count, read in the same transaction (two
 * questions at once get consecutive numbers). A turn id already stored answers the stored turn.
 */
export async function appendTurn(
  companyId: string,
  turn: Omit<StoredTurn, 'seq'>,
  summary: SummaryUpdate | null,
): Promise<{ turn: StoredTurn; created: boolean }> {
  const conversationRef = conversations.ref(companyId, turn.conversationId);
  const turnRef = turns.ref(companyId, turnDocId(turn.conversationId, turn.id));
  return db().runTransaction(async (tx) => {
    const [conversationSnap, turnSnap] = await tx.getAll(conversationRef, turnRef);
    const existing = turns.fromSnapshot(turnSnap);
    if (existing) return { turn: existing, created: false };
    const conversation = conversations.fromSnapshot(conversationSnap);
    if (!conversation) return { turn: { ...turn, seq: -1 }, created: false };
    const stored: StoredTurn = { ...turn, seq: conversation.turnCount };
    tx.create(turnRef, { ...stored, turnId: stored.id });
    const update: Record<string, unknown> = { turnCount: conversation.turnCount + 1, updatedAt: turn.createdAt };
    if (!conversation.title) update.title = turn.question.slice(0, 80);
    // a summary made concurrently from fewer turns never replaces a longer one
    if (summary && summary.summarizedTurns > conversation.summarizedTurns) Object.assign(update, summary);
    tx.update(conversationRef, update);
    return { turn: stored, created: true };
  });
}

/** Deletes a conversation with its turns and proposals (batches of at most 450 writes). */
export async function deleteConversation(companyId: string, conversationId: string): Promise<void> {
  const [turnSnap, proposalSnap] = await Promise.all([
    turns.collection(companyId).where('conversationId', '==', conversationId).get(),
    proposals.collection(companyId).where('conversationId', '==', conversationId).get(),
  ]);
  const refs = [...turnSnap.docs, ...proposalSnap.docs].map((d) => d.ref);
  for (let i = 0; i < refs.length; i += 450) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + 450)) batch.delete(ref);
    await batch.commit();
  }
  await conversations.ref(companyId, conversationId).delete();
}

export async function createProposals(companyId: string, items: StoredProposal[]): Promise<void> {
  if (!items.length) return;
  const batch = db().batch();
  for (const p of items) batch.create(proposals.ref(companyId, p.id), { ...p });
  await batch.commit();
}

export async function getProposals(companyId: string, ids: string[]): Promise<StoredProposal[]> {
  if (!ids.length) return [];
  const snaps = await db().getAll(...ids.map((id) => proposals.ref(companyId, id)));
  return snaps.flatMap((s) => {
    const p = proposals.fromSnapshot(s);
    return p ? [p] : [];
  });
}

export async function getProposal(companyId: string, proposalId: string): Promise<StoredProposal | null> {
  return proposals.fromSnapshot(await proposals.ref(companyId, proposalId).get());
}

/** Moves a pending proposal to its decision, in a transaction; answers the proposal as stored after it. */
export async function decideProposal(
  companyId: string,
  proposalId: string,
  decide: (
    p: StoredProposal,
    tx: Transaction,
  ) => Partial<Pick<StoredProposal, 'status' | 'result' | 'decidedAt'>> | null,
): Promise<StoredProposal | null> {
  const ref = proposals.ref(companyId, proposalId);
  return db().runTransaction(async (tx) => {
    const p = proposals.fromSnapshot(await tx.get(ref));
    if (!p) return null;
    const change = decide(p, tx);
    if (!change) return p;
    tx.update(ref, change);
    return { ...p, ...change };
  });
}
