import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/**
 * Readiness's own small Redis connection (REDIS_URL), opened at the first check: the other clients
 * belong to their modules (live channel, login throttle, queues), and a PING through a dedicated one
 * says whether Redis answers this process, without touching their state.
 */
@Injectable()
export class RedisProbe implements OnApplicationShutdown {
  private readonly logger = new Logger('Readiness');
  private client?: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.config.redisUrl;
  }

  /** Resolves on PONG; a command issued while Redis is down fails after one retry (no growing offline queue). */
  async ping(): Promise<void> {
    const reply = await this.connection().ping();
    if (reply !== 'PONG') throw new Error(`unexpected PING reply ${reply}`);
  }

  private connection(): Redis {
    if (this.client) return this.client;
    const client = new Redis(this.config.redisUrl!, { maxRetriesPerRequest: 1, connectTimeout: 2_000, retryStrategy: (times) => Math.min(times * 500, 5_000) });
    let failing = false;
    client.on('error', (error: Error) => {
      if (!failing) this.logger.warn(`Redis for the readiness check: ${error.message}`);
      failing = true;
    });
    client.on('ready', () => (failing = false));
    this.client = client;
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.quit().catch(() => client.disconnect());
  }
}
