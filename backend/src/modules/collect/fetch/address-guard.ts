import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { FetchError } from './fetch-error.js';

/**
 * The private-address guard of the collector (docs/collect-design.md §3.1): every address a host
 * name resolves to is checked, and the socket connects to the checked address (undici's
 * `connect.lookup`), so there is no window for DNS rebinding. IP literals never reach `lookup`:
 * `assertPublicHost` checks the URL host first.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6) is loopback, private, link-local, reserved or multicast. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const v4 = embeddedV4(bare);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), in either notation. */
function embeddedV4(v6: string): string | undefined {
  const lower = v6.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** Refuses a URL whose host is an IP literal in a blocked range (names are checked at lookup). */
export function assertPublicHost(hostname: string): void {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare) && isBlockedAddress(bare)) throw new FetchError('PRIVATE_ADDRESS', bare);
  if (bare === 'localhost' || bare.endsWith('.localhost')) throw new FetchError('PRIVATE_ADDRESS', bare);
}

/** `dns.lookup(host, {all: true})`'s shape, so tests can inject a resolver. */
export type Resolver = (host: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemResolver: Resolver = (host, callback) => dnsLookup(host, { all: true }, callback);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `net.connect` lookup function that refuses the host when **any** of its addresses is blocked
 * (a name answering one public and one private address is refused), and otherwise answers the
 * first checked address. Answers `{all: true}` callers too (node ≥ 20 happy-eyeballs asks for it).
 */
export function guardedLookup(resolver: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    resolver(hostname, (err, addresses) => {
      if (err) return callback(err, '');
      if (!addresses.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      const bad = addresses.find((a) => isBlockedAddress(a.address));
      if (bad) {
        return callback(new FetchError('PRIVATE_ADDRESS', `${hostname} → ${bad.address}`) as NodeJS.ErrnoException, '');
      }
      if (typeof options === 'object' && options?.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
