import { coreErrors } from '../../core/errors';
import { db } from '../../core/firebase';
import { serverTime } from '../../core/firestore';
import { findMembership, roleAtLeast, type Membership } from '../../core/memberships';
import { memoryErrors } from './errors';
import * as repo from './repo';
import { MEMORY_LIMITS, type Memory, type MemoryCreate, type MemoryPatch, type RelevantMemory } from './schemas';

const notFound = () => memoryErrors.MEMORY_NOT_FOUND('Memory not found');
const isManager = (member: Membership) => roleAtLeast(member.role, 'manager');

/** Company memories: every member (visibility `members`) or managers only; personal ones: their member only. */
export function canSee(memory: Memory, member: Pick<Membership, 'uid' | 'role'>): boolean {
  if (memory.scope === 'member') return memory.ownerUid === member.uid;
  return memory.visibility === 'members' || roleAtLeast(member.role, 'manager');
}

function requireManageable(memory: Memory, member: Membership): void {
  if (memory.scope === 'company' && !isManager(member)) {
    throw coreErrors.INSUFFICIENT_ROLE('Company memories are managed by managers and owners');
  }
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const newestFirst = (a: Memory, b: Memory) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0) || a.id.localeCompare(b.id);

export async function listMemories({
  member,
  scope,
}: {
  member: Membership;
  scope?: Memory['scope'];
}): Promise<Memory[]> {
  const [company, own] = await Promise.all([
    scope === 'member' ? [] : repo.listScope(member.companyId, { kind: 'company' }),
    scope === 'company' ? [] : repo.listScope(member.companyId, { kind: 'member', uid: member.uid }),
  ]);
  return [...company.filter((m) => canSee(m, member)).sort(newestFirst), ...own.sort(newestFirst)];
}

/**
 * Stores a fact. Idempotent on its content: the same text in the same scope (ignoring case and
 * spacing) answers the memory already kept, so a retried or repeated confirmation adds nothing.
 */
export async function createMemory({ member, memory }: { member: Membership; memory: MemoryCreate }): Promise<Memory> {
  if (memory.scope === 'company' && !isManager(member))
    throw coreErrors.INSUFFICIENT_ROLE('Company memories are managed by managers and owners');
  const { companyId, uid } = member;
  const scope = memory.scope === 'company' ? { kind: 'company' as const } : { kind: 'member' as const, uid };
  const limit = memory.scope === 'company' ? MEMORY_LIMITS.companyMemories : MEMORY_LIMITS.memberMemories;
  const ref = repo.memoriesCollection(companyId).doc();
  const id = await db().runTransaction(async (tx) => {
    const existing = await repo.listScope(companyId, scope, tx);
    const same = existing.find((m) => normalise(m.text) === normalise(memory.text));
    if (same) return same.id;
    if (existing.length >= limit) {
      throw memoryErrors.MEMORY_LIMIT_REACHED(
        `${memory.scope === 'company' ? 'The company' : 'You'} already keep${memory.scope === 'company' ? 's' : ''} ${limit} memories, the most allowed; forget one first`,
      );
    }
    tx.create(ref, {
      scope: memory.scope,
      ownerUid: memory.scope === 'member' ? uid : null,
      text: memory.text,
      source: memory.source,
      visibility: memory.visibility ?? 'members',
      createdBy: uid,
      createdAt: serverTime(),
      updatedAt: serverTime(),
    });
    return ref.id;
  });
  return (await getVisible(member, id))!;
}

async function getVisible(member: Membership, memoryId: string): Promise<Memory | null> {
  const memory = repo.memoryFromSnapshot(await repo.memoryRef(member.companyId, memoryId).get());
  return memory && canSee(memory, member) ? memory : null;
}

export async function updateMemory({
  member,
  memoryId,
  patch,
}: {
  member: Membership;
  memoryId: string;
  patch: MemoryPatch;
}): Promise<Memory> {
  const ref = repo.memoryRef(member.companyId, memoryId);
  await db().runTransaction(async (tx) => {
    const memory = repo.memoryFromSnapshot(await tx.get(ref));
    if (!memory || !canSee(memory, member)) throw notFound();
    requireManageable(memory, member);
    if (patch.visibility !== undefined && memory.scope === 'member') {
      throw coreErrors.VALIDATION_FAILED('Only company memories have a visibility', [
        { path: 'body.visibility', message: 'only company memories have a visibility' },
      ]);
    }
    if (patch.text === undefined && patch.visibility === undefined) return;
    tx.update(ref, { ...patch, updatedBy: member.uid, updatedAt: serverTime() });
  });
  const updated = await getVisible(member, memoryId);
  // a manager who narrowed a memory to managers still sees it; anyone else lost nothing they could see
  if (!updated) throw notFound();
  return updated;
}

/** Forgets a memory (deleted, not archived: a forgotten fact is gone). */
export async function deleteMemory({
  member,
  memoryId,
}: {
  member: Membership;
  memoryId: string;
}): Promise<{ id: string; deleted: true }> {
  const ref = repo.memoryRef(member.companyId, memoryId);
  await db().runTransaction(async (tx) => {
    const memory = repo.memoryFromSnapshot(await tx.get(ref));
    if (!memory || !canSee(memory, member)) throw notFound();
    requireManageable(memory, member);
    tx.delete(ref);
  });
  return { id: memoryId, deleted: true };
}

// ---- retrieval for the assistant ----------------------------------------------------------------

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could did do does for from had has have how i in is it its me my of on or our so that the their them there ' +
    'they this to us was we were what when where which who why will with would you your last next week day today please tell show give about'
  ).split(' '),
);

/** Lower-cased word terms of a text, stop words dropped, a plural `s` folded ("Sundays" ~ "sunday"). */
export function terms(text: string): Set<string> {
  const words =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(
    words
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
}

/** Distinct question terms the memory contains; personal memories win ties (they are about the asker). */
export function rankMemories(memories: readonly Memory[], question: string): Array<{ memory: Memory; score: number }> {
  const wanted = terms(question);
  return memories
    .map((memory) => {
      const have = terms(memory.text);
      let score = 0;
      for (const t of wanted) if (have.has(t)) score += 1;
      return { memory, score };
    })
    .filter((r) => r.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.memory.scope === 'member') - Number(a.memory.scope === 'member') ||
        newestFirst(a.memory, b.memory),
    );
}

/**
 * The memories the assistant may use to answer `question` for member `uid` of `companyId`: the
 * company's memories that member may see and the member's own, ranked by term overlap with the
 * question, at most `limit` (capped at 10) and 2,000 characters in all. A non-member gets none.
 */
export async function relevantMemories({
  companyId,
  uid,
  question,
  limit = 5,
}: {
  companyId: string;
  uid: string;
  question: string;
  limit?: number;
}): Promise<RelevantMemory[]> {
  const member = await findMembership(companyId, uid);
  if (!member) return [];
  const visible = await listMemories({ member });
  const max = Math.max(0, Math.min(Math.floor(limit), MEMORY_LIMITS.relevantCount));
  const picked: RelevantMemory[] = [];
  let chars = 0;
  for (const { memory, score } of rankMemories(visible, question)) {
    if (picked.length >= max) break;
    if (chars + memory.text.length > MEMORY_LIMITS.relevantChars) continue;
    chars += memory.text.length;
    picked.push({ id: memory.id, scope: memory.scope, text: memory.text, source: memory.source, score });
  }
  return picked;
}
