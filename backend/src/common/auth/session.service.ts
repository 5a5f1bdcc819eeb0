import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { type Exec, poolExec } from '../database/pool-exec.js';

export interface SessionInfo {
  id: string;
  userId: number;
  rememberMe: boolean;
  ip: string | null;
  browser: string | null;
  loginTime: Date;
  lastAccessTime: Date;
  expiresAt: Date;
}

/** Refresh the sliding expiry at most this often per session, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Session store (database table; every replica sees the same sessions).
 * Expiry slides: 4 h after the last request, 1 day with rememberMe (configurable).
 */
@Injectable()
export class SessionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.exec = poolExec(db);
  }

  /** The per-request session lookup runs on the pool directly (see poolExec). */
  private readonly exec: Exec;

  private ttl(rememberMe: boolean): number {
    return rememberMe ? this.config.rememberTtlMs : this.config.sessionTtlMs;
  }

  async create(userId: number, rememberMe: boolean, ip: string | null, browser: string | null): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await this.db.query(
      `INSERT INTO sys_session (id, user_id, remember_me, ip, browser, login_time, last_access_time, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
      [id, userId, rememberMe, ip, browser?.slice(0, 255) ?? null, now, new Date(now.getTime() + this.ttl(rememberMe))],
    );
    return id;
  }

  /** The live session, with its expiry slid forward; undefined when unknown or expired. */
  async touch(id: string): Promise<SessionInfo | undefined> {
    const rows = (await this.exec(
      `SELECT id, user_id AS "userId", remember_me AS "rememberMe", ip, browser, login_time AS "loginTime",
              last_access_time AS "lastAccessTime", expires_at AS "expiresAt"
         FROM sys_session WHERE id = $1 AND expires_at > now()`,
      [id],
    )) as unknown as SessionInfo[];
    const session = rows[0];
    if (!session) return undefined;
    const now = Date.now();
    if (now - session.lastAccessTime.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(now + this.ttl(session.rememberMe));
      await this.db.query('UPDATE sys_session SET last_access_time = $2, expires_at = $3 WHERE id = $1 AND expires_at > now()', [id, new Date(now), expiresAt]);
      session.lastAccessTime = new Date(now);
      session.expiresAt = expiresAt;
    }
    return session;
  }

  async revoke(ids: string[]): Promise<void> {
    if (ids.length) await this.db.query('DELETE FROM sys_session WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** Ends a user's sessions, optionally keeping one (the caller's own). */
  async revokeUser(userIds: number[], keep?: string): Promise<void> {
    if (!userIds.length) return;
    await this.db.query('DELETE FROM sys_session WHERE user_id = ANY($1::int[]) AND ($2::uuid IS NULL OR id <> $2::uuid)', [userIds, keep ?? null]);
  }

  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM sys_session WHERE expires_at <= now()');
  }
}
