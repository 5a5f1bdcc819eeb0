import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import type { RedisReply } from 'rate-limit-redis';
import { DataSource } from 'typeorm';
import type { ErrorBody } from '../../common/errors/error.filter.js';
import { PostgresRateLimitStore, ResilientRedisStore } from '../../common/http/rate-limit.store.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

export const TOO_MANY_REQUESTS_MESSAGE = '请求过于频繁，请稍后再试';
export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';
const WINDOW_MS = 60_000;
const REDIS_PREFIX = 'horizon:rate-limit:';

const pass: RequestHandler = (_req, _res, next) => next();

/**
 * The per-address throttle of the anonymous auth calls: `auth/login` and `auth/keyLogin` share
 * `LOGIN_RATE_LIMIT` requests per client address per minute, `auth/code` has `CAPTCHA_RATE_LIMIT`
 * (0 = off). The client address is `req.ip`, so only proxies named in `TRUST_PROXY` can set it.
 * Counters live where every replica sees them: Redis when `REDIS_URL` is set, else PostgreSQL
 * (`sys_rate_limit`). Over the limit: 429 `{status, message: 请求过于频繁，请稍后再试, code:
 * TOO_MANY_REQUESTS, timestamp}` with `Retry-After` (seconds). When the store cannot be reached the
 * request goes through (the per-username lockout still holds).
 */
@Injectable()
export class LoginThrottle implements OnApplicationShutdown {
  private readonly logger = new Logger('LoginThrottle');
  private redis?: Redis;
  readonly login: RequestHandler;
  readonly code: RequestHandler;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.login = this.limiter('login:', config.loginRateLimit, config.redisUrl);
    this.code = this.limiter('code:', config.captchaRateLimit, config.redisUrl);
  }

  private limiter(prefix: string, limit: number, redisUrl: string | undefined): RequestHandler {
    if (limit <= 0) return pass;
    return rateLimit({
      windowMs: WINDOW_MS,
      limit,
      store: this.store(prefix, redisUrl),
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      passOnStoreError: true,
      // An X-Forwarded-For from a proxy that is not trusted is ignored on purpose (TRUST_PROXY).
      validate: { xForwardedForHeader: false, forwardedHeader: false },
      handler: (_req: Request, res: Response, _next: NextFunction) => {
        const body: ErrorBody = { status: 429, message: TOO_MANY_REQUESTS_MESSAGE, code: TOO_MANY_REQUESTS, timestamp: Date.now() };
        res.status(429).json(body);
      },
    });
  }

  private store(prefix: string, redisUrl: string | undefined): Store {
    if (!redisUrl) return new PostgresRateLimitStore(this.db, prefix);
    const client = this.redisClient(redisUrl);
    return new ResilientRedisStore((command, ...args) => client.call(command, ...args) as Promise<RedisReply>, REDIS_PREFIX + prefix);
  }

  private redisClient(url: string): Redis {
    if (this.redis) return this.redis;
    const client = new Redis(url, { maxRetriesPerRequest: 2 });
    let failing = false;
    client.on('error', (error: Error) => {
      if (!failing) this.logger.error(`Redis for the login throttle: ${error.message} (requests pass unthrottled meanwhile)`);
      failing = true;
    });
    client.on('ready', () => {
      if (failing) this.logger.log('Redis for the login throttle is back');
      failing = false;
    });
    this.redis = client;
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    const client = this.redis;
    this.redis = undefined;
    await client?.quit().catch(() => client.disconnect());
  }
}
