import { addDays, instant } from '../../../src/core/calendar';
import { SIMULATED, SIMULATED_NAMES } from '../../vendors/accounts';
import type { DemoCompany } from '../types';
import { catalogueEntry } from '../../../src/modules/integrations';
import { connect } from '../../../src/modules/integration-engine/connect';
import { completeAuthorization } from '../../../src/modules/integration-engine/oauth';
import { connectionIdOf, saveConnection } from '../../../src/modules/integration-engine/connections';
import { pushReservations } from '../../../src/modules/reservations';

const RESERVATION_DAYS_BACK = 28;
const RESERVATION_DAYS_AHEAD = 28;

/**
 * The demo's integrations (emulator-data/demo.json `integrations`): Harbor & Vine has its POS
 * connected (the Toast account of the local vendor simulator, credentials sealed in the vault like
 * any connect; the vendor check is skipped because the demo may load before the simulator answers)
 * and a reservation partner that has pushed four weeks back and ahead of dinner reservations. A new
 * partner key for local pushes: connect the partner again as the owner (the demo's key is not kept).
 * Corner Café connects the simulated Clover merchant through the real OAuth flow (the simulator
 * consents at once and redirects with a code, exchanged here as the callback would), and CSV import
 * for its example files (emulator-data/csv).
 */
export async function seed(company: DemoCompany): Promise<string> {
  const wanted = company.file.integrations;
  if (!wanted) return 'nothing connected';
  const done: string[] = [];
  if (wanted.pos === 'toast') {
    const entry = catalogueEntry('toast')!;
    const account = { id: SIMULATED.toast.restaurantGuid, name: SIMULATED_NAMES.toast };
    await saveConnection({
      companyId: company.companyId,
      connectionId: connectionIdOf(entry, account.id),
      entry,
      uid: company.ownerUid,
      account,
      secrets: { ...SIMULATED.toast },
    });
    done.push(`${entry.name} (simulated restaurant)`);
  }
  if (wanted.pos === 'clover') {
    const { authorization } = await connect({ companyId: company.companyId, uid: company.ownerUid, slug: 'clover' });
    const consent = await fetch(authorization!.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const connection = await completeAuthorization(Object.fromEntries(back.searchParams), {
      companyId: company.companyId,
      uid: company.ownerUid,
    });
    done.push(`Clover (simulated merchant ${connection.account?.id}, OAuth)`);
  }
  if (wanted.csv) {
    await connect({ companyId: company.companyId, uid: company.ownerUid, slug: 'csv' });
    done.push('CSV import');
  }
  if (wanted.reservation) {
    await connect({ companyId: company.companyId, uid: company.ownerUid, slug: wanted.reservation });
    const pushed = await pushReservations({
      companyId: company.companyId,
      partner: wanted.reservation,
      items: demoReservations(company),
    });
    done.push(`${catalogueEntry(wanted.reservation)!.name} (${pushed.created} reservations)`);
  }
  return `connected: ${done.join(', ')}`;
}

function demoReservations(company: DemoCompany) {
  const today = new Date().toISOString().slice(0, 10);
  const items = [];
  for (let d = -RESERVATION_DAYS_BACK; d <= RESERVATION_DAYS_AHEAD; d++) {
    const date = addDays(today, d);
    const count = 8 + Math.floor(company.random() * 18);
    for (let i = 0; i < count; i++) {
      const minute = 17 * 60 + 30 * Math.floor(company.random() * 9);
      const roll = company.random();
      const status =
        d >= 0
          ? roll < 0.08
            ? 'cancelled'
            : 'confirmed'
          : roll < 0.06
            ? 'no_show'
            : roll < 0.14
              ? 'cancelled'
              : 'completed';
      items.push({
        id: `demo-${date}-${i}`,
        status,
        partySize: 2 + Math.floor(company.random() * 5),
        startsAt: instant(date, minute, company.timezone),
      });
    }
  }
  return items;
}
