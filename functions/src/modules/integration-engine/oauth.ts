import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { runExclusive } from '../../core/exclusive';
import { logger } from '../../core/logger';
import { sign, verifySignature } from '../../core/vault';
import { requireCompanyCurrency } from './currency';
import { connectorFor, VendorError, type OAuthConnector } from '../../pos/connectors';
import {
  catalogueEntry,
  readConnection,
  scheduledBefore,
  writeConnection,
  type CatalogueEntry,
  type Connection,
} from '../integrations';
import { connectionIdOf, requireActive, saveConnection } from './connections';
import { oauthApp } from './oauth-app';
import { engineErrors } from './errors';
import { STATE_TTL_MS } from './schemas';
import * as repo from './repo';
import { DAY_MS, expireAt } from '../../core/ttl';
import { callVendor } from './vendor-errors';
import { lockKeys } from '../../core/locks';

/**
 * OAuth 2 (authorization code) with the POS vendors. The `state` we send is signed (HMAC under a
 * key derived from the vault key), names the company, integration and owner, expires in 10
 * minutes, and is single use: its record is consumed by the first callback that presents it.
 */
const STATE_PURPOSE = 'oauth-state';

export interface OAuthSecrets {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
}

function oauthOf(entry: CatalogueEntry): OAuthConnector {
  const oauth = connectorFor(entry.slug)?.oauth;
  if (!oauth) throw new Error(`the ${entry.slug} connector has no OAuth support`);
  return oauth;
}

const statePayload = z.strictObject({
  n: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  c: z.string().min(1),
  s: z.string().min(1),
  e: z.number(),
});

export async function startAuthorization({
  companyId,
  uid,
  entry,
}: {
  companyId: string;
  uid: string;
  entry: CatalogueEntry;
}) {
  const app = oauthApp(entry.slug);
  const nonce = randomBytes(18).toString('base64url');
  const expiresAt = Date.now() + STATE_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ n: nonce, c: companyId, s: entry.slug, e: expiresAt })).toString(
    'base64url',
  );
  const state = `${payload}.${sign(payload, STATE_PURPOSE)}`;
  const stored: repo.StoredOAuthState = {
    companyId,
    slug: entry.slug,
    uid,
    redirectUri: app.redirectUri,
    expiresAt,
    createdAt: Date.now(),
  };
  await repo.oauthStateRef(nonce).set({ ...stored, expireAt: expireAt(expiresAt + DAY_MS) });
  return { url: oauthOf(entry).authorizeUrl({ app, state }), expiresAt };
}

function verifiedState(state: string | undefined) {
  const invalid = () => engineErrors.OAUTH_STATE_INVALID('The OAuth state is missing or was not issued by us');
  if (!state) throw invalid();
  const dot = state.indexOf('.');
  if (dot <= 0) throw invalid();
  const payload = state.slice(0, dot);
  if (!verifySignature(payload, state.slice(dot + 1), STATE_PURPOSE)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const result = statePayload.safeParse(parsed);
  if (!result.success) throw invalid();
  return result.data;
}

/**
 * The vendor's redirect back to us, posted by the owner who started the connect: the state is
 * checked, bound to its starter (user and company) and consumed, the code exchanged, the tokens
 * stored in the vault. Anyone else consumes nothing.
 */
export async function completeAuthorization(
  query: Record<string, string | undefined>,
  by: { companyId: string; uid: string },
): Promise<Connection> {
  const state = verifiedState(query.state);
  if (Date.now() > state.e) {
    await repo.oauthStateRef(state.n).delete();
    throw engineErrors.OAUTH_STATE_EXPIRED('The OAuth state expired (10 minutes): start the connection again');
  }
  const stored = await runExclusive(lockKeys.oauthState(state.n), async (tx) => {
    const ref = repo.oauthStateRef(state.n);
    const snap = await tx.get(ref);
    if (!snap.exists)
      throw engineErrors.OAUTH_STATE_USED('This OAuth state was already used: start the connection again');
    const started = repo.oauthStateFromSnapshot(snap);
    if (started.uid !== by.uid || started.companyId !== by.companyId)
      throw engineErrors.OAUTH_NOT_STARTER('Only the owner who started this connection can finish it');
    return { result: started, write: (w) => w.delete(ref) };
  });
  if (stored.companyId !== state.c || stored.slug !== state.s)
    throw engineErrors.OAUTH_STATE_INVALID('The OAuth state does not match its record');
  if (query.error || !query.code) {
    const reason = (query.error ?? 'no code').slice(0, 100);
    throw engineErrors.OAUTH_DENIED(`The vendor redirected back without a code (${reason}): nothing was connected`);
  }
  const entry = catalogueEntry(stored.slug)!;
  const app = oauthApp(entry.slug, stored.redirectUri);
  const callbackQuery = Object.fromEntries(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const grant = await callVendor(() => oauthOf(entry).exchange({ app, code: query.code!, callbackQuery }));
  await requireCompanyCurrency(stored.companyId, entry.name, grant.account);
  const secrets: OAuthSecrets = {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
    expiresAt: grant.expiresAt,
  };
  return saveConnection({
    companyId: stored.companyId,
    connectionId: connectionIdOf(entry, grant.account.id),
    entry,
    uid: stored.uid,
    account: grant.account,
    secrets,
    accessTokenExpiresAt: grant.expiresAt ?? null,
  });
}

// --- access tokens, refreshed before expiry --------------------------------------------------

/** An access token is refreshed when it has less than this left (callers may ask for more). */
export const REFRESH_MARGIN_MS = 10 * 60_000;
/** How long one caller holds the right to refresh (others wait for its result instead of spending the refresh token too). */
const LEASE_MS = 60_000;
const WAIT_STEP_MS = 250;

type TokenDecision = { token: string } | { wait: true } | { refreshToken: string; lease: string };

/**
 * A valid access token of an OAuth connection, refreshed first when it expires within
 * `minValidityMs`. Refresh tokens may be single use (Clover rotates them), so exactly one caller
 * refreshes at a time: it takes a lease in the vault record, calls the vendor outside any
 * transaction, and stores the new pair; concurrent callers wait for it. A refresh the vendor
 * refuses moves the connection to `reauth_required` (the owner must connect again).
 */
export async function accessTokenFor(
  companyId: string,
  connectionId: string,
  minValidityMs = REFRESH_MARGIN_MS,
): Promise<string> {
  const deadline = Date.now() + LEASE_MS + 5_000;
  while (Date.now() < deadline) {
    const decision = await runExclusive<TokenDecision>(lockKeys.connection(companyId, connectionId), async (tx) => {
      const connection = requireActive(await readConnection(companyId, connectionId, tx), connectionId);
      const record = await repo.readVaultRecord<OAuthSecrets>(companyId, connection.id, tx);
      if (!record)
        throw engineErrors.CONNECTION_NOT_ACTIVE(`${connectionId} has no stored credentials: connect it again`);
      const { secrets, lease } = record;
      const now = Date.now();
      if (secrets.expiresAt === undefined || secrets.expiresAt - now > minValidityMs)
        return { result: { token: secrets.accessToken } };
      if (!secrets.refreshToken)
        throw engineErrors.CONNECTION_NEEDS_REAUTH(
          `The access token of ${connectionId} expires and the vendor gave no refresh token`,
        );
      if (lease && lease.until > now) return { result: { wait: true } };
      const nonce = randomBytes(12).toString('hex');
      return {
        result: { refreshToken: secrets.refreshToken, lease: nonce },
        write: (w) => repo.setRefreshLease(w, companyId, connectionId, { nonce, until: now + LEASE_MS }),
      };
    });
    if ('token' in decision) return decision.token;
    if ('wait' in decision) {
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
      continue;
    }
    return refreshWithLease(companyId, connectionId, decision.refreshToken, decision.lease);
  }
  throw engineErrors.VENDOR_UNAVAILABLE(
    `The access token of ${connectionId} is being refreshed by another request that has not finished; try again`,
  );
}

async function refreshWithLease(
  companyId: string,
  connectionId: string,
  refreshToken: string,
  lease: string,
): Promise<string> {
  const connection = await readConnection(companyId, connectionId);
  const entry = catalogueEntry(connection!.slug)!;
  try {
    const grant = await oauthOf(entry).refresh({ app: oauthApp(entry.slug), refreshToken });
    await runExclusive(lockKeys.connection(companyId, connectionId), async (tx) => {
      const current = await readConnection(companyId, connectionId, tx);
      const record = await repo.readVaultRecord<OAuthSecrets>(companyId, connectionId, tx);
      // disconnected (or reconnected) meanwhile: those credentials are not ours to overwrite
      if (!current || current.state === 'disconnected' || record?.lease?.nonce !== lease) return { result: undefined };
      const secrets: OAuthSecrets = {
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken ?? refreshToken,
        expiresAt: grant.expiresAt,
      };
      return {
        result: undefined,
        write: (w) => {
          repo.writeSecrets(w, companyId, connectionId, secrets);
          writeConnection(w, companyId, {
            ...current,
            accessTokenExpiresAt: grant.expiresAt ?? null,
            updatedAt: Date.now(),
          });
        },
      };
    });
    return grant.accessToken;
  } catch (err) {
    if (err instanceof VendorError && err.failure === 'rejected') {
      await markReauthRequired(companyId, connectionId, err.message);
      throw engineErrors.CONNECTION_NEEDS_REAUTH(
        `${err.message}: the vendor refused the refresh token; the owner must connect ${connectionId} again`,
      );
    }
    await runExclusive(lockKeys.connection(companyId, connectionId), async (tx) => {
      const record = await repo.readVaultRecord(companyId, connectionId, tx);
      return {
        result: undefined,
        write:
          record?.lease?.nonce === lease ? (w) => repo.setRefreshLease(w, companyId, connectionId, null) : undefined,
      };
    });
    return callVendor(() => Promise.reject(err));
  }
}

async function markReauthRequired(companyId: string, connectionId: string, message: string): Promise<void> {
  await runExclusive(lockKeys.connection(companyId, connectionId), async (tx) => {
    const connection = await readConnection(companyId, connectionId, tx);
    const record = await repo.readVaultRecord(companyId, connectionId, tx);
    if (!connection || connection.state === 'disconnected') return { result: undefined };
    const now = Date.now();
    const next: Connection = {
      ...connection,
      state: 'reauth_required',
      lastError: { code: 'CREDENTIALS_REJECTED', message, at: now },
      nextSyncAt: null,
      updatedAt: now,
    };
    return {
      result: undefined,
      write: (w) => {
        if (record) repo.setRefreshLease(w, companyId, connectionId, null);
        writeConnection(w, companyId, next);
      },
    };
  });
}

/**
 * How far ahead the scheduled refresh renews: its interval (30 minutes) plus the margin, so no
 * token it leaves gets within the margin before the next run, and a token with a lifetime of an
 * hour (Clover, Lightspeed) is renewed about every other run, not at every one.
 */
export const REFRESH_JOB_INTERVAL_MS = 30 * 60_000;
export const REFRESH_HORIZON_MS = REFRESH_JOB_INTERVAL_MS + REFRESH_MARGIN_MS;
const REFRESH_BATCH = 500;

/** Renews every access token that expires within the horizon. One failure never stops the others. */
export async function refreshExpiringTokens(now = Date.now()) {
  const due = await scheduledBefore('accessTokenExpiresAt', now + REFRESH_HORIZON_MS, REFRESH_BATCH);
  let refreshed = 0;
  let failed = 0;
  for (const { companyId, connectionId } of due) {
    try {
      await accessTokenFor(companyId, connectionId, REFRESH_HORIZON_MS);
      refreshed++;
    } catch (err) {
      failed++;
      logger.warn('token refresh failed', {
        companyId,
        connectionId,
        code: (err as { code?: string }).code,
        error: (err as Error).message,
      });
    }
  }
  if (due.length) logger.info('token refresh run', { due: due.length, refreshed, failed });
  return { due: due.length, refreshed, failed };
}
