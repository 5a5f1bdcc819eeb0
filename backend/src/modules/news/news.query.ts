/**
 * SQL of the news list. Everything user-supplied goes in as a parameter ($n); only whitelisted
 * fragments (sort expressions) are spliced in. One query returns a page with the caller's department
 * state (news_dept), read state (news_user) and collection flag (news_collect): no N+1.
 */
import type { Exec } from '../../common/database/pool-exec.js';
import type { NewsQuery, NewsSort, ProcessingStage } from './news.dto.js';
import { timeTokenQuery } from './search/time-tokens.js';

/** Runs SQL and answers rows: TypeORM's pg pool in the app (poolExec), a raw `pg` pool in the benchmark's floor. */
export type { Exec };

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
  COALESCE(d.is_recommend, false) AS "isRecommend", COALESCE(d.yj, false) AS yj, d.yj_by AS "yjBy", d.yj_time AS "yjTime",
  COALESCE(d.is_choice, false) AS "isChoice", d.is_processed AS "isProcessed",
  (jsonb_array_length(n.files) > 0) AS "hasFiles", d.editor_name AS "editorName", d.examine_name AS "examineName",
  d.trans_status AS "transStatus", COALESCE(d.version, 0) AS version,
  COALESCE(d.update_time, n.update_time) AS "updateTime",
  n.cluster_id::text AS "clusterId",
  COALESCE((SELECT cl.size FROM news_cluster cl WHERE cl.id = n.cluster_id), 1) AS "clusterSize",
  GREATEST(COALESCE((SELECT cl.source_count FROM news_cluster cl WHERE cl.id = n.cluster_id),
                    (SELECT count(*)::int FROM news_source s WHERE s.news_id = n.id)) - 1, 0) AS "otherSources"`;

/** 动态加工 stages as conditions on the department row (`d`). */
const STAGE_WHERE: Record<ProcessingStage, string> = {
  todo: 'd.trans_status IS NULL',
  editing: "d.trans_status = 'edit'",
  review: "d.trans_status = 'examine'",
  reviewed: "d.trans_status = 'done'",
};

/** FROM with the caller's state joined; `dept` and `user` are parameter placeholders. */
export const fromJoins = (dept: string, user: string) => `
  FROM news n
  LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = ${dept}
  LEFT JOIN news_user u ON u.news_id = n.id AND u.user_id = ${user}
  LEFT JOIN news_collect col ON col.news_id = n.id AND col.user_id = ${user}`;

const DIR = { Asc: 'ASC', Desc: 'DESC' } as const;

/** The columns a list filters and sorts on: from news (default) or the copies in news_dept (department tabs). */
export interface SortKeys {
  id: string;
  date: string;
  noise: string;
  classify: string;
  update: string;
}

export const NEWS_KEYS: SortKeys = {
  id: 'n.id',
  date: 'n.publish_time',
  noise: 'n.is_noise',
  classify: 'COALESCE(d.classify, n.classify)',
  update: 'COALESCE(d.update_time, n.update_time)',
};

/** Department tabs: every row has a news_dept row, whose trigger-kept copies are indexed. */
export const DEPT_KEYS: SortKeys = { id: 'd.news_id', date: 'd.publish_time', noise: 'd.is_noise', classify: 'd.eff_classify', update: 'd.update_time' };

/**
 * ORDER BY for a sort; ties by id in the same direction (stable paging). `rank` is the placeholder
 * of the tsquery for score sorts (the caller falls back to dateDesc when there is no query).
 */
export function orderBy(sort: NewsSort, rank: string | null, k: SortKeys = NEWS_KEYS): string {
  const m = /^(date|score|num|create|update)(Asc|Desc)$/.exec(sort)!;
  const dir = DIR[m[2] as keyof typeof DIR];
  const expr = {
    date: k.date,
    score: rank ? `ts_rank_cd(n.search, CAST(${rank} AS tsquery))` : k.date,
    num: 'n.count',
    create: 'n.create_time',
    update: k.update,
  }[m[1] as 'date' | 'score' | 'num' | 'create' | 'update'];
  const ties = m[1] === 'score' ? `, ${k.date} DESC, ${k.id} DESC` : `, ${k.id} ${dir}`;
  return `ORDER BY ${expr} ${dir}${ties}`;
}

/** A user's subscription resolved for a query: websites, classes with descendants, the themes' tsquery (null: none). */
export interface Subscription {
  websiteIds: number[];
  classifyIds: number[];
  themeQuery: string | null;
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
  /** The caller's subscriptions (type=interest): websites, classes (with descendants) and the themes' tsquery (null: none searchable). */
  interest?: Subscription;
  sort: NewsSort;
  page: number;
  size: number;
  /** Exact counts stop here (config NEWS_COUNT_CAP, default 10,000); news-design.md "Counting". */
  countCap: number;
  /** The clock of the recency tiers' time tokens (tests; default now). */
  now?: number;
  /** The 查询统计 fields (docs/news-analysis.md "Query"); each absent field filters nothing. */
  filter?: ListFilter;
}

/** Resolved multi-valued filters and the publish period (instants, both included). */
export interface ListFilter {
  /** Classes with their descendants: an item matches when it has any of them. */
  classifyIds?: number[];
  webIds?: number[];
  countries?: string[];
  languages?: string[];
  from?: Date;
  to?: Date;
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
  /** Count of matching rows capped at cap + 1. */
  countUpTo(cap: number): { sql: string; params: unknown[] };
  /**
   * Relevance tier t (RECENCY_TIERS) of a search: its exact match count, and its ids ranked by
   * ts_rank_cd with the tier's size `n` (the caller appends LIMIT and OFFSET parameters).
   */
  tier(t: number): { count: { sql: string; params: unknown[] }; ids: { sql: string; params: unknown[] } };
}


type ListFields = Pick<NewsQuery, 'type' | 'webId' | 'isRead' | 'isTrans' | 'imports' | 'collapse' | 'stage'>;

/** Department tabs page and count from news_dept (news-design.md "Department tabs at 1 M rows"). */
const isDeptTab = (q: ListFields) => q.type === 'recommend' || q.type === 'follow' || q.type === 'choice' || q.type === 'yj' || q.isTrans !== undefined;

/**
 * The WHERE conditions of a list query over `fromJoins(dept, user)`: one definition of "the items
 * the list shows", shared by the list and the 查询统计 figures (matchSql).
 */
function listConditions(q: ListFields, ctx: ListContext, p: Params, dept: string): { where: string[]; rank: string | null; deptTab: boolean; k: SortKeys } {
  const deptTab = isDeptTab(q);
  const k = deptTab ? DEPT_KEYS : NEWS_KEYS;
  const where: string[] = deptTab ? [`d.dept_id = ${dept}`] : [];
  where.push(ctx.noiseOnly ? k.noise : `NOT ${k.noise}`);
  if (ctx.classifyIds) where.push(`${k.classify} && ${p.add(ctx.classifyIds)}::int[]`);
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
    case 'yj':
      where.push('d.yj');
      break;
    case 'hot':
      where.push(`n.publish_time >= now() - interval '${HOT_DAYS} days'`);
      break;
    case 'interest': {
      const i = ctx.interest;
      const any: string[] = [];
      if (i?.websiteIds.length) any.push(`n.web_id = ANY(${p.add(i.websiteIds)}::int[])`);
      if (i?.classifyIds.length) any.push(`${k.classify} && ${p.add(i.classifyIds)}::int[]`);
      if (i?.themeQuery) any.push(`n.search @@ CAST(${p.add(i.themeQuery)} AS tsquery)`);
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
  if (q.stage) where.push(STAGE_WHERE[q.stage]);
  if (q.imports === '1') where.push('n.create_by IS NOT NULL');
  // Story leads only (partial index idx_news_publish_lead). Department tabs list what the department
  // marked, item by item, and are not collapsed (docs/collect-design.md §4.3 "Readers").
  if (q.collapse === '1' && !deptTab) where.push('n.cluster_lead');
  const f = ctx.filter;
  if (f?.classifyIds) where.push(`${k.classify} && ${p.add(f.classifyIds)}::int[]`);
  if (f?.webIds) where.push(`n.web_id = ANY(${p.add(f.webIds)}::int[])`);
  if (f?.countries) where.push(`n.country = ANY(${p.add(f.countries)}::text[])`);
  if (f?.languages) where.push(`n.language = ANY(${p.add(f.languages)}::text[])`);
  if (f?.from) where.push(`${k.date} >= ${p.add(f.from)}`);
  if (f?.to) where.push(`${k.date} <= ${p.add(f.to)}`);
  return { where, rank, deptTab, k };
}

/**
 * FROM and WHERE of the items a list query with no tab (`type`) shows, for the 查询统计 figures
 * (news-analysis.repository.ts): the same joins and conditions as the list, so a figure counts
 * exactly the items the list below it pages through. `p` holds the parameters so far.
 */
export function matchSql(ctx: ListContext): { p: Params; from: string; where: string } {
  const p = new Params();
  const dept = p.add(ctx.deptId);
  const user = p.add(ctx.userId);
  const { where } = listConditions({}, ctx, p, dept);
  return { p, from: fromJoins(dept, user), where: where.join(' AND ') };
}

/** Builds the list SQL for a query (pure: same input, same SQL; the benchmark's floor runs it through raw pg). */
export function buildList(q: ListFields, ctx: ListContext): ListSql {
  const p = new Params();
  const dept = p.add(ctx.deptId);
  const user = p.add(ctx.userId);
  const from = fromJoins(dept, user);
  const { where, rank, deptTab, k } = listConditions(q, ctx, p, dept);

  const order = orderBy(ctx.sort, rank, k);
  // A department tab joins news only when a filter or the sort needs it (news_user is dropped by the
  // planner when unused; it stays in the SQL so the user parameter keeps its type).
  const needsNews = deptTab && [...where, order].some((c) => /\bn\./.test(c));
  const innerFrom = deptTab
    ? `FROM news_dept d${needsNews ? ' JOIN news n ON n.id = d.news_id' : ''}
  LEFT JOIN news_user u ON u.news_id = d.news_id AND u.user_id = ${user}`
    : from;
  const fromWhere = `${innerFrom} WHERE ${where.join(' AND ')}`;
  const unfiltered = !deptTab && where.length === 1 && !ctx.noiseOnly;
  const countParams = [...p.values];
  const limit = p.add(ctx.size);
  const offset = p.add(ctx.page * ctx.size);
  // Deferred join: the inner query only needs the sort keys and filters (joins the planner can drop
  // are dropped), so deep pages walk an index instead of joining every skipped row.
  const rows = `SELECT ${ROW_COLUMNS} ${from}
    WHERE n.id IN (SELECT ${k.id} ${fromWhere} ${order} LIMIT ${limit} OFFSET ${offset}) ${order}`;
  const countUpTo = (cap: number) => ({ sql: `SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) c`, params: countParams });
  const nowMs = ctx.now ?? Date.now();
  const tier = (t: number) => {
    const newer = t > 0 ? `${k.date} < now() - interval '${RECENCY_TIERS[t - 1]} days'` : null;
    const older = t < RECENCY_TIERS.length ? `${k.date} >= now() - interval '${RECENCY_TIERS[t]} days'` : null;
    // The tier's days (or months) as time lexemes of the search vector, so the search index returns
    // only the tier's matches (search/time-tokens.ts); the conditions on the date still decide.
    const tokens = ctx.tsquery
      ? timeTokenQuery(t < RECENCY_TIERS.length ? nowMs - RECENCY_TIERS[t] * DAY_MS : null, t > 0 ? nowMs - RECENCY_TIERS[t - 1] * DAY_MS : null)
      : null;
    const params = tokens ? [...countParams, tokens] : countParams;
    const n = params.length;
    const timed = tokens ? `n.search @@ CAST($${n} AS tsquery)` : null;
    const tierWhere = `${fromWhere}${[newer, older, timed].filter(Boolean).map((c) => ` AND ${c}`).join('')}`;
    return {
      count: { sql: `SELECT count(*) AS n ${tierWhere}`, params },
      ids: { sql: `SELECT ${k.id} AS id, count(*) OVER () AS n ${tierWhere} ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, params },
    };
  };
  return {
    rows: { sql: rows, params: p.values },
    // The unfiltered list reads the trigger-kept live total instead of counting.
    count: unfiltered
      ? { sql: 'SELECT NULL AS n, live FROM news_stats WHERE id = 1', params: [] }
      : countUpTo(ctx.countCap),
    estimate: { sql: `EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params: countParams },
    unfiltered,
    countUpTo,
    tier,
  };
}

/** The hot tab's window: items published in the last 7 days, most read first. */
export const HOT_DAYS = 7;


/**
 * Relevance sorts rank every match while a search has at most this many matches (the count is exact
 * up to here too). Above it, ranking works tier by tier, newest tier first (RECENCY_TIERS), and the
 * total is the planner's estimate. news-design.md "Ranking at 1 M rows".
 */
export const RANK_ALL = 1_000;
const DAY_MS = 86_400_000;

/** Recency tiers of a relevance sort with many matches, as day boundaries: [0,1), [1,7), [7,30), [30,90), [90,365), [365,∞). */
export const RECENCY_TIERS = [1, 7, 30, 90, 365] as const;
/** Above this planner estimate a search skips the capped count (the estimate is the total). */
const ESTIMATE_ONLY = 5 * RANK_ALL;

export interface ListResult {
  rows: Array<Record<string, unknown>>;
  total: number;
  exact: boolean;
}

/** The page's rows for ids in the given order, with the caller's state (ids chosen by a separate query). */
function rowsByIds(ctx: ListContext, ids: unknown[]): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT ${ROW_COLUMNS} ${fromJoins('$1', '$2')}
      JOIN unnest($3::bigint[]) WITH ORDINALITY AS p(id, ord) ON p.id = n.id ORDER BY p.ord`,
    params: [ctx.deptId, ctx.userId, ids],
  };
}

/** The planner's row estimate for a FROM/WHERE (EXPLAIN, ~0.5 ms), at least `floor`. */
async function estimate(exec: Exec, sql: { sql: string; params: unknown[] }, floor: number): Promise<number> {
  const plan = (await exec(sql.sql, sql.params)) as Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;
  return Math.max(floor, Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows']));
}

/**
 * The whole news list: page rows and `totalElements` (news-design.md "Counting", "Ranking").
 * Shared by NewsService.list and the benchmark's floor, so both run exactly the same statements.
 */
export async function runList(exec: Exec, q: Parameters<typeof buildList>[0], ctx: ListContext): Promise<ListResult> {
  const sql = buildList(q, ctx);
  const scored = !!ctx.tsquery && (ctx.sort === 'scoreDesc' || ctx.sort === 'scoreAsc');
  if (!scored) {
    const count = async (): Promise<{ n: number; exact: boolean }> => {
      const [c] = (await exec(sql.count.sql, sql.count.params)) as Array<{ n: string | null; live?: string | null }>;
      if (c.live != null) return { n: Number(c.live), exact: true };
      const capped = Number(c.n);
      if (capped <= ctx.countCap) return { n: capped, exact: true };
      return { n: await estimate(exec, sql.estimate, ctx.countCap + 1), exact: false };
    };
    const [rows, total] = await Promise.all([exec(sql.rows.sql, sql.rows.params), count()]);
    return { rows, total: total.n, exact: total.exact };
  }
  // Relevance: few matches → rank them all (exact count); many → rank tier by tier (estimated total).
  const cap = Math.min(RANK_ALL, ctx.countCap);
  let total = await estimate(exec, sql.estimate, 0);
  if (total <= ESTIMATE_ONLY) {
    const [c] = (await exec(sql.countUpTo(cap).sql, sql.countUpTo(cap).params)) as Array<{ n: string }>;
    if (Number(c.n) <= cap) return { rows: await exec(sql.rows.sql, sql.rows.params), total: Number(c.n), exact: true };
    total = Math.max(total, cap + 1);
  }
  const ids = await tieredIds(exec, sql, ctx);
  return { rows: ids.length ? await exec(rowsByIds(ctx, ids).sql, rowsByIds(ctx, ids).params) : [], total, exact: false };
}

/**
 * Ids of a relevance page when a search has many matches: matches are ordered by recency tier
 * (newest first), then by ts_rank_cd within the tier, then publish time and id. Each tier is one
 * bitmap AND of the search index and the publish-time index, so the cost follows the tier's size,
 * not the number of matches. A total order: paging walks every match exactly once.
 */
async function tieredIds(exec: Exec, sql: ListSql, ctx: ListContext): Promise<unknown[]> {
  const start = ctx.page * ctx.size;
  const ids: unknown[] = [];
  let seen = 0;
  for (let t = 0; t <= RECENCY_TIERS.length && ids.length < ctx.size; t++) {
    const tier = sql.tier(t);
    const offset = Math.max(0, start - seen);
    const take = ctx.size - ids.length;
    // One query gives the tier's page and its size; only a page past the tier's end needs a count.
    const rows = (await exec(tier.ids.sql, [...tier.ids.params, take, offset])) as Array<{ id: unknown; n: string }>;
    ids.push(...rows.map((r) => r.id));
    seen += rows.length ? Number(rows[0].n) : Number(((await exec(tier.count.sql, tier.count.params)) as Array<{ n: string }>)[0].n);
  }
  return ids;
}
