import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The news figures of one large-screen refresh (screenFigures); department figures count the departments of the scope. */
export interface ScreenFiguresRow {
  newsToday: number;
  news7d: number;
  warnedToday: number;
  warned7d: number;
}

/** A warned item of a department (latestWarned). */
export interface ScreenWarnedRow {
  id: string;
  deptId: number;
  title: string;
  country: string | null;
  webName: string | null;
  yjBy: string | null;
  yjTime: Date;
}

/** A version reviewed by a department (latestReviewed). */
export interface ScreenReviewedRow {
  id: string;
  deptId: number;
  title: string;
  editorName: string | null;
  examineName: string | null;
  examineTime: Date;
}

/**
 * The SQL of the large screens (docs/screens.md): read-only figures of `news`, `news_dept` and
 * `news_translation` (this module's). `depts` null = every department; an empty array = none.
 * Collected items (not noise), countries and keywords are the platform's (as the dashboard's
 * 今日采集); warnings and translations are the departments'.
 */
@Injectable()
export class NewsScreenRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Items collected in [today, to) and [week, to); items warned by `depts` in the same periods. */
  async figures(today: Date, week: Date, to: Date, depts: number[] | null): Promise<ScreenFiguresRow> {
    const rows: ScreenFiguresRow[] = await this.db.query(
      `SELECT (SELECT count(*)::int FROM news WHERE create_time >= $1 AND create_time < $3 AND NOT is_noise) AS "newsToday",
              (SELECT count(*)::int FROM news WHERE create_time >= $2 AND create_time < $3 AND NOT is_noise) AS "news7d",
              (SELECT count(*)::int FROM news_dept WHERE yj AND yj_time >= $1 AND yj_time < $3
                 AND ($4::int[] IS NULL OR dept_id = ANY($4::int[]))) AS "warnedToday",
              (SELECT count(*)::int FROM news_dept WHERE yj AND yj_time >= $2 AND yj_time < $3
                 AND ($4::int[] IS NULL OR dept_id = ANY($4::int[]))) AS "warned7d"`,
      [today, week, to, depts],
    );
    return rows[0];
  }

  /** The latest `limit` items warned by `depts`, newest warning first (the department's title when it set one). */
  latestWarned(depts: number[] | null, limit: number): Promise<ScreenWarnedRow[]> {
    return this.db.query(
      `SELECT n.id::text AS id, d.dept_id AS "deptId", COALESCE(NULLIF(d.title_cn, ''), NULLIF(n.title_cn, ''), n.title) AS title,
              NULLIF(n.country, '') AS country, n.web_name AS "webName", d.yj_by AS "yjBy", d.yj_time AS "yjTime"
       FROM news_dept d JOIN news n ON n.id = d.news_id
       WHERE d.yj AND d.yj_time IS NOT NULL AND ($1::int[] IS NULL OR d.dept_id = ANY($1::int[]))
       ORDER BY d.yj_time DESC, n.id DESC LIMIT $2`,
      [depts, limit],
    );
  }

  /** Items collected since `from` (not noise) per source country, most first, at most `limit` countries (no country left out). */
  countries(from: Date, limit: number): Promise<Array<{ country: string; count: number }>> {
    return this.db.query(
      `SELECT country, count(*)::int AS count FROM news
       WHERE create_time >= $1 AND NOT is_noise AND NULLIF(btrim(country), '') IS NOT NULL
       GROUP BY country ORDER BY count(*) DESC, country LIMIT $2`,
      [from, limit],
    );
  }

  /** Keywords of the items collected since `from` (not noise) by the number of items carrying them, most first. */
  keywords(from: Date, limit: number): Promise<Array<{ keyword: string; count: number }>> {
    return this.db.query(
      `SELECT k.word AS keyword, count(DISTINCT n.id)::int AS count
       FROM news n CROSS JOIN LATERAL unnest(n.keywords) AS k(word)
       WHERE n.create_time >= $1 AND NOT n.is_noise AND btrim(k.word) <> ''
       GROUP BY k.word ORDER BY count(DISTINCT n.id) DESC, k.word LIMIT $2`,
      [from, limit],
    );
  }

  /** The latest `limit` versions reviewed (status done) by `depts`, newest review first. */
  latestReviewed(depts: number[] | null, limit: number): Promise<ScreenReviewedRow[]> {
    return this.db.query(
      `SELECT t.news_id::text AS id, t.dept_id AS "deptId",
              COALESCE(NULLIF(d.title_cn, ''), NULLIF(n.title_cn, ''), n.title) AS title,
              t.editor_name AS "editorName", t.examine_name AS "examineName", t.examine_time AS "examineTime"
       FROM news_translation t JOIN news n ON n.id = t.news_id
       LEFT JOIN news_dept d ON d.news_id = t.news_id AND d.dept_id = t.dept_id
       WHERE t.status = 'done' AND t.examine_time IS NOT NULL AND ($1::int[] IS NULL OR t.dept_id = ANY($1::int[]))
       ORDER BY t.examine_time DESC, t.news_id DESC, t.version DESC LIMIT $2`,
      [depts, limit],
    );
  }
}
