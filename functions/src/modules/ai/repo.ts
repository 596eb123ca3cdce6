import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { bucketDayRef, bucketDaysCol, bucketRowsCol, globalDayRef, sortKeyOf, type Bucket } from '../../ai/store';
import { companyConfigRef, globalConfigRef, parseConfig, type AiConfig } from '../../ai/config';

/**
 * Reads of the AI usage layout described in src/ai/store.ts. Every range read is batched: one
 * getAll of the day documents and at most one range query, whatever the number of days.
 */
/**
 * The company (if any), the day documents of the range (one getAll) and one page of rows (one
 * query on `sortKey`, the zero-padded ts followed by the row id: unique and time-ordered, so a
 * page boundary never skips or repeats a row, and the automatic single-field index serves it).
 * `after` is the sortKey of the last row of the previous page.
 */
export async function readBucketRange(
  bucket: Bucket,
  days: string[],
  page: { limit: number; after?: string },
): Promise<{
  companyExists: boolean;
  companyName: string | null;
  dayDocs: DocumentData[];
  rows: DocumentData[];
  hasMore: boolean;
}> {
  const companyRef = bucket.kind === 'company' ? companyDoc(bucket.companyId) : null;
  const refs = [...(companyRef ? [companyRef] : []), ...days.map((d) => bucketDayRef(bucket, d))];
  const startKey = sortKeyOf(Date.parse(`${days[0]}T00:00:00.000Z`), '');
  const endKey = sortKeyOf(Date.parse(`${days[days.length - 1]}T00:00:00.000Z`) + 86_400_000, '');
  // the cursor is a filter (sortKey is unique), not startAfter: the Node emulator ignores query cursors
  const upper = page.after && page.after < endKey ? page.after : endKey;
  const query = bucketRowsCol(bucket)
    .where('sortKey', '>=', startKey)
    .where('sortKey', '<', upper)
    .orderBy('sortKey', 'desc');
  const [snaps, rows] = await Promise.all([db().getAll(...refs), query.limit(page.limit + 1).get()]);
  const companyExists = companyRef ? snaps[0].exists : true;
  const dayDocs = snaps
    .slice(companyRef ? 1 : 0)
    .filter((s) => s.exists)
    .map((s) => s.data()!);
  const docs = rows.docs.slice(0, page.limit);
  const companyName = companyRef && typeof snaps[0].get('name') === 'string' ? (snaps[0].get('name') as string) : null;
  return {
    companyExists,
    companyName,
    dayDocs,
    rows: docs.map((d) => ({ ...d.data(), rowId: d.id })),
    hasMore: rows.size > page.limit,
  };
}

/** The day documents of a bucket over some UTC days (one getAll; no rows). */
export async function readBucketDays(bucket: Bucket, days: string[]): Promise<DocumentData[]> {
  if (!days.length) return [];
  const snaps = await db().getAll(...days.map((d) => bucketDayRef(bucket, d)));
  return snaps.filter((s) => s.exists).map((s) => s.data()!);
}

export async function readAllRange(
  days: string[],
  from: string,
  to: string,
): Promise<{ dayDocs: DocumentData[]; bucketDays: DocumentData[] }> {
  const [snaps, bucketDays] = await Promise.all([
    db().getAll(...days.map(globalDayRef)),
    bucketDaysCol().where('day', '>=', from).where('day', '<=', to).get(),
  ]);
  return {
    dayDocs: snaps.filter((s) => s.exists).map((s) => s.data()!),
    bucketDays: bucketDays.docs.map((d) => d.data()),
  };
}

export async function readCompanyConfig(companyId: string): Promise<{ exists: boolean; config: AiConfig | null }> {
  const [company, config] = await db().getAll(companyDoc(companyId), companyConfigRef(companyId));
  return { exists: company.exists, config: parseConfig(config.data()) };
}

export async function writeCompanyConfig(companyId: string, config: AiConfig, uid: string): Promise<void> {
  await companyConfigRef(companyId).set({ ...config, updatedBy: uid });
}

export async function deleteCompanyConfig(companyId: string): Promise<void> {
  await companyConfigRef(companyId).delete();
}

export async function readGlobalConfig(): Promise<AiConfig | null> {
  return parseConfig((await globalConfigRef().get()).data());
}

export async function writeGlobalConfig(config: AiConfig, uid: string): Promise<void> {
  await globalConfigRef().set({ ...config, updatedBy: uid });
}

/** The names of companies (null for one without a name or deleted), read in chunks of one round trip each. */
export async function companyNames(companyIds: string[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  for (let i = 0; i < companyIds.length; i += 300) {
    const snaps = await db().getAll(...companyIds.slice(i, i + 300).map(companyDoc), { fieldMask: ['name'] });
    for (const snap of snaps)
      names.set(snap.id, typeof snap.get('name') === 'string' ? (snap.get('name') as string) : null);
  }
  return names;
}
