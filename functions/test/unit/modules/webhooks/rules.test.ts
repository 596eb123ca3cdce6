import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { redact } from '../../../../src/core/logger';
import { forbiddenAddressReason, isAllowedTarget } from '../../../../src/modules/webhooks/addresses';
import {
  LONGEST_WAIT_SECONDS,
  MAX_ATTEMPTS,
  disablesEndpoint,
  nextStep,
  retryDelaySeconds,
} from '../../../../src/modules/webhooks/schedule';
import { newSecret, secretsInForce, signedHeaders } from '../../../../src/modules/webhooks/signing';

/** The pure rules of outgoing webhooks: which addresses are refused, the retry schedule, signing. */

const octet = fc.integer({ min: 0, max: 255 });
const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'unspecified or loopback'],
    ['::', 'unspecified or loopback'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    'lets the public address %s through',
    (address) => expect(forbiddenAddressReason(address)).toBeNull(),
  );

  it('refuses every address of the private, loopback, link-local and CGNAT ranges', () => {
    const ranges = [
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(
        fc.integer({ min: 64, max: 127 }).map(() => 100),
        fc.integer({ min: 64, max: 127 }),
        octet,
        octet,
      ),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
    ];
    fc.assert(fc.property(fc.oneof(...ranges), ([a, b, c, d]) => forbiddenAddressReason(v4(a, b, c, d)) !== null));
  });

  it('refuses every IPv4-mapped IPv6 address, public or not, and every unique-local and link-local IPv6 address', () => {
    fc.assert(
      fc.property(
        octet,
        octet,
        octet,
        octet,
        (a, b, c, d) => forbiddenAddressReason(`::ffff:${v4(a, b, c, d)}`) !== null,
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0xfc00, max: 0xfdff }), hex16, hex16, (head, x, y) => {
        return forbiddenAddressReason(`${head.toString(16)}:${x}::${y}`) === 'unique local';
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0xfe80, max: 0xfebf }), hex16, (head, x) => {
        return forbiddenAddressReason(`${head.toString(16)}::${x}`) === 'link-local';
      }),
    );
  });

  it('answers "not an IP address" for a name, never null', () => {
    expect(forbiddenAddressReason('example.com')).toBe('not an IP address');
  });
});

describe('isAllowedTarget (the explicit local allowance)', () => {
  it('allows exactly the listed host:port, with the scheme’s default port', () => {
    expect(isAllowedTarget(new URL('http://127.0.0.1:7427/hooks'), ['127.0.0.1:7427'])).toBe(true);
    expect(isAllowedTarget(new URL('http://127.0.0.1:7428/hooks'), ['127.0.0.1:7427'])).toBe(false);
    expect(isAllowedTarget(new URL('https://[::1]/x'), ['::1:443'])).toBe(true);
    expect(isAllowedTarget(new URL('http://127.0.0.1/x'), [])).toBe(false);
  });
});

describe('the retry schedule', () => {
  const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, k) => retryDelaySeconds(k + 1)!);

  it('waits 30 s after the first failure, doubling, never more than 4 hours, over about a day', () => {
    expect(delays[0]).toBe(30);
    for (let k = 1; k < delays.length; k++) {
      expect(delays[k]).toBeGreaterThanOrEqual(delays[k - 1]);
      expect(delays[k]).toBe(Math.min(delays[k - 1] * 2, LONGEST_WAIT_SECONDS));
    }
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(23 * 3600);
    expect(total).toBeLessThanOrEqual(25 * 3600);
    expect(retryDelaySeconds(MAX_ATTEMPTS)).toBeNull();
  });

  it('retries every failed scheduled attempt before the last, stops a failed manual one, and is done on success', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ATTEMPTS + 5 }), fc.boolean(), fc.boolean(), (attempt, manual, ok) => {
        const step = nextStep({ attempt, manual, ok });
        if (ok) return step.kind === 'delivered';
        if (manual) return step.kind === 'stop';
        return attempt < MAX_ATTEMPTS ? step.kind === 'retry' && step.delaySeconds > 0 : step.kind === 'exhausted';
      }),
    );
  });

  it('disables a subscription only when nothing was delivered to it since the failing delivery began', () => {
    fc.assert(
      fc.property(fc.nat(), fc.option(fc.nat(), { nil: null }), (createdAt, lastSuccessAt) => {
        const disables = disablesEndpoint({ deliveryCreatedAt: createdAt, endpointLastSuccessAt: lastSuccessAt });
        return disables === (lastSuccessAt === null || lastSuccessAt < createdAt);
      }),
    );
  });
});

describe('signing', () => {
  it('signs so that the standardwebhooks package verifies with either secret during a rotation, and refuses a changed body', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const at = new Date();
    const secrets = secretsInForce(current, { secret: previous, expiresAt: at.getTime() + 1000 }, at.getTime());
    fc.assert(
      fc.property(fc.json(), fc.string({ minLength: 1 }), (body, extra) => {
        const headers = signedHeaders({ id: 'evt_1', at, body, secrets });
        expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
        for (const secret of [current, previous]) new Webhook(secret).verify(body, { ...headers });
        expect(() => new Webhook(current).verify(body + extra, { ...headers })).toThrow();
      }),
      { numRuns: 50 },
    );
  });

  it('drops the previous secret once its grace period is over', () => {
    expect(secretsInForce('a', { secret: 'b', expiresAt: 10 }, 10)).toEqual(['a']);
    expect(secretsInForce('a', { secret: 'b', expiresAt: 11 }, 10)).toEqual(['a', 'b']);
    expect(secretsInForce('a', null, 10)).toEqual(['a']);
  });

  it('a signing secret is masked wherever it appears in a logged string', () => {
    const secret = newSecret();
    expect(redact(`failed with ${secret} in it`)).toBe('failed with [redacted] in it');
  });
});
