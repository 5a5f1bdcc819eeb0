import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type Exec, poolExec } from '../../common/database/pool-exec.js';
import type { DistributionBy } from './news-analysis.dto.js';
import { type ListContext, matchSql } from './news.query.js';

/** A group of a distribution as the database answers it: the key as text (null = none recorded). */
export interface GroupRow {
  key: string | null;
  name: string | null;
  count: number;
}

/** The grouping expression of a distribution over `n` (news) and `d` (the department's news_dept row). */
const GROUP_KEY: Record<Exclude<DistributionBy, 'classify'>, { key: string; name: string }> = {
  source: { key: 'n.web_id::text', name: 'max(n.web_name)' },
  country: { key: "nullif(n.country, '')", name: 'NULL' },
  language: { key: "nullif(n.language, '')", name: 'NULL' },
};

/**
 * The SQL of the 查询统计 figures (docs/news-analysis.md). Reads `news` and `news_dept` (this
 * module's) with the list's joins and conditions (news.query.ts `matchSql`), so every figure counts
 * the items `GET api/news/list` pages through with the same query. One statement per figure; names
 * of classes come from the classify module's service, labels of codes from the dictionaries.
 */
@Injectable()
export class NewsAnalysisRepository {
  private readonly exec: Exec;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.exec = poolExec(db);
  }

  /** Matching items (the list's totalElements, counted exactly: a period is at most a year). */
  async total(ctx: ListContext): Promise<number> {
    const m = matchSql(ctx);
    const [row] = await this.exec(`SELECT count(*)::int AS n ${m.from} WHERE ${m.where}`, m.p.values);
    return Number(row.n);
  }

  /** Matching items per publish day (days of the zone; days without items are absent). */
  async perDay(ctx: ListContext, zone: string): Promise<Array<{ day: string; count: number }>> {
    const m = matchSql(ctx);
    const z = m.p.add(zone);
    const rows = await this.exec(
      `SELECT to_char((n.publish_time AT TIME ZONE ${z})::date, 'YYYY-MM-DD') AS day, count(*)::int AS count
       ${m.from} WHERE ${m.where} GROUP BY 1 ORDER BY 1`,
      m.p.values,
    );
    return rows.map((r) => ({ day: String(r.day), count: Number(r.count) }));
  }

  /**
   * Matching items per source, country or language (each item in one group), or per class (an
   * item in each of its classes — the department's classes when it set them — and items without a
   * class in the group null).
   */
  async groups(ctx: ListContext, by: DistributionBy): Promise<GroupRow[]> {
    const m = matchSql(ctx);
    const sql =
      by === 'classify'
        ? `SELECT c.id::text AS key, NULL AS name, count(*)::int AS count ${m.from}
             CROSS JOIN LATERAL unnest(CASE WHEN cardinality(COALESCE(d.classify, n.classify)) = 0 THEN ARRAY[NULL::int]
                                             ELSE COALESCE(d.classify, n.classify) END) AS c(id)
           WHERE ${m.where} GROUP BY 1`
        : `SELECT ${GROUP_KEY[by].key} AS key, ${GROUP_KEY[by].name} AS name, count(*)::int AS count ${m.from}
           WHERE ${m.where} GROUP BY 1`;
    const rows = await this.exec(sql, m.p.values);
    return rows.map((r) => ({ key: r.key == null ? null : String(r.key), name: r.name == null ? null : String(r.name), count: Number(r.count) }));
  }

  /**
   * The keywords of the matching items (the department's when it set them) by the number of items
   * carrying them, most first, leaving out blank ones and those in `exclude` (lower-case).
   */
  async keywords(ctx: ListContext, exclude: string[], top: number): Promise<Array<{ keyword: string; count: number }>> {
    const m = matchSql(ctx);
    const ex = m.p.add(exclude);
    const limit = m.p.add(top);
    const rows = await this.exec(
      `SELECT k.word AS keyword, count(DISTINCT n.id)::int AS count ${m.from}
         CROSS JOIN LATERAL unnest(COALESCE(d.keywords, n.keywords)) AS k(word)
        WHERE ${m.where} AND btrim(k.word) <> '' AND lower(k.word) <> ALL(${ex}::text[])
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`,
      m.p.values,
    );
    return rows.map((r) => ({ keyword: String(r.keyword), count: Number(r.count) }));
  }

  /** Names of source websites by id (for the export's query sheet). */
  async websiteNames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows: Array<{ id: number; name: string }> = await this.db.query('SELECT id, name FROM news_website WHERE id = ANY($1::int[])', [ids]);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }
}
