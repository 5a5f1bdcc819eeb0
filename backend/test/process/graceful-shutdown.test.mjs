// Process test (node:test, after the build; docs/operations.md "Graceful shutdown"): the real API
// replica (`node dist/main.js`) on a fresh PostgreSQL database (and Redis, BullMQ collection queue
// with its worker, when Redis answers) receives SIGTERM while it serves:
//  - a slow request is in flight: a login whose body the client sends in two halves, the second one
//    only after the listener has closed; it completes with 200 and a token;
//  - a steady load of requests runs when SIGTERM arrives and goes on, as a balancer's would, until
//    readiness says 503: every one of them answers 200 (those in flight at the signal too);
//  - during SHUTDOWN_DELAY_MS readiness answers 503 SHUTTING_DOWN while liveness still answers 200;
//  - a live-channel client is disconnected by the server (so it would reconnect elsewhere);
//  - after the close a new connection is refused, and the process exits 0 within the bound.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { io } from 'socket.io-client';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { ADMIN_PASSWORD, encryptPassword as encrypt, freshDatabase, REDIS_URL, redisUp, sleep, start } from './process-kit.mjs';

const DELAY_MS = 1_500;
const TIMEOUT_MS = 8_000;

const redisAvailable = await redisUp(REDIS_URL);
if (!redisAvailable && process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}`);

/**
 * One request on its own connection (no keep-alive: every request is a new connection, so "refused"
 * and "answered" are the only clean outcomes). `body` may be a function that writes the body itself.
 */
function send(port, method, path, { token, body, signal } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const headers = { connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const text = typeof body === 'object' ? JSON.stringify(body) : undefined;
    if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false, signal }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => {
        let json;
        try {
          json = JSON.parse(data);
        } catch {
          json = data;
        }
        resolve({ status: res.statusCode, json, started, ended: Date.now() });
      });
      res.on('error', (e) => resolve({ error: e.code ?? e.message, started, ended: Date.now() }));
    });
    req.on('error', (e) => resolve({ error: e.code ?? e.message, started, ended: Date.now() }));
    if (typeof body === 'function') body(req);
    else req.end(text);
  });
}

describe('graceful shutdown of an API replica', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (a PostgreSQL server for the fresh database)' }, () => {
  let database;
  let dataDir;
  let proc;
  let child;
  let port;
  const output = () => proc.log();

  before(async () => {
    database = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'horizon-shutdown-'));
    port = await freePort();
    const env = {
      NODE_ENV: 'test',
      CAPTCHA_ENABLED: 'false',
      ADMIN_PASSWORD,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      MT_ENGINE: 'none',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
      // With Redis: the collection scheduler runs with a BullMQ worker, whose drain must not hang the exit.
      ...(redisAvailable ? { REDIS_URL, COLLECT_ENABLED: 'true', COLLECT_TIME_SCALE: '0.01', COLLECT_TICK_SECONDS: '1' } : { REDIS_URL: '' }),
    };
    proc = start('main.js', env, 'api');
    child = proc.child;
    for (let i = 0; i < 480 && child.exitCode === null; i++) {
      if ((await send(port, 'GET', '/api/health/ready')).status === 200) return;
      await sleep(250);
    }
    throw new Error(`the app did not start:\n${output().slice(-3000)}`);
  });

  after(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, disconnects live clients and exits 0 in time', async () => {
    const { json: keyAnswer } = await send(port, 'GET', '/auth/publicKey');
    const login = (password) => ({ username: 'admin', password: encrypt(keyAnswer.publicKey, password), code: '', uuid: '' });
    const { status: loginStatus, json: session } = await send(port, 'POST', '/auth/login', { body: login(ADMIN_PASSWORD) });
    assert.equal(loginStatus, 200, JSON.stringify(session));
    const ready = await send(port, 'GET', '/api/health/ready');
    assert.equal(ready.status, 200);
    assert.equal(ready.json.checks.redis, redisAvailable ? 'UP' : 'NOT_CONFIGURED');

    // A live-channel client: the drain disconnects it from the server side.
    const socket = io(`http://127.0.0.1:${port}`, { path: '/webSocket', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: session.token } });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise((resolve) => socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })));

    // The slow request: headers and half of the body now, the rest after the listener has closed.
    const body = Buffer.from(JSON.stringify(login(ADMIN_PASSWORD)));
    let finishBody;
    const slow = send(port, 'POST', '/auth/login', {
      body: (req) => {
        req.setHeader('content-type', 'application/json');
        req.setHeader('content-length', body.length);
        req.write(body.subarray(0, body.length >> 1));
        finishBody = () => req.end(body.subarray(body.length >> 1));
      },
    });

    // Steady load from 6 clients, a new connection per request, sent as a balancer would: until its
    // readiness probe (every 100 ms) sees 503. Closing a listener under load resets connections the
    // kernel accepted but the process had not yet read; the balancer stops before the listener
    // closes (SHUTDOWN_DELAY_MS) so that none is in that window.
    const results = [];
    let loading = true;
    const prober = (async () => {
      while (loading) {
        const r = await send(port, 'GET', '/api/health/ready');
        if (r.status !== 200) loading = false;
        else await sleep(100);
      }
    })();
    const load = Array.from({ length: 6 }, async (_, i) => {
      while (loading) {
        const path = i % 2 ? '/api/news/list?page=0&size=20' : '/api/users?page=0&size=10';
        results.push(await send(port, 'GET', path, { token: session.token, signal: AbortSignal.timeout(20_000) }));
      }
    });
    await sleep(500);

    const signalled = Date.now();
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
    child.kill('SIGTERM');

    // During the delay: readiness 503 SHUTTING_DOWN, liveness 200, the listener still open.
    await prober;
    await Promise.all(load);
    assert.ok(Date.now() - signalled < DELAY_MS, 'the balancer saw readiness 503 well before the listener closed');
    const draining = await send(port, 'GET', '/api/health/ready');
    assert.equal(draining.status, 503, JSON.stringify(draining));
    assert.equal(draining.json.code, 'SHUTTING_DOWN');
    assert.equal(draining.json.message, '服务正在停止，请稍后重试');
    assert.equal((await send(port, 'GET', '/api/health')).status, 200, 'liveness answers while draining');

    // Wait until a new connection is refused: the listener is closed.
    let refusedAt;
    while (!refusedAt && Date.now() - signalled < DELAY_MS + 5_000) {
      const probe = await send(port, 'GET', '/api/health');
      if (probe.error === 'ECONNREFUSED') refusedAt = Date.now();
      else await sleep(50);
    }
    assert.ok(refusedAt, 'a new connection is refused after the delay');
    assert.ok(refusedAt - signalled >= DELAY_MS - 100, `the listener stayed open for SHUTDOWN_DELAY_MS (closed after ${refusedAt - signalled} ms)`);

    // The live client was disconnected by the server once the listener closed.
    const { reason, at } = await disconnected;
    assert.equal(reason, 'io server disconnect');
    assert.ok(at >= refusedAt - 500, 'disconnected when the listener closed, not before');

    // The slow request is still in flight: its body ends now, and it completes.
    assert.equal(child.exitCode, null, 'the process waits for the request in flight');
    await sleep(300);
    finishBody();
    const slowAnswer = await slow;
    assert.equal(slowAnswer.status, 200, JSON.stringify(slowAnswer));
    assert.equal(typeof slowAnswer.json.token, 'string', 'the login in flight got its session');
    assert.ok(slowAnswer.ended > refusedAt, 'it ended after the listener had closed');

    const { code, signal, at: exitAt } = await exited;
    assert.equal(signal, null);
    assert.equal(code, 0, `exit code 0\n${output().slice(-2000)}`);
    assert.ok(exitAt - signalled < DELAY_MS + TIMEOUT_MS, `exited within SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS (${exitAt - signalled} ms)`);
    assert.ok(exitAt - slowAnswer.ended < 6_000, `exited soon after the last request (${exitAt - slowAnswer.ended} ms)`);

    // The load: every request answered 200, those in flight when the signal came too.
    const outcomes = results.map((r) => r.status ?? r.error);
    assert.deepEqual([...new Set(outcomes)], [200], `every request of the load answered 200: ${JSON.stringify(outcomes)}`);
    assert.ok(results.some((r) => r.started <= signalled && r.ended >= signalled), 'requests were in flight when SIGTERM came');
    assert.ok(results.some((r) => r.started > signalled), 'new requests were still served after SIGTERM, until readiness said 503');
    assert.match(output(), /SIGTERM: shutting down/);
    socket.close();
  });
});
