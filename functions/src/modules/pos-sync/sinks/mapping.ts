import type { PosEmployee, PosPunch } from '../../../pos/connectors';
import type { VendorPunchInput } from '../../attendance';
import { POS_SOURCES, type DeclaredTips, type PosSource } from '../../sales';
import { emailKey, nameKey, phoneKey } from '../matching';
import type * as repo from '../repo';
import type { SinkCounts, SinkTarget } from './common';

/** What the sinks write, made from what a connector read: pure, no I/O. */

export const zero = (): SinkCounts => ({ created: 0, updated: 0, unchanged: 0, failed: 0, held: 0 });

/** A record delivered twice in one page keeps its latest version (most recent modifiedAt, then the later one). */
export function latest<T extends { vendorId: string; modifiedAt: number }>(
  page: readonly T[],
): { records: T[]; duplicates: number } {
  const byId = new Map<string, T>();
  for (const r of page) {
    const seen = byId.get(r.vendorId);
    if (!seen || r.modifiedAt >= seen.modifiedAt) byId.set(r.vendorId, r);
  }
  return { records: [...byId.values()], duplicates: page.length - byId.size };
}

export type RosterFields = Pick<
  repo.StoredPosEmployee,
  | 'vendorId'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'emailKey'
  | 'phoneKey'
  | 'jobTitle'
  | 'active'
  | 'modifiedAt'
>;
export const ROSTER_FIELDS: (keyof RosterFields | 'employeeId' | 'linkedBy')[] = [
  'vendorId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'emailKey',
  'phoneKey',
  'jobTitle',
  'active',
  'modifiedAt',
  'employeeId',
  'linkedBy',
];

export function rosterFields(r: PosEmployee): RosterFields {
  return {
    vendorId: r.vendorId,
    firstName: r.firstName ?? '',
    lastName: r.lastName ?? '',
    email: r.email ?? null,
    phone: r.phone ?? null,
    emailKey: emailKey(r.email),
    phoneKey: phoneKey(r.phone),
    jobTitle: r.jobTitle ?? null,
    active: r.active !== false,
    modifiedAt: r.modifiedAt,
  };
}

export function punchInput(
  t: SinkTarget,
  r: PosPunch,
  employeeId: string,
  roles: Map<string, string | null>,
): VendorPunchInput {
  const positionId = r.jobTitle ? roles.get(nameKey(r.jobTitle)) : undefined;
  return {
    slug: t.slug,
    externalId: r.vendorId,
    employeeId,
    clockInAt: r.clockInAt,
    clockOutAt: r.clockOutAt,
    // the POS says whether a break is paid; a paid one is a rest break, an unpaid one a meal break
    breaks: r.breaks.map((b) => ({
      type: b.paid ? ('rest' as const) : ('meal' as const),
      startAt: b.startAt,
      endAt: b.endAt,
      paid: b.paid,
    })),
    ...(positionId ? { positionId } : {}),
  };
}

/** The sales module's POS source of a catalogue slug (square_api_key is its own source). */
export function posSourceOf(slug: string): PosSource | null {
  const sources: readonly string[] = POS_SOURCES;
  if (sources.includes(slug)) return slug as PosSource;
  const base = slug.split('_')[0];
  return sources.includes(base) ? (base as PosSource) : null;
}

/** The cash tips a POS punch declares, for the sales module (none once the punch is deleted). */
export const declaredTipsOf = (t: SinkTarget, r: PosPunch, employeeId: string): DeclaredTips => ({
  connectionId: t.connectionId,
  slug: t.slug,
  vendorId: r.vendorId,
  employeeId,
  clockInAt: r.clockInAt,
  amount: r.deleted ? 0 : (r.declaredCashTips ?? 0),
});
