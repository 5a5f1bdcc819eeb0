import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The queries of the live channel; RealtimeGateway holds the rules. */
@Injectable()
export class RealtimeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The department's parent id (undefined: no such department, null: a root). */
  async parentOf(deptId: number): Promise<number | null | undefined> {
    const rows: Array<{ pid: number | null }> = await this.db.query('SELECT pid FROM sys_dept WHERE id = $1', [deptId]);
    return rows[0]?.pid;
  }

  /** Which of the sessions are live (not expired, their user enabled). */
  async liveSessions(sessionIds: string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT s.id FROM sys_session s JOIN sys_user u ON u.id = s.user_id
          WHERE s.id = ANY($1::uuid[]) AND s.expires_at > now() AND u.enabled`,
      [sessionIds],
    );
    return new Set(rows.map((r) => r.id));
  }
}
