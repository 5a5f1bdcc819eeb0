import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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

/** Every query on `sys_session`; SessionService holds the expiry rules. */
@Injectable()
export class SessionRepository {
  /** The per-request session lookup runs on the pool directly (see poolExec). */
  private readonly exec: Exec;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.exec = poolExec(db);
  }

  async insert(userId: number, rememberMe: boolean, ip: string | null, browser: string | null, now: Date, expiresAt: Date): Promise<string> {
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO sys_session (id, user_id, remember_me, ip, browser, login_time, last_access_time, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
      [id, userId, rememberMe, ip, browser?.slice(0, 255) ?? null, now, expiresAt],
    );
    return id;
  }

  /** The live (unexpired) session. */
  async findLive(id: string): Promise<SessionInfo | undefined> {
    const rows = (await this.exec(
      `SELECT id, user_id AS "userId", remember_me AS "rememberMe", ip, browser, login_time AS "loginTime",
              last_access_time AS "lastAccessTime", expires_at AS "expiresAt"
         FROM sys_session WHERE id = $1 AND expires_at > now()`,
      [id],
    )) as unknown as SessionInfo[];
    return rows[0];
  }

  /** Slides the expiry of a live session; false when it is gone (revoked or expired). */
  async slide(id: string, lastAccessTime: Date, expiresAt: Date): Promise<boolean> {
    const rows = await this.exec(
      'WITH u AS (UPDATE sys_session SET last_access_time = $2, expires_at = $3 WHERE id = $1 AND expires_at > now() RETURNING 1) SELECT count(*)::int AS n FROM u',
      [id, lastAccessTime, expiresAt],
    );
    return (rows[0]?.n as number) > 0;
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.query('DELETE FROM sys_session WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** Deletes the users' sessions (but `keep`); answers the ids deleted. */
  async deleteOfUsers(userIds: number[], keep: string | null): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      'WITH d AS (DELETE FROM sys_session WHERE user_id = ANY($1::int[]) AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id) SELECT id FROM d',
      [userIds, keep],
    );
    return rows.map((r) => r.id);
  }

  async deleteExpired(): Promise<void> {
    await this.db.query('DELETE FROM sys_session WHERE expires_at <= now()');
  }
}
