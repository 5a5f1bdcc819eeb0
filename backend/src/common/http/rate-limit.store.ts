import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import type { DataSource } from 'typeorm';

const PURGE_EVERY_MS = 60_000;

/**
 * An `express-rate-limit` store on PostgreSQL (`sys_rate_limit`), so every replica behind a load
 * balancer counts the same hits without Redis. One upsert per request: a fixed window per key that
 * restarts when it has ended. Expired rows are purged at most once a minute (indexed on reset_at).
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastPurge = 0;

  constructor(
    private readonly db: DataSource,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const rows: Array<{ hits: number; reset_at: Date }> = await this.db.query(
      `INSERT INTO sys_rate_limit AS r (key, hits, reset_at) VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
         reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    await this.purgeExpired();
    return { totalHits: rows[0].hits, resetTime: rows[0].reset_at };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const rows: Array<{ hits: number; reset_at: Date }> = await this.db.query('SELECT hits, reset_at FROM sys_rate_limit WHERE key = $1 AND reset_at > now()', [this.prefix + key]);
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE sys_rate_limit SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > now()', [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM sys_rate_limit WHERE key = $1', [this.prefix + key]);
  }

  private async purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db.query('DELETE FROM sys_rate_limit WHERE reset_at <= now()');
  }
}

/** Sends one raw command through a Redis client (ioredis `call`). */
export type RedisCommand = (command: string, ...args: string[]) => Promise<RedisReply>;

/**
 * `rate-limit-redis` that recovers from a Redis outage: its Lua scripts are loaded once at start,
 * and a failed load would otherwise fail every later request even after Redis is back.
 */
export class ResilientRedisStore extends RedisStore {
  constructor(send: RedisCommand, prefix: string) {
    super({ prefix, sendCommand: (command: string, ...args: string[]) => send(command, ...args) });
  }

  override async increment(key: string): Promise<ClientRateLimitInfo> {
    try {
      return await super.increment(key);
    } catch (error) {
      this.incrementScriptSha = this.loadIncrementScript();
      this.incrementScriptSha.catch(() => undefined);
      throw error;
    }
  }
}
