import { ipAddress, isPrivateIp, normalizeIp, PRIVATE_ADDRESS } from './ip-address.js';

describe('ipAddress', () => {
  it('answers 内网IP for private, loopback and link-local addresses, IPv4-mapped ones included', () => {
    for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.9', '172.31.255.1', '192.168.1.20', '169.254.3.4', '100.64.0.1', '::1', 'fd12:3456::1', 'fe80::1']) {
      expect(ipAddress(ip)).toBe(PRIVATE_ADDRESS);
      expect(isPrivateIp(ip)).toBe(true);
    }
  });

  it('finds the region of a public IPv4 address in the offline database (country, province, city, carrier)', () => {
    expect(ipAddress('120.24.78.68')).toBe('中国 广东省 深圳市 阿里云');
    expect(ipAddress('::ffff:202.96.128.86')).toBe('中国 广东省 广州市 电信');
    expect(ipAddress('8.8.8.8')).toMatch(/^美国/);
    expect(isPrivateIp('172.32.0.1')).toBe(false);
  });

  it('answers an empty string for nothing, garbage or a public IPv6 address', () => {
    for (const ip of [null, undefined, '', 'abc', '1.2.3', '2001:4860:4860::8888']) expect(ipAddress(ip)).toBe('');
  });

  it('normalizes IPv4-mapped IPv6 addresses only', () => {
    expect(normalizeIp(' ::ffff:10.0.0.1 ')).toBe('10.0.0.1');
    expect(normalizeIp('::1')).toBe('::1');
  });
});
