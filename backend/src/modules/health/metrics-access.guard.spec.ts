import type { ExecutionContext } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception';
import type { AppConfig } from '../../config/config';
import { HEALTH_MESSAGES } from './health.messages';
import { MetricsAccessGuard } from './metrics-access.guard';

/** The guard's view of a request: headers and the socket's address (X-Forwarded-For is a header like any other). */
function context(remoteAddress: string, headers: Record<string, string> = {}): ExecutionContext {
  const req = { headers, socket: { remoteAddress } };
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

const guard = (metricsToken?: string) => new MetricsAccessGuard({ metricsToken } as AppConfig);

function refusal(run: () => unknown): DomainException {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainException) return e;
    throw e;
  }
  throw new Error('the guard let the request in');
}

describe('MetricsAccessGuard', () => {
  it('without METRICS_TOKEN: loopback in, anyone else 403 — a forged X-Forwarded-For does not help', () => {
    expect(guard().canActivate(context('127.0.0.1'))).toBe(true);
    expect(guard().canActivate(context('::ffff:127.0.0.1'))).toBe(true);
    const e = refusal(() => guard().canActivate(context('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })));
    expect([e.status, e.code, e.message]).toEqual([403, 'FORBIDDEN', HEALTH_MESSAGES.metricsLoopback]);
  });

  it('with METRICS_TOKEN: the right bearer token in from anywhere, a wrong or missing one 401 even from loopback', () => {
    const token = 'a-metrics-token-of-32-characters';
    expect(guard(token).canActivate(context('203.0.113.7', { authorization: `Bearer ${token}` }))).toBe(true);
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-000' }, { authorization: token }] as Array<Record<string, string>>) {
      const e = refusal(() => guard(token).canActivate(context('127.0.0.1', headers)));
      expect([e.status, e.code, e.message]).toEqual([401, 'UNAUTHORIZED', HEALTH_MESSAGES.metricsToken]);
    }
  });
});
