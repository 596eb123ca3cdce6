import { coreErrors } from '../../core/errors';
import { requireCompany } from '../../core/firestore';
import { connectorFor } from '../../pos/connectors';
import {
  accountFieldOf,
  catalogueEntry,
  credentialsSchema,
  integrationErrors,
  type CatalogueEntry,
  type Connection,
} from '../integrations';
import { newPartnerKey, replacePartnerKeys } from '../reservations';
import { connectionIdOf, saveConnection } from './connections';
import { requireCompanyCurrency } from './currency';
import { startAuthorization } from './oauth';
import { sessionTokenStore } from './session-tokens';
import { callVendor } from './vendor-errors';

/**
 * Connect, by the entry's auth kind: api_key / client_credentials verify the credentials with one
 * vendor call before anything is stored; oauth2 answers the vendor's consent page (the callback
 * finishes it, src/modules/integration-engine/oauth.ts); file connects as is; partner_key issues
 * the partner's key (a new one replaces the old).
 */
export interface Connected {
  connection: Connection | null;
  authorization: { url: string; expiresAt: number } | null;
  partnerKey: string | null;
}

export async function connect({
  companyId,
  uid,
  slug,
  credentials,
}: {
  companyId: string;
  uid: string;
  slug: string;
  credentials?: Record<string, string>;
}): Promise<Connected> {
  const entry = catalogueEntry(slug);
  if (!entry) throw integrationErrors.INTEGRATION_NOT_FOUND(`No integration "${slug}" in the catalogue`);
  const needsCredentials = entry.authKind === 'api_key' || entry.authKind === 'client_credentials';
  if (!needsCredentials && credentials !== undefined) {
    throw coreErrors.VALIDATION_FAILED(
      `Invalid request: body.credentials: ${entry.name} (${entry.authKind}) takes no credentials`,
      [{ path: 'body.credentials', message: `${entry.authKind} integrations take no credentials` }],
    );
  }
  const none = { connection: null, authorization: null, partnerKey: null };
  /** A connection with no vendor account and no secrets (a file import, a partner key): one per company and integration. */
  const accountless = { companyId, connectionId: entry.slug, entry, uid, account: null, secrets: null };
  switch (entry.authKind) {
    case 'api_key':
    case 'client_credentials': {
      const fields = parseCredentials(entry, credentials);
      await requireCompany(companyId);
      const account = await callVendor(() =>
        connectorFor(entry.slug)!.verify!(fields, sessionTokenStore(entry.slug, fields)),
      );
      await requireCompanyCurrency(companyId, entry.name, account);
      const connectionId = connectionIdOf(
        entry,
        accountFieldOf(entry) ? fields[accountFieldOf(entry)!.name] : account.id,
      );
      return {
        ...none,
        connection: await saveConnection({ companyId, connectionId, entry, uid, account, secrets: fields }),
      };
    }
    case 'oauth2':
      await requireCompany(companyId);
      return { ...none, authorization: await startAuthorization({ companyId, uid, entry }) };
    case 'file':
      await requireCompany(companyId);
      return { ...none, connection: await saveConnection(accountless) };
    case 'partner_key': {
      await requireCompany(companyId);
      const issued = newPartnerKey();
      const connection = await saveConnection({
        ...accountless,
        alsoWrite: (tx) =>
          replacePartnerKeys(tx, issued, { companyId, slug: entry.slug, createdBy: uid, now: Date.now() }),
      });
      return { ...none, connection, partnerKey: issued.key };
    }
  }
}

function parseCredentials(
  entry: CatalogueEntry,
  credentials: Record<string, string> | undefined,
): Record<string, string> {
  const parsed = credentialsSchema(entry).safeParse(credentials ?? {});
  if (parsed.success) return parsed.data as Record<string, string>;
  const details = parsed.error.issues.map((issue) => ({
    path: ['body', 'credentials', ...issue.path.map(String)].join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  throw coreErrors.VALIDATION_FAILED(
    `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}
