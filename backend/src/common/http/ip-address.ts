import { BlockList, isIP } from 'node:net';
import IP2Region from 'ip2region';

/** What eladmin shows for an address inside the organisation (private, loopback, link-local). */
export const PRIVATE_ADDRESS = '内网IP';

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link local
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) → `1.2.3.4`; anything else trimmed. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

/** Private, loopback, link-local or carrier-NAT address (IPv4 or IPv6). */
export function isPrivateIp(ip: string): boolean {
  const address = normalizeIp(ip);
  const version = isIP(address);
  if (!version) return false;
  return privateRanges.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

let regions: IP2Region | undefined;

/**
 * The offline region database (ip2region, shipped inside the npm package; about 9 MB read on the
 * first lookup, then in memory). IPv4 only: its IPv6 table is a third-party data set we do not load.
 */
function regionDb(): IP2Region {
  regions ??= new IP2Region({ disableIpv6: true });
  return regions;
}

/**
 * Where an address is, for the `address` of the online users and the operation log (eladmin's
 * ip2region lookup): `内网IP` for private/loopback/link-local addresses, else `国家 省份 城市 运营商`
 * from the offline database (`中国 广东省 深圳市 阿里云`, `美国 Level3`), else '' (unknown, IPv6,
 * not an address). Never throws.
 */
export function ipAddress(ip: string | null | undefined): string {
  if (!ip) return '';
  const address = normalizeIp(ip);
  if (!isIP(address)) return '';
  if (isPrivateIp(address)) return PRIVATE_ADDRESS;
  if (isIP(address) !== 4) return '';
  try {
    const found = regionDb().search(address);
    if (!found) return '';
    const parts = [found.country, found.province, found.city, found.isp].filter((p) => p && p !== '0' && p !== PRIVATE_ADDRESS);
    return [...new Set(parts)].join(' ');
  } catch {
    return '';
  }
}
