import type { Server } from 'node:http';
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { ShutdownState } from './shutdown-state.js';

/** How long Nest's own shutdown (`app.close()`: queues, TypeORM, Redis clients) may take after the drain. */
export const APP_CLOSE_MS = 5_000;
/** How often idle keep-alive connections are closed while the server drains (a connection whose last response just ended). */
const IDLE_SWEEP_MS = 100;

export interface ShutdownOptions {
  /** `SHUTDOWN_TIMEOUT_MS`: bound on the drain (requests in flight, running jobs). */
  timeoutMs: number;
  /** `SHUTDOWN_DELAY_MS`: how long the replica keeps serving while readiness already says 503. */
  delayMs: number;
  logger: Pick<LoggerService, 'log' | 'warn' | 'error'>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Resolves true when `work` settles before `deadline` (epoch ms), false otherwise (it keeps running). */
export async function settledBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops accepting connections, lets the requests in flight finish and closes keep-alive connections
 * as soon as they are idle; at `deadline` the connections still open are destroyed. Resolves with
 * how many had to be destroyed (0: a clean drain).
 */
export async function closeHttpServer(server: Server, deadline: number): Promise<number> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    if (await settledBy(closed, deadline)) return 0;
    const open = await new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    server.closeAllConnections();
    await settledBy(closed, Date.now() + 1_000);
    return Math.max(open, 1);
  } finally {
    clearInterval(sweep);
  }
}

/**
 * The graceful shutdown of a replica (`main.ts`, with its HTTP server) or of the worker (`worker.ts`,
 * without): readiness turns 503 at once; after `delayMs` the listener closes (new connections are
 * refused and go to another replica) while the requests in flight finish, the live channel's
 * clients are disconnected so they reconnect elsewhere, and the queue workers finish their current
 * job — all of it bounded by one deadline, `timeoutMs` after the listener closed. Then Nest's
 * shutdown hooks run (`app.close()`: queues, TypeORM, Redis), bounded by {@link APP_CLOSE_MS}.
 * Resolves false only when `app.close()` failed or did not finish in time.
 */
export async function gracefulShutdown(app: INestApplicationContext, server: Server | undefined, opts: ShutdownOptions): Promise<boolean> {
  const state = app.get(ShutdownState);
  state.begin();
  if (opts.delayMs > 0) {
    opts.logger.log(`draining: readiness answers 503, the listener closes in ${opts.delayMs} ms`);
    await sleep(opts.delayMs);
  }
  const deadline = Date.now() + opts.timeoutMs;
  // The listener closes first: clients the drain hooks disconnect (live channel) reconnect to another replica.
  const http = server ? closeHttpServer(server, deadline) : Promise.resolve(0);
  const [cut, late] = await Promise.all([http, state.drain(deadline)]);
  if (cut) opts.logger.warn(`${cut} connection(s) still open after ${opts.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): closed`);
  if (late.length) opts.logger.warn(`still running after ${opts.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): ${late.join(', ')}`);
  let failed = false;
  const closed = await settledBy(
    app.close().catch((e: unknown) => {
      failed = true;
      opts.logger.error(`shutdown hooks failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }),
    Date.now() + APP_CLOSE_MS,
  );
  if (!closed) opts.logger.error(`shutdown hooks did not finish in ${APP_CLOSE_MS} ms`);
  return closed && !failed;
}
