import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md)
 * with the maintained `standardwebhooks` package: a secret is `whsec_` + base64 of 24 to 64 random
 * bytes; a delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`, space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>` entries, one
 * per secret in force (two during a rotation's grace period).
 */
export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(input: {
  id: string;
  at: Date;
  body: string;
  secrets: readonly string[];
}): SignedHeaders {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(Math.floor(input.at.getTime() / 1000)),
    'webhook-signature': input.secrets
      .map((secret) => new Webhook(secret).sign(input.id, input.at, input.body))
      .join(' '),
  };
}

/** The secrets a delivery at `now` is signed with: the current one, and the previous one until its grace period ends. */
export function secretsInForce(
  current: string,
  previous: { secret: string; expiresAt: number } | null,
  now: number,
): string[] {
  return previous && previous.expiresAt > now ? [current, previous.secret] : [current];
}
