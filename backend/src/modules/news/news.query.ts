/**
 * SQL of the news list. Everything user-supplied goes in as a parameter ($n); only whitelisted
 * fragments (sort expressions) are spliced in. One query returns a page with the caller's department
 * state (news_dept), read state (news_user) and collection flag (news_collect): no N+1.
 */
import type { NewsSort } from './news.dto.js';

/** Collects positional parameters. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}

/** The columns of a list row (aliases are the DTO field names). `d` = news_dept, `u` = news_user, `col` = news_collect. */
export const ROW_COLUMNS = `
  n.id, n.title, COALESCE(d.title_cn, n.title_cn) AS "titleCn", n.publish_time AS "publishTime",
  n.web_name AS "webName", n.web_id AS "webId", n.create_by AS "createBy", n.count,
  COALESCE(d.classify, n.classify) AS classify,
  ARRAY(SELECT c.name FROM news_classify c WHERE c.id = ANY(COALESCE(d.classify, n.classify))
        ORDER BY array_position(COALESCE(d.classify, n.classify), c.id)) AS "classifyNames",
  COALESCE(d.keywords, n.keywords) AS keywords, n.language, n.country, n.url,
  (u.news_id IS NOT NULL) AS "isRead", (col.id IS NOT NULL) AS "isCollect",
  COALESCE(d.is_recommend, false) AS "isRecommend", COALESCE(d.yj, false) AS yj,
  COALESCE(d.is_choice, false) AS "isChoice", d.is_processed AS "isProcessed",
  (jsonb_array_length(n.files) > 0) AS "hasFiles", d.editor_name AS "editorName", d.examine_name AS "examineName",
  d.trans_status AS "transStatus", COALESCE(d.version, 0) AS version,
  COALESCE(d.update_time, n.update_time) AS "updateTime"`;

/** FROM with the caller's state joined; `dept` and `user` are parameter placeholders. */
export const fromJoins = (dept: string, user: string) => `
  FROM news n
  LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = ${dept}
  LEFT JOIN news_user u ON u.news_id = n.id AND u.user_id = ${user}
  LEFT JOIN news_collect col ON col.news_id = n.id AND col.user_id = ${user}`;

const DIR = { Asc: 'ASC', Desc: 'DESC' } as const;

/**
 * ORDER BY for a sort; ties by id in the same direction (stable paging). `rank` is the placeholder
 * of the tsquery for score sorts (the caller falls back to dateDesc when there is no query).
 */
export function orderBy(sort: NewsSort, rank: string | null): string {
  const m = /^(date|score|num|create|update)(Asc|Desc)$/.exec(sort)!;
  const dir = DIR[m[2] as keyof typeof DIR];
  const expr = {
    date: 'n.publish_time',
    score: rank ? `ts_rank_cd(n.search, CAST(${rank} AS tsquery))` : 'n.publish_time',
    num: 'n.count',
    create: 'n.create_time',
    update: 'COALESCE(d.update_time, n.update_time)',
  }[m[1] as 'date' | 'score' | 'num' | 'create' | 'update'];
  const ties = m[1] === 'score' ? `, n.publish_time DESC, n.id DESC` : `, n.id ${dir}`;
  return `ORDER BY ${expr} ${dir}${ties}`;
}
