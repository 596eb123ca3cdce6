import type { Request } from 'express';
import fc from 'fast-check';
import { clientAddress } from '../../../src/http/client-address';

const request = (forwardedFor: string | undefined, socket = '127.0.0.1') =>
  ({
    get: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? forwardedFor : undefined),
    socket: { remoteAddress: socket },
  }) as unknown as Request;

const address = fc.ipV4();

describe('the client address', () => {
  it('is the entry the first trusted proxy appended, whatever the client sent before it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(address, fc.constantFrom('unknown', 'evil')), { maxLength: 4 }),
        address,
        fc.array(address, { maxLength: 3 }),
        (madeUp, client, proxies) => {
          // each trusted proxy appends the address it saw: the client's, then the previous proxy's
          const header = [...madeUp, client, ...proxies.slice(0, -1)].join(', ');
          expect(clientAddress(request(header), proxies.length)).toBe(proxies.length === 0 ? '127.0.0.1' : client);
        },
      ),
    );
  });

  it('is the socket address with no trusted proxy, or without the header', () => {
    expect(clientAddress(request('203.0.113.9'), 0)).toBe('127.0.0.1');
    expect(clientAddress(request(undefined, '198.51.100.4'), 1)).toBe('198.51.100.4');
  });

  it('behind Hosting (2 hops) is the client Hosting saw, not the Hosting edge every user shares', () => {
    expect(clientAddress(request('6.6.6.6, 198.51.100.7, 35.190.1.1'), 2)).toBe('198.51.100.7');
    expect(clientAddress(request('198.51.100.8, 35.190.1.1'), 2)).toBe('198.51.100.8');
  });
});
