import { logger } from '../../../core/logger';
import * as repo from '../repo';
import type { Replayed } from '../schemas';
import type { SinkTarget } from './common';
import { heldExternalSales, saleOf } from '../../sales';
import { recordPunches } from './punches';
import { recordSales } from './sales';

const REPLAY_PAGE = 2000;

/**
 * Attributes what was held for a POS employee now linked: its held punches are written to
 * attendance (and no longer held), its held sales re-imported with the employee (the invoices and
 * their aggregates move to it). Records refused (e.g. a punch in a payroll-locked range) stay held
 * and are counted as failed. Safe to run twice, and concurrently with a sync.
 */
export async function replayHeld(t: SinkTarget, posEmployeeId: string): Promise<Replayed> {
  const out: Replayed = { punches: 0, sales: 0, failed: 0 };
  const seenPunches = new Set<string>();
  for (;;) {
    const held = (await repo.heldPunchesOf(t.companyId, posEmployeeId, REPLAY_PAGE)).filter(
      (h) => !seenPunches.has(h.id),
    );
    if (held.length === 0) break;
    held.forEach((h) => seenPunches.add(h.id));
    const { counts: c } = await recordPunches(
      t,
      held.map((h) => h.punch),
    );
    out.punches += c.created + c.updated + c.unchanged;
    out.failed += c.failed;
    if (c.held) break; // unlinked again meanwhile: what is left stays held
  }
  const seenSales = new Set<string>();
  for (;;) {
    const held = (await heldExternalSales(t.companyId, posEmployeeId, REPLAY_PAGE)).filter(
      (e) => !seenSales.has(e.vendorId),
    );
    if (held.length === 0) break;
    held.forEach((e) => seenSales.add(e.vendorId));
    const { counts: c } = await recordSales(t, held.map(saleOf));
    out.sales += c.created + c.updated + c.unchanged;
    out.failed += c.failed;
    if (c.held) break;
  }
  if (out.punches || out.sales || out.failed)
    logger.info('pos-sync held records attributed', {
      companyId: t.companyId,
      connectionId: t.connectionId,
      posEmployeeId,
      ...out,
    });
  return out;
}
