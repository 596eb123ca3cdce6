import type { DocumentData, WriteBatch } from 'firebase-admin/firestore';
import { recordAudit } from '../../core/audit';
import { auth, db, firestoreNs } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { forgetMembership } from '../../core/memberships';
import { deleteStored } from '../../core/storage';
import { privacyErrors } from './errors';
import { findPersonalData, idsOnly, type Found } from './find';
import { resolvePerson, type PersonRequest } from './person';
import { withoutMentions } from './mentions';
import { erasureRef } from './repo';
import { companyCountry, keepUntil, type RecordKind } from './retention';
import type { PersonIds } from '../personal-data';

/** Writes per batch, under Firestore's 500. */
const BATCH_WRITES = 400;

async function inBatches<T>(items: T[], write: (batch: WriteBatch, item: T) => void): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_WRITES) {
    const batch = db().batch();
    for (const item of items.slice(i, i + BATCH_WRITES)) write(batch, item);
    await batch.commit();
  }
}

/** A document reduced to the person's id: its personal fields removed, placeholders written, nested data rewritten. */
function reduced({ entry: { rule }, data }: Found, person: PersonIds): DocumentData {
  const out: DocumentData = rule.rewrite ? rule.rewrite(data, person) : { ...data };
  for (const field of rule.fields ?? []) delete out[field];
  return { ...out, ...rule.replace };
}

/** A copy of the person in another record: each mention in the rule's `copiesIn` fields replaced by the placeholder. */
function scrubbed({ entry: { rule }, data }: Found, mentions: readonly string[]): DocumentData {
  const out: DocumentData = { ...data };
  for (const field of rule.copiesIn ?? []) if (field in out) out[field] = withoutMentions(out[field], mentions);
  return out;
}

/** The update that turns a document into its reduced (or, for a copy, scrubbed) form; empty when it already is: a retried erasure writes nothing. */
export function reduction(found: Found, person: PersonIds, mentions: readonly string[] = []): DocumentData {
  const target = found.copy ? scrubbed(found, mentions) : reduced(found, person);
  const update: DocumentData = {};
  for (const key of Object.keys(found.data)) if (!(key in target)) update[key] = firestoreNs().FieldValue.delete();
  for (const [key, value] of Object.entries(target))
    if (JSON.stringify(value) !== JSON.stringify(found.data[key])) update[key] = value;
  return update;
}

/**
 * Erases a person from the company: every document the registry of personal data finds is deleted
 * (with its file) or reduced to the person's id; the pay and time records the company must keep
 * are listed with the period of the company's country, after which the retention job deletes them.
 * The person's account goes too when no other company has them. Idempotent: a retry finds what is
 * left. Audited, and recorded in privacyErasures.
 */
export async function erasePerson({ member, person: ref, log }: PersonRequest) {
  const { companyId } = member;
  const person = await resolvePerson(companyId, ref);
  if (person.isOwner) throw privacyErrors.PERSON_IS_OWNER('An owner of the company cannot be erased from it');
  const found = await findPersonalData(companyId, person);
  const [removed, kept, copies] = [
    found.filter((f) => !f.copy && f.entry.rule.erase === 'delete'),
    found.filter((f) => !f.copy && f.entry.rule.erase === 'reduce'),
    found.filter((f) => f.copy),
  ];
  let files = 0;
  for (const { entry, data } of removed) {
    const path = entry.rule.file ? data[entry.rule.file] : undefined;
    if (typeof path === 'string' && path) await deleteStored(path).then(() => files++);
  }
  await inBatches(removed, (batch, f) => batch.delete(f.ref));
  const reductions = [...kept, ...copies].map((f) => ({
    ref: f.ref,
    update: reduction(f, person.ids, person.mentions),
  }));
  await inBatches(
    reductions.filter((r) => Object.keys(r.update).length > 0),
    (batch, r) => batch.update(r.ref, r.update),
  );
  if (person.ids.uid) forgetMembership(companyId, person.ids.uid);
  const accountDeleted = !!person.ids.uid && person.accountHere && (await deleteAccount(person.ids.uid));

  const at = Date.now();
  const profile = (await companyDoc(companyId).get()).data() ?? {};
  const country = companyCountry(profile);
  const records = (['pay', 'time'] as RecordKind[]).flatMap((record) => {
    const paths = kept.filter((f) => f.entry.rule.record === record).map((f) => f.ref.path);
    return paths.length ? [{ record, documents: paths.length, paths, ...keepUntil(country, record, at) }] : [];
  });
  const purgeAt = Math.min(...records.map((r) => r.keepUntil ?? Infinity));
  const erasure = {
    companyId,
    person: idsOnly(person.ids),
    at,
    by: member.uid,
    country,
    deleted: removed.length,
    reduced: kept.length,
    copiesScrubbed: copies.length,
    files,
    accountDeleted,
  };
  const refOf = erasureRef();
  const batch = db().batch();
  batch.create(refOf, { ...erasure, kept: records, purgeAt: Number.isFinite(purgeAt) ? purgeAt : null });
  recordAudit(batch, companyId, {
    entity: 'personalData',
    entityId: refOf.id,
    action: 'erase',
    by: member.uid,
    at,
    before: {},
    after: { ...erasure.person, deleted: removed.length, reduced: kept.length, files, accountDeleted },
  });
  await batch.commit();
  log.info('person erased', { companyId, erasureId: refOf.id, deleted: removed.length, reduced: kept.length, files });
  return { id: refOf.id, ...erasure, kept: records.map(({ paths: _paths, ...r }) => r) };
}

/** Deletes the Firebase Auth account; one already gone is not an error (a retried erasure). */
async function deleteAccount(uid: string): Promise<boolean> {
  try {
    await auth().deleteUser(uid);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/user-not-found') return true;
    throw err;
  }
}

/**
 * The retention job: deletes the kept records of erasures whose period has run (each kind at its
 * own keepUntil), and moves `purgeAt` on to the next one (null when none is left).
 */
export async function purgeExpiredRecords(now: number = Date.now()): Promise<{ purged: number }> {
  const due = await db().collection(erasureRef().parent.id).where('purgeAt', '<=', now).get();
  let purged = 0;
  for (const erasure of due.docs) {
    const kept = (erasure.get('kept') ?? []) as { record: RecordKind; keepUntil: number | null; paths: string[] }[];
    const expired = kept.filter((k) => k.keepUntil !== null && k.keepUntil <= now);
    const paths = expired.flatMap((k) => k.paths);
    await inBatches(paths, (batch, path) => batch.delete(db().doc(path)));
    purged += paths.length;
    const left = kept.filter((k) => !expired.includes(k));
    const next = Math.min(...left.map((k) => k.keepUntil ?? Infinity));
    await erasure.ref.update({
      kept: left,
      purgeAt: Number.isFinite(next) ? next : null,
      purged: firestoreNs().FieldValue.increment(paths.length),
    });
  }
  return { purged };
}
