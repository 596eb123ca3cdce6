import * as dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { config } from '../../core/config';
import { forbiddenAddressReason, isAllowedTarget, literalAddress } from './addresses';

/**
 * The network side of a delivery, guarded against server-side request forgery: the host is
 * resolved, every address it resolves to is checked, and the connection goes to a checked address
 * (the check runs inside the socket's own lookup, so a DNS answer that changes between a check and
 * the connection, a rebind, cannot slip through). Redirects are not followed: a 3xx is a failed attempt.
 */
const TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 200;
/** Names that reach the host itself or the cloud metadata server whatever DNS says. */
const RESERVED_NAMES = /(^|\.)localhost$|^metadata(\.google\.internal)?$/i;

export interface SendResult {
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

class AddressRefused extends Error {}

/** Why the URL may not receive webhooks before any resolution (scheme, credentials, literal address, reserved name), or null. */
function staticRefusal(url: URL, allowed: boolean): string | null {
  if (url.username || url.password) return 'the URL carries credentials';
  if (allowed) return null;
  const literal = literalAddress(url.hostname);
  const reason = literal && forbiddenAddressReason(literal);
  if (reason) return `${literal} is not a public address (${reason})`;
  if (RESERVED_NAMES.test(url.hostname.replace(/\.$/, ''))) return `${url.hostname} is a reserved name`;
  return url.protocol === 'https:' ? null : 'the URL is not https';
}

function resolutionRefusal(hostname: string, addresses: LookupAddress[]): string | null {
  for (const { address } of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) return `${hostname} resolves to ${address}, not a public address (${reason})`;
  }
  return null;
}

/**
 * When a subscription is saved: the static rules, and the host resolved now (a host that does not
 * resolve yet is accepted: every delivery resolves and checks it again).
 */
export async function refusalOnSave(url: URL): Promise<string | null> {
  const allowed = isAllowedTarget(url, config.webhooks.allowedTargets());
  const refusal = staticRefusal(url, allowed);
  if (refusal || allowed || literalAddress(url.hostname)) return refusal;
  const addresses = await dns.promises.lookup(url.hostname, { all: true }).catch(() => []);
  return resolutionRefusal(url.hostname, addresses);
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** The socket's lookup: resolves, refuses the whole answer when any address is forbidden, and hands the checked addresses to the socket. */
function checkedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refusal = resolutionRefusal(hostname, addresses);
    if (refusal) return callback(new AddressRefused(refusal), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

function readExcerpt(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= EXCERPT_CHARS) res.destroy();
    });
    res.on('close', () => resolve(text.slice(0, EXCERPT_CHARS)));
    res.on('error', () => resolve(text.slice(0, EXCERPT_CHARS)));
  });
}

const errorText = (err: unknown): string =>
  err instanceof AddressRefused
    ? `address refused: ${err.message}`
    : String((err as { code?: string }).code ?? (err as Error).message ?? err).slice(0, 200);

/** POSTs the signed body to the URL once; never throws (a refusal, a timeout or a network error is the result's error). */
export async function postOnce(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = performance.now();
  const result = (partial: Partial<SendResult>): SendResult => ({
    responseStatus: null,
    error: null,
    responseExcerpt: null,
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  const target = new URL(url);
  const allowed = isAllowedTarget(target, config.webhooks.allowedTargets());
  const refusal = staticRefusal(target, allowed);
  if (refusal) return result({ error: `address refused: ${refusal}` });
  // the one of the two built-in clients the target's scheme needs (they share the request signature)
  const client: typeof import('node:http') =
    target.protocol === 'https:' ? require('node:https') : require('node:http');
  return new Promise((resolve) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: TIMEOUT_MS,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'workforce-webhooks/1',
        },
        ...(allowed ? {} : { lookup: checkedLookup }),
      },
      (res) => {
        void readExcerpt(res).then((excerpt) =>
          resolve(result({ responseStatus: res.statusCode ?? null, responseExcerpt: excerpt || null })),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => resolve(result({ error: errorText(err) })));
    req.end(body);
  });
}
