import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { gracefulShutdown } from './common/ops/graceful-shutdown.js';
import { Metrics } from './common/ops/metrics.js';
import { serveMetrics } from './common/ops/metrics-server.js';
import { loadConfig } from './config/config.js';

/**
 * The background worker of the scale-out deployment (docker-compose `worker`): the same modules
 * without the HTTP server; it consumes the BullMQ queues (machine translation, source collection)
 * that API replicas started with `QUEUE_CONSUME=false` only fill, schedules the collection sources
 * (`COLLECT_ENABLED`) and sends its live notices through Redis. Needs DATABASE_URL and REDIS_URL.
 */
async function bootstrap(): Promise<void> {
  const logger = new Logger('HorizonWorker');
  const config = { ...loadConfig(), queueConsume: true };
  const { databaseUrl, redisUrl } = config;
  if (!databaseUrl || !redisUrl) {
    logger.error('The worker needs DATABASE_URL and REDIS_URL (without them the API process runs the jobs itself).');
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, databaseUrl }));
  const metricsServer = config.metricsPort ? await serveMetrics(app.get(Metrics), config.metricsPort, process.env.HOST || '0.0.0.0', config.metricsToken) : undefined;
  if (metricsServer) logger.log(`Worker metrics: http://localhost:${config.metricsPort}/metrics`);
  // SIGTERM: the queue workers finish their current job (bounded by SHUTDOWN_TIMEOUT_MS), then Nest's hooks close the rest.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: shutting down`);
    metricsServer?.close();
    const clean = await gracefulShutdown(app, undefined, { timeoutMs: config.shutdownTimeoutMs, delayMs: 0, logger });
    process.exit(clean ? 0 : 1);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  const collection = config.collect.enabled ? `every ${config.collect.tickSeconds} s, ${config.collect.concurrency} at once` : 'off (COLLECT_ENABLED=false)';
  logger.log(`Horizon worker is running (machine translation: ${config.mt.engine}; source collection: ${collection})`);
}

void bootstrap();
