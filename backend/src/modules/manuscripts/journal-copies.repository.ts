import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { likePattern } from '../../common/http/list-query.js';
import { Manuscript } from './manuscript.entity.js';
import { type ManuscriptRow, ROW_FROM, ROW_SELECT } from './manuscript.repository.js';

type Db = DataSource | EntityManager;

/**
 * A copy's column: its one `manuscript_column` row (`mc`). Every statement below that needs the
 * column of a copy `m` joins through this, so moving it to a `manuscript.column_id` is one edit.
 */
const COPY_COLUMN = 'JOIN manuscript_column mc ON mc.manuscript_id = m.id';

/** A copy with what its wire shape joins in one statement (column, product, unit, submitter, reviewers). */
export interface CopyRow {
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
  authors: Array<{ id: number; username: string; nickName: string | null }>;
  newsId: string | null;
  deptId: number;
  deptName: string | null;
  columnId: number | null;
  columnName: string | null;
  productId: number;
  productName: string;
  journalId: number;
  sourceId: number | null;
  isExamine: boolean;
  isCheck: boolean;
  sort: number;
  version: number;
  fileId: number | null;
  hasContent: boolean;
  submitById: number | null;
  submitByName: string | null;
  submitTime: Date;
  createTime: Date;
  updateTime: Date;
  content?: string | null;
}

/**
 * The reviewers come as `[{id, username, nickName}]` in the order of `author_ids` (one sub-select per
 * row, no query per row); `submitTime` is the source's submission, else (a direct upload, or a source
 * since deleted) the copy's own creation.
 */
const COPY_SELECT = `SELECT m.id, m.title, m.memo, m.content_type AS "contentType", m.domain_type AS "domainType", m.country,
  m.abstracts, m.abstract_edit AS "abstractEdit", m.first_author AS "firstAuthor", m.author_ids AS "authorIds", m.news_id AS "newsId",
  m.dept_id AS "deptId", d.name AS "deptName", c.id AS "columnId", c.name AS "columnName", m.product_id AS "productId", p.name AS "productName",
  m.journal_id AS "journalId", m.source_id AS "sourceId", m.is_examine AS "isExamine", m.is_check AS "isCheck", m.sort, m.version,
  m.file_id AS "fileId", (m.content IS NOT NULL AND m.content <> '') AS "hasContent",
  m.create_by_id AS "submitById", u.username AS "submitByName", COALESCE(s.create_time, m.create_time) AS "submitTime",
  m.create_time AS "createTime", m.update_time AS "updateTime",
  COALESCE((SELECT json_agg(json_build_object('id', au.id, 'username', au.username, 'nickName', au.nick_name) ORDER BY a.ord)
      FROM unnest(string_to_array(NULLIF(m.author_ids, ''), ',')::bigint[]) WITH ORDINALITY AS a(id, ord) JOIN sys_user au ON au.id = a.id), '[]'::json) AS authors`;
const COPY_FROM = `FROM manuscript m JOIN product_setting p ON p.id = m.product_id
  LEFT JOIN manuscript_column mc ON mc.manuscript_id = m.id LEFT JOIN product_column c ON c.id = mc.column_id
  LEFT JOIN sys_dept d ON d.id = m.dept_id LEFT JOIN sys_user u ON u.id = m.create_by_id LEFT JOIN manuscript s ON s.id = m.source_id`;

/** One copy to make of an existing manuscript (`fromId`): its source, column and place. */
export interface CopyItem {
  fromId: number;
  sourceId: number;
  columnId: number;
  sort: number;
}

/** A copy uploaded straight into a journal (no source). */
export interface UploadedCopy {
  title: string;
  memo: string | null;
  firstAuthor: string;
  authorIds: string;
  deptId: number;
  fileId: number;
  columnId: number;
  sort: number;
}

/** The pool's filters (`api/productManuscript/list`). */
export interface PoolFilter {
  productId: number;
  journalId?: number;
  columnId?: number;
  title?: string;
}

/**
 * Every query on journal copies: rows of `manuscript` with `journal_id` set, their one
 * `manuscript_column` row and their `manuscript_file` versions (tables of this module). Reads joined
 * in: `product_setting`, `product_column` (products), `sys_dept` (dept), `sys_user` (users) for the
 * names a row shows, and `product_column` names for the weekly push. JournalCopies holds the rules.
 */
@Injectable()
export class JournalCopiesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------- reads

  /** Copies by id (any order; ids that are not copies are left out). */
  byIds(ids: number[], db: Db = this.db): Promise<CopyRow[]> {
    return db.query(`${COPY_SELECT} ${COPY_FROM} WHERE m.id = ANY($1::int[]) AND m.journal_id IS NOT NULL`, [ids]);
  }

  /** The journal's copies by column (sort, id) then by their own sort and id; `content` when asked. */
  ofJournal(journalId: number, withContent = false, db: Db = this.db): Promise<CopyRow[]> {
    return db.query(`${COPY_SELECT}${withContent ? ', m.content' : ''} ${COPY_FROM} WHERE m.journal_id = $1 ORDER BY c.sort, c.id, m.sort, m.id`, [journalId]);
  }

  /** The copies of these journals, journal by journal in the order given, each as `ofJournal` orders them. */
  ofJournals(journalIds: number[], db: Db = this.db): Promise<CopyRow[]> {
    return db.query(`${COPY_SELECT} ${COPY_FROM} WHERE m.journal_id = ANY($1::int[]) ORDER BY array_position($1::int[], m.journal_id), c.sort, c.id, m.sort, m.id`, [journalIds]);
  }

  /** The current file of each copy's source, for the journal's copies whose source has one. */
  sourceFiles(journalId: number, db: Db = this.db): Promise<Array<{ id: number; fileId: number }>> {
    return db.query('SELECT m.id, s.file_id AS "fileId" FROM manuscript m JOIN manuscript s ON s.id = m.source_id WHERE m.journal_id = $1 AND s.file_id IS NOT NULL', [journalId]);
  }

  /** The journal of each of the ids that is a copy. */
  journalsOf(ids: number[], db: Db = this.db): Promise<Array<{ id: number; journalId: number }>> {
    return db.query('SELECT id, journal_id AS "journalId" FROM manuscript WHERE id = ANY($1::int[]) AND journal_id IS NOT NULL', [ids]);
  }

  /** The copy, locked for update, when it is a copy of the journal. */
  async lock(em: EntityManager, id: number, journalId: number): Promise<{ id: number; fileId: number | null; version: number } | undefined> {
    const [row]: Array<{ id: number; fileId: number | null; version: number }> = await em.query(
      'SELECT id, file_id AS "fileId", version FROM manuscript WHERE id = $1 AND journal_id = $2 FOR UPDATE',
      [id, journalId],
    );
    return row;
  }

  /**
   * A page of the product's pool (submitted manuscripts: `journal_id` null), in the wire shape of
   * ManuscriptRow plus `inJournal` (a copy of it is in `filter.journalId`), and the total.
   */
  async pool(filter: PoolFilter, orderBy: string, size: number, offset: number): Promise<[Array<ManuscriptRow & { inJournal: boolean }>, number]> {
    const params: unknown[] = [filter.productId];
    const where = ['m.journal_id IS NULL', 'm.product_id = $1'];
    if (filter.columnId !== undefined) {
      params.push(filter.columnId);
      where.push(`EXISTS (SELECT 1 FROM manuscript_column pc WHERE pc.manuscript_id = m.id AND pc.column_id = $${params.length})`);
    }
    if (filter.title) {
      params.push(likePattern(filter.title));
      where.push(`m.title ILIKE $${params.length}`);
    }
    const cond = `WHERE ${where.join(' AND ')}`;
    const n = params.length;
    const inJournal = `EXISTS (SELECT 1 FROM manuscript j WHERE j.journal_id = $${n + 3}::int AND j.source_id = m.id) AS "inJournal"`;
    const [rows, count] = await Promise.all([
      this.db.query(`${ROW_SELECT}, ${inJournal} ${ROW_FROM} ${cond} ORDER BY ${orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, size, offset, filter.journalId ?? null]) as Promise<
        Array<ManuscriptRow & { inJournal: boolean }>
      >,
      this.db.query(`SELECT count(*)::int AS n ${ROW_FROM} ${cond}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, count[0].n];
  }

  /** Product and journal of the manuscripts (to pick: pool manuscripts of the journal's product). */
  sources(em: EntityManager, ids: number[]): Promise<Array<{ id: number; productId: number; journalId: number | null }>> {
    return em.query('SELECT id, product_id AS "productId", journal_id AS "journalId" FROM manuscript WHERE id = ANY($1::int[]) FOR SHARE', [ids]);
  }

  /** Which of the sources already have a copy in the journal. */
  async presentSources(em: EntityManager, journalId: number, sourceIds: number[]): Promise<Set<number>> {
    const rows: Array<{ sourceId: number }> = await em.query('SELECT source_id AS "sourceId" FROM manuscript WHERE journal_id = $1 AND source_id = ANY($2::int[])', [
      journalId,
      sourceIds,
    ]);
    return new Set(rows.map((r) => r.sourceId));
  }

  /** The largest sort of the journal's copies per column (columns without copies are absent). */
  async maxSorts(em: EntityManager, journalId: number, columnIds: number[]): Promise<Map<number, number>> {
    const rows: Array<{ columnId: number; max: number }> = await em.query(
      `SELECT mc.column_id AS "columnId", max(m.sort)::int AS max FROM manuscript m ${COPY_COLUMN}
        WHERE m.journal_id = $1 AND mc.column_id = ANY($2::int[]) GROUP BY mc.column_id`,
      [journalId, columnIds],
    );
    return new Map(rows.map((r) => [r.columnId, r.max]));
  }

  /** The ids of the journal's copies in the column, locked for update. */
  async lockColumn(em: EntityManager, journalId: number, columnId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await em.query(
      `SELECT m.id FROM manuscript m ${COPY_COLUMN} WHERE m.journal_id = $1 AND mc.column_id = $2 ORDER BY m.id FOR UPDATE OF m`,
      [journalId, columnId],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The copies of the journals, each with its source (its own source, else itself) and its column's
   * name, in the order of `journalIds`, then column order, then their own order.
   */
  pushable(em: EntityManager, journalIds: number[]): Promise<Array<{ id: number; sourceId: number; columnName: string | null }>> {
    return em.query(
      `SELECT m.id, COALESCE(m.source_id, m.id) AS "sourceId", c.name AS "columnName"
         FROM manuscript m LEFT JOIN manuscript_column mc ON mc.manuscript_id = m.id LEFT JOIN product_column c ON c.id = mc.column_id
        WHERE m.journal_id = ANY($1::int[])
        ORDER BY array_position($1::int[], m.journal_id), c.sort, c.id, m.sort, m.id`,
      [journalIds],
    );
  }

  /** Versions of a copy, newest first, with who made each (`create_by` holds the username). */
  versions(id: number): Promise<Array<{ id: number; version: number; fileId: number; createTime: Date; creatorId: number | null; creatorName: string | null }>> {
    return this.db.query(
      `SELECT mf.id, mf.version, mf.file_id AS "fileId", mf.create_time AS "createTime", u.id AS "creatorId", u.username AS "creatorName"
         FROM manuscript_file mf LEFT JOIN sys_user u ON u.username = mf.create_by
        WHERE mf.manuscript_id = $1 ORDER BY mf.version DESC`,
      [id],
    );
  }

  /** Versions of a copy (in the caller's transaction), oldest first. */
  versionsOf(em: EntityManager, id: number): Promise<Array<{ version: number; fileId: number }>> {
    return em.query('SELECT version, file_id AS "fileId" FROM manuscript_file WHERE manuscript_id = $1 ORDER BY version', [id]);
  }

  // ---------------------------------------------------------------- writes

  /**
   * Copies the manuscripts (`fromId`) into the journal in ONE statement: each copy takes its item's
   * source, column and sort; the product is the journal's; the submitter and unit stay the
   * original's; the original's current file becomes the copy's version 1. Answers the new ids with
   * their sources (sources are distinct within a call).
   */
  copy(em: EntityManager, journal: { id: number; productId: number }, items: CopyItem[], username: string): Promise<Array<{ id: number; sourceId: number }>> {
    return em.query(
      `WITH items AS (
         SELECT (x->>'fromId')::int AS from_id, (x->>'sourceId')::int AS source_id, (x->>'columnId')::int AS column_id, (x->>'sort')::int AS sort, e.ord
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(x, ord)),
       ins AS (
         INSERT INTO manuscript (title, content, abstracts, abstract_edit, memo, content_type, domain_type, country, first_author, author_ids,
             news_id, dept_id, product_id, file_id, version, journal_id, source_id, is_examine, is_check, sort, create_by_id, create_by, update_by)
         SELECT f.title, f.content, f.abstracts, f.abstract_edit, f.memo, f.content_type, f.domain_type, f.country, f.first_author, f.author_ids,
             f.news_id, f.dept_id, $3, f.file_id, CASE WHEN f.file_id IS NULL THEN 0 ELSE 1 END, $2, i.source_id, false, false, i.sort, f.create_by_id, $4, $4
           FROM items i JOIN manuscript f ON f.id = i.from_id
          ORDER BY i.ord
         RETURNING id, source_id, file_id),
       cols AS (INSERT INTO manuscript_column (manuscript_id, column_id) SELECT ins.id, i.column_id FROM ins JOIN items i ON i.source_id = ins.source_id),
       files AS (INSERT INTO manuscript_file (manuscript_id, file_id, version, create_by, update_by) SELECT id, file_id, 1, $4, $4 FROM ins WHERE file_id IS NOT NULL)
       SELECT id, source_id AS "sourceId" FROM ins`,
      [JSON.stringify(items), journal.id, journal.productId, username],
    );
  }

  /** A copy uploaded into the journal (version 1 = its file), with its column; its id. */
  async insertUploaded(em: EntityManager, journal: { id: number; productId: number }, c: UploadedCopy, user: { userId: number; username: string }): Promise<number> {
    const [{ id }]: Array<{ id: number }> = await em.query(
      `WITH ins AS (
         INSERT INTO manuscript (title, memo, first_author, author_ids, dept_id, product_id, file_id, version, journal_id, sort, create_by_id, create_by, update_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $11) RETURNING id),
       cols AS (INSERT INTO manuscript_column (manuscript_id, column_id) SELECT id, $12 FROM ins)
       SELECT id FROM ins`,
      [c.title, c.memo, c.firstAuthor, c.authorIds, c.deptId, journal.productId, c.fileId, journal.id, c.sort, user.userId, user.username, c.columnId],
    );
    return id;
  }

  /** The copies' new order: `ids[i]` gets sort i + 1. */
  async setSorts(em: EntityManager, ids: number[], username: string): Promise<void> {
    await em.query(
      `UPDATE manuscript m SET sort = e.ord, update_by = $2, update_time = now()
         FROM unnest($1::int[]) WITH ORDINALITY AS e(id, ord) WHERE m.id = e.id`,
      [ids, username],
    );
  }

  /** Updates the fields (undefined ones are left out; update_time is stamped). */
  async update(em: EntityManager, id: number, patch: Partial<Manuscript>): Promise<void> {
    await em.update(Manuscript, { id }, patch);
  }

  /** Deletes the copies among `ids` (column and versions by cascade); the files they and their versions held. */
  async delete(em: EntityManager, ids: number[]): Promise<number[]> {
    return this.deleteWhere(em, 'id = ANY($1::int[]) AND journal_id IS NOT NULL', ids);
  }

  /** Deletes every copy of the journals (a journal being deleted); the files they held. */
  async deleteOfJournals(em: EntityManager, journalIds: number[]): Promise<number[]> {
    return this.deleteWhere(em, 'journal_id = ANY($1::int[])', journalIds);
  }

  private async deleteWhere(em: EntityManager, cond: string, ids: number[]): Promise<number[]> {
    const files: Array<{ fileId: number }> = await em.query(
      `WITH gone AS (DELETE FROM manuscript WHERE ${cond} RETURNING id, file_id)
       SELECT file_id AS "fileId" FROM gone WHERE file_id IS NOT NULL
       UNION SELECT mf.file_id FROM manuscript_file mf JOIN gone ON gone.id = mf.manuscript_id`,
      [ids],
    );
    return files.map((f) => f.fileId);
  }

  /** Removes one version row of a copy. */
  async deleteVersion(em: EntityManager, id: number, version: number): Promise<void> {
    await em.query('DELETE FROM manuscript_file WHERE manuscript_id = $1 AND version = $2', [id, version]);
  }
}
