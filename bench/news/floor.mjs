// The floor: a bare node:http server on raw `pg` that answers each scenario with EXACTLY the SQL the
// API runs for it: runList from backend/dist (the function NewsService.list calls) with the
// ListContext the service would build, on a raw pg pool instead of TypeORM.
// Runs in a worker thread of the bench process, so it has its own event loop (like the app's process)
// and does not share one with the load generator.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireBackend = createRequire(join(root, 'backend', 'package.json'));
const { runList } = requireBackend(join(root, 'backend/dist/modules/news/news.query.js'));

/** The same executor shape as the app's DataSource.query. */
const exec = async (sql, params) => (await pool.query(sql, params)).rows;

const { url, poolSize, scenarios } = workerData;
const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'horizon-bench-floor' });

/** As NewsService's toRow. */
const toRow = (r) => ({ ...r, id: Number(r.id), webId: r.webId == null ? null : Number(r.webId), count: Number(r.count), version: Number(r.version) });

const server = createServer(async (req, res) => {
  const s = scenarios[req.url.slice(1)];
  if (!s) {
    res.writeHead(404).end();
    return;
  }
  try {
    const r = await runList(exec, s.q, s.ctx);
    const body = JSON.stringify({ content: r.rows.map(toRow), totalElements: r.total, totalExact: r.exact });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (e) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', async (m) => {
  if (m === 'stop') {
    server.close();
    server.closeAllConnections?.();
    await pool.end();
    parentPort.postMessage({ stopped: true });
  }
});
