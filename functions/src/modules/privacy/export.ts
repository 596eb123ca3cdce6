import { db } from '../../core/firebase';
import { recordAudit } from '../../core/audit';
import { storageBucket } from '../../core/storage';
import { findPersonalData, idsOnly } from './find';
import { resolvePerson, type PersonRequest } from './person';
import { z } from 'zod';

/** What a document holding a file says about it: its content type (any other value names none). */
const storedFileOf = z.object({
  contentType: z.string().default('application/octet-stream').catch('application/octet-stream'),
});

/** A stored value as JSON: timestamps as epoch ms, bytes as base64, references as their path. */
export function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plain);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  const v = value as { toMillis?: () => number; path?: unknown; firestore?: unknown };
  if (typeof v.toMillis === 'function') return v.toMillis();
  if (typeof v.path === 'string' && v.firestore) return v.path;
  return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, plain(x)]));
}

/**
 * Everything the company holds about one person, as one JSON archive answered to the owner: each
 * document the registry of personal data finds, and the files of their documents from Cloud
 * Storage (base64, as a document download answers them). Audited.
 */
export async function exportPerson({ member, person: ref, log }: PersonRequest) {
  const { companyId } = member;
  const person = await resolvePerson(companyId, ref);
  // copies of the person in others' records (a notification, a kept answer) are those people's
  const found = (await findPersonalData(companyId, person)).filter((f) => !f.copy);
  const files = [];
  for (const { entry, data } of found) {
    const path = entry.rule.file ? data[entry.rule.file] : undefined;
    if (typeof path !== 'string' || !path) continue;
    const file = storageBucket().file(path);
    const [bytes] = await file.download().catch(() => [null]);
    if (!bytes) continue;
    files.push({
      path,
      contentType: storedFileOf.parse(data).contentType,
      size: bytes.length,
      contentBase64: bytes.toString('base64'),
    });
  }
  const exportedAt = Date.now();
  const batch = db().batch();
  recordAudit(batch, companyId, {
    entity: 'personalData',
    entityId: person.ids.employeeId ?? person.ids.applicationId ?? person.ids.uid ?? '',
    action: 'export',
    by: member.uid,
    at: exportedAt,
    before: {},
    after: { ...idsOnly(person.ids), records: found.length, files: files.length },
  });
  await batch.commit();
  log.info('personal data exported', { companyId, records: found.length, files: files.length });
  return {
    format: 'workforce-personal-data/1' as const,
    companyId,
    person: person.ids,
    exportedAt,
    records: found.map(({ entry, ref, data }) => ({
      module: entry.module,
      collection: entry.collection,
      path: ref.path,
      // a document that also holds other people's data: their own part only
      data: plain(entry.rule.cut ? entry.rule.cut(data, person.ids) : data) as Record<string, unknown>,
    })),
    files,
  };
}
