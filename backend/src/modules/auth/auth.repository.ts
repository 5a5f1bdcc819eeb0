import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { OnlineSessionDto } from './auth.dto.js';
import { AccessKey } from './auth.entities.js';

/**
 * Every query of the auth module: the live sessions of `auth/online` (read with their
 * users' names and departments), and the access keys (`sys_access_key`).
 * AuthService and AccessKeysService hold the rules and messages.
 */
@Injectable()
export class AuthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---------------------------------------------------------------- handoff codes

  /** Stores a handoff code's hash for `seconds`; expired codes of anyone are removed on the way. */
  async createHandoff(codeHash: string, userId: number, purpose: string, seconds: number): Promise<void> {
    await this.db.query(`DELETE FROM sys_auth_handoff WHERE expires_at < now() - interval '1 hour'`);
    await this.db.query(
      'INSERT INTO sys_auth_handoff (code_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))',
      [codeHash, userId, purpose, seconds],
    );
  }

  /** Uses a code once (one conditional UPDATE): its user when it exists, is unused, unexpired and of this purpose. */
  async useHandoff(codeHash: string, purpose: string): Promise<number | undefined> {
    const rows: Array<{ userId: number }> = await this.db.query(
      // in a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, affected]
      `WITH u AS (UPDATE sys_auth_handoff SET used_at = now()
                   WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
                   RETURNING user_id)
       SELECT user_id AS "userId" FROM u`,
      [codeHash, purpose],
    );
    return rows[0]?.userId;
  }

  // ---------------------------------------------------------------- live sessions

  /** Live sessions, newest login first (`like` matches the username or nick name), each with the total. */
  onlineRows(like: string | null, limit: number, offset: number): Promise<Array<Omit<OnlineSessionDto, 'current' | 'address'> & { total: number }>> {
    return this.db.query(
      `SELECT s.id AS key, u.id AS uid, u.username AS "userName", u.nick_name AS "nickName", d.name AS dept, s.browser, s.ip,
              s.login_time AS "loginTime", s.last_access_time AS "lastAccessTime", s.expires_at AS "expiresAt",
              count(*) OVER ()::int AS total
         FROM sys_session s JOIN sys_user u ON u.id = s.user_id LEFT JOIN sys_dept d ON d.id = u.dept_id
        WHERE s.expires_at > now() AND ($1::text IS NULL OR u.username ILIKE $1 OR u.nick_name ILIKE $1)
        ORDER BY s.login_time DESC LIMIT $2 OFFSET $3`,
      [like, limit, offset],
    );
  }

  async countOnline(like: string | null): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.query(
      `SELECT count(*)::int AS n FROM sys_session s JOIN sys_user u ON u.id = s.user_id
        WHERE s.expires_at > now() AND ($1::text IS NULL OR u.username ILIKE $1 OR u.nick_name ILIKE $1)`,
      [like],
    );
    return rows[0].n;
  }

  // ---------------------------------------------------------------- access keys

  private get keys() {
    return this.db.getRepository(AccessKey);
  }

  keysOf(userId: number): Promise<AccessKey[]> {
    return this.keys.find({ where: { userId }, order: { id: 'DESC' } });
  }

  countKeys(userId: number): Promise<number> {
    return this.keys.countBy({ userId });
  }

  insertKey(values: Partial<AccessKey>): Promise<AccessKey> {
    return this.keys.save(this.keys.create(values));
  }

  /** Deletes the user's keys among `ids`; how many went. */
  async deleteKeys(userId: number, ids: number[]): Promise<number | null | undefined> {
    const result = await this.keys.delete({ id: In(ids), userId });
    return result.affected;
  }

  /** The keys of accounts being deleted, in the deleting transaction (a `sys_user` removal step). */
  async deleteKeysOfUsers(em: EntityManager, userIds: number[]): Promise<void> {
    await em.delete(AccessKey, { userId: In(userIds) });
  }

  /** The user of a valid, unexpired key hash, recording its use (undefined: none). */
  async useKey(keyHash: string): Promise<number | undefined> {
    const [rows]: [Array<{ user_id: number }>, number] = await this.db.query(
      `UPDATE sys_access_key SET last_used_time = now()
        WHERE key_hash = $1 AND (expires_at IS NULL OR expires_at > now()) RETURNING user_id`,
      [keyHash],
    );
    return rows[0]?.user_id;
  }
}
