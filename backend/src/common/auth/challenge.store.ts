import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Every query on `sys_captcha`: one-time answers under a key, shared by the replicas (the login
 * captcha of the auth module, the e-mail change code of the users module). The callers hold the
 * rules and messages; an answer is taken (deleted) before it is compared, so each is used once.
 */
@Injectable()
export class ChallengeStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Drops the expired answers (and, with `replacing`, every key starting with it: a user's earlier
   * codes), then stores the new one.
   */
  async put(key: string, answer: string, expiresAt: Date, replacing?: string): Promise<void> {
    if (replacing === undefined) await this.db.query('DELETE FROM sys_captcha WHERE expires_at < now()');
    else await this.db.query('DELETE FROM sys_captcha WHERE uuid LIKE $1 OR expires_at < now()', [`${replacing}%`]);
    await this.db.query('INSERT INTO sys_captcha (uuid, answer, expires_at) VALUES ($1, $2, $3)', [key, answer, expiresAt]);
  }

  /** Deletes the key's answer and answers what it held, expired or not (undefined: none). */
  async take(key: string): Promise<{ answer: string; expiresAt: Date } | undefined> {
    // A raw DELETE answers [rows, affectedCount] with the postgres driver.
    const [rows]: [Array<{ answer: string; expiresAt: Date }>, number] = await this.db.query('DELETE FROM sys_captcha WHERE uuid = $1 RETURNING answer, expires_at AS "expiresAt"', [key]);
    return rows[0];
  }
}
