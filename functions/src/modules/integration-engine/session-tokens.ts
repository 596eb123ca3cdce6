import type { SessionToken, SessionTokenStore } from '../../pos/connectors';
import { sign } from '../../core/vault';
import { accountFieldOf, catalogueEntry } from '../integrations';
import * as repo from './repo';

const PURPOSE = 'vendor-session';

/**
 * Where the session token of a connection's client credentials is kept (Toast limits how often a
 * client may log in: its connector reuses the token until it expires). The token is the client's,
 * not the account's: it is keyed by a keyed hash of the credentials without the account field
 * (Toast's restaurant GUID), so connections sharing a partner's credentials share one token.
 */
export function sessionTokenStore(slug: string, credentials: Readonly<Record<string, string>>): SessionTokenStore {
  const key = sessionKey(slug, credentials);
  return {
    load: () => repo.readSessionToken<SessionToken>(key),
    save: (token) => repo.writeSessionToken(key, token),
    clear: () => repo.deleteSessionToken(key),
  };
}

export function sessionKey(slug: string, credentials: Readonly<Record<string, string>>): string {
  const entry = catalogueEntry(slug);
  const accountField = entry ? accountFieldOf(entry)?.name : undefined;
  const identity = Object.keys(credentials)
    .filter((name) => name !== accountField)
    .sort()
    .map((name) => [name, credentials[name]]);
  return `${slug}~${sign(JSON.stringify(identity), PURPOSE).split('.')[1]}`;
}
