import { assertPublicHost, guardedLookup, isBlockedAddress } from './address-guard.js';
import { FetchError } from './fetch-error.js';

describe('address guard (collect-design §3.1)', () => {
  it.each([
    '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.1.2.3',
    '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.168.1.1', '198.18.0.1', '198.19.255.255',
    '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'febf::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '0:0:0:0:0:ffff:c0a8:0101', '64:ff9b::8.8.8.8',
    'not-an-ip',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.2.1', '198.17.255.255', '198.20.0.0', '223.255.255.255', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('checks IP-literal hosts and localhost names', () => {
    expect(() => assertPublicHost('127.0.0.1')).toThrow(FetchError);
    expect(() => assertPublicHost('[::1]')).toThrow('目标地址属于内网，已拒绝');
    expect(() => assertPublicHost('localhost')).toThrow(FetchError);
    expect(() => assertPublicHost('api.localhost')).toThrow(FetchError);
    expect(() => assertPublicHost('8.8.8.8')).not.toThrow();
    expect(() => assertPublicHost('example.com')).not.toThrow();
  });

  const lookupWith = (addresses: string[], all = false) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      const lookup = guardedLookup((_host, cb) => cb(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))));
      lookup('feeds.example.com', all ? { all: true } : {}, (err, address) => resolve({ err, address }));
    });

  it('refuses a name when any answer is private (a fake resolver answering a private address)', async () => {
    const { err } = await lookupWith(['93.184.216.34', '10.0.0.5']);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).code).toBe('PRIVATE_ADDRESS');
    expect((await lookupWith(['::ffff:192.168.0.1'])).err).toBeInstanceOf(FetchError);
  });

  it('answers the checked address (single and all)', async () => {
    expect(await lookupWith(['93.184.216.34', '2606:2800:220:1::'])).toEqual({ err: null, address: '93.184.216.34' });
    const all = await lookupWith(['93.184.216.34'], true);
    expect(all.address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('passes DNS errors through', async () => {
    const lookup = guardedLookup((_host, cb) => cb(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }), []));
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('x.invalid', {}, (e) => resolve(e)));
    expect(err?.code).toBe('ENOTFOUND');
  });
});
