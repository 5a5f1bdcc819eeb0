import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { closeHttpServer, gracefulShutdown } from './graceful-shutdown';
import { ShutdownState } from './shutdown-state';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server whose /slow answers after `slowMs`, /stuck never, anything else at once. */
async function serve(slowMs = 300): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('slow done'), slowMs);
    else if (req.url === '/stuck') return;
    else res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('closeHttpServer', () => {
  it('lets the request in flight finish, refuses new connections and closes idle keep-alive ones', async () => {
    const { server, port } = await serve(300);
    const agent = new Agent({ keepAlive: true });
    await get(port, '/', agent); // an idle keep-alive connection now
    const slow = get(port, '/slow');
    await sleep(50);
    const started = Date.now();
    const closing = closeHttpServer(server, Date.now() + 5_000);
    await sleep(20);
    await expect(get(port, '/')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await slow).toEqual({ status: 200, body: 'slow done' });
    expect(await closing).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });

  it('destroys what is still open at the deadline and says how many', async () => {
    const { server, port } = await serve();
    const stuck = get(port, '/stuck').catch((e: NodeJS.ErrnoException) => e.code);
    await sleep(50);
    const started = Date.now();
    expect(await closeHttpServer(server, Date.now() + 300)).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBe('ECONNRESET');
  });
});

describe('gracefulShutdown', () => {
  const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const appWith = (state: ShutdownState, close: () => Promise<void>) => ({ get: () => state, close }) as unknown as INestApplicationContext;

  it('turns readiness off first, waits the delay with the listener open, then drains and closes the app', async () => {
    const { server, port } = await serve();
    const state = new ShutdownState();
    const order: string[] = [];
    state.onDrain('jobs', async () => {
      order.push(`drain (listening: ${server.listening})`);
      await sleep(50);
    });
    const app = appWith(state, async () => {
      order.push('app.close');
    });
    const done = gracefulShutdown(app, server, { timeoutMs: 2_000, delayMs: 200, logger });
    await sleep(50);
    expect(state.draining).toBe(true);
    expect(await get(port, '/')).toEqual({ status: 200, body: 'ok' }); // still served during the delay
    expect(await done).toBe(true);
    expect(order).toEqual(['drain (listening: false)', 'app.close']);
    expect(server.listening).toBe(false);
  });

  it('answers false when the app fails to close, true without a server (the worker)', async () => {
    const state = new ShutdownState();
    expect(await gracefulShutdown(appWith(state, () => Promise.reject(new Error('boom'))), undefined, { timeoutMs: 100, delayMs: 0, logger })).toBe(false);
    expect(await gracefulShutdown(appWith(new ShutdownState(), () => Promise.resolve()), undefined, { timeoutMs: 100, delayMs: 0, logger })).toBe(true);
  });
});
