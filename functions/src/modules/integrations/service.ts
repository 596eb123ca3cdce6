import { requireCompany } from '../../core/firestore';
import { CATEGORIES, catalogueEntry, entriesOf, type CatalogueEntry, type Category } from './catalogue';
import { integrationErrors } from './errors';
import * as repo from './repo';
import { ACTIVE_STATES, type Connection, type ConnectionState } from './schemas';

/** Which state an entry shows when the company has several connections of it: the one that needs attention first. */
const SUMMARY_ORDER: readonly ConnectionState[] = [
  'reauth_required',
  'error',
  'syncing',
  'connected',
  'disconnected',
  'not_connected',
];

const isActive = (c: Connection) => ACTIVE_STATES.includes(c.state);

function withState(entry: CatalogueEntry, connections: Connection[]) {
  const own = connections.filter((c) => c.slug === entry.slug);
  const state = SUMMARY_ORDER.find((s) => own.some((c) => c.state === s)) ?? 'not_connected';
  return { ...entry, state, active: own.some(isActive), connections: own };
}

export const listAvailable = ({ category }: { category?: Category }) => entriesOf(category);

export async function overview({ companyId }: { companyId: string }) {
  await requireCompany(companyId);
  const connections = await repo.listConnections(companyId);
  return {
    companyId,
    categories: CATEGORIES.map((category) => {
      const integrations = entriesOf(category).map((entry) => withState(entry, connections));
      return { category, activeCount: integrations.filter((i) => i.active).length, integrations };
    }),
  };
}

export async function activeConnections({ companyId, category }: { companyId: string; category?: Category }) {
  await requireCompany(companyId);
  const connections = await repo.listConnections(companyId);
  return connections
    .filter((c) => isActive(c) && (!category || c.category === category))
    .map((c) => ({ ...c, name: catalogueEntry(c.slug)?.name ?? c.slug }))
    .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The catalogue entry of `slug` in `category`; a slug of another category is as unknown as a missing one. */
export function entryIn(category: Category, slug: string): CatalogueEntry {
  const entry = catalogueEntry(slug);
  if (!entry || entry.category !== category)
    throw integrationErrors.INTEGRATION_NOT_FOUND(`No ${category} integration "${slug}" in the catalogue`);
  return entry;
}

export async function detail({ companyId, category, slug }: { companyId: string; category: Category; slug: string }) {
  const entry = entryIn(category, slug);
  await requireCompany(companyId);
  return withState(entry, await repo.listConnections(companyId));
}
