import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

type Raw = Record<string, unknown>;

/** One person's translation figures of a period (translationThroughput). */
export interface TranslationThroughputRow {
  userId: number;
  name: string | null;
  claimed: number;
  submitted: number;
  reviewed: number;
  translatorMedianMinutes: number | null;
  reviewerMedianMinutes: number | null;
}

/** The news desk's figures of one day for the dashboard (deskFigures); a department figure is null without a department. */
export interface DeskFiguresRow {
  newsToday: number;
  warnedToday: number | null;
  translatedToday: number | null;
  awaitingReview: number | null;
  myEditing: number;
}

/** Columns answered for a department's translation state. */
const STATE = `news_id AS id, dept_id AS "deptId", trans_status AS "transStatus", is_processed AS "isProcessed",
  content_trans AS "contentTrans", version, editor_id AS "editorId", editor_name AS "editorName",
  examine_id AS "examineId", examine_name AS "examineName", update_time AS "updateTime", title_cn AS "titleCn"`;

/** Columns answered for a machine translation. */
const MT_RESULT = `id, title_cn AS "titleCn", content_cn AS "contentCn", language, mt_status AS "mtStatus", mt_error AS "mtError", mt_time AS "mtTime"`;

/** First row of a `WITH x AS (UPDATE ... RETURNING) SELECT` (the driver answers rows for those). */
async function one(em: DataSource | EntityManager, sql: string, params: unknown[]): Promise<Raw | undefined> {
  const rows: Raw[] = await em.query(sql, params);
  return rows[0];
}

/**
 * The news desk's SQL: a department's translation workflow on `news_dept` / `news_translation`, the
 * state reads, and the machine-translation columns of `news` (mt_status, mt_error, mt_time,
 * title_cn/content_cn). The news module owns these tables; the translation module reaches them only
 * through NewsDesk. Every workflow transition stays one conditional statement.
 */
@Injectable()
export class NewsDeskRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------- workflow

  /** Country and machine translation of the item (undefined when it does not exist). */
  newsPrefill(id: number): Promise<Raw | undefined> {
    return one(this.db, 'SELECT country, content_cn AS "contentCn" FROM news WHERE id = $1', [id]);
  }

  /** Claim or save (one statement); the state, or undefined when another editor holds the item. */
  claimOrSave(id: number, deptId: number, userId: number, username: string, content: string | null, prefill: string, titleSet: boolean, titleValue: string | null): Promise<Raw | undefined> {
    return one(
      this.db,
      `WITH latest AS (SELECT COALESCE(max(version), 0) AS v FROM news_translation WHERE news_id = $1 AND dept_id = $2),
       up AS (
         INSERT INTO news_dept (news_id, dept_id, update_by, trans_status, editor_id, editor_name, content_trans, version, title_cn, claim_time)
         SELECT n.id, $2, $4, 'edit', $3, $4, COALESCE($5, $6), (SELECT v FROM latest) + 1, $8, now() FROM news n WHERE n.id = $1
         ON CONFLICT (news_id, dept_id) DO UPDATE SET
           title_cn = CASE WHEN $7 THEN EXCLUDED.title_cn ELSE news_dept.title_cn END,
           content_trans = CASE
             WHEN news_dept.trans_status = 'edit' THEN COALESCE($5, news_dept.content_trans, EXCLUDED.content_trans)
             ELSE COALESCE($5, NULLIF(news_dept.content_trans, ''), EXCLUDED.content_trans) END,
           version = CASE WHEN news_dept.trans_status = 'edit' THEN GREATEST(news_dept.version, 1)
             ELSE GREATEST(news_dept.version, (SELECT v FROM latest)) + 1 END,
           -- a claim starts when the item was not in edit by this editor; a save keeps the start (statistics)
           claim_time = CASE WHEN news_dept.trans_status IS DISTINCT FROM 'edit' OR news_dept.editor_id IS DISTINCT FROM $3
             THEN now() ELSE news_dept.claim_time END,
           trans_status = 'edit', editor_id = $3, editor_name = $4, update_by = $4, update_time = now()
         WHERE news_dept.trans_status IS DISTINCT FROM 'edit' OR news_dept.editor_id IS NULL OR news_dept.editor_id = $3
         RETURNING ${STATE})
       SELECT * FROM up`,
      [id, deptId, userId, username, content, prefill, titleSet, titleValue],
    );
  }

  /** Edit → examine (one statement); the state, or undefined when the draft is not the caller's or empty. */
  submitForReview(em: EntityManager, id: number, deptId: number, userId: number, text: string | null, username: string, titleSet: boolean, titleValue: string | null): Promise<Raw | undefined> {
    return one(
      em,
      `WITH up AS (
           UPDATE news_dept SET trans_status = 'examine', is_processed = 'examine', content_trans = COALESCE($4, content_trans),
             title_cn = CASE WHEN $6 THEN $7 ELSE title_cn END,
             examine_id = NULL, examine_name = NULL, update_by = $5, update_time = now()
           WHERE news_id = $1 AND dept_id = $2 AND trans_status = 'edit' AND (editor_id IS NULL OR editor_id = $3)
             AND btrim(COALESCE($4, content_trans, '')) <> ''
           RETURNING ${STATE})
         SELECT * FROM up`,
      [id, deptId, userId, text, username, titleSet, titleValue],
    );
  }

  /** Stores the submitted text as version `version` (examine). */
  async storeVersion(em: EntityManager, id: number, deptId: number, version: unknown, content: unknown, userId: number, username: string): Promise<void> {
    await em.query(
      `INSERT INTO news_translation (news_id, dept_id, version, content, status, editor_id, editor_name, claim_time)
         VALUES ($1, $2, $3, $4, 'examine', $5, $6, (SELECT claim_time FROM news_dept WHERE news_id = $1 AND dept_id = $2))
         ON CONFLICT (news_id, dept_id, version) DO UPDATE SET content = EXCLUDED.content, status = 'examine',
           editor_id = EXCLUDED.editor_id, editor_name = EXCLUDED.editor_name, examine_id = NULL, examine_name = NULL,
           examine_time = NULL, claim_time = EXCLUDED.claim_time, create_time = now(), update_time = now()`,
      [id, deptId, version, content, userId, username],
    );
  }

  /** Examine/done → done (one statement); the state, or undefined when the item may not be reviewed now. */
  review(em: EntityManager, id: number, deptId: number, userId: number, username: string, allowSelf: boolean, version: number | null): Promise<Raw | undefined> {
    return one(
      em,
      `WITH up AS (
           UPDATE news_dept SET trans_status = 'done', is_processed = 'done', examine_id = $3, examine_name = $4,
             update_by = $4, update_time = now()
           WHERE news_id = $1 AND dept_id = $2 AND trans_status IN ('examine', 'done')
             AND btrim(COALESCE(content_trans, '')) <> ''
             AND ($5 OR editor_id IS NULL OR editor_id <> $3)
             AND ($6::int IS NULL OR version = $6)
           RETURNING ${STATE})
         SELECT * FROM up`,
      [id, deptId, userId, username, allowSelf, version],
    );
  }

  /** Marks version `version` reviewed. */
  async reviewVersion(em: EntityManager, id: number, deptId: number, version: unknown, userId: number, username: string): Promise<void> {
    await em.query(
      `UPDATE news_translation SET status = 'done', examine_id = $4, examine_name = $5, examine_time = now(), update_time = now()
         WHERE news_id = $1 AND dept_id = $2 AND version = $3`,
      [id, deptId, version, userId, username],
    );
  }

  /** Releases a claim back to the latest submitted version (one statement); undefined when it may not be released. */
  release(id: number, deptId: number, userId: number, username: string, admin: boolean): Promise<Raw | undefined> {
    return one(
      this.db,
      `WITH h AS (
         SELECT version, content, status, editor_id, editor_name, examine_id, examine_name, claim_time FROM news_translation
         WHERE news_id = $1 AND dept_id = $2 ORDER BY version DESC LIMIT 1),
       up AS (
         UPDATE news_dept d SET trans_status = h.status, is_processed = h.status, content_trans = h.content,
           version = COALESCE(h.version, 0), editor_id = h.editor_id, editor_name = h.editor_name,
           examine_id = h.examine_id, examine_name = h.examine_name, claim_time = h.claim_time, update_by = $4, update_time = now()
         FROM (SELECT 1) one LEFT JOIN h ON true
         WHERE d.news_id = $1 AND d.dept_id = $2 AND d.trans_status = 'edit' AND ($5 OR d.editor_id IS NULL OR d.editor_id = $3)
         RETURNING ${STATE.replace(/(^|,\s*)(\w+)/g, '$1d.$2')})
       SELECT * FROM up`,
      [id, deptId, userId, username, admin],
    );
  }

  /** The latest submitted version (undefined when none). */
  latestVersion(id: number, deptId: number): Promise<Raw | undefined> {
    return one(
      this.db,
      `SELECT version, content AS "contentTrans", status FROM news_translation WHERE news_id = $1 AND dept_id = $2 ORDER BY version DESC LIMIT 1`,
      [id, deptId],
    );
  }

  /** Every submitted version, newest first. */
  versions(id: number, deptId: number): Promise<Raw[]> {
    return this.db.query(
      `SELECT version, status, content, editor_id AS "editorId", editor_name AS "editorName", examine_id AS "examineId",
              examine_name AS "examineName", examine_time AS "examineTime", create_time AS "createTime"
       FROM news_translation WHERE news_id = $1 AND dept_id = $2 ORDER BY version DESC`,
      [id, deptId],
    );
  }

  /** The text of one version (undefined when it does not exist). */
  versionContent(id: number, deptId: number, version: number): Promise<Raw | undefined> {
    return one(this.db, 'SELECT content FROM news_translation WHERE news_id = $1 AND dept_id = $2 AND version = $3', [id, deptId, version]);
  }

  /** The department's state row (undefined when the department never touched the item). */
  state(id: number, deptId: number): Promise<Raw | undefined> {
    return one(this.db, `SELECT ${STATE} FROM news_dept WHERE news_id = $1 AND dept_id = $2`, [id, deptId]);
  }

  /** The title the department sees and the user's nick name. */
  noticeNames(id: number, deptId: number, userId: number): Promise<Raw | undefined> {
    return one(
      this.db,
      `SELECT COALESCE(d.title_cn, n.title_cn, n.title) AS title, (SELECT nick_name FROM sys_user WHERE id = $3) AS nick
         FROM news n LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = $2 WHERE n.id = $1`,
      [id, deptId, userId],
    );
  }

  /** Whether the news item exists. */
  async newsExists(id: number): Promise<boolean> {
    return !!(await one(this.db, 'SELECT 1 FROM news WHERE id = $1', [id]));
  }

  // ---------------------------------------------------------------- machine translation (news.mt_*)

  /** Items pending or left running, newest first, at most `batch`. */
  mtPending(batch: number): Promise<Array<{ id: string }>> {
    return this.db.query(`SELECT id FROM news WHERE mt_status IN ('pending', 'running') ORDER BY id DESC LIMIT ${batch}`);
  }

  async mtSetStatus(id: string | number, status: string, error: string): Promise<void> {
    await this.db.query(`UPDATE news SET mt_status = $2, mt_error = $3, mt_time = now() WHERE id = $1`, [id, status, error]);
  }

  /**
   * Marks the item running; its source (undefined when it does not exist). `queued`: only an item
   * still waiting for its job (pending, or left running by a stopped process) — a job added again
   * after its item was translated finds nothing (one conditional UPDATE, no read-then-write).
   */
  async mtStart(id: string | number, queued = false): Promise<Raw | undefined> {
    const rows: Raw[] = await this.db.query(
      `WITH up AS (UPDATE news SET mt_status = 'running', mt_time = now() WHERE id = $1${queued ? ` AND mt_status IN ('pending', 'running')` : ''}
         RETURNING title, content, content_html AS "contentHtml", language) SELECT * FROM up`,
      [id],
    );
    return rows[0];
  }

  /** Stores a result (`set` over `$2..`); the row answered (undefined when the item is gone). */
  async mtStore(id: string | number, set: string, params: unknown[]): Promise<Raw | undefined> {
    // Wrapped in a CTE so the driver answers rows (a bare UPDATE gives [rows, affected]).
    const rows: Raw[] = await this.db.query(`WITH up AS (UPDATE news SET ${set}, mt_time = now() WHERE id = $1 RETURNING ${MT_RESULT}) SELECT * FROM up`, [id, ...params]);
    return rows[0];
  }

  async mtFailed(id: number, message: string): Promise<void> {
    await this.db.query(`UPDATE news SET mt_status = 'failed', mt_error = $2, mt_time = now() WHERE id = $1`, [id, message]);
  }

  async mtMarkPending(ids: Array<string | number>): Promise<void> {
    await this.db.query(`UPDATE news SET mt_status = 'pending', mt_error = NULL, mt_time = now() WHERE id = ANY($1::bigint[])`, [ids.map(String)]);
  }

  /** Failed items (all, or the given ids) back to pending; how many. */
  async mtRetry(ids: number[] | undefined): Promise<number> {
    const rows: unknown[] = await this.db.query(
      `WITH up AS (UPDATE news SET mt_status = 'pending', mt_error = NULL, mt_time = now()
         WHERE mt_status = 'failed' ${ids ? 'AND id = ANY($1::bigint[])' : ''} RETURNING id) SELECT id FROM up`,
      ids ? [ids.map(String)] : [],
    );
    return rows.length;
  }

  mtCounts(): Promise<Array<{ s: string; n: number }>> {
    return this.db.query(`SELECT mt_status AS s, count(*)::int AS n FROM news WHERE mt_status IN ('pending', 'running', 'failed') GROUP BY 1`);
  }

  mtFailures(size: number, offset: number): Promise<Raw[]> {
    return this.db.query(
      `SELECT id, title, language, mt_error AS "mtError", mt_time AS "mtTime", count(*) OVER () AS total
       FROM news WHERE mt_status = 'failed' ORDER BY mt_time DESC, id DESC LIMIT $1 OFFSET $2`,
      [size, offset],
    );
  }

  // ---------------------------------------------------------------- statistics (read-only)

  /**
   * Translation throughput per person over [from, to] (docs/statistics.md): claims started, versions
   * submitted, versions reviewed, and the median minutes from claim to review of the versions they
   * translated (as translator) and of those they reviewed (as reviewer). `depts` null = every
   * department. Versions without a claim time (written before it was recorded) count, but not in the
   * medians. Names are the stored editor/reviewer names of the rows.
   */
  translationThroughput(from: Date, to: Date, depts: number[] | null): Promise<TranslationThroughputRow[]> {
    return this.db.query(
      `WITH v AS (
         SELECT editor_id, editor_name, examine_id, examine_name, status, claim_time, create_time, examine_time,
                extract(epoch FROM examine_time - claim_time) / 60 AS minutes
         FROM news_translation WHERE ($3::int[] IS NULL OR dept_id = ANY($3::int[]))),
       ev AS (
         SELECT editor_id AS uid, editor_name AS name, 1 AS claimed, 0 AS submitted, 0 AS reviewed, NULL::float8 AS tr, NULL::float8 AS rv
           FROM v WHERE claim_time BETWEEN $1 AND $2
         UNION ALL
         SELECT editor_id, editor_name, 1, 0, 0, NULL, NULL FROM news_dept
           WHERE trans_status = 'edit' AND claim_time BETWEEN $1 AND $2 AND ($3::int[] IS NULL OR dept_id = ANY($3::int[]))
         UNION ALL
         SELECT editor_id, editor_name, 0, 1, 0, NULL, NULL FROM v WHERE create_time BETWEEN $1 AND $2
         UNION ALL
         SELECT editor_id, editor_name, 0, 0, 0, minutes, NULL FROM v WHERE status = 'done' AND examine_time BETWEEN $1 AND $2
         UNION ALL
         SELECT examine_id, examine_name, 0, 0, 1, NULL, minutes FROM v WHERE status = 'done' AND examine_time BETWEEN $1 AND $2)
       SELECT uid AS "userId", max(name) AS name, sum(claimed)::int AS claimed, sum(submitted)::int AS submitted, sum(reviewed)::int AS reviewed,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY tr)::numeric, 1)::float8 AS "translatorMedianMinutes",
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY rv)::numeric, 1)::float8 AS "reviewerMedianMinutes"
       FROM ev WHERE uid IS NOT NULL
       GROUP BY uid
       ORDER BY sum(submitted) + sum(reviewed) DESC, sum(claimed) DESC, max(name), uid`,
      [from, to, depts],
    );
  }

  /**
   * The dashboard's news figures of [from, to) (docs/dashboard.md): items collected (not noise), and
   * for department `deptId` (null = those figures are null) the items warned, the versions reviewed
   * and the items waiting for review; and the caller's own claims in `edit` (every department).
   */
  async deskFigures(from: Date, to: Date, deptId: number | null, userId: number): Promise<DeskFiguresRow> {
    const rows: DeskFiguresRow[] = await this.db.query(
      `SELECT (SELECT count(*)::int FROM news WHERE create_time >= $1 AND create_time < $2 AND NOT is_noise) AS "newsToday",
              CASE WHEN $3::int IS NULL THEN NULL ELSE
                (SELECT count(*)::int FROM news_dept WHERE dept_id = $3 AND yj AND yj_time >= $1 AND yj_time < $2) END AS "warnedToday",
              CASE WHEN $3::int IS NULL THEN NULL ELSE
                (SELECT count(*)::int FROM news_translation WHERE dept_id = $3 AND status = 'done' AND examine_time >= $1 AND examine_time < $2) END AS "translatedToday",
              CASE WHEN $3::int IS NULL THEN NULL ELSE
                (SELECT count(*)::int FROM news_dept WHERE dept_id = $3 AND trans_status = 'examine') END AS "awaitingReview",
              (SELECT count(*)::int FROM news_dept WHERE editor_id = $4 AND trans_status = 'edit') AS "myEditing"`,
      [from, to, deptId, userId],
    );
    return rows[0];
  }
}
