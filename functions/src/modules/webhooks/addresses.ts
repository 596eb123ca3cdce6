import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses a webhook may be delivered to (server-side request forgery): nothing of
 * ours or of the host's networks. The ranges are the IANA special-purpose registries
 * (https://www.iana.org/assignments/iana-ipv4-special-registry and iana-ipv6-special-registry, RFC 6890)
 * that are not globally reachable, plus multicast: a URL resolving to any of them is refused.
 */
const IPV4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RANGES: [string, number, string][] = [
  ['::', 127, 'unspecified or loopback'],
  // an IPv4 address written as IPv6 reaches the IPv4 network: refused whatever it embeds
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['64:ff9b::', 96, 'IPv4/IPv6 translation'],
  ['64:ff9b:1::', 48, 'IPv4/IPv6 translation'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
];

type Ranges = [reason: string, list: BlockList][];

/**
 * One BlockList per family: a list holding the IPv4-mapped IPv6 subnet would match every IPv4
 * address checked against it (node's BlockList compares across families).
 */
function rangesOf(entries: [string, number, string][], family: 'ipv4' | 'ipv6'): Ranges {
  const byReason = new Map<string, BlockList>();
  for (const [network, prefix, reason] of entries) {
    const list = byReason.get(reason) ?? new BlockList();
    list.addSubnet(network, prefix, family);
    byReason.set(reason, list);
  }
  return [...byReason];
}

let blocked: { ipv4: Ranges; ipv6: Ranges } | undefined;

/** Why `address` (an IP literal) may not receive a webhook, or null when it is a public address. */
export function forbiddenAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  blocked ??= { ipv4: rangesOf(IPV4_RANGES, 'ipv4'), ipv6: rangesOf(IPV6_RANGES, 'ipv6') };
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return blocked[type].find(([, list]) => list.check(address, type))?.[0] ?? null;
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null when it is a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
}

/**
 * The explicit local allowance (WEBHOOK_ALLOWED_TARGETS, off by default): `host:port` entries whose
 * URLs may use http and private addresses, for the local stack's receiver and the tests.
 */
export function isAllowedTarget(url: URL, allowed: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.includes(`${url.hostname.replace(/^\[(.*)\]$/, '$1')}:${port}`);
}
