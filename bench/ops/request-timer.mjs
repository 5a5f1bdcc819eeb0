#!/usr/bin/env node
// Cost per request of the metrics middleware (docs/operations.md "Cost"): the request timer of
// backend/src/common/ops/request-histogram.ts (timing + observation on 'finish'), against the same
// work with prom-client's Histogram, on fake request/response objects, so only the metrics code is
// measured. Needs the built backend (npm run build -w backend).   node bench/ops/request-timer.mjs
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = join(dirname(fileURLToPath(import.meta.url)), '../../backend');
const require = createRequire(join(backend, 'package.json'));
const { RequestDurationHistogram, requestTimer } = require(join(backend, 'dist/common/ops/request-histogram.js'));
const { Histogram, Registry } = require('prom-client');

const N = Number(process.env.N ?? 1_000_000);
const routes = Array.from({ length: 200 }, (_, i) => ({ path: `/api/resource${i}/:id` }));
const statuses = [200, 200, 200, 204, 401, 404];
const noop = () => undefined;

/** One fake exchange per iteration, reused: the cost of creating it is the same in every variant. */
const res = Object.assign(new EventEmitter(), { statusCode: 200, req: { method: 'GET', url: '/x', route: routes[0] } });

const variants = [];
/** Registers a variant; all are run in ROUNDS alternating rounds and the best round counts (a shared machine is noisy). */
function run(label, perRequest) {
  variants.push({ label, perRequest, best: Infinity });
  return variants[variants.length - 1];
}
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const baseline = run('baseline (listener add/emit/remove only)', (i) => {
  res.req.route = routes[i % routes.length];
  res.statusCode = statuses[i % statuses.length];
  res.on('finish', noop);
  res.emit('finish');
  res.removeAllListeners('finish');
});

const timer = requestTimer(new RequestDurationHistogram());
const ours = run('request timer (custom histogram)', (i) => {
  res.req.route = routes[i % routes.length];
  res.statusCode = statuses[i % statuses.length];
  timer(res.req, res, noop);
  res.emit('finish');
  res.removeAllListeners('finish');
});

const histogram = new Histogram({ name: 'h', help: 'h', labelNames: ['method', 'route', 'status_class'], registers: [new Registry()] });
const promClient = run('prom-client Histogram.observe(labels)', (i) => {
  res.req.route = routes[i % routes.length];
  res.statusCode = statuses[i % statuses.length];
  const start = process.hrtime.bigint();
  res.once('finish', function () {
    histogram.observe({ method: this.req.method, route: this.req.route.path, status_class: `${(this.statusCode / 100) | 0}xx` }, Number(process.hrtime.bigint() - start) / 1e9);
  });
  res.emit('finish');
  res.removeAllListeners('finish');
});

for (let round = 0; round < ROUNDS; round++) {
  for (const v of variants) {
    for (let i = 0; i < 50_000; i++) v.perRequest(i); // warm up
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) v.perRequest(i);
    v.best = Math.min(v.best, Number(process.hrtime.bigint() - t0) / N);
  }
}
for (const v of variants) console.log(`${v.label.padEnd(48)} ${v.best.toFixed(0).padStart(6)} ns/request`);
console.log(`\nmetrics cost per request: ${(ours.best - baseline.best).toFixed(0)} ns (prom-client's Histogram: ${(promClient.best - baseline.best).toFixed(0)} ns); node ${process.version}`);
