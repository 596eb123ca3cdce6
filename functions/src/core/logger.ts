import * as functionsLogger from 'firebase-functions/logger';
import { config } from './config';

/**
 * The one logger: firebase-functions' structured logger (Cloud Logging in production, the console
 * locally), with fields carried by child loggers (a request's id, method, path, company, user).
 *
 * Nothing secret is ever written: fields whose name says credential (authorization, cookie, token,
 * secret, password, api key) are dropped, and bearer tokens, JWTs and the configured secret values
 * are masked wherever they appear in a string (messages and error stacks included).
 */
export type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

const SECRET_FIELD = /authorization|cookie|token|secret|password|api.?key|credential/i;
const BEARER = /Bearer\s+[^\s"',;]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
/** Our own tokens and secrets: invitations (src/modules/auth), webhook signing secrets (src/modules/webhooks). */
const OWN_TOKEN = /\b(?:inv_[A-Za-z0-9_-]{16,}|whsec_[A-Za-z0-9+/]{16,}={0,2})/g;
const MASK = '[redacted]';

function redactString(value: string): string {
  let out = value.replace(BEARER, `Bearer ${MASK}`).replace(JWT, MASK).replace(OWN_TOKEN, MASK);
  for (const secret of config.secretValues()) out = out.split(secret).join(MASK);
  return out;
}

/** A copy of `value` safe to log (depth-limited; cycles cut). */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value instanceof Error) return redactString(value.stack ?? value.message);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > 6) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  const out: Fields = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_FIELD.test(key)) continue;
    out[key] = redact(v, depth + 1, seen);
  }
  return out;
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

function create(base: Fields): Logger {
  const write = (level: Level) => (message: string, fields?: Fields) => {
    if (LEVELS.indexOf(level) < LEVELS.indexOf(config.logLevel() as Level)) return;
    functionsLogger[level](redactString(message), redact({ ...base, ...fields }) as Fields);
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => create({ ...base, ...fields }),
  };
}

export const logger: Logger = create({});
