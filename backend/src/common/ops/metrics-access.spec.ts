import { isLoopback, metricsAccess } from './metrics-access';

describe('metrics access', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['10.0.0.5', '::ffff:10.0.0.5', '172.18.0.3', 'fe80::1', '::', '', undefined, '127.0.0.1.evil', '1127.0.0.1'])('%s is not loopback', (address) => {
    expect(isLoopback(address)).toBe(false);
  });

  describe('without METRICS_TOKEN', () => {
    it('lets a caller on this machine in', () => {
      expect(metricsAccess({ remoteAddress: '127.0.0.1' }, undefined)).toBe('allowed');
      expect(metricsAccess({ remoteAddress: '::1', authorization: 'Bearer whatever' }, undefined)).toBe('allowed');
    });

    it('refuses any other address (403)', () => {
      expect(metricsAccess({ remoteAddress: '172.18.0.3' }, undefined)).toBe('forbidden');
      expect(metricsAccess({ remoteAddress: undefined }, undefined)).toBe('forbidden');
    });
  });

  describe('with METRICS_TOKEN', () => {
    const token = 'metrics-token-0123456789';

    it('needs the bearer token, from anywhere', () => {
      expect(metricsAccess({ remoteAddress: '172.18.0.3', authorization: `Bearer ${token}` }, token)).toBe('allowed');
      expect(metricsAccess({ remoteAddress: '172.18.0.3', authorization: `bearer  ${token}` }, token)).toBe('allowed');
    });

    it('refuses a missing, wrong, longer or shorter token (401), even from loopback', () => {
      for (const authorization of [undefined, '', 'Bearer', `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Basic ${token}`, `Bearer ${token} extra`, token]) {
        expect(metricsAccess({ remoteAddress: '127.0.0.1', authorization }, token)).toBe('unauthorized');
      }
    });
  });
});
