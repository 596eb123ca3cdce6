import type { PosPunch, StreamAuth } from './types';

/**
 * The punches of [from, to) the sync holds that a vendor's whole read of that window did not answer
 * (`seen`: the ids it answered), for a vendor that keeps no trace of a deleted record: answered as
 * deleted, dated `readAt` at the earliest. Only a read that completed may be passed here: a failed
 * page throws before it, so a partial read deletes nothing. An absence is confirmed by a second read
 * of the window (`readAgain`, ids only) before anything is answered, because a paged read misses a
 * record when another one leaves an earlier page while it pages (a record modified or deleted
 * meanwhile moves every later one back a place): a stored punch is taken for deleted only when
 * neither read answered it.
 */
export async function vanishedPunches(p: {
  stored: NonNullable<StreamAuth['storedPunches']>;
  from: number;
  to: number;
  seen: ReadonlySet<string>;
  readAt: number;
  readAgain: () => AsyncIterable<readonly string[]>;
}): Promise<PosPunch[]> {
  if (!(p.to > p.from)) return [];
  const candidates = (await p.stored(p.from, p.to)).filter((x) => !x.deleted && !p.seen.has(x.vendorId));
  if (candidates.length === 0) return [];
  const again = new Set<string>();
  for await (const ids of p.readAgain()) for (const id of ids) again.add(id);
  return candidates
    .filter((x) => !again.has(x.vendorId))
    .map((x) => ({ ...x, deleted: true, modifiedAt: Math.max(x.modifiedAt, p.readAt) }));
}
