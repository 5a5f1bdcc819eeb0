import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** A count as the list answers it: a stored row (`id`) or the default (`id` null). */
export interface ProvideCountRow {
  columnId: number;
  columnName: string | null;
  deptId: number;
  deptName: string | null;
  id: number | null;
  provideCount: number;
}

/** A stored row with the names of its column and unit. */
export interface ProvideRow {
  id: number;
  columnId: number;
  columnName: string | null;
  deptId: number;
  deptName: string | null;
  provideCount: number;
}

/** A count to store. */
export interface ProvideValue {
  columnId: number;
  deptId: number;
  provideCount: number;
}

/**
 * The journal's copies with their column and source unit (`$1` = the journal). THE one place that
 * says what a copy's column is: its `manuscript_column` row (a copy has exactly one). Should the
 * manuscript row carry its column itself one day, only this changes.
 */
const COPY_COLUMNS = `SELECT m.id, mc.column_id, m.dept_id
    FROM manuscript m JOIN manuscript_column mc ON mc.manuscript_id = m.id
   WHERE m.journal_id = $1`;

const ROW = `SELECT p.id, p.column_id AS "columnId", c.name AS "columnName", p.dept_id AS "deptId", d.name AS "deptName", p.provide_count AS "provideCount"
  FROM product_journal_provide p
  LEFT JOIN product_column c ON c.id = p.column_id
  LEFT JOIN sys_dept d ON d.id = p.dept_id`;

/**
 * Every query of the provider counts (`product_journal_provide`, written only here; owner: the journals
 * module). Reads in joins: the journal's copies and their column (`manuscript`, `manuscript_column`,
 * owner manuscripts) for the default counts, column names (`product_column`, owner products) and unit
 * names (`sys_dept`, owner dept).
 */
@Injectable()
export class ProvideRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async journalExists(journalId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM product_journal WHERE id = $1', [journalId]);
    return rows.length > 0;
  }

  /**
   * Every (column, unit) of the journal that holds copies or a stored count: the stored count, else
   * the number of copies. Columns by their sort, units by theirs.
   */
  counts(journalId: number): Promise<ProvideCountRow[]> {
    return this.db.query(
      `WITH copies AS (${COPY_COLUMNS}),
            defaults AS (SELECT column_id, dept_id, count(*)::int AS n FROM copies GROUP BY column_id, dept_id),
            stored AS (SELECT id, column_id, dept_id, provide_count FROM product_journal_provide WHERE journal_id = $1),
            pairs AS (SELECT column_id, dept_id FROM defaults UNION SELECT column_id, dept_id FROM stored)
       SELECT x.column_id AS "columnId", c.name AS "columnName", x.dept_id AS "deptId", d.name AS "deptName",
              s.id, COALESCE(s.provide_count, df.n, 0) AS "provideCount"
         FROM pairs x
         LEFT JOIN defaults df ON df.column_id = x.column_id AND df.dept_id = x.dept_id
         LEFT JOIN stored s ON s.column_id = x.column_id AND s.dept_id = x.dept_id
         LEFT JOIN product_column c ON c.id = x.column_id
         LEFT JOIN sys_dept d ON d.id = x.dept_id
        ORDER BY c.sort NULLS LAST, x.column_id, d.dept_sort NULLS LAST, x.dept_id`,
      [journalId],
    );
  }

  /** Which of `columnIds` are columns of the product. */
  async columnsOf(em: EntityManager, productId: number, columnIds: number[]): Promise<Set<number>> {
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM product_column WHERE product_id = $1 AND id = ANY($2::int[])', [productId, columnIds]);
    return new Set(rows.map((r) => r.id));
  }

  /** Which of `deptIds` exist. */
  async existingDepts(em: EntityManager, deptIds: number[]): Promise<Set<number>> {
    const rows: Array<{ id: number }> = await em.query('SELECT id FROM sys_dept WHERE id = ANY($1::int[])', [deptIds]);
    return new Set(rows.map((r) => r.id));
  }

  /** Stores the counts of the journal (one statement; an existing (column, unit) row is replaced); the rows' ids. */
  async upsert(em: EntityManager, journalId: number, values: ProvideValue[], username: string): Promise<number[]> {
    if (!values.length) return [];
    const rows: Array<{ id: number }> = await em.query(
      `INSERT INTO product_journal_provide (journal_id, column_id, dept_id, provide_count, create_by, update_by)
       SELECT $1, v.column_id, v.dept_id, v.provide_count, $5, $5 FROM unnest($2::int[], $3::int[], $4::int[]) AS v(column_id, dept_id, provide_count)
       ON CONFLICT (journal_id, column_id, dept_id)
       DO UPDATE SET provide_count = EXCLUDED.provide_count, update_by = EXCLUDED.update_by, update_time = now()
       RETURNING id`,
      [journalId, values.map((v) => v.columnId), values.map((v) => v.deptId), values.map((v) => v.provideCount), username],
    );
    return rows.map((r) => r.id);
  }

  /** The stored row with its names (undefined when it does not exist). */
  async row(id: number): Promise<ProvideRow | undefined> {
    const [row]: ProvideRow[] = await this.db.query(`${ROW} WHERE p.id = $1`, [id]);
    return row;
  }

  /** The journals of these stored rows (sorted: the order their locks are taken in). */
  async journalsOf(em: EntityManager, ids: number[]): Promise<number[]> {
    const rows: Array<{ journalId: number }> = await em.query('SELECT DISTINCT journal_id AS "journalId" FROM product_journal_provide WHERE id = ANY($1::int[]) ORDER BY 1', [ids]);
    return rows.map((r) => r.journalId);
  }

  /** Sets the count of a stored row; whether it still existed. */
  async updateCount(em: EntityManager, id: number, provideCount: number, username: string): Promise<boolean> {
    // a SELECT over the UPDATE: the driver answers an UPDATE's rows with its count, a SELECT's plainly
    const rows: unknown[] = await em.query(
      'WITH up AS (UPDATE product_journal_provide SET provide_count = $2, update_by = $3, update_time = now() WHERE id = $1 RETURNING id) SELECT id FROM up',
      [id, provideCount, username],
    );
    return rows.length > 0;
  }

  /** Removes stored rows (their counts go back to the default). */
  async remove(em: EntityManager, ids: number[]): Promise<void> {
    await em.query('DELETE FROM product_journal_provide WHERE id = ANY($1::int[])', [ids]);
  }
}
