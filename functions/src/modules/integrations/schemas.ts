import { z } from 'zod';
import { companyIdQuery, documentId } from '../../http/fields';
import { AUTH_KINDS, CAPABILITIES, CATEGORIES, SYNC_MODES } from './catalogue';

export const categorySchema = z.enum(CATEGORIES).describe('Integration category');

export const CONNECTION_STATES = [
  'not_connected',
  'connected',
  'syncing',
  'error',
  'reauth_required',
  'disconnected',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
/** States in which a connection is active: it holds credentials and (for polled sources) is synced every hour. */
export const ACTIVE_STATES: readonly ConnectionState[] = ['connected', 'syncing', 'error', 'reauth_required'];

export const credentialFieldSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: z.string(),
    secret: z.boolean().describe('Kept only in the encrypted vault; never returned'),
    account: z.boolean().optional().describe('This field names the vendor account the connection links to'),
    minLength: z.int(),
    maxLength: z.int(),
    pattern: z.string().describe('Regular expression the whole value must match'),
  })
  .meta({ id: 'CredentialField' });

export const catalogueEntrySchema = z
  .object({
    slug: z.string(),
    category: categorySchema,
    name: z.string(),
    description: z.string(),
    authKind: z.enum(AUTH_KINDS),
    capabilities: z.array(z.enum(CAPABILITIES)),
    syncModes: z.array(z.enum(SYNC_MODES)),
    perAccount: z
      .boolean()
      .describe('Several connections per company, one per vendor account (location); otherwise one per company'),
    credentialFields: z
      .array(credentialFieldSchema)
      .describe('What the connect body carries in `credentials` (api_key and client_credentials entries)'),
  })
  .meta({ id: 'IntegrationCatalogueEntry' });

export const vendorAccountSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    merchantId: z
      .string()
      .optional()
      .describe('The merchant owning the account when it is one of its locations (Square)'),
  })
  .meta({ id: 'VendorAccount' });

export const connectionErrorSchema = z
  .object({ code: z.string(), message: z.string(), at: z.number() })
  .meta({ id: 'ConnectionError' });

export const connectionSchema = z
  .object({
    id: z.string().describe('`{slug}` or, for per-account entries, `{slug}~{account id}`'),
    slug: z.string(),
    category: categorySchema,
    state: z.enum(CONNECTION_STATES),
    account: vendorAccountSchema
      .nullable()
      .describe('The vendor account (merchant, location, restaurant) the connection is linked to'),
    connectedAt: z.number().nullable(),
    connectedBy: z.string().nullable().describe('uid of the owner who connected it'),
    disconnectedAt: z.number().nullable(),
    disconnectedBy: z.string().nullable(),
    lastSyncAt: z.number().nullable(),
    lastSuccessAt: z.number().nullable(),
    lastError: connectionErrorSchema.nullable(),
    consecutiveFailures: z.int(),
    nextSyncAt: z.number().nullable().describe('When the hourly job syncs it next (polled sources while active)'),
    accessTokenExpiresAt: z
      .number()
      .nullable()
      .describe('OAuth sources: when the current access token expires (it is refreshed before)'),
    updatedAt: z.number().nullable(),
  })
  .meta({ id: 'IntegrationConnection' });
export type Connection = z.infer<typeof connectionSchema>;

export const catalogueWithStateSchema = catalogueEntrySchema
  .extend({
    state: z
      .enum(CONNECTION_STATES)
      .describe("The most relevant state of the company's connections of this entry (not_connected when it has none)"),
    active: z.boolean(),
    connections: z.array(connectionSchema),
  })
  .meta({ id: 'IntegrationCatalogueWithState' });

export const overviewSchema = z
  .object({
    companyId: z.string(),
    categories: z.array(
      z.object({
        category: categorySchema,
        activeCount: z.int(),
        integrations: z.array(catalogueWithStateSchema),
      }),
    ),
  })
  .meta({ id: 'IntegrationsOverview' });

export const availableQuery = z.object({ category: categorySchema.optional() });
export const categoryParam = z.object({ category: categorySchema });
export const statusQuery = companyIdQuery.extend({ category: categorySchema.optional() });
export const detailParams = z.object({ category: categorySchema, slug: documentId.describe('Catalogue slug') });
