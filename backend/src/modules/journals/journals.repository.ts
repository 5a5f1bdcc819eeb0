import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ProductJournal, ProductJournalFile, type JournalStatus } from './journal.entity.js';

type Raw = Record<string, unknown>;

/** Journals of one product in one status (stateCounts). */
export interface JournalStateCountRow {
  productId: number;
  productName: string;
  status: JournalStatus;
  count: number;
}

/** Columns of a Journal; `product` and `createBy` are joined (`create_by` holds the username). */
const SELECT = `SELECT j.id, j.product_id AS "productId", p.name AS "productName", j.year, j.journal_no AS "journalNo",
    j.total_no AS "totalNo", j.editor_ids AS "editorIds", j.memo, j.create_time AS "createTime",
    to_char(j.plan_publish_time, 'YYYY-MM-DD') AS "planPublishTime", j.publish_time AS "publishTime", j.status,
    u.id AS "creatorId", u.username AS "creatorName"
  FROM product_journal j
  LEFT JOIN product_setting p ON p.id = j.product_id
  LEFT JOIN sys_user u ON u.username = j.create_by`;

const COUNT = 'SELECT count(*)::int AS n FROM product_journal j LEFT JOIN product_setting p ON p.id = j.product_id';

/** A journal of a period (`inPeriod`). */
export interface PeriodJournal {
  id: number;
  year: number;
  journalNo: number;
  totalNo: number;
}

/**
 * Every query of the journals module (`product_journal`, `product_journal_file`); JournalsService
 * and JournalFilesService hold the rules. Methods run in `em`'s transaction when given. Reads `product_setting`
 * (products module) in joins for names and the product's unit.
 */
@Injectable()
export class JournalsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The distinct products of these journals. */
  async productIdsOf(journalIds: readonly number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    const rows: Array<{ productId: number }> = await em.query('SELECT DISTINCT product_id AS "productId" FROM product_journal WHERE id = ANY($1::int[])', [journalIds]);
    return rows.map((r) => r.productId);
  }

  /** The journal as a row of SELECT (empty when it does not exist). */
  findRow(id: number): Promise<Raw[]> {
    return this.db.query(`${SELECT} WHERE j.id = $1`, [id]);
  }

  /**
   * A page of journals matching `cond` (` WHERE ...` over `j` and `p`, `$1..$n` = `params`) in
   * `orderBy`, and the total.
   */
  async page(cond: string, params: unknown[], orderBy: string, size: number, offset: number): Promise<[Raw[], number]> {
    const n = params.length;
    const [rows, count] = await Promise.all([
      this.db.query(`${SELECT}${cond} ORDER BY ${orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, size, offset]) as Promise<Raw[]>,
      this.db.query(`${COUNT}${cond}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, count[0].n];
  }

  /** The product's journals not done, newest first, at most `max`. */
  openOf(productId: number, max: number): Promise<Raw[]> {
    return this.db.query(`${SELECT} WHERE j.product_id = $1 AND j.status <> 'done' ORDER BY j.create_time DESC, j.id DESC LIMIT ${max}`, [productId]);
  }

  /**
   * The product's journals whose issue day — the planned publication day, else the creation day —
   * lies in [from, to] (inclusive `yyyy-MM-dd`), in issue order, at most `max` (the votes module).
   */
  inPeriod(productId: number, from: string, to: string, max: number): Promise<PeriodJournal[]> {
    return this.db.query(
      `SELECT j.id, j.year, j.journal_no AS "journalNo", j.total_no AS "totalNo"
         FROM product_journal j
        WHERE j.product_id = $1 AND COALESCE(j.plan_publish_time, j.create_time::date) BETWEEN $2::date AND $3::date
        ORDER BY COALESCE(j.plan_publish_time, j.create_time::date), j.year, j.journal_no, j.id
        LIMIT $4`,
      [productId, from, to, max],
    );
  }

  /** The product's largest total number and its largest journal number of `year`. */
  async maxNumbers(productId: number, year: number): Promise<{ total: number | null; no: number | null }> {
    const [r]: Array<{ total: number | null; no: number | null }> = await this.db.query(
      `SELECT max(total_no) AS total, max(journal_no) FILTER (WHERE year = $2) AS no FROM product_journal WHERE product_id = $1`,
      [productId, year],
    );
    return r;
  }

  /** Whether the product exists. */
  async productExists(productId: number, em: DataSource | EntityManager = this.db): Promise<boolean> {
    const rows: Raw[] = await em.query('SELECT 1 FROM product_setting WHERE id = $1', [productId]);
    return rows.length > 0;
  }

  /** Locks the product (FOR NO KEY UPDATE) until the transaction ends; false when it does not exist. */
  async lockProduct(em: EntityManager, productId: number): Promise<boolean> {
    const locked: Raw[] = await em.query('SELECT 1 FROM product_setting WHERE id = $1 FOR NO KEY UPDATE', [productId]);
    return locked.length > 0;
  }

  /** The product's largest total number. */
  async maxTotalNo(em: EntityManager, productId: number): Promise<number | null> {
    const [r]: Array<{ total: number | null }> = await em.query('SELECT max(total_no) AS total FROM product_journal WHERE product_id = $1', [productId]);
    return r.total;
  }

  async insert(em: EntityManager, values: Partial<ProductJournal>): Promise<number> {
    const saved = await em.save(em.create(ProductJournal, values));
    return saved.id;
  }

  /** Product and total number of the journal, locked for update (undefined when it does not exist). */
  async lockForEdit(em: EntityManager, id: number): Promise<Raw | undefined> {
    const [current]: Raw[] = await em.query('SELECT product_id AS "productId", total_no AS "totalNo" FROM product_journal WHERE id = $1 FOR UPDATE', [id]);
    return current;
  }

  /** The journal's product, status and numbers, locked for update (undefined when it does not exist). */
  async lockJournal(em: EntityManager, id: number): Promise<{ id: number; productId: number; status: JournalStatus; year: number; journalNo: number } | undefined> {
    const [row]: Array<{ id: number; productId: number; status: JournalStatus; year: number; journalNo: number }> = await em.query(
      'SELECT id, product_id AS "productId", status, year, journal_no AS "journalNo" FROM product_journal WHERE id = $1 FOR UPDATE',
      [id],
    );
    return row;
  }

  /** Which of the journals exist. */
  async existingIds(ids: readonly number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM product_journal WHERE id = ANY($1::int[])', [ids]);
    return rows.map((r) => r.id);
  }

  /** Whether a manuscript is in the journal. */
  async hasManuscripts(em: EntityManager, journalId: number): Promise<boolean> {
    const used: Raw[] = await em.query('SELECT 1 FROM manuscript WHERE journal_id = $1 LIMIT 1', [journalId]);
    return used.length > 0;
  }

  async update(em: EntityManager, id: number, patch: Partial<ProductJournal>): Promise<void> {
    await em.update(ProductJournal, { id }, patch);
  }

  /** Id, status and product of the journals, locked for update, by id. */
  lockMany(em: EntityManager, ids: number[]): Promise<Array<{ id: number; status: JournalStatus; productId: number }>> {
    return em.query('SELECT id, status, product_id AS "productId" FROM product_journal WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  }

  /** Deletes the journals (versions go by cascade); the files their versions held. */
  async deleteMany(em: EntityManager, journalIds: number[]): Promise<number[]> {
    const versions: Array<{ fileId: number }> = await em.query('SELECT file_id AS "fileId" FROM product_journal_file WHERE journal_id = ANY($1::int[])', [journalIds]);
    await em.query('DELETE FROM product_journal WHERE id = ANY($1::int[])', [journalIds]);
    return versions.map((v) => v.fileId);
  }

  /**
   * One conditional UPDATE of the status (`sources` → `target`; to submit only with a version file);
   * whether it matched.
   */
  async transition(journalId: number, target: JournalStatus, username: string, sources: readonly JournalStatus[]): Promise<boolean> {
    const rows: Raw[] = await this.db.query(
      `WITH up AS (
           UPDATE product_journal j SET status = $2::varchar,
             publish_time = CASE WHEN $2::varchar = 'done' THEN now() ELSE j.publish_time END,
             update_by = $3, update_time = now()
           WHERE j.id = $1 AND j.status = ANY($4::varchar[])
             AND ($2::varchar <> 'submit' OR EXISTS (SELECT 1 FROM product_journal_file f WHERE f.journal_id = j.id))
           RETURNING j.id)
         SELECT id FROM up`,
      [journalId, target, username, sources],
    );
    return rows.length > 0;
  }

  /** Status of the journal and whether it has a version file (undefined when it does not exist). */
  async statusOf(journalId: number): Promise<{ status: JournalStatus; hasFile: boolean } | undefined> {
    const [current]: Array<{ status: JournalStatus; hasFile: boolean }> = await this.db.query(
      `SELECT j.status, EXISTS (SELECT 1 FROM product_journal_file f WHERE f.journal_id = j.id) AS "hasFile" FROM product_journal j WHERE j.id = $1`,
      [journalId],
    );
    return current;
  }

  // ---------------------------------------------------------------- versions

  /** The journal's versions, newest first, as rows joined to the journal (empty: no journal; one row with id null: no version). */
  versionsOf(journalId: number): Promise<Raw[]> {
    return this.db.query(
      `SELECT j.id AS "journalId", jf.id, jf.version, jf.title, jf.file_id AS "fileId", jf.create_time AS "createTime",
              u.id AS "creatorId", u.username AS "creatorName"
         FROM product_journal j
         LEFT JOIN product_journal_file jf ON jf.journal_id = j.id
         LEFT JOIN sys_user u ON u.username = jf.create_by
        WHERE j.id = $1
        ORDER BY jf.version DESC`,
      [journalId],
    );
  }

  /** The file of version `version` of the journal (undefined when there is no such version). */
  async versionFile(em: EntityManager, journalId: number, version: number): Promise<number | undefined> {
    const [row]: Array<{ fileId: number }> = await em.query('SELECT file_id AS "fileId" FROM product_journal_file WHERE journal_id = $1 AND version = $2', [journalId, version]);
    return row?.fileId;
  }

  /** Removes one version row of the journal. */
  async deleteVersion(em: EntityManager, journalId: number, version: number): Promise<void> {
    await em.query('DELETE FROM product_journal_file WHERE journal_id = $1 AND version = $2', [journalId, version]);
  }

  /** The journal's next version number. */
  async nextVersion(em: EntityManager, journalId: number): Promise<number> {
    const [{ next }]: Array<{ next: number }> = await em.query('SELECT COALESCE(max(version), 0) + 1 AS next FROM product_journal_file WHERE journal_id = $1', [journalId]);
    return next;
  }

  async insertVersion(em: EntityManager, values: Partial<ProductJournalFile>): Promise<number> {
    const saved = await em.save(em.create(ProductJournalFile, values));
    return saved.id;
  }

  versionRows(id: number): Promise<Raw[]> {
    return this.db.query(
      `SELECT jf.id, jf.version, jf.title, jf.file_id AS "fileId", jf.create_time AS "createTime", u.id AS "creatorId", u.username AS "creatorName"
         FROM product_journal_file jf LEFT JOIN sys_user u ON u.username = jf.create_by WHERE jf.id = $1`,
      [id],
    );
  }

  // ---------------------------------------------------------------- statistics (read-only)

  /**
   * Journals created in [from, to] per product and status, for the products of `depts` (the product's
   * unit; null = every department) and optionally one product (docs/statistics.md).
   */
  stateCounts(from: Date, to: Date, depts: number[] | null, productId: number | null): Promise<JournalStateCountRow[]> {
    return this.db.query(
      `SELECT j.product_id AS "productId", p.name AS "productName", j.status, count(*)::int AS count
       FROM product_journal j JOIN product_setting p ON p.id = j.product_id
       WHERE j.create_time BETWEEN $1 AND $2 AND ($3::int[] IS NULL OR p.dept_id = ANY($3::int[])) AND ($4::int IS NULL OR j.product_id = $4)
       GROUP BY j.product_id, p.name, j.status
       ORDER BY p.name, j.product_id, j.status`,
      [from, to, depts, productId],
    );
  }

  /** Journals not done (edit, submit, review) over every product (the dashboard, docs/dashboard.md). */
  async openCount(): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.query(`SELECT count(*)::int AS n FROM product_journal WHERE status <> 'done'`);
    return rows[0].n;
  }

  /** The latest finalised journals (status done), newest publish time first: the 展示大屏 (docs/screens.md). */
  latestDone(limit: number): Promise<LatestJournalRow[]> {
    return this.db.query(
      `SELECT j.id, p.name AS "productName", j.year, j.journal_no AS "journalNo", j.total_no AS "totalNo",
              COALESCE(j.publish_time, j.update_time) AS "publishTime"
       FROM product_journal j JOIN product_setting p ON p.id = j.product_id
       WHERE j.status = 'done'
       ORDER BY COALESCE(j.publish_time, j.update_time) DESC, j.id DESC LIMIT $1`,
      [limit],
    );
  }
}

/** A finalised journal on the 展示大屏 (latestDone). */
export interface LatestJournalRow {
  id: number;
  productName: string;
  year: number;
  journalNo: number;
  totalNo: number;
  publishTime: Date;
}
