import { oauthApp } from './oauth-app';
import { revokePartnerKeys } from '../reservations';
import { createHash } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { requireCompany } from '../../core/firestore';
import { runExclusive } from '../../core/exclusive';
import { logger } from '../../core/logger';
import { connectorFor, VendorError, type VendorAccount } from '../../pos/connectors';
import {
  catalogueEntry,
  integrationErrors,
  readConnection,
  writeConnection,
  type CatalogueEntry,
  type Connection,
} from '../integrations';
import { engineErrors } from './errors';
import * as repo from './repo';
import { lockKeys } from '../../core/locks';

const SAFE_ACCOUNT = /^[A-Za-z0-9._:-]{1,128}$/;

/** `{slug}` or `{slug}~{account}`: a vendor account id that could not be a document id part is hashed. */
export function connectionIdOf(entry: CatalogueEntry, accountId?: string): string {
  if (!entry.perAccount || !accountId) return entry.slug;
  const part = SAFE_ACCOUNT.test(accountId)
    ? accountId
    : createHash('sha256').update(accountId).digest('hex').slice(0, 32);
  return `${entry.slug}~${part}`;
}

type ExtraWrite = (tx: Transaction) => Promise<(w: Transaction) => void>;

/**
 * Writes a connected connection and its credentials together, serialized per connection: of two
 * concurrent connects, both commit whole, one after the other, and the last one's credentials
 * and state stand together. Sync bookkeeping of an earlier connection of the same id is kept.
 */
export async function saveConnection(p: {
  companyId: string;
  connectionId: string;
  entry: CatalogueEntry;
  uid: string;
  account: VendorAccount | null;
  secrets: object | null;
  accessTokenExpiresAt?: number | null;
  alsoWrite?: ExtraWrite;
}): Promise<Connection> {
  const saved = await runExclusive(lockKeys.connection(p.companyId, p.connectionId), async (tx) => {
    const previous = await readConnection(p.companyId, p.connectionId, tx);
    const extra = p.alsoWrite ? await p.alsoWrite(tx) : undefined;
    const now = Date.now();
    const connection: Connection = {
      id: p.connectionId,
      slug: p.entry.slug,
      category: p.entry.category,
      state: 'connected',
      account: p.account
        ? {
            id: p.account.id,
            ...(p.account.name ? { name: p.account.name } : {}),
            ...(p.account.merchantId ? { merchantId: p.account.merchantId } : {}),
          }
        : null,
      connectedAt: now,
      connectedBy: p.uid,
      disconnectedAt: null,
      disconnectedBy: null,
      lastSyncAt: previous?.lastSyncAt ?? null,
      lastSuccessAt: previous?.lastSuccessAt ?? null,
      lastError: null,
      consecutiveFailures: 0,
      nextSyncAt: p.entry.syncModes.includes('poll') ? now : null,
      accessTokenExpiresAt: p.accessTokenExpiresAt ?? null,
      updatedAt: now,
    };
    return {
      result: connection,
      write: (w) => {
        if (p.secrets) repo.writeSecrets(w, p.companyId, p.connectionId, p.secrets);
        else repo.deleteSecrets(w, p.companyId, p.connectionId);
        extra?.(w);
        writeConnection(w, p.companyId, connection);
      },
    };
  });
  logger.info('integration connected', {
    companyId: p.companyId,
    connectionId: p.connectionId,
    slug: p.entry.slug,
    uid: p.uid,
  });
  return saved;
}

/**
 * Disconnects: the credentials (vault record, partner keys) are deleted, not flagged; the state
 * becomes `disconnected`; queued runs are cancelled; synced data and run history stay. A second
 * call changes nothing. Where the vendor documents revocation (its connector's oauth.revoke:
 * Square), the grant is then ended at the vendor too, best effort: a vendor that fails to answer
 * does not keep the connection connected here (logged; the owner can revoke it in the vendor's
 * dashboard).
 */
export async function disconnect({
  companyId,
  connectionId,
  uid,
}: {
  companyId: string;
  connectionId: string;
  uid: string;
}): Promise<Connection> {
  await requireCompany(companyId);
  const result = await runExclusive(lockKeys.connection(companyId, connectionId), async (tx) => {
    const connection = await readConnection(companyId, connectionId, tx);
    if (!connection) throw integrationErrors.CONNECTION_NOT_FOUND(`The company has no connection ${connectionId}`);
    if (connection.state === 'disconnected') return { result: { disconnected: connection, grant: null } };
    const grant = connectorFor(connection.slug)?.oauth?.revoke
      ? await repo.readSecrets<{ accessToken?: string }>(companyId, connectionId, tx)
      : null;
    const revokeKeys =
      catalogueEntry(connection.slug)?.authKind === 'partner_key'
        ? await revokePartnerKeys(tx, companyId, connection.slug)
        : null;
    const openRun = await repo.openRunOf(companyId, connectionId, tx);
    const now = Date.now();
    const disconnected: Connection = {
      ...connection,
      state: 'disconnected',
      disconnectedAt: now,
      disconnectedBy: uid,
      nextSyncAt: null,
      accessTokenExpiresAt: null,
      updatedAt: now,
    };
    return {
      result: { disconnected, grant },
      write: (w) => {
        repo.deleteSecrets(w, companyId, connectionId);
        revokeKeys?.(w);
        if (openRun?.status === 'queued') {
          repo.writeRun(w, companyId, {
            ...openRun,
            status: 'cancelled',
            finishedAt: now,
            error: { code: 'DISCONNECTED', message: 'The integration was disconnected before the run started' },
          });
        }
        writeConnection(w, companyId, disconnected);
      },
    };
  });
  logger.info('integration disconnected', { companyId, connectionId, uid });
  if (result.grant?.accessToken) await revokeGrant(companyId, result.disconnected, result.grant.accessToken);
  return result.disconnected;
}

/** Best effort: the connection is disconnected here whatever the vendor answers (or our OAuth app's configuration). */
async function revokeGrant(companyId: string, connection: Connection, accessToken: string): Promise<void> {
  const log = logger.child({ companyId, connectionId: connection.id, slug: connection.slug });
  try {
    // loaded here only: a disconnect without a grant to revoke does not load the OAuth code
    await connectorFor(connection.slug)!.oauth!.revoke!({ app: oauthApp(connection.slug), accessToken });
    log.info('vendor grant revoked');
  } catch (err) {
    log.warn('vendor grant not revoked: the owner can revoke it in the vendor dashboard', {
      code: err instanceof VendorError ? err.failure : ((err as { code?: string }).code ?? 'unexpected'),
      reasonMessage: (err as Error).message,
    });
  }
}

export function requireActive(connection: Connection | null, connectionId: string): Connection {
  if (!connection) throw integrationErrors.CONNECTION_NOT_FOUND(`The company has no connection ${connectionId}`);
  if (connection.state === 'disconnected')
    throw engineErrors.CONNECTION_NOT_ACTIVE(`${connectionId} is disconnected: connect it again first`);
  if (connection.state === 'reauth_required')
    throw engineErrors.CONNECTION_NEEDS_REAUTH(
      `The vendor refused the stored credentials of ${connectionId}: the owner must connect it again`,
    );
  return connection;
}
