import type { PosPunch, PosSale } from '../../../pos/connectors';
import { employeeIdsOf, type Recorded, type SinkCounts, type SinkTarget } from './common';
import { replayHeld } from './held';
import { recordPunches } from './punches';
import { recordSales } from './sales';

/** A page of POS punches (punches.ts), then the attribution of what it held to POS employees linked meanwhile. */
export const writePunches = (t: SinkTarget, page: readonly PosPunch[]) => attributed(t, recordPunches(t, page));

/** A page of POS sales (sales.ts), then the attribution of what it held to POS employees linked meanwhile. */
export const writeSales = (t: SinkTarget, page: readonly PosSale[]) => attributed(t, recordSales(t, page));

/**
 * A link committed between reading the links and holding a page's records would find nothing to
 * replay: whoever held records reads the links again and replays for the POS employees linked since.
 */
async function attributed(t: SinkTarget, recording: Promise<Recorded>): Promise<SinkCounts> {
  const { counts, heldFor } = await recording;
  if (heldFor.length) {
    const links = await employeeIdsOf(t.companyId, [...new Set(heldFor)]);
    for (const [posEmployeeId, employeeId] of links) if (employeeId) await replayHeld(t, posEmployeeId);
  }
  return counts;
}
