import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction } from 'express';

/** Upper bounds (seconds) of the request duration buckets: 5 ms … 10 s, then +Inf. */
export const REQUEST_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (404s, requests refused before routing). */
export const UNMATCHED_ROUTE = '<unmatched>';
/** The route label of the built UI and its history fallback (static middleware, no route). */
export const SPA_ROUTE = '/horizon/*';

const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** One label set: bucket counts (not cumulative), sum and count. */
class Series {
  readonly buckets = new Float64Array(REQUEST_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  constructor(readonly labels: Readonly<{ method: string; route: string; status_class: string }>) {}

  observe(seconds: number): void {
    let i = 0;
    while (i < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[i]) i++;
    this.buckets[i] += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/** Series of one route template, by method, then by status class (index = status / 100). */
type RouteSeries = Record<string, Array<Series | undefined>>;

/** Where a route object keeps its series: lookups allocate nothing after the first request. */
const SERIES = Symbol('horizon.requestSeries');

interface RouteLike {
  path?: unknown;
  [SERIES]?: RouteSeries;
}

type TimedRequest = IncomingMessage & { route?: RouteLike; originalUrl?: string };
type TimedResponse = ServerResponse & { [START]?: bigint };
const START = Symbol('horizon.requestStart');

/** A value in the Prometheus shape prom-client's registry renders. */
interface MetricValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * `horizon_http_request_duration_seconds{method, route, status_class}`: the request duration
 * histogram, labelled with the route TEMPLATE Express matched (`/api/news/:id`, never the raw URL, so
 * the number of series is bounded by the routes of the app). It is a custom prom-client metric
 * (name, help, type and `get()` are all the registry reads) rather than prom-client's Histogram,
 * whose `observe` builds a label object and a hash string on every call: here the series of a
 * route are cached on Express's route object, and an observation is a bucket scan and three
 * additions, so the per-request cost stays far below a microsecond (docs/operations.md "Cost").
 */
export class RequestDurationHistogram {
  readonly name = 'horizon_http_request_duration_seconds';
  readonly help = 'Duration of HTTP requests by method, route template and status class';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all: Series[] = [];
  /** Series of requests without a route (unmatched, static UI), by label then method. */
  private readonly routeless = new Map<string, RouteLike>();

  /** Records one request that ended with `status` after `seconds`. */
  observe(route: RouteLike | undefined, routeless: string, method: string, status: number, seconds: number): void {
    this.series(route ?? this.routelessRoute(routeless), route ? undefined : routeless, method, status).observe(seconds);
  }

  private routelessRoute(label: string): RouteLike {
    let route = this.routeless.get(label);
    if (!route) this.routeless.set(label, (route = { path: label }));
    return route;
  }

  private series(route: RouteLike, label: string | undefined, method: string, status: number): Series {
    const byMethod = (route[SERIES] ??= {});
    const byClass = (byMethod[method] ??= []);
    const index = status >= 100 && status < 600 ? (status / 100) | 0 : 5;
    let series = byClass[index];
    if (!series) {
      series = new Series({ method, route: label ?? String(route.path), status_class: STATUS_CLASSES[index] });
      byClass[index] = series;
      this.all.push(series);
    }
    return series;
  }

  /** prom-client's metric interface: the values the registry renders (cumulative buckets, +Inf, sum, count). */
  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    const values: MetricValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const s of this.all) {
      let cumulative = 0;
      for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
        cumulative += s.buckets[i];
        values.push({ metricName: bucket, labels: { ...s.labels, le: REQUEST_BUCKETS[i] }, value: cumulative });
      }
      values.push({ metricName: bucket, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    for (const s of this.all) {
      s.buckets.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }
}

/**
 * The Express middleware that times every request: one `process.hrtime.bigint()` when it arrives and
 * one observation when the response is finished (a shared `finish` listener, no closure per request).
 * A request the client abandoned before the response finished is not counted.
 */
export function requestTimer(histogram: RequestDurationHistogram) {
  function onFinish(this: TimedResponse): void {
    const start = this[START];
    if (start === undefined) return;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const req = this.req as TimedRequest;
    const routeless = req.route ? UNMATCHED_ROUTE : (req.originalUrl ?? req.url ?? '').startsWith('/horizon') ? SPA_ROUTE : UNMATCHED_ROUTE;
    histogram.observe(req.route, routeless, req.method ?? 'GET', this.statusCode, seconds);
  }
  return function timeRequest(_req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    (res as TimedResponse)[START] = process.hrtime.bigint();
    res.on('finish', onFinish);
    next();
  };
}
