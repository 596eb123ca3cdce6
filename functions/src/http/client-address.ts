import type { Request } from 'express';
import { config } from '../core/config';

/**
 * The client's address, from the X-Forwarded-For entries the trusted proxies appended
 * (`config.trustedProxyHops()`, see there what Cloud Functions and Hosting append): each proxy
 * appends the address it saw, so the client is the entry `hops` from the end; earlier entries are
 * whatever the client sent and are never used. With 0 hops, or a request that did not pass them
 * (fewer entries), the nearest trusted one, else the socket's address.
 */
export function clientAddress(req: Request, hops = config.trustedProxyHops()): string {
  const entries = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (hops === 0 || entries.length === 0) return socket;
  return entries[Math.max(0, entries.length - hops)];
}
