/**
 * SQL of the news list. Everything user-supplied goes in as a parameter ($n); only whitelisted
 * fragments (sort expressions) are spliced in. One query returns a page with the caller's department
 * state (news_dept), read state (news_user) and collection flag (news_collect): no N+1.
 */
import type { NewsQuery, NewsSort } from './news.dto.js';

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

/** Everything the list SQL needs, resolved by the service (database lookups happen there, not here). */
export interface ListContext {
  deptId: number | null;
  userId: number;
  /** A filter on the noise class: only noise items. Otherwise noise items are excluded. */
  noiseOnly: boolean;
  /** The classify filter with its descendants; null = no classification filter. */
  classifyIds: number[] | null;
  /** The search text as a tsquery; null = no search. */
  tsquery: string | null;
  /** The theme's tsquery; null = the theme has no searchable keyword (matches nothing); undefined = no theme. */
  themeQuery?: string | null;
  /** The caller's subscriptions (type=interest): websites and classes (with descendants). */
  interest?: { websiteIds: number[]; classifyIds: number[] };
  sort: NewsSort;
  page: number;
  size: number;
  /** Exact counts stop here (config NEWS_COUNT_CAP, default 10,000); news-design.md "Counting". */
  countCap: number;
}

export interface ListSql {
  /** The page's rows: ids chosen first (index-only where possible), then joined for the columns. */
  rows: { sql: string; params: unknown[] };
  /** `n`: count of matching rows capped at countCap + 1; `live`: the maintained total (unfiltered lists only). */
  count: { sql: string; params: unknown[] };
  /** Planner estimate of the matching rows (used when the capped count overflows). */
  estimate: { sql: string; params: unknown[] };
  /** True when nothing but the noise flag filters the list (the maintained total applies). */
  unfiltered: boolean;
}

/** Effective classification of a row for the caller's department. */
const CLASSIFY = 'COALESCE(d.classify, n.classify)';

/** Builds the list SQL for a query (pure: same input, same SQL; the benchmark's floor runs it through raw pg). */
export function buildList(q: Pick<NewsQuery, 'type' | 'webId' | 'isRead' | 'isTrans' | 'imports'>, ctx: ListContext): ListSql {
  const p = new Params();
  const from = fromJoins(p.add(ctx.deptId), p.add(ctx.userId));
  const where: string[] = [ctx.noiseOnly ? 'n.is_noise' : 'NOT n.is_noise'];
  if (ctx.classifyIds) where.push(`${CLASSIFY} && ${p.add(ctx.classifyIds)}::int[]`);
  let rank: string | null = null;
  if (ctx.tsquery) {
    rank = p.add(ctx.tsquery);
    where.push(`n.search @@ CAST(${rank} AS tsquery)`);
  }
  switch (q.type) {
    case 'recommend':
      where.push('d.is_recommend');
      break;
    case 'follow':
      where.push('(d.yj OR d.is_recommend)');
      break;
    case 'choice':
      where.push('d.is_choice');
      break;
    case 'hot':
      where.push(`n.publish_time >= now() - interval '${HOT_DAYS} days'`);
      break;
    case 'interest': {
      const i = ctx.interest;
      const any: string[] = [];
      if (i?.websiteIds.length) any.push(`n.web_id = ANY(${p.add(i.websiteIds)}::int[])`);
      if (i?.classifyIds.length) any.push(`${CLASSIFY} && ${p.add(i.classifyIds)}::int[]`);
      // No subscriptions: nothing to show (the screen offers the subscription settings).
      where.push(any.length ? `(${any.join(' OR ')})` : 'false');
      break;
    }
    default:
      break;
  }
  if (q.webId !== undefined) where.push(`n.web_id = ${p.add(q.webId)}`);
  if (ctx.themeQuery !== undefined) where.push(ctx.themeQuery ? `n.search @@ CAST(${p.add(ctx.themeQuery)} AS tsquery)` : 'false');
  if (q.isRead === '1') where.push('u.news_id IS NULL');
  if (q.isTrans === '1') where.push("d.trans_status IN ('edit', 'examine', 'done')");
  else if (q.isTrans === '2') where.push(`d.editor_id = ${p.add(ctx.userId)}`);
  else if (q.isTrans === '3') where.push("d.trans_status = 'done'");
  if (q.imports === '1') where.push('n.create_by IS NOT NULL');

  const fromWhere = `${from} WHERE ${where.join(' AND ')}`;
  const unfiltered = where.length === 1 && !ctx.noiseOnly;
  const countParams = [...p.values];
  const order = orderBy(ctx.sort, rank);
  const limit = p.add(ctx.size);
  const offset = p.add(ctx.page * ctx.size);
  // Deferred join: the inner query only needs the sort keys and filters (joins the planner can drop
  // are dropped), so deep pages walk an index instead of joining every skipped row.
  const rows = `SELECT ${ROW_COLUMNS} ${from}
    WHERE n.id IN (SELECT n.id ${fromWhere} ${order} LIMIT ${limit} OFFSET ${offset}) ${order}`;
  return {
    rows: { sql: rows, params: p.values },
    // The unfiltered list also reads the trigger-kept live total in the same round trip.
    count: {
      sql: `SELECT (SELECT count(*) FROM (SELECT 1 ${fromWhere} LIMIT ${ctx.countCap + 1}) c) AS n${unfiltered ? ', (SELECT live FROM news_stats WHERE id = 1) AS live' : ''}`,
      params: countParams,
    },
    estimate: { sql: `EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params: countParams },
    unfiltered,
  };
}

/** The hot tab's window: items published in the last 7 days, most read first. */
export const HOT_DAYS = 7;
