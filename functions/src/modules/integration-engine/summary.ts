import type { StreamCounts } from './schemas';

/**
 * A run's counts in words a manager reads at a glance: what was imported, what waits for a POS
 * employee to be linked to an employee, what was refused. Held punches are not in attendance yet
 * (they are added when their POS employee is linked); held sales are imported, only without an
 * employee (attributed when linked), so they count among the imported ones too.
 */
export function runSummary(counts: Readonly<Record<string, StreamCounts>>): string {
  const parts: string[] = [];
  const roster = counts.roster;
  if (roster)
    parts.push(
      `${plural(roster.created + roster.updated + roster.unchanged, 'POS employee')} read (${roster.created} new, ${roster.updated} changed)${refused(roster)}`,
    );
  const punches = counts.punches;
  if (punches) {
    const added = punches.created + punches.updated;
    parts.push(
      `${plural(added, 'punch', 'punches')} added to attendance (${punches.created} new, ${punches.updated} changed), ${punches.unchanged} already there` +
        (punches.held > 0
          ? `; ${plural(punches.held, 'punch', 'punches')} wait for their POS employee to be linked to an employee, and are added then`
          : '') +
        refused(punches),
    );
  }
  const sales = counts.sales;
  if (sales) {
    const imported = sales.created + sales.updated + sales.unchanged;
    parts.push(
      `${plural(imported, 'sale')} imported (${sales.created} new, ${sales.updated} changed, ${sales.unchanged} already there)` +
        (sales.held > 0
          ? `; ${sales.held} of them have no employee yet, and are attributed when their POS employee is linked to an employee`
          : '') +
        refused(sales),
    );
  }
  return parts.length ? `${parts.join('. ')}.` : 'Nothing read yet.';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const refused = (c: StreamCounts) =>
  c.failed > 0 ? `; ${c.failed} refused (GET /runs/{runId}/issues lists each, why and how to resolve it)` : '';
