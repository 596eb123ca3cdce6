import { z } from 'zod';

/**
 * The integrations catalogue: code, versioned with the API and described in its
 * OpenAPI document, not data an administrator edits. Each entry says how a company connects it
 * (auth kind and the credential fields it needs, with their validation), what it feeds
 * (capabilities) and how data arrives (sync modes).
 */
export const CATEGORIES = ['pos', 'payroll', 'reservation'] as const;
export type Category = (typeof CATEGORIES)[number];

export const AUTH_KINDS = ['oauth2', 'api_key', 'client_credentials', 'file', 'partner_key'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

export const CAPABILITIES = ['roster', 'punches', 'sales', 'tips', 'reservations', 'payroll_export'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const SYNC_MODES = ['poll', 'webhook', 'import'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export interface CredentialField {
  name: string;
  label: string;
  description: string;
  /** Secret values are kept only in the vault and never shown again. */
  secret: boolean;
  /** This field names the vendor account the connection links to (a location, a restaurant ...). */
  account?: true;
  minLength: number;
  maxLength: number;
  /** Regular expression (source) the whole value must match. */
  pattern: string;
}

export interface CatalogueEntry {
  slug: string;
  category: Category;
  name: string;
  description: string;
  authKind: AuthKind;
  capabilities: Capability[];
  syncModes: SyncMode[];
  /** One connection per vendor account (several locations of one company), or one per company. */
  perAccount: boolean;
  credentialFields: CredentialField[];
}

const ID = '^[A-Za-z0-9._:-]+$';
const TOKEN = '^[\\x21-\\x7E]+$';

const field = (
  name: string,
  label: string,
  description: string,
  options: Partial<CredentialField> = {},
): CredentialField => ({
  name,
  label,
  description,
  secret: false,
  minLength: 1,
  maxLength: 128,
  pattern: ID,
  ...options,
});

const POS_STREAMS: Capability[] = ['roster', 'punches', 'sales', 'tips'];

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: 'square',
    category: 'pos',
    name: 'Square (OAuth)',
    description:
      'Square POS through OAuth: the owner signs in to Square and grants read access to team members, timecards, orders and payments of the merchant.',
    authKind: 'oauth2',
    capabilities: POS_STREAMS,
    syncModes: ['poll', 'webhook'],
    perAccount: true,
    credentialFields: [],
  },
  {
    slug: 'square_api_key',
    category: 'pos',
    name: 'Square (access token)',
    description: 'Square POS with a personal access token from the Square Developer Dashboard, for one location.',
    authKind: 'api_key',
    capabilities: POS_STREAMS,
    syncModes: ['poll'],
    perAccount: true,
    credentialFields: [
      field('accessToken', 'Access token', 'A Square personal access token (production)', {
        secret: true,
        minLength: 16,
        maxLength: 512,
        pattern: TOKEN,
      }),
      field('locationId', 'Location ID', 'The Square location to sync', { account: true }),
    ],
  },
  {
    slug: 'toast',
    category: 'pos',
    name: 'Toast',
    description: 'Toast POS through a Toast API client (client credentials) for one restaurant.',
    authKind: 'client_credentials',
    capabilities: POS_STREAMS,
    syncModes: ['poll', 'webhook'],
    perAccount: true,
    credentialFields: [
      field('clientId', 'Client ID', 'The Toast API client id', { minLength: 8, maxLength: 256, pattern: TOKEN }),
      field('clientSecret', 'Client secret', 'The Toast API client secret', {
        secret: true,
        minLength: 16,
        maxLength: 512,
        pattern: TOKEN,
      }),
      field('restaurantGuid', 'Restaurant GUID', 'The GUID of the Toast restaurant to sync', {
        account: true,
        pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
        minLength: 36,
        maxLength: 36,
      }),
    ],
  },
  {
    slug: 'clover',
    category: 'pos',
    name: 'Clover',
    description: 'Clover POS through OAuth (expiring access tokens, refreshed before expiry) for one merchant.',
    authKind: 'oauth2',
    capabilities: POS_STREAMS,
    syncModes: ['poll', 'webhook'],
    perAccount: true,
    credentialFields: [],
  },
  {
    slug: 'lightspeed',
    category: 'pos',
    name: 'Lightspeed Restaurant (K-Series)',
    description: 'Lightspeed Restaurant K-Series through OAuth, for one business location.',
    authKind: 'oauth2',
    capabilities: POS_STREAMS,
    syncModes: ['poll'],
    perAccount: true,
    credentialFields: [],
  },
  {
    slug: 'revel',
    category: 'pos',
    name: 'Revel Systems',
    description: 'Revel POS with an API key and secret for one establishment.',
    authKind: 'api_key',
    capabilities: POS_STREAMS,
    syncModes: ['poll'],
    perAccount: true,
    credentialFields: [
      field('domain', 'Revel domain', 'The account subdomain: mybar for mybar.revelup.com', {
        pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$',
        maxLength: 63,
      }),
      field('apiKey', 'API key', 'The Revel API key', { minLength: 8, maxLength: 256, pattern: TOKEN }),
      field('apiSecret', 'API secret', 'The Revel API secret', {
        secret: true,
        minLength: 16,
        maxLength: 512,
        pattern: TOKEN,
      }),
      field('establishmentId', 'Establishment ID', 'The Revel establishment to sync', {
        account: true,
        pattern: '^[0-9]{1,12}$',
        maxLength: 12,
      }),
    ],
  },
  {
    slug: 'spoton',
    category: 'pos',
    name: 'SpotOn Restaurant',
    description: 'SpotOn Restaurant POS with an API key, for one location.',
    authKind: 'api_key',
    capabilities: POS_STREAMS,
    syncModes: ['poll'],
    perAccount: true,
    credentialFields: [
      field('apiKey', 'API key', 'The SpotOn API key (x-api-key)', {
        secret: true,
        minLength: 16,
        maxLength: 512,
        pattern: TOKEN,
      }),
      field('locationId', 'Location ID', 'The SpotOn location to sync', { account: true }),
    ],
  },
  {
    slug: 'csv',
    category: 'pos',
    name: 'CSV import',
    description:
      'For a POS without an API: a manager uploads roster, punch and sales files (pos-sync /csv-imports), with a column mapping saved per company.',
    authKind: 'file',
    capabilities: POS_STREAMS,
    syncModes: ['import'],
    perAccount: false,
    credentialFields: [],
  },
  {
    slug: 'gusto',
    category: 'payroll',
    name: 'Gusto',
    description: 'Payroll export: approved hours, overtime and tips of a pay period as a file Gusto imports.',
    authKind: 'file',
    capabilities: ['payroll_export'],
    syncModes: [],
    perAccount: false,
    credentialFields: [],
  },
  {
    slug: 'adp',
    category: 'payroll',
    name: 'ADP',
    description: 'Payroll export: approved hours, overtime and tips of a pay period as a file ADP imports.',
    authKind: 'file',
    capabilities: ['payroll_export'],
    syncModes: [],
    perAccount: false,
    credentialFields: [],
  },
  {
    slug: 'paychex',
    category: 'payroll',
    name: 'Paychex',
    description: 'Payroll export: approved hours, overtime and tips of a pay period as a file Paychex imports.',
    authKind: 'file',
    capabilities: ['payroll_export'],
    syncModes: [],
    perAccount: false,
    credentialFields: [],
  },
  {
    slug: 'opentable',
    category: 'reservation',
    name: 'OpenTable',
    description:
      'OpenTable pushes reservations (created, updated, cancelled) with a partner key issued to it; covers per business day and hour feed forecasting.',
    authKind: 'partner_key',
    capabilities: ['reservations'],
    syncModes: ['webhook'],
    perAccount: false,
    credentialFields: [],
  },
  {
    slug: 'resy',
    category: 'reservation',
    name: 'Resy',
    description:
      'Resy pushes reservations with a partner key issued to it; covers per business day and hour feed forecasting.',
    authKind: 'partner_key',
    capabilities: ['reservations'],
    syncModes: ['webhook'],
    perAccount: false,
    credentialFields: [],
  },
  {
    slug: 'sevenrooms',
    category: 'reservation',
    name: 'SevenRooms',
    description:
      'SevenRooms pushes reservations with a partner key issued to it; covers per business day and hour feed forecasting.',
    authKind: 'partner_key',
    capabilities: ['reservations'],
    syncModes: ['webhook'],
    perAccount: false,
    credentialFields: [],
  },
];

const BY_SLUG = new Map(CATALOGUE.map((e) => [e.slug, e]));

export const catalogueEntry = (slug: string): CatalogueEntry | undefined => BY_SLUG.get(slug);

export const entriesOf = (category?: Category): CatalogueEntry[] =>
  CATALOGUE.filter((e) => !category || e.category === category);

/** The zod schema of an entry's credential fields: exactly those fields, each validated as the catalogue says. */
export function credentialsSchema(entry: CatalogueEntry) {
  return z.strictObject(
    Object.fromEntries(
      entry.credentialFields.map((f) => [
        f.name,
        z.string().min(f.minLength).max(f.maxLength).regex(new RegExp(f.pattern), `must match ${f.pattern}`),
      ]),
    ),
  );
}

/** The vendor account a set of credentials names (the value of the entry's account field). */
export const accountFieldOf = (entry: CatalogueEntry): CredentialField | undefined =>
  entry.credentialFields.find((f) => f.account);
