import { DomainException } from '../../common/errors/domain.exception';
import { ErrorFilter } from '../../common/errors/error.filter';
import { Metrics } from '../../common/ops/metrics';
import { ShutdownState } from '../../common/ops/shutdown-state';
import type { StoragePort } from '../../common/storage/storage.port';
import { HEALTH_MESSAGES } from './health.messages';
import type { HealthRepository } from './health.repository';
import { HealthService, READY_TIMEOUT_MS } from './health.service';
import type { RedisProbe } from './redis-probe';

type Probe = () => Promise<void>;
const up: Probe = () => Promise.resolve();
const down: Probe = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
const never: Probe = () => new Promise(() => undefined);

/** A service over stubs: the repository, the Redis probe (configured or not) and the storage port. */
function service(parts: { database?: Probe; redis?: Probe | null; storage?: Probe } = {}, shutdown = new ShutdownState()) {
  const db = { ping: parts.database ?? up, pools: () => [] } as unknown as HealthRepository;
  const redis = { configured: parts.redis !== null, ping: parts.redis ?? up } as unknown as RedisProbe;
  const storage = { ping: parts.storage ?? up } as unknown as StoragePort;
  return new HealthService(db, redis, storage, shutdown, new Metrics());
}

/** The error body the global filter answers for what readiness throws. */
async function failure(s: HealthService) {
  const error = await s.readiness().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainException);
  return new ErrorFilter().toBody(error);
}

describe('HealthService', () => {
  it('liveness touches nothing', () => {
    const s = service({ database: () => Promise.reject(new Error('must not be called')) });
    expect(s.liveness()).toEqual({ status: 'UP' });
  });

  it('ready: every part UP; Redis NOT_CONFIGURED without REDIS_URL', async () => {
    expect(await service().readiness()).toEqual({ status: 'UP', checks: { database: 'UP', redis: 'UP', storage: 'UP' } });
    expect(await service({ redis: null }).readiness()).toEqual({ status: 'UP', checks: { database: 'UP', redis: 'NOT_CONFIGURED', storage: 'UP' } });
  });

  it('503 DATABASE_UNAVAILABLE with the checks when the database does not answer', async () => {
    expect(await failure(service({ database: down }))).toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: HEALTH_MESSAGES.database,
      checks: { database: 'DOWN', redis: 'UP', storage: 'UP' },
    });
  });

  it('503 REDIS_UNAVAILABLE / STORAGE_UNAVAILABLE name their part; the first failing part names the error', async () => {
    expect(await failure(service({ redis: down }))).toMatchObject({ status: 503, code: 'REDIS_UNAVAILABLE', message: HEALTH_MESSAGES.redis, checks: { database: 'UP', redis: 'DOWN', storage: 'UP' } });
    expect(await failure(service({ storage: down }))).toMatchObject({ status: 503, code: 'STORAGE_UNAVAILABLE', message: HEALTH_MESSAGES.storage, checks: { storage: 'DOWN' } });
    expect(await failure(service({ database: down, storage: down }))).toMatchObject({ code: 'DATABASE_UNAVAILABLE', checks: { database: 'DOWN', redis: 'UP', storage: 'DOWN' } });
  });

  it('a part slower than the timeout is DOWN, and the check does not wait longer', async () => {
    jest.useFakeTimers();
    try {
      const pending = failure(service({ database: never }));
      await jest.advanceTimersByTimeAsync(READY_TIMEOUT_MS + 1);
      expect(await pending).toMatchObject({ code: 'DATABASE_UNAVAILABLE', checks: { database: 'DOWN' } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('503 SHUTTING_DOWN while the replica drains, without asking anything', async () => {
    const shutdown = new ShutdownState();
    shutdown.begin();
    const body = await failure(service({ database: () => Promise.reject(new Error('must not be called')) }, shutdown));
    expect(body).toMatchObject({ status: 503, code: 'SHUTTING_DOWN', message: HEALTH_MESSAGES.shuttingDown });
  });

  it('the error body keeps status, message, code and timestamp whatever the details say', () => {
    const body = new ErrorFilter().toBody(new DomainException(503, '数据库暂时不可用，请稍后重试', 'DATABASE_UNAVAILABLE', { status: 200, code: 'X', checks: {} }));
    expect(body).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', checks: {} });
    expect(typeof body.timestamp).toBe('number');
  });
});
