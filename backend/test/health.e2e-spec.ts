import { APP_CONFIG, type AppConfig } from '../src/config/config';
import { ShutdownState } from '../src/common/ops/shutdown-state';
import { HEALTH_MESSAGES } from '../src/modules/health/health.messages';
import { HealthRepository } from '../src/modules/health/health.repository';
import { expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/** The Prometheus text of `GET /api/metrics` (supertest calls from loopback). */
async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.http().get('/api/metrics').set(headers).buffer(true);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
}

/** The value of one sample line (`name{labels} value`), or undefined. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('api/health, api/health/ready, api/metrics', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('liveness: 200 {status: UP} without a token', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'UP' });
  });

  it('readiness: the database and the storage UP, Redis NOT_CONFIGURED without REDIS_URL', async () => {
    const res = await t.http().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'UP', checks: { database: 'UP', redis: 'NOT_CONFIGURED', storage: 'UP' } });
  });

  it('readiness: 503 DATABASE_UNAVAILABLE naming the database when it does not answer, liveness still 200', async () => {
    const ping = jest.spyOn(t.app.get(HealthRepository), 'ping').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    try {
      const res = await t.http().get('/api/health/ready');
      expectError(res, 503, HEALTH_MESSAGES.database, 'DATABASE_UNAVAILABLE');
      expect(res.body.checks).toEqual({ database: 'DOWN', redis: 'NOT_CONFIGURED', storage: 'UP' });
      expect(res.headers['retry-after']).toBe('5');
      expect((await t.http().get('/api/health')).status).toBe(200);
    } finally {
      ping.mockRestore();
    }
    expect((await t.http().get('/api/health/ready')).status).toBe(200);
  });

  it('metrics: the request histogram labels requests with the route template, never the raw URL', async () => {
    await t.http().get('/api/roles/1').set('Authorization', bearer(admin));
    await t.http().get('/api/roles/987654').set('Authorization', bearer(admin));
    await t.http().get('/api/news/list?page=0&size=5');
    await t.http().get('/api/no-such-route/12345');
    const text = await scrape(t);
    expect(text).toContain('# TYPE horizon_http_request_duration_seconds histogram');
    const count = (route: string, statusClass: string, method = 'GET') => sample(text, `horizon_http_request_duration_seconds_count{method="${method}",route="${route}",status_class="${statusClass}"}`) ?? 0;
    expect(count('/api/roles/:id', '2xx') + count('/api/roles/:id', '4xx')).toBe(2);
    expect(count('/api/news/list', '4xx')).toBeGreaterThanOrEqual(1); // 401 without a token: the route matched
    expect(count('<unmatched>', '4xx')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-route');
  });

  it('metrics: database pool, live connections, collection runs and default process metrics', async () => {
    const text = await scrape(t);
    expect(sample(text, 'horizon_db_pool_connections{pool="primary",state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'horizon_db_pool_connections{pool="primary",state="waiting"}')).toBe(0);
    expect(sample(text, 'horizon_live_connections')).toBe(0);
    expect(sample(text, 'horizon_collect_runs_total{outcome="ok"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE horizon_queue_jobs gauge');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('metrics: loopback gets them without a token, whatever X-Forwarded-For claims', async () => {
    await scrape(t, { 'X-Forwarded-For': '203.0.113.7' });
  });

  it('metrics with METRICS_TOKEN: 401 without or with a wrong token, 200 with the right one', async () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    config.metricsToken = 'e2e-metrics-token-0123456789';
    try {
      expectError(await t.http().get('/api/metrics'), 401, HEALTH_MESSAGES.metricsToken, 'UNAUTHORIZED');
      expectError(await t.http().get('/api/metrics').set('Authorization', 'Bearer e2e-metrics-token-012345678'), 401, HEALTH_MESSAGES.metricsToken);
      // a user's session token is not the metrics token
      expectError(await t.http().get('/api/metrics').set('Authorization', bearer(admin)), 401, HEALTH_MESSAGES.metricsToken);
      await scrape(t, { Authorization: 'Bearer e2e-metrics-token-0123456789' });
    } finally {
      config.metricsToken = undefined;
    }
  });

  it('readiness: 503 SHUTTING_DOWN once the replica drains; liveness still 200', async () => {
    t.app.get(ShutdownState).begin();
    expectError(await t.http().get('/api/health/ready'), 503, HEALTH_MESSAGES.shuttingDown, 'SHUTTING_DOWN');
    expect((await t.http().get('/api/health')).status).toBe(200);
  });
});
