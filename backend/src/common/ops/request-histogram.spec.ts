import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Registry } from 'prom-client';
import { RequestDurationHistogram, requestTimer, SPA_ROUTE, UNMATCHED_ROUTE } from './request-histogram';

/** A response that finishes when told, with the request Express would have routed. */
function exchange(req: Partial<IncomingMessage> & { route?: { path: string }; originalUrl?: string }) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, req }) as unknown as ServerResponse & EventEmitter;
  return { req: req as IncomingMessage, res };
}

async function render(histogram: RequestDurationHistogram): Promise<string> {
  const registry = new Registry();
  registry.registerMetric(histogram as never);
  return registry.metrics();
}

describe('request duration histogram', () => {
  it('labels a request with the route template, the method and the status class', async () => {
    const histogram = new RequestDurationHistogram();
    const route = { path: '/api/news/:id' };
    histogram.observe(route, UNMATCHED_ROUTE, 'GET', 200, 0.003);
    histogram.observe(route, UNMATCHED_ROUTE, 'GET', 204, 0.02);
    histogram.observe(route, UNMATCHED_ROUTE, 'GET', 404, 0.2);
    histogram.observe(route, UNMATCHED_ROUTE, 'DELETE', 500, 30);
    const text = await render(histogram);
    expect(text).toContain('# TYPE horizon_http_request_duration_seconds histogram');
    expect(text).toContain('horizon_http_request_duration_seconds_count{method="GET",route="/api/news/:id",status_class="2xx"} 2');
    expect(text).toContain('horizon_http_request_duration_seconds_sum{method="GET",route="/api/news/:id",status_class="2xx"} 0.023');
    // buckets are cumulative: 3 ms is in every bucket from 5 ms, 20 ms from 25 ms
    expect(text).toContain('horizon_http_request_duration_seconds_bucket{method="GET",route="/api/news/:id",status_class="2xx",le="0.005"} 1');
    expect(text).toContain('horizon_http_request_duration_seconds_bucket{method="GET",route="/api/news/:id",status_class="2xx",le="0.025"} 2');
    expect(text).toContain('horizon_http_request_duration_seconds_bucket{method="GET",route="/api/news/:id",status_class="2xx",le="+Inf"} 2');
    expect(text).toContain('horizon_http_request_duration_seconds_count{method="GET",route="/api/news/:id",status_class="4xx"} 1');
    // beyond the last bucket: only +Inf counts it
    expect(text).toContain('horizon_http_request_duration_seconds_bucket{method="DELETE",route="/api/news/:id",status_class="5xx",le="10"} 0');
    expect(text).toContain('horizon_http_request_duration_seconds_bucket{method="DELETE",route="/api/news/:id",status_class="5xx",le="+Inf"} 1');
  });

  it('keeps one series per route object and status class, whatever the URL was', async () => {
    const histogram = new RequestDurationHistogram();
    const route = { path: '/api/news/:id' };
    for (let i = 0; i < 1000; i++) histogram.observe(route, UNMATCHED_ROUTE, 'GET', 200, 0.001);
    const text = await render(histogram);
    expect(text.match(/_count\{/g)).toHaveLength(1);
    expect(text).toContain('route="/api/news/:id",status_class="2xx"} 1000');
  });

  it('requests without a route share one label: the UI under /horizon, everything else <unmatched>', async () => {
    const histogram = new RequestDurationHistogram();
    const timer = requestTimer(histogram);
    const cases = [
      { req: { method: 'GET', url: '/index.html', originalUrl: '/horizon/index.html' }, status: 200 },
      { req: { method: 'GET', url: '/nope/1', originalUrl: '/nope/1' }, status: 404 },
      { req: { method: 'GET', url: '/nope/2', originalUrl: '/nope/2' }, status: 404 },
      { req: { method: 'POST', url: '/api/news/list', route: { path: '/api/news/list' } }, status: 401 },
    ];
    for (const c of cases) {
      const { req, res } = exchange(c.req);
      let nexted = false;
      timer(req, res, () => (nexted = true));
      expect(nexted).toBe(true);
      res.statusCode = c.status;
      res.emit('finish');
    }
    const text = await render(histogram);
    expect(text).toContain(`_count{method="GET",route="${SPA_ROUTE}",status_class="2xx"} 1`);
    expect(text).toContain(`_count{method="GET",route="${UNMATCHED_ROUTE}",status_class="4xx"} 2`);
    expect(text).toContain('_count{method="POST",route="/api/news/list",status_class="4xx"} 1');
    expect(text).not.toContain('/nope');
  });

  it('times from the middleware to the finish event', async () => {
    const histogram = new RequestDurationHistogram();
    const { req, res } = exchange({ method: 'GET', route: { path: '/api/slow' } });
    requestTimer(histogram)(req, res, () => undefined);
    await new Promise((r) => setTimeout(r, 30));
    res.emit('finish');
    const sum = Number(/_sum\{[^}]*\} ([\d.e-]+)/.exec(await render(histogram))?.[1]);
    expect(sum).toBeGreaterThanOrEqual(0.025);
    expect(sum).toBeLessThan(1);
  });

  it('reset zeroes every series', async () => {
    const histogram = new RequestDurationHistogram();
    histogram.observe({ path: '/a' }, UNMATCHED_ROUTE, 'GET', 200, 0.1);
    histogram.reset();
    expect(await render(histogram)).toContain('_count{method="GET",route="/a",status_class="2xx"} 0');
  });
});
