import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { startEmbeddedPostgres } from './common/database/embedded.js';
import { gracefulShutdown } from './common/ops/graceful-shutdown.js';
import { loadConfig } from './config/config.js';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Horizon');
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: shutting down`);
    // Readiness 503, listener closed, requests in flight and queue jobs finished (SHUTDOWN_TIMEOUT_MS), then Nest's hooks.
    const clean = app ? await gracefulShutdown(app, app.getHttpServer() as import('node:http').Server, { timeoutMs: config.shutdownTimeoutMs, delayMs: config.shutdownDelayMs, logger }) : true;
    await embedded?.stop().catch((e: unknown) => logger.error(String(e)));
    process.exit(clean ? 0 : 1);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  let app: Awaited<ReturnType<typeof NestFactory.create>> | undefined;
  try {
    app = await NestFactory.create(AppModule.forRoot({ ...config, databaseUrl }), { bufferLogs: false });
    configureApp(app, config);
    // A 100 MB upload on a slow intranet link outlasts Node's default 300 s per request; the spec's
    // client waits 1,200,000 ms (production-admin §9), so the server does too.
    (app.getHttpServer() as import('node:http').Server).requestTimeout = 1_200_000;
    await app.listen(config.port, process.env.HOST || '0.0.0.0');
    logger.log(`Horizon is ready: http://localhost:${config.port}/horizon/ (API docs: /api/docs)`);
  } catch (error) {
    logger.error(error instanceof Error ? error.stack : String(error));
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void bootstrap();
