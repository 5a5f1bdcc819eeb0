import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';
import { metricsAccess } from './metrics-access.js';

/**
 * The worker's metrics listener (`METRICS_PORT`; the worker has no HTTP app): `GET /metrics` (also
 * `/api/metrics`) with the same protection as the API's — `METRICS_TOKEN`, else loopback only — and
 * `GET /health` (liveness). Everything else is 404. Resolves once listening.
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string, token: string | undefined): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method Not Allowed');
    if (path === '/health') return send(200, 'application/json', '{"status":"UP"}');
    if (path !== '/metrics' && path !== '/api/metrics') return send(404, 'text/plain; charset=utf-8', 'Not Found');
    const access = metricsAccess({ authorization: req.headers.authorization, remoteAddress: req.socket.remoteAddress }, token);
    if (access !== 'allowed') return send(access === 'unauthorized' ? 401 : 403, 'text/plain; charset=utf-8', access === 'unauthorized' ? 'Unauthorized' : 'Forbidden');
    metrics.render().then(
      (text) => send(200, metrics.contentType, text),
      () => send(500, 'text/plain; charset=utf-8', 'Internal Server Error'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
