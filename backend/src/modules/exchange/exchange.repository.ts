import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ExchangeJob, ExchangeTrustedKey } from './exchange.entity.js';

/** Rows of an UPDATE/DELETE … RETURNING (TypeORM answers those as `[rows, affected]`). */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as T[];
}

/** A lease on a job: any replica continues a job whose lease ran out (docs/collect-design.md §8.1). */
export const LEASE_SECONDS = 60;

/** One uploaded chunk of an import package (`exchange/in/<id>/…` in the store). */
export interface UploadChunk {
  offset: number;
  size: number;
  key: string;
}

export interface ExportFilter {
  startTime: string;
  endTime: string;
  classify?: number[];
  webIds?: number[];
  blurry?: string;
  withFiles: boolean;
}

/** A news row as the export reads it. */
export interface ExportNewsRow {
  id: string;
  url: string;
  title: string;
  titleCn: string | null;
  content: string;
  contentHtml: string | null;
  contentCn: string | null;
  publishTime: Date;
  webId: number | null;
  webName: string | null;
  language: string | null;
  country: string | null;
  keywords: string[];
  classify: number[];
  files: Array<{ name?: string; size?: number; storageId?: number }>;
  guid: string | null;
  sources: number[];
}

/** Every query of the exchange module: its own tables, and reads of news, websites and files for exports. */
@Injectable()
export class ExchangeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---- jobs

  async createJob(values: Partial<ExchangeJob>): Promise<ExchangeJob> {
    const repo = this.db.getRepository(ExchangeJob);
    return repo.save(repo.create(values));
  }

  findJob(id: number): Promise<ExchangeJob | null> {
    return this.db.getRepository(ExchangeJob).findOneBy({ id });
  }

  pageJobs(kind: string | undefined, page: number, size: number): Promise<[ExchangeJob[], number]> {
    const qb = this.db.getRepository(ExchangeJob).createQueryBuilder('j');
    if (kind) qb.where('j.kind = :kind', { kind });
    return qb.orderBy('j.id', 'DESC').skip(page * size).take(size).getManyAndCount();
  }

  /**
   * Records an uploaded chunk when it starts where the upload stands (`received = offset`), and
   * queues the job once the whole package is in; undefined when the offset was stale.
   */
  async addChunk(id: number, chunk: UploadChunk): Promise<{ received: number; complete: boolean } | undefined> {
    const rows: Array<{ received: string; size: string; status: string }> = returned(await this.db.query(
      `UPDATE exchange_job SET received = received + $3,
              checkpoint = jsonb_set(coalesce(checkpoint, '{}'::jsonb), '{chunks}', coalesce(checkpoint->'chunks', '[]'::jsonb) || $4::jsonb),
              status = CASE WHEN received + $3 >= size THEN 'queued' ELSE status END,
              phase = CASE WHEN received + $3 >= size THEN 'queued' ELSE phase END,
              update_time = now()
        WHERE id = $1 AND status = 'uploading' AND received = $2 AND received + $3 <= size
        RETURNING received, size, status`,
      [id, chunk.offset, chunk.size, JSON.stringify([chunk])],
    ));
    if (!rows.length) return undefined;
    return { received: Number(rows[0].received), complete: rows[0].status === 'queued' };
  }

  /** Takes the oldest queued job, or a running one whose lease ran out (a replica died). */
  async claimJob(owner: string): Promise<ExchangeJob | undefined> {
    const rows: Array<{ id: number }> = returned(await this.db.query(
      `UPDATE exchange_job SET status = 'running', lease_until = now() + make_interval(secs => $1), update_by = $2, update_time = now()
        WHERE id = (SELECT id FROM exchange_job
                     WHERE status = 'queued' OR (status = 'running' AND (lease_until IS NULL OR lease_until < now()))
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [LEASE_SECONDS, owner],
    ));
    if (!rows.length) return undefined;
    return (await this.findJob(rows[0].id)) ?? undefined;
  }

  /** Renews the lease and writes progress; false when the job is gone or no longer this runner's. */
  async progress(id: number, owner: string, set: Partial<Pick<ExchangeJob, 'phase' | 'total' | 'processed' | 'created' | 'updated' | 'skipped' | 'failed' | 'checkpoint' | 'report' | 'signer' | 'size' | 'sha256' | 'storageKey' | 'fileName'>>): Promise<boolean> {
    const cols = Object.entries(set).filter(([, v]) => v !== undefined);
    const assignments = cols.map(([k], i) => `${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} = $${i + 3}`);
    const values = cols.map(([k, v]) => (k === 'checkpoint' || k === 'report' ? JSON.stringify(v) : v));
    const rows: unknown[] = returned(await this.db.query(
      `UPDATE exchange_job SET ${[...assignments, 'lease_until = now() + make_interval(secs => ' + LEASE_SECONDS + ')', 'update_time = now()'].join(', ')}
        WHERE id = $1 AND status = 'running' AND update_by = $2 RETURNING id`,
      [id, owner, ...values],
    ));
    return rows.length > 0;
  }

  async finish(id: number, owner: string, status: 'done' | 'failed', error: string | null, report?: Record<string, unknown>): Promise<void> {
    await this.db.query(
      `UPDATE exchange_job SET status = $3, phase = $3, error = $4, report = coalesce($5::jsonb, report), lease_until = NULL, finished_at = now(), update_time = now()
        WHERE id = $1 AND status = 'running' AND update_by = $2`,
      [id, owner, status, error, report ? JSON.stringify(report) : null],
    );
  }

  /** Ends this runner's lease now (shutdown): the running job is claimable at once, from its checkpoint. */
  async release(id: number, owner: string): Promise<void> {
    await this.db.query(`UPDATE exchange_job SET lease_until = now() - interval '1 second', update_time = now() WHERE id = $1 AND status = 'running' AND update_by = $2`, [id, owner]);
  }

  /** Queues a failed or interrupted job again (its checkpoint kept); false when it is not in such a state. */
  async requeue(id: number): Promise<boolean> {
    const rows: unknown[] = returned(await this.db.query(
      `UPDATE exchange_job SET status = 'queued', phase = 'queued', error = NULL, finished_at = NULL, lease_until = NULL, update_time = now()
        WHERE id = $1 AND (status = 'failed' OR (status = 'running' AND (lease_until IS NULL OR lease_until < now()))) RETURNING id`,
      [id],
    ));
    return rows.length > 0;
  }

  async deleteJobs(ids: number[]): Promise<ExchangeJob[]> {
    const repo = this.db.getRepository(ExchangeJob);
    const jobs = await repo.createQueryBuilder('j').where('j.id = ANY(:ids)', { ids }).getMany();
    if (jobs.length) await this.db.query('DELETE FROM exchange_job WHERE id = ANY($1::int[])', [jobs.map((j) => j.id)]);
    return jobs;
  }

  // ---- trusted keys

  listKeys(): Promise<ExchangeTrustedKey[]> {
    return this.db.getRepository(ExchangeTrustedKey).find({ order: { id: 'ASC' } });
  }

  findKeyByFingerprint(fingerprint: string): Promise<ExchangeTrustedKey | null> {
    return this.db.getRepository(ExchangeTrustedKey).findOneBy({ fingerprint });
  }

  async addKey(values: Partial<ExchangeTrustedKey>): Promise<ExchangeTrustedKey> {
    const repo = this.db.getRepository(ExchangeTrustedKey);
    return repo.save(repo.create(values));
  }

  async deleteKeys(ids: number[]): Promise<number> {
    const rows: unknown[] = returned(await this.db.query('DELETE FROM exchange_trusted_key WHERE id = ANY($1::int[]) RETURNING id', [ids]));
    return rows.length;
  }

  // ---- reads for exports (other modules' tables: read only)

  /** The number of news items the filter selects. */
  async countNews(f: ExportFilter, classes: number[] | undefined): Promise<number> {
    const [where, params] = this.newsWhere(f, classes, 0);
    const rows: Array<{ n: string }> = await this.db.query(`SELECT count(*) AS n FROM news n WHERE ${where}`, params);
    return Number(rows[0].n);
  }

  /** The next `limit` items after id `after` (id order), with their own guid and their other sources. */
  async newsAfter(f: ExportFilter, classes: number[] | undefined, after: string, limit: number): Promise<ExportNewsRow[]> {
    const [where, params] = this.newsWhere(f, classes, 2);
    return this.db.query(
      `SELECT n.id::text AS id, n.url, n.title, n.title_cn AS "titleCn", n.content, n.content_html AS "contentHtml", n.content_cn AS "contentCn",
              n.publish_time AS "publishTime", n.web_id AS "webId", n.web_name AS "webName", n.language, n.country, n.keywords, n.classify, n.files,
              (SELECT s.guid FROM news_source s WHERE s.news_id = n.id AND s.web_id = n.web_id) AS guid,
              coalesce((SELECT array_agg(s.web_id ORDER BY s.web_id) FROM news_source s WHERE s.news_id = n.id AND s.web_id IS DISTINCT FROM n.web_id), '{}') AS sources
         FROM news n WHERE n.id > $1::bigint AND ${where} ORDER BY n.id LIMIT $2`,
      [after, limit, ...params],
    );
  }

  private newsWhere(f: ExportFilter, classes: number[] | undefined, offset: number): [string, unknown[]] {
    const params: unknown[] = [f.startTime, f.endTime];
    const where = [`n.publish_time >= $${offset + 1}::timestamptz`, `n.publish_time <= $${offset + 2}::timestamptz`];
    if (classes) where.push(`n.classify && $${offset + params.push(classes)}::int[]`);
    if (f.webIds?.length) where.push(`n.web_id = ANY($${offset + params.push(f.webIds)}::int[])`);
    if (f.blurry) where.push(`n.title ILIKE $${offset + params.push(`%${f.blurry.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    return [where.join(' AND '), params];
  }

  websites(ids: number[]): Promise<Array<{ id: number; name: string; url: string; language: string | null; country: string | null }>> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.query('SELECT id, name, url, language, country FROM news_website WHERE id = ANY($1::int[]) ORDER BY id', [ids]);
  }

  storedFiles(ids: number[]): Promise<Array<{ id: number; sha256: string | null; storageKey: string; size: string; realName: string }>> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.query('SELECT id, sha256, storage_key AS "storageKey", size, real_name AS "realName" FROM sys_file WHERE id = ANY($1::int[])', [ids]);
  }
}
