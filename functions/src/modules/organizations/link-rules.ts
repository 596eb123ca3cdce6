/** Pure rules of employee links (no storage). */
export interface LinkedRecord {
  companyId: string;
  employeeId: string;
}

const key = (r: LinkedRecord) => `${r.companyId}_${r.employeeId}`;

/**
 * The link that results from linking `records` when some of them are already linked (`found`: the
 * stored documents of those records, each with its link's records): the union of the records, the
 * id of the first link found (null: a new link). A person has one record per location, so two
 * records of one location in the union are a problem (named), and nothing is linked.
 */
export function mergedLink(
  records: readonly LinkedRecord[],
  found: readonly { linkId: string; records: readonly LinkedRecord[] }[],
): { linkId: string | null; records: LinkedRecord[]; problem?: string } {
  const union = new Map<string, LinkedRecord>();
  for (const r of [...found.flatMap((f) => f.records), ...records])
    union.set(key(r), { companyId: r.companyId, employeeId: r.employeeId });
  const all = [...union.values()].sort((a, b) => key(a).localeCompare(key(b)));
  const perLocation = new Map<string, string[]>();
  for (const r of all) perLocation.set(r.companyId, [...(perLocation.get(r.companyId) ?? []), r.employeeId]);
  const crowded = [...perLocation].find(([, ids]) => ids.length > 1);
  const linkId = found.length ? [...found].sort((a, b) => a.linkId.localeCompare(b.linkId))[0].linkId : null;
  if (crowded)
    return {
      linkId,
      records: all,
      problem: `A person has one record per location: ${crowded[0]} would have ${crowded[1].join(', ')}`,
    };
  return { linkId, records: all };
}
