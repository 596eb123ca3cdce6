import type { Transaction, WriteBatch } from 'firebase-admin/firestore';
import { z } from 'zod';
import { storedCollection, storedMillis } from './stored';

/**
 * The audit trail of a company, at companies/{companyId}/auditTrail/{id}: one entry per change of
 * a record (who, when, what it was, what it became), whatever module owns the record. `before`
 * and `after` hold only the fields the change touched (null: the field was absent); readers
 * redact them with the visibility rule of the record's module before answering.
 */
const auditEntrySchema = z.object({
  id: z.string(),
  /** The kind of record, e.g. 'employee'. */
  entity: z.string(),
  entityId: z.string(),
  /** What was done, e.g. 'create', 'update', 'archive', 'rehire'. */
  action: z.string(),
  /** uid of who did it; null for our own jobs. */
  by: z.string().nullable().default(null),
  at: storedMillis.default(0),
  before: z.record(z.string(), z.unknown()).default({}),
  after: z.record(z.string(), z.unknown()).default({}),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

const { collection: auditCollection, fromDoc: auditFromDoc } = storedCollection('auditTrail', auditEntrySchema);

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'> & { at?: number };

/** The fields of `after` that differ from `before`, each side with its value (null when absent). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = [...new Set([...Object.keys(before), ...Object.keys(after)])],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const f of fields) {
    const [b, a] = [before[f] ?? null, after[f] ?? null];
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    out.before[f] = b;
    out.after[f] = a;
  }
  return out;
}

/** Adds an entry to the caller's transaction or batch (the change and its entry commit together). */
export function recordAudit(writer: Transaction | WriteBatch, companyId: string, entry: NewAuditEntry): void {
  const ref = auditCollection(companyId).doc();
  (writer as WriteBatch).create(ref, { ...entry, at: entry.at ?? Date.now() });
}

/** The entries of one record, oldest first. */
export async function listAudit(companyId: string, entity: string, entityId: string): Promise<AuditEntry[]> {
  const snap = await auditCollection(companyId).where('entity', '==', entity).where('entityId', '==', entityId).get();
  return snap.docs.map(auditFromDoc).sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
