import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Exec, poolExec } from '../../common/database/pool-exec.js';
import type { NewsQuery } from './news.dto.js';
import { buildList, fromJoins, type ListContext, type ListResult, Params, type Subscription, ROW_COLUMNS, runList } from './news.query.js';

type Raw = Record<string, unknown>;
type Db = DataSource | EntityManager;

/** news_dept columns the update calls may set. */
export type DeptColumn = 'is_recommend' | 'yj' | 'yj_by' | 'yj_time' | 'classify' | 'keywords' | 'abstracts' | 'title_cn' | 'is_choice';

/** What the similarity query of an item needs (see NewsDiscoverService.similar). */
export interface SimilarQuery {
  id: number;
  deptId: number | null;
  userId: number;
  keywords: string[];
  classify: number[];
  /** The OR-ed tsquery parts, or null when only keywords match. */
  tsquery: string | null;
  size: number;
  candidates: number;
}

/** What the personal recommendation query needs (see NewsDiscoverService.recommendIds). */
export interface PersonalQuery {
  userId: number;
  deptId: number | null;
  websiteIds: number[];
  classifyIds: number[];
  topics: string[];
  unreadFirst: boolean;
  cap: number;
  days: number;
  candidates: number;
  weight: number;
}

/**
 * Every query of the news module: the list (news.query.ts builds its SQL, shared with the
 * benchmark), the item, the department's state (`news_dept`), reads, deletion, search history,
 * discovery and the manual entry. The services hold the rules and messages.
 */
@Injectable()
export class NewsRepository {
  /** The list's statements run on the pool directly (the hot path; see poolExec). */
  private readonly exec: Exec;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.exec = poolExec(db);
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------- list

  /** The list's page and total (runList on the pool). */
  list(q: NewsQuery, ctx: ListContext): Promise<ListResult> {
    return runList(this.exec, q, ctx);
  }

  /** The rows of the list query from its first row (export, keyword graph). */
  listRows(q: Parameters<typeof buildList>[0], ctx: ListContext): Promise<Raw[]> {
    const sql = buildList(q, ctx);
    return this.db.query(sql.rows.sql, sql.rows.params);
  }

  /** The theme's keywords (empty: no such theme). */
  themeKeywords(themeId: number): Promise<Array<{ keywords: string[] }>> {
    return this.db.query('SELECT keywords FROM news_theme WHERE id = $1', [themeId]);
  }

  /** The user's subscriptions (undefined: none). */
  async interest(userId: number): Promise<{ websiteIds: number[]; classifyIds: number[]; themeIds: number[] } | undefined> {
    const rows: Array<{ websiteIds: number[]; classifyIds: number[]; themeIds: number[] }> = await this.db.query(
      'SELECT website_ids AS "websiteIds", classify_ids AS "classifyIds", theme_ids AS "themeIds" FROM news_interest WHERE user_id = $1',
      [userId],
    );
    return rows[0];
  }

  /** The department's chosen items (not noise) per 动态加工 stage. */
  async choiceStages(deptId: number): Promise<{ todo: number; editing: number; review: number; reviewed: number }> {
    const rows: Array<{ todo: number; editing: number; review: number; reviewed: number }> = await this.db.query(
      `SELECT count(*) FILTER (WHERE trans_status IS NULL)::int AS todo, count(*) FILTER (WHERE trans_status = 'edit')::int AS editing,
              count(*) FILTER (WHERE trans_status = 'examine')::int AS review, count(*) FILTER (WHERE trans_status = 'done')::int AS reviewed
         FROM news_dept WHERE dept_id = $1 AND is_choice AND NOT is_noise`,
      [deptId],
    );
    return rows[0];
  }

  /** The keywords of these themes (deleted themes are left out). */
  async themesKeywords(themeIds: number[]): Promise<string[][]> {
    if (!themeIds.length) return [];
    const rows: Array<{ keywords: string[] }> = await this.db.query('SELECT keywords FROM news_theme WHERE id = ANY($1::int[]) ORDER BY id', [themeIds]);
    return rows.map((r) => r.keywords);
  }

  /**
   * Items of a subscription collected in (since, to] (not noise): how many, and the newest one's id
   * and title (Chinese title first). Reads idx_news_create over the window.
   */
  async subscribedBetween(sub: Subscription, since: string, to: string): Promise<{ total: number; latest: { id: string; title: string } | null }> {
    const params: unknown[] = [since, to];
    const any: string[] = [];
    if (sub.websiteIds.length) any.push(`n.web_id = ANY($${params.push(sub.websiteIds)}::int[])`);
    if (sub.classifyIds.length) any.push(`n.classify && $${params.push(sub.classifyIds)}::int[]`);
    if (sub.themeQuery) any.push(`n.search @@ CAST($${params.push(sub.themeQuery)} AS tsquery)`);
    if (!any.length) return { total: 0, latest: null };
    const rows: Array<{ total: number; id: string; title: string }> = await this.db.query(
      `SELECT count(*) OVER ()::int AS total, n.id::text AS id, COALESCE(NULLIF(n.title_cn, ''), n.title) AS title
         FROM news n
        WHERE NOT n.is_noise AND n.create_time > $1::timestamptz AND n.create_time <= $2::timestamptz AND (${any.join(' OR ')})
        ORDER BY n.create_time DESC, n.id DESC LIMIT 1`,
      params,
    );
    return rows.length ? { total: rows[0].total, latest: { id: rows[0].id, title: rows[0].title } } : { total: 0, latest: null };
  }

  // ---------------------------------------------------------------- one item

  /**
   * Counts a read, marks the item read by the user and answers it with the department's state, in
   * one transaction; undefined when the item does not exist.
   */
  read(id: number, deptId: number | null, userId: number): Promise<Raw | undefined> {
    return this.db.transaction(async (em) => {
      // Atomic increment; wrapped in a CTE so the driver answers rows (a bare UPDATE gives [rows, affected]).
      const counted: Array<{ count: number }> = await em.query('WITH c AS (UPDATE news SET count = count + 1 WHERE id = $1 RETURNING count) SELECT count FROM c', [id]);
      if (!counted.length) return undefined;
      await em.query('INSERT INTO news_user (news_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, userId]);
      const rows: Raw[] = await em.query(
        `SELECT ${ROW_COLUMNS}, n.content, n.content_html AS "contentHtml", n.content_cn AS "contentCn", n.files,
                d.abstracts, d.content_trans AS "contentTrans", d.editor_id AS "editorId", d.examine_id AS "examineId",
                n.mt_status AS "mtStatus", n.mt_error AS "mtError"
         ${fromJoins('$2', '$3')} WHERE n.id = $1`,
        [id, deptId, userId],
      );
      return rows[0];
    });
  }

  /** The item with the department's state and texts for the Word file (undefined: no such item). */
  async wordItem(id: number, deptId: number | null, userId: number): Promise<Raw | undefined> {
    const rows: Raw[] = await this.db.query(
      `SELECT ${ROW_COLUMNS}, n.content, n.content_cn AS "contentCn", d.abstracts, d.content_trans AS "contentTrans"
       ${fromJoins('$2', '$3')} WHERE n.id = $1`,
      [id, deptId, userId],
    );
    return rows[0];
  }

  /** List rows of the ids (any order). */
  rowsOf(ids: string[], deptId: number | null, userId: number): Promise<Raw[]> {
    return this.db.query(`SELECT ${ROW_COLUMNS} ${fromJoins('$2', '$3')} WHERE n.id = ANY($1::bigint[])`, [ids, deptId, userId]);
  }

  /** The list row of one item. */
  rowOf(id: string, deptId: number | null, userId: number): Promise<Raw[]> {
    return this.db.query(`SELECT ${ROW_COLUMNS} ${fromJoins('$2', '$3')} WHERE n.id = $1`, [id, deptId, userId]);
  }

  // ---------------------------------------------------------------- the department's state

  /** Upserts the department's row of an item with the given columns; false when the item does not exist. */
  async upsertDept(id: number, deptId: number, username: string, set: Partial<Record<DeptColumn, unknown>>, db: Db = this.db): Promise<boolean> {
    const cols = Object.keys(set) as DeptColumn[];
    const p = new Params();
    const newsId = p.add(id);
    const dept = p.add(deptId);
    const by = p.add(username);
    const values = cols.map((c) => `${p.add(set[c])}${c === 'classify' ? '::int[]' : c === 'keywords' ? '::text[]' : ''}`);
    const result: unknown[] = await db.query(
      `INSERT INTO news_dept (news_id, dept_id, update_by, ${cols.join(', ')})
       SELECT n.id, ${dept}, ${by}, ${values.join(', ')} FROM news n WHERE n.id = ${newsId}
       ON CONFLICT (news_id, dept_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
         update_by = EXCLUDED.update_by, update_time = now()
       RETURNING news_id`,
      p.values,
    );
    return result.length > 0;
  }

  /** The title the department sees and the user's nick name. */
  async warnNames(id: number, deptId: number, userId: number): Promise<{ title: string | null; nickName: string | null } | undefined> {
    const rows: Array<{ title: string | null; nickName: string | null }> = await this.db.query(
      `SELECT COALESCE(d.title_cn, n.title_cn, n.title) AS title, (SELECT nick_name FROM sys_user WHERE id = $3) AS "nickName"
         FROM news n LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = $2 WHERE n.id = $1`,
      [id, deptId, userId],
    );
    return rows[0];
  }

  /** True when an item, or a department's override of one, is filed under one of the classes. */
  async anyFiledUnder(em: EntityManager, classIds: number[]): Promise<boolean> {
    const [{ used }]: Array<{ used: boolean }> = await em.query(
      'SELECT EXISTS (SELECT 1 FROM news WHERE classify && $1::int[]) OR EXISTS (SELECT 1 FROM news_dept WHERE classify && $1::int[]) AS used',
      [classIds],
    );
    return used;
  }

  /** Noise flag and the department's effective classes, the item locked for update (undefined: no such item). */
  async lockClassification(em: EntityManager, id: number, deptId: number): Promise<{ isNoise: boolean; classify: number[] | null } | undefined> {
    const [current]: Array<{ isNoise: boolean; classify: number[] | null }> = await em.query(
      `SELECT n.is_noise AS "isNoise", COALESCE(d.classify, n.classify) AS classify
           FROM news n LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = $2 WHERE n.id = $1 FOR UPDATE OF n`,
      [id, deptId],
    );
    return current;
  }

  /**
   * Sets the global noise flag and adds / removes the noise class `noiseId` (un-noising also removes
   * it from the departments' classifications); false when the item does not exist.
   */
  async setNoise(id: number, isNoise: boolean, noiseId: number, db: Db = this.db): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `WITH u AS (
         UPDATE news SET classify = CASE WHEN $2 THEN array_append(array_remove(classify, $3::int), $3::int) ELSE array_remove(classify, $3::int) END,
                         is_noise = $2, update_time = now()
         WHERE id = $1 RETURNING id)
       SELECT id FROM u`,
      [id, isNoise, noiseId],
    );
    if (!rows.length) return false;
    if (!isNoise) {
      await db.query('UPDATE news_dept SET classify = array_remove(classify, $2::int) WHERE news_id = $1 AND $2::int = ANY(classify)', [id, noiseId]);
    }
    return true;
  }

  // ---------------------------------------------------------------- deletion

  /**
   * Deletes the item with its department and read rows (one transaction), then `alsoDelete` (what
   * other modules keep of it: the `news` removal steps); false when it does not exist.
   */
  deleteById(id: number, alsoDelete: (em: EntityManager, ids: string[]) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const deleted: unknown[] = await em.query('WITH d AS (DELETE FROM news WHERE id = $1 RETURNING id) SELECT id FROM d', [id]);
      if (!deleted.length) return false;
      await em.query('DELETE FROM news_dept WHERE news_id = $1', [id]);
      await em.query('DELETE FROM news_user WHERE news_id = $1', [id]);
      await alsoDelete(em, [String(id)]);
      return true;
    });
  }

  /** Deletes every item with one of the source ids (same cascade); how many. */
  deleteBySourceIds(sourceIds: string[], alsoDelete: (em: EntityManager, ids: string[]) => Promise<void>): Promise<number> {
    return this.db.transaction(async (em) => {
      const rows: Array<{ id: string }> = await em.query('WITH d AS (DELETE FROM news WHERE source_id = ANY($1::text[]) RETURNING id) SELECT id FROM d', [[...new Set(sourceIds)]]);
      const ids = rows.map((r) => r.id);
      if (ids.length) {
        for (const table of ['news_dept', 'news_user']) await em.query(`DELETE FROM ${table} WHERE news_id = ANY($1::bigint[])`, [ids]);
        await alsoDelete(em, ids);
      }
      return ids.length;
    });
  }

  // ---------------------------------------------------------------- search history

  /** The user's latest distinct searches, newest first, at most `size`. */
  searchHistory(userId: number, size: number): Promise<Array<{ id: string; content: string; createTime: Date }>> {
    return this.db.query(
      `SELECT id, content, "createTime" FROM (
         SELECT DISTINCT ON (content) id, content, create_time AS "createTime" FROM news_search_history
         WHERE user_id = $1 ORDER BY content, create_time DESC, id DESC) h
       ORDER BY "createTime" DESC, id DESC LIMIT ${size}`,
      [userId],
    );
  }

  /** Saves a search at the top (an identical older entry removed), keeping the newest `size` of the user. */
  async saveSearch(userId: number, content: string, size: number): Promise<void> {
    await this.db.transaction(async (em) => {
      // Serialises saves of one user, so two concurrent saves cannot both keep a duplicate or 21 rows.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['news_search_history', userId]);
      await em.query('DELETE FROM news_search_history WHERE user_id = $1 AND content = $2', [userId, content]);
      await em.query('INSERT INTO news_search_history (user_id, content, create_time) VALUES ($1, $2, clock_timestamp())', [userId, content]);
      await em.query(
        `DELETE FROM news_search_history WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM news_search_history WHERE user_id = $1 ORDER BY create_time DESC, id DESC LIMIT ${size})`,
        [userId],
      );
    });
  }

  async clearSearchHistory(userId: number): Promise<void> {
    await this.db.query('DELETE FROM news_search_history WHERE user_id = $1', [userId]);
  }

  /** Deletes one of the user's entries; false when there is no such entry of theirs. */
  async deleteSearch(id: number, userId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query('WITH d AS (DELETE FROM news_search_history WHERE id = $1 AND user_id = $2 RETURNING id) SELECT id FROM d', [id, userId]);
    return rows.length > 0;
  }

  // ---------------------------------------------------------------- discovery

  /** Title, keywords and classes of the item as the department sees them (undefined: no such item). */
  async similarSource(id: number, deptId: number | null): Promise<{ title: string; titleCn: string | null; keywords: string[]; deptKeywords: string[] | null; classify: number[] } | undefined> {
    const found: Array<{ title: string; titleCn: string | null; keywords: string[]; deptKeywords: string[] | null; classify: number[] }> = await this.db.query(
      `SELECT n.title, COALESCE(d.title_cn, n.title_cn) AS "titleCn", n.keywords, d.keywords AS "deptKeywords", COALESCE(d.classify, n.classify) AS classify
       FROM news n LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = $2 WHERE n.id = $1`,
      [id, deptId],
    );
    return found[0];
  }

  /**
   * The other members of the item's story cluster (docs/collect-design.md §4.3) as list rows, by
   * publish time (earliest first), noise left out, at most `size`; none when the item is alone.
   */
  clusterMembers(id: number, deptId: number | null, userId: number, size: number): Promise<Raw[]> {
    return this.db.query(
      `SELECT ${ROW_COLUMNS} ${fromJoins('$2', '$3')}
        WHERE n.cluster_id = (SELECT cluster_id FROM news WHERE id = $1) AND n.id <> $1 AND NOT n.is_noise
        ORDER BY n.publish_time, n.id LIMIT ${size}`,
      [id, deptId, userId],
    );
  }

  /** The similar items, best first, as list rows. */
  similar(s: SimilarQuery): Promise<Raw[]> {
    const p = new Params();
    const self = p.add(s.id);
    const dept = p.add(s.deptId);
    const usr = p.add(s.userId);
    const kw = p.add(s.keywords);
    const cls = p.add(s.classify);
    const q = s.tsquery !== null ? p.add(s.tsquery) : null;
    const match = [q ? `n.search @@ CAST(${q} AS tsquery)` : null, s.keywords.length ? `n.keywords && ${kw}::text[]` : null].filter(Boolean).join(' OR ');
    const rank = q ? `ts_rank_cd(n.search, CAST(${q} AS tsquery))` : '0';
    const limit = p.add(s.size);
    return this.db.query(
      `WITH cand AS (
         SELECT n.id FROM news n
         WHERE NOT n.is_noise AND n.id <> ${self} AND (${match})
         ORDER BY n.publish_time DESC, n.id DESC LIMIT ${s.candidates}
       ), ranked AS (
         SELECT n.id, ${rank}
                + 0.2 * (SELECT count(*) FROM unnest(COALESCE(d.keywords, n.keywords)) AS k(word) WHERE k.word = ANY(${kw}::text[]))
                + CASE WHEN COALESCE(d.classify, n.classify) && ${cls}::int[] THEN 0.1 ELSE 0 END AS score
         FROM cand JOIN news n ON n.id = cand.id
         LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = ${dept}
         ORDER BY score DESC, n.publish_time DESC, n.id DESC LIMIT ${limit}
       )
       SELECT ${ROW_COLUMNS} ${fromJoins(dept, usr)} JOIN ranked r ON r.id = n.id
       ORDER BY r.score DESC, n.publish_time DESC, n.id DESC`,
      p.values,
    );
  }

  /** The department's `limit` most frequent keywords of its items tracked in the last `days`. */
  async topics(deptId: number, days: number, limit: number): Promise<string[]> {
    const rows: Array<{ word: string }> = await this.db.query(
      `SELECT k.word FROM news_dept d JOIN news n ON n.id = d.news_id
         CROSS JOIN LATERAL unnest(COALESCE(d.keywords, n.keywords)) AS k(word)
         WHERE d.dept_id = $1 AND d.is_recommend AND NOT n.is_noise AND n.publish_time >= now() - interval '${days} days'
           AND btrim(k.word) <> ''
         GROUP BY k.word ORDER BY count(*) DESC, k.word LIMIT ${limit}`,
      [deptId],
    );
    return rows.map((r) => r.word);
  }

  private static recent(days: number, unread: string): string {
    return `NOT n.is_noise AND n.publish_time >= now() - interval '${days} days' ${unread}`;
  }

  private static unread(unreadFirst: boolean, usr: string): string {
    return unreadFirst ? '' : `AND NOT EXISTS (SELECT 1 FROM news_user u WHERE u.news_id = n.id AND u.user_id = ${usr})`;
  }

  /** Ids of the last `days` by read count (read ones left out, or after the unread ones), at most `cap`. */
  async hotIds(userId: number, unreadFirst: boolean, cap: number, days: number): Promise<string[]> {
    const p = new Params();
    const usr = p.add(userId);
    const unread = NewsRepository.unread(unreadFirst, usr);
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT n.id FROM news n LEFT JOIN news_user u ON u.news_id = n.id AND u.user_id = ${usr}
         WHERE ${NewsRepository.recent(days, unread)}
         ORDER BY ${unreadFirst ? '(u.news_id IS NOT NULL), ' : ''}n.count DESC, n.publish_time DESC, n.id DESC LIMIT ${cap}`,
      p.values,
    );
    return rows.map((r) => String(r.id));
  }

  /** Ids of the personal recommendation, best first (see NewsDiscoverService.recommendIds for the scoring). */
  async personalIds(s: PersonalQuery): Promise<string[]> {
    const p = new Params();
    const usr = p.add(s.userId);
    const unread = NewsRepository.unread(s.unreadFirst, usr);
    const recent = (days: number) => NewsRepository.recent(days, unread);
    const dept = p.add(s.deptId);
    const web = p.add(s.websiteIds);
    const cls = p.add(s.classifyIds);
    const topics = p.add(s.topics);
    const newest = `ORDER BY n.publish_time DESC, n.id DESC LIMIT ${s.candidates}`;
    const branches: string[] = [];
    if (s.websiteIds.length) branches.push(`SELECT n.id, n.publish_time FROM news n WHERE ${recent(s.days)} AND n.web_id = ANY(${web}::int[]) ${newest}`);
    if (s.classifyIds.length) branches.push(`SELECT n.id, n.publish_time FROM news n WHERE ${recent(s.days)} AND n.classify && ${cls}::int[] ${newest}`);
    if (s.topics.length) branches.push(`SELECT n.id, n.publish_time FROM news n WHERE ${recent(s.days)} AND n.keywords && ${topics}::text[] ${newest}`);
    if (s.deptId != null && (s.classifyIds.length || s.topics.length)) {
      branches.push(
        `SELECT n.id, n.publish_time FROM news_dept d JOIN news n ON n.id = d.news_id
         WHERE d.dept_id = ${dept} AND (d.classify && ${cls}::int[] OR d.keywords && ${topics}::text[]) AND ${recent(s.days)} ${newest}`,
      );
    }
    const rows: Array<{ id: string }> = await this.db.query(
      `WITH ids AS (${branches.map((b) => `(${b})`).join(' UNION ')}),
       cand AS (
         SELECT n.id, n.count, n.publish_time, (u.news_id IS NOT NULL) AS read,
                (n.web_id = ANY(${web}::int[])) AS web_match,
                (COALESCE(d.classify, n.classify) && ${cls}::int[]) AS class_match,
                COALESCE(d.keywords, n.keywords) AS words
         FROM (SELECT id FROM ids ORDER BY publish_time DESC, id DESC LIMIT ${s.candidates}) top
         JOIN news n ON n.id = top.id
         LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = ${dept}
         LEFT JOIN news_user u ON u.news_id = n.id AND u.user_id = ${usr}
       ), df AS MATERIALIZED (
         SELECT k.word, ln((SELECT count(*) FROM cand)::float8 / count(DISTINCT cand.id)) AS idf
         FROM cand CROSS JOIN LATERAL unnest(cand.words) AS k(word)
         WHERE k.word = ANY(${topics}::text[]) GROUP BY k.word
       ), scored AS (
         SELECT cand.id, cand.count, cand.publish_time, cand.read,
                round((CASE WHEN cand.web_match THEN ${s.weight} ELSE 0 END
                     + CASE WHEN cand.class_match THEN ${s.weight} ELSE 0 END
                     + COALESCE((SELECT sum(df.idf) FROM (SELECT DISTINCT w FROM unnest(cand.words) AS w) x JOIN df ON df.word = x.w), 0))::numeric, 1) AS score
         FROM cand
       )
       SELECT id FROM scored
       ORDER BY ${s.unreadFirst ? 'read, ' : ''}score DESC, count DESC, publish_time DESC, id DESC LIMIT ${s.cap}`,
      p.values,
    );
    return rows.map((r) => String(r.id));
  }

  // ---------------------------------------------------------------- manual entry

  /** Name, language and country of a website (undefined: no such website). */
  async website(webId: number): Promise<{ name: string; language: string | null; country: string | null } | undefined> {
    const sites: Array<{ name: string; language: string | null; country: string | null }> = await this.db.query('SELECT name, language, country FROM news_website WHERE id = $1', [webId]);
    return sites[0];
  }

  /** Inserts an item (the 16 values in column order); its id, or undefined when the url exists. */
  async insert(values: unknown[]): Promise<string | undefined> {
    const inserted: Array<{ id: string }> = await this.db.query(
      `INSERT INTO news (title, title_cn, content, content_html, url, publish_time, web_id, web_name, language, country,
                         create_by, keywords, classify, is_noise, search, mt_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13::int[], $14, $15::tsvector, $16)
       ON CONFLICT (url) DO NOTHING RETURNING id`,
      values,
    );
    return inserted[0]?.id;
  }
}
