import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deptWithDescendants } from '../../common/access/data-scope.js';
import type { Principal } from '../../common/auth/principal.js';
import { Manuscript } from './manuscript.entity.js';

type Db = DataSource | EntityManager;

/** A manuscript row with what its wire shape joins in one statement (product, department, submitter). */
export interface ManuscriptRow {
  id: number;
  title: string;
  memo: string | null;
  contentType: string | null;
  domainType: string | null;
  country: string | null;
  abstracts: string | null;
  abstractEdit: string | null;
  firstAuthor: string;
  authorIds: string;
  newsId: string | null;
  deptId: number;
  deptName: string | null;
  productId: number;
  productName: string;
  fileId: number | null;
  version: number;
  journalId: number | null;
  isExamine: boolean;
  isCheck: boolean;
  sort: number;
  createById: number | null;
  createBy: string | null;
  username: string | null;
  nickName: string | null;
  createTime: Date;
  updateTime: Date;
  hasContent: boolean;
  content?: string | null;
}

/** Columns of ManuscriptRow; `FROM` below names the tables. */
export const ROW_SELECT = `SELECT m.id, m.title, m.memo, m.content_type AS "contentType", m.domain_type AS "domainType", m.country,
  m.abstracts, m.abstract_edit AS "abstractEdit", m.first_author AS "firstAuthor", m.author_ids AS "authorIds", m.news_id AS "newsId",
  m.dept_id AS "deptId", d.name AS "deptName", m.product_id AS "productId", p.name AS "productName", m.file_id AS "fileId", m.version,
  m.journal_id AS "journalId", m.is_examine AS "isExamine", m.is_check AS "isCheck", m.sort, m.create_by_id AS "createById",
  m.create_by AS "createBy", u.username, u.nick_name AS "nickName", m.create_time AS "createTime", m.update_time AS "updateTime",
  (m.content IS NOT NULL AND m.content <> '') AS "hasContent"`;
export const ROW_FROM = `FROM manuscript m JOIN product_setting p ON p.id = m.product_id LEFT JOIN sys_dept d ON d.id = m.dept_id
  LEFT JOIN sys_user u ON u.id = m.create_by_id`;

/** A count of periodCounts: one product × one department or column. */
export interface PeriodCountRow {
  productId: number;
  productName: string;
  /** The product's distinct manuscripts of the period. */
  total: number;
  key: string;
  label: string;
  count: number;
}

/** What a new manuscript holds (the store adds submitter, department, product, columns). */
export interface NewManuscript {
  title: string;
  content: string | null;
  abstracts: string | null;
  memo: string | null;
  contentType: string | null;
  domainType: string | null;
  country: string | null;
  firstAuthor: string;
  authorIds: string;
  newsId: number | null;
  fileId: number | null;
}

/** Where new manuscripts go: product, its columns, the submitting department. */
export interface Target {
  productId: number;
  columnIds: number[];
  deptId: number;
}

/**
 * Every query of the manuscripts module (`manuscript`, `manuscript_column`, `manuscript_file`, and
 * what the submission and the statistics read); ManuscriptStore and the services hold the rules.
 * Methods run in `db`'s transaction when given.
 */
@Injectable()
export class ManuscriptRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Inserts the manuscripts (one statement) and their columns (one statement); answers their ids in the items' order. */
  async insertMany(em: EntityManager, items: NewManuscript[], target: Target, user: Principal): Promise<number[]> {
    const rows: Array<{ id: number }> = await em.query(
      `INSERT INTO manuscript (title, content, abstracts, memo, content_type, domain_type, country, first_author, author_ids, news_id,
         file_id, version, dept_id, product_id, create_by_id, create_by, update_by)
       SELECT x->>'title', x->>'content', x->>'abstracts', x->>'memo', x->>'contentType', x->>'domainType', x->>'country',
         x->>'firstAuthor', x->>'authorIds', (x->>'newsId')::bigint, (x->>'fileId')::int, 1, $2, $3, $4, $5, $5
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(x, ord)
       ORDER BY e.ord
       RETURNING id`,
      [JSON.stringify(items), target.deptId, target.productId, user.userId, user.username],
    );
    // Ids come from one sequence in insertion (ord) order.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await em.query(
      `INSERT INTO manuscript_column (manuscript_id, column_id)
       SELECT m, c FROM unnest($1::int[]) AS m CROSS JOIN unnest($2::int[]) AS c`,
      [ids, target.columnIds],
    );
    return ids;
  }

  /** Records `fileId` as version `version` of a manuscript. */
  async insertVersion(em: EntityManager, manuscriptId: number, fileId: number, version: number, username: string): Promise<void> {
    await em.query(
      `INSERT INTO manuscript_file (manuscript_id, file_id, version, create_by, update_by) VALUES ($1, $2, $3, $4, $4)`,
      [manuscriptId, fileId, version, username],
    );
  }

  /** Pool manuscripts by id (any order; journal copies are left out, as unknown ids), `content` included when asked. */
  rows(ids: number[], withContent = false, db: Db = this.db): Promise<ManuscriptRow[]> {
    return db.query(`${ROW_SELECT}${withContent ? ', m.content' : ''} ${ROW_FROM} WHERE m.id = ANY($1::int[]) AND m.journal_id IS NULL`, [ids]);
  }

  /** The columns of the manuscripts, by column sort then id. */
  columnsOf(ids: number[]): Promise<Array<{ manuscriptId: number; id: number; name: string }>> {
    return this.db.query(
      `SELECT mc.manuscript_id AS "manuscriptId", c.id, c.name FROM manuscript_column mc JOIN product_column c ON c.id = mc.column_id
         WHERE mc.manuscript_id = ANY($1::int[]) ORDER BY c.sort, c.id`,
      [ids],
    );
  }

  /** The departments and all their descendants (enabled or not): the list's department filter. */
  deptsWithDescendants(deptIds: number[]): Promise<number[]> {
    return deptWithDescendants(this.db, deptIds, false);
  }

  /** A page of rows matching `whereSql` (`WHERE ...`, `$1..$n` = `params`) in `orderBy`, and the total. */
  async page(whereSql: string, params: unknown[], orderBy: string, size: number, offset: number): Promise<[ManuscriptRow[], number]> {
    const [rows, count] = await Promise.all([
      this.db.query(`${ROW_SELECT} ${ROW_FROM} ${whereSql} ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, size, offset]) as Promise<
        ManuscriptRow[]
      >,
      this.db.query(`SELECT count(*)::int AS n ${ROW_FROM} ${whereSql}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, count[0].n];
  }

  /** File versions of a manuscript, newest first. */
  versions(id: number): Promise<Array<{ version: number; fileId: number; createTime: Date; createBy: string | null }>> {
    return this.db.query(
      `SELECT version, file_id AS "fileId", create_time AS "createTime", create_by AS "createBy" FROM manuscript_file
       WHERE manuscript_id = $1 ORDER BY version DESC`,
      [id],
    );
  }

  /** Locks the pool manuscript for update; false when it does not exist (or is a journal copy). */
  async lock(em: EntityManager, id: number): Promise<boolean> {
    const locked: Array<{ id: number }> = await em.query('SELECT id FROM manuscript WHERE id = $1 AND journal_id IS NULL FOR UPDATE', [id]);
    return locked.length > 0;
  }

  /** The manuscript's next version number. */
  async nextVersion(em: EntityManager, id: number): Promise<number> {
    const [{ v }]: Array<{ v: number }> = await em.query('SELECT COALESCE(max(version), 0)::int + 1 AS v FROM manuscript_file WHERE manuscript_id = $1', [id]);
    return v;
  }

  /** Makes `fileId` the current file (version `version`) of the manuscript. */
  async setCurrentFile(em: EntityManager, id: number, fileId: number, version: number, username: string): Promise<void> {
    await em.query('UPDATE manuscript SET file_id = $2, version = $3, update_by = $4, update_time = now() WHERE id = $1', [id, fileId, version, username]);
  }

  /** Updates the fields (undefined ones are left out; update_time is stamped). */
  async update(id: number, patch: Partial<Manuscript>): Promise<void> {
    await this.db.getRepository(Manuscript).update(id, patch);
  }

  /** The pool manuscript's product, the row locked for update (undefined when it does not exist or is a journal copy). */
  async lockProduct(em: EntityManager, id: number): Promise<{ productId: number } | undefined> {
    const [row]: Array<{ productId: number }> = await em.query('SELECT product_id AS "productId" FROM manuscript WHERE id = $1 AND journal_id IS NULL FOR UPDATE', [id]);
    return row;
  }

  /** Replaces the manuscript's columns. */
  async replaceColumns(em: EntityManager, id: number, columnIds: number[], username: string): Promise<void> {
    await em.query('DELETE FROM manuscript_column WHERE manuscript_id = $1', [id]);
    await em.query('INSERT INTO manuscript_column (manuscript_id, column_id) SELECT $1, unnest($2::int[])', [id, columnIds]);
    await em.query('UPDATE manuscript SET update_by = $2, update_time = now() WHERE id = $1', [id, username]);
  }

  async updateAbstracts(id: number, abstracts: string, username: string): Promise<void> {
    await this.db.query('UPDATE manuscript SET abstracts = $2, update_by = $3, update_time = now() WHERE id = $1', [id, abstracts, username]);
  }

  /** Id and submitter of the pool manuscripts among `ids` (journal copies are left out), locked for update, by id. */
  lockMany(em: EntityManager, ids: number[]): Promise<Array<{ id: number; createById: number | null }>> {
    return em.query('SELECT id, create_by_id AS "createById" FROM manuscript WHERE id = ANY($1::int[]) AND journal_id IS NULL ORDER BY id FOR UPDATE', [ids]);
  }

  /** Deletes the manuscripts (columns and versions by cascade); the files they and their versions held. */
  async deleteMany(em: EntityManager, ids: number[]): Promise<number[]> {
    const files: Array<{ fileId: number }> = await em.query(
      `SELECT file_id AS "fileId" FROM manuscript_file WHERE manuscript_id = ANY($1::int[])
         UNION SELECT file_id FROM manuscript WHERE id = ANY($1::int[]) AND file_id IS NOT NULL`,
      [ids],
    );
    await em.query('DELETE FROM manuscript WHERE id = ANY($1::int[])', [ids]);
    return files.map((f) => f.fileId);
  }

  /** Submitter and department of the manuscripts (the read rule of their files, asked by the storage module). */
  owners(ids: number[]): Promise<Array<{ id: number; createById: number | null; deptId: number | null }>> {
    return this.db.query('SELECT id, create_by_id AS "createById", dept_id AS "deptId" FROM manuscript WHERE id = ANY($1::int[])', [ids]);
  }

  // ---------------------------------------------------------------- submission from the news area

  /** The news items with their `country` dictionary value. */
  submittableNews(em: EntityManager, newsIds: number[]): Promise<Array<{ id: string; title: string; titleCn: string | null; country: string | null }>> {
    return em.query(
      `SELECT n.id, n.title, n.title_cn AS "titleCn",
         (SELECT dd.value FROM sys_dict_detail dd JOIN sys_dict d ON d.id = dd.dict_id
           WHERE d.name = 'country' AND (dd.value = n.country OR dd.label = n.country) ORDER BY dd.id LIMIT 1) AS country
       FROM news n WHERE n.id = ANY($1::bigint[])`,
      [newsIds],
    );
  }

  /** The department's rows of the news items with their reviewed text, locked against a change of state (FOR SHARE). */
  submittableDeptRows(
    em: EntityManager,
    newsIds: number[],
    deptId: number,
  ): Promise<Array<{ newsId: string; deptTitleCn: string | null; isProcessed: string | null; contentTrans: string | null; abstracts: string | null }>> {
    return em.query(
      // The reviewed text is the newest version reviewed (a revision may be drafted in content_trans meanwhile).
      `SELECT nd.news_id AS "newsId", nd.title_cn AS "deptTitleCn", nd.is_processed AS "isProcessed", nd.abstracts,
           COALESCE((SELECT t.content FROM news_translation t WHERE t.news_id = nd.news_id AND t.dept_id = nd.dept_id AND t.status = 'done'
                     ORDER BY t.version DESC LIMIT 1), nd.content_trans) AS "contentTrans"
         FROM news_dept nd WHERE nd.news_id = ANY($1::bigint[]) AND nd.dept_id = $2 FOR SHARE OF nd`,
      [newsIds, deptId],
    );
  }

  // ---------------------------------------------------------------- statistics

  /** Manuscripts (not journal copies) created in [from, to] by product and department, most first. */
  dailyCounts(from: Date, to: Date): Promise<Array<{ productId: number; productName: string; deptId: number; deptName: string | null; count: number }>> {
    return this.db.query(
      `SELECT m.product_id AS "productId", p.name AS "productName", m.dept_id AS "deptId", d.name AS "deptName", count(*)::int AS count
       FROM manuscript m JOIN product_setting p ON p.id = m.product_id LEFT JOIN sys_dept d ON d.id = m.dept_id
       WHERE m.journal_id IS NULL AND m.create_time BETWEEN $1 AND $2
       GROUP BY m.product_id, p.name, m.dept_id, d.name
       ORDER BY count(*) DESC, d.name, m.dept_id`,
      [from, to],
    );
  }

  /** The product's name (empty: no such product). */
  productName(productId: number): Promise<Array<{ name: string }>> {
    return this.db.query('SELECT name FROM product_setting WHERE id = $1', [productId]);
  }

  /** Every column of the product, by sort then id. */
  productColumns(productId: number): Promise<Array<{ id: number; name: string; status: boolean }>> {
    return this.db.query('SELECT id, name, status FROM product_column WHERE product_id = $1 ORDER BY sort, id', [productId]);
  }

  /** Manuscripts (not journal copies) of the product created in [from, to], per column and department. */
  columnDeptCounts(productId: number, from: Date, to: Date): Promise<Array<{ columnId: number; deptId: number; deptName: string | null; count: number }>> {
    return this.db.query(
      `SELECT mc.column_id AS "columnId", m.dept_id AS "deptId", d.name AS "deptName", count(*)::int AS count
         FROM manuscript m JOIN manuscript_column mc ON mc.manuscript_id = m.id LEFT JOIN sys_dept d ON d.id = m.dept_id
         WHERE m.product_id = $1 AND m.journal_id IS NULL AND m.create_time BETWEEN $2 AND $3
         GROUP BY mc.column_id, m.dept_id, d.name, d.dept_sort
         ORDER BY d.dept_sort NULLS LAST, m.dept_id`,
      [productId, from, to],
    );
  }

  /**
   * Manuscripts (not journal copies) created in [from, to] per product and per department or column
   * (`by`), within `depts` (null = every department) and, when given, one product. By column, a
   * manuscript in two columns counts in each, and columns of the same name are one group (they are
   * separate rows per product); `total` is the product's distinct manuscripts either way.
   */
  periodCounts(from: Date, to: Date, by: 'dept' | 'column', depts: number[] | null, productId: number | null): Promise<PeriodCountRow[]> {
    const group =
      by === 'dept'
        ? { key: `m.dept_id::text`, label: `COALESCE(d.name, '部门 ' || m.dept_id)`, join: 'LEFT JOIN sys_dept d ON d.id = m.dept_id', sort: 'min(d.dept_sort)' }
        : { key: 'pc.name', label: 'pc.name', join: 'JOIN manuscript_column mc ON mc.manuscript_id = m.id JOIN product_column pc ON pc.id = mc.column_id', sort: 'min(pc.sort)' };
    return this.db.query(
      `WITH base AS (
         SELECT m.id, m.product_id, m.dept_id FROM manuscript m
         WHERE m.journal_id IS NULL AND m.create_time BETWEEN $1 AND $2
           AND ($3::int[] IS NULL OR m.dept_id = ANY($3::int[])) AND ($4::int IS NULL OR m.product_id = $4)),
       totals AS (SELECT product_id, count(*)::int AS total FROM base GROUP BY product_id)
       SELECT m.product_id AS "productId", p.name AS "productName", t.total, ${group.key} AS key, ${group.label} AS label,
              count(DISTINCT m.id)::int AS count
       FROM base m JOIN product_setting p ON p.id = m.product_id JOIN totals t ON t.product_id = m.product_id ${group.join}
       GROUP BY m.product_id, p.name, t.total, ${group.key}, ${group.label}
       ORDER BY t.total DESC, p.name, m.product_id, ${group.sort} NULLS LAST, ${group.label}`,
      [from, to, depts, productId],
    );
  }
}
