import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics } from './metrics';
import { serveMetrics } from './metrics-server';

describe('serveMetrics (the worker metrics listener)', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  const url = (path: string) => `http://127.0.0.1:${(server!.address() as AddressInfo).port}${path}`;

  it('serves the registry to loopback without a token, liveness, and 404 elsewhere', async () => {
    const metrics = new Metrics();
    metrics.addQueue('horizon-mt', () => Promise.resolve({ waiting: 3, active: 1, delayed: 2, failed: 4 }));
    metrics.recordCollectRun('error', 1500);
    server = await serveMetrics(metrics, 0, '127.0.0.1', undefined);
    const res = await fetch(url('/metrics'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('horizon_queue_jobs{queue="horizon-mt",state="waiting"} 3');
    expect(text).toContain('horizon_queue_jobs{queue="horizon-mt",state="delayed"} 2');
    expect(text).toContain('horizon_queue_failed_jobs_total{queue="horizon-mt"} 4');
    expect(text).toContain('horizon_collect_runs_total{outcome="error"} 1');
    expect(text).toContain('horizon_collect_runs_total{outcome="ok"} 0');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect((await fetch(url('/health'))).status).toBe(200);
    expect((await fetch(url('/nope'))).status).toBe(404);
  });

  it('needs METRICS_TOKEN when set', async () => {
    server = await serveMetrics(new Metrics(), 0, '127.0.0.1', 'worker-metrics-token-123');
    expect((await fetch(url('/metrics'))).status).toBe(401);
    expect((await fetch(url('/metrics'), { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(url('/metrics'), { headers: { authorization: 'Bearer worker-metrics-token-123' } })).status).toBe(200);
  });

  it('a queue whose counts fail is left out of the scrape, not an error', async () => {
    const metrics = new Metrics();
    metrics.addQueue('horizon-collect', () => Promise.reject(new Error('redis down')));
    server = await serveMetrics(metrics, 0, '127.0.0.1', undefined);
    const res = await fetch(url('/metrics'));
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('queue="horizon-collect"');
  });
});
