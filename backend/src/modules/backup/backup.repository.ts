import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BackupRun } from './backup-run.entity.js';

/** Rows of an UPDATE/DELETE … RETURNING (TypeORM answers those as `[rows, affected]`). */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as T[];
}

/** Every query of the backup module: `backup_run`, and reads of the file records and the server. */
@Injectable()
export class BackupRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The URL the app's pool connects with (the embedded server's loopback URL when embedded). */
  databaseUrl(): string {
    return String((this.db.options as { url?: string }).url);
  }

  async serverVersion(): Promise<{ major: number; text: string }> {
    const rows: Array<{ num: string; text: string }> = await this.db.query("SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS text");
    return { major: Math.floor(Number(rows[0].num) / 10000), text: rows[0].text };
  }

  async lastMigration(): Promise<string | null> {
    const rows: Array<{ name: string }> = await this.db.query('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1').catch(() => []);
    return rows[0]?.name ?? null;
  }

  /** Storage keys of the stored files, in id order, after `after` (pages of `limit`). */
  filesAfter(after: number, limit: number): Promise<Array<{ id: number; storageKey: string }>> {
    return this.db.query('SELECT id, storage_key AS "storageKey" FROM sys_file WHERE id > $1 ORDER BY id LIMIT $2', [after, limit]);
  }

  /**
   * A manual run, or the scheduled slot's run when no replica has claimed it yet; one statement that
   * also refuses while any replica's run is alive (undefined then: busy, or the slot is taken).
   */
  async start(kind: 'manual' | 'scheduled', scheduledFor: Date | null, by: string | null): Promise<BackupRun | undefined> {
    const rows: Array<{ id: number }> = await this.db.query(
      `INSERT INTO backup_run (kind, scheduled_for, status, started_at, heartbeat_at, create_by)
       SELECT $1, $2, 'running', now(), now(), $3 WHERE NOT EXISTS (SELECT 1 FROM backup_run WHERE status = 'running')
       ON CONFLICT (scheduled_for) DO NOTHING RETURNING id`,
      [kind, scheduledFor, by],
    );
    return rows.length ? ((await this.find(rows[0].id)) ?? undefined) : undefined;
  }

  /** The process making the run is alive. */
  async beat(id: number): Promise<void> {
    await this.db.query(`UPDATE backup_run SET heartbeat_at = now() WHERE id = $1 AND status = 'running'`, [id]);
  }

  find(id: number): Promise<BackupRun | null> {
    return this.db.getRepository(BackupRun).findOneBy({ id });
  }

  page(page: number, size: number): Promise<[BackupRun[], number]> {
    return this.db.getRepository(BackupRun).createQueryBuilder('r').orderBy('r.id', 'DESC').skip(page * size).take(size).getManyAndCount();
  }

  async last(): Promise<BackupRun | null> {
    return this.db.getRepository(BackupRun).createQueryBuilder('r').orderBy('r.id', 'DESC').getOne();
  }

  async finish(id: number, set: Partial<Pick<BackupRun, 'status' | 'storageKey' | 'size' | 'dbSize' | 'filesCount' | 'filesSize' | 'sha256' | 'error'>>): Promise<void> {
    await this.db.getRepository(BackupRun).update({ id }, { ...set, finishedAt: new Date() });
  }

  /** Successful runs beyond the newest `keep`: marked `expired`; answers their storage keys. */
  async expire(keep: number): Promise<string[]> {
    const rows: Array<{ storageKey: string | null }> = returned(await this.db.query(
      `UPDATE backup_run SET status = 'expired' WHERE id IN (SELECT id FROM backup_run WHERE status = 'done' ORDER BY id DESC OFFSET $1)
       RETURNING storage_key AS "storageKey"`,
      [keep],
    ));
    return rows.map((r) => r.storageKey).filter((k): k is string => !!k);
  }

  /** Deletes runs that are not running; answers them. */
  async delete(ids: number[]): Promise<Array<{ id: number; storageKey: string | null }>> {
    return returned(await this.db.query(`DELETE FROM backup_run WHERE id = ANY($1::int[]) AND status <> 'running' RETURNING id, storage_key AS "storageKey"`, [ids]));
  }

  /** Runs left `running` by a process that died (no heartbeat for `seconds`): failed, so the next may start. */
  async failStale(seconds: number): Promise<void> {
    await this.db.query(
      `UPDATE backup_run SET status = 'failed', error = '备份进程中断', finished_at = now()
        WHERE status = 'running' AND coalesce(heartbeat_at, started_at) < now() - make_interval(secs => $1)`,
      [seconds],
    );
  }
}
