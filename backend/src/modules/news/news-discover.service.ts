import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { ClassifyService } from '../classify/index.js';
import type { GraphLink, GraphNode, KeywordGraph, RecommendPage } from './news-discover.dto.js';
import { NewsQuery, type NewsPage, type NewsRowDto } from './news.dto.js';
import { buildList, fromJoins, HOT_DAYS, Params, ROW_COLUMNS } from './news.query.js';
import { NewsService } from './news.service.js';
import { buildTsQuery, queryTerms, searchQuery } from './search/tokenizer.js';

const NOT_FOUND = '新闻不存在或已被删除';

/** similarSearch ranks only the newest SIMILAR_CANDIDATES matches (news-design.md "Recommendations and discovery"). */
export const SIMILAR_CANDIDATES = 2000;
/** Distinct title terms (after keywords) that feed the similarity query. */
export const SIMILAR_TITLE_TERMS = 10;
/** Keywords of the source item used (global plus the department's override). */
const SIMILAR_KEYWORDS = 50;

/** Recommendations: items of the last RECOMMEND_DAYS, at most RECOMMEND_CANDIDATES newest matches are scored. */
export const RECOMMEND_DAYS = 30;
export const RECOMMEND_CANDIDATES = 2000;
/** The department's topics: the TOPIC_KEYWORDS most frequent keywords of its items tracked in the last TOPIC_DAYS. */
export const TOPIC_DAYS = 90;
export const TOPIC_KEYWORDS = 20;
/** Score of a subscribed website / class match (a shared topic keyword adds its idf, see recommend()). */
const INTEREST_WEIGHT = 3;

/** Graph: top nodes by frequency, strongest links. */
export const GRAPH_NODES = 50;
export const GRAPH_LINKS = 200;

type Raw = Record<string, unknown>;

function toRow(r: Raw): NewsRowDto {
  return { ...(r as unknown as NewsRowDto), id: Number(r.id), webId: r.webId == null ? null : Number(r.webId), count: Number(r.count), version: Number(r.version) };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Trimmed, non-empty, distinct (first kept). */
const clean = (words: Array<string | null | undefined>): string[] => [...new Set(words.map((w) => (w ?? '').trim()).filter((w) => w !== ''))];

/** The user's signals for recommendations. */
interface Signals {
  websiteIds: number[];
  /** Subscribed classes with their descendants. */
  classifyIds: number[];
  /** The department's topic keywords. */
  topics: string[];
}

/**
 * Discovery on top of the news list: similar items, recommendations, search across everything and
 * the keyword graph of a search. Rows have the list's shape (ROW_COLUMNS with the caller's
 * department, read and collection state); noise items never appear.
 */
@Injectable()
export class NewsDiscoverService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly news: NewsService,
    private readonly classify: ClassifyService,
  ) {}

  /** List rows of the given ids in the given order (ids not found are skipped). */
  private async rowsOf(ids: string[], deptId: number | null, userId: number): Promise<NewsRowDto[]> {
    if (!ids.length) return [];
    const rows: Raw[] = await this.db.query(`SELECT ${ROW_COLUMNS} ${fromJoins('$2', '$3')} WHERE n.id = ANY($1::bigint[])`, [ids, deptId, userId]);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toRow(r)] : [];
    });
  }

  /**
   * Items similar to item `id`: a tsquery OR-ing the item's keywords (global plus the caller's
   * department override, each keyword's words AND-ed) and its first SIMILAR_TITLE_TERMS title terms
   * (original and Chinese title, numbers skipped), plus items sharing a keyword. Only the newest
   * SIMILAR_CANDIDATES matches are ranked (bounded at 1 M rows): score = ts_rank_cd + 0.2 per shared
   * keyword + 0.1 for a shared class; ties by publish time. The item itself and noise are excluded.
   */
  async similar(id: number, size: number, user: Principal): Promise<NewsRowDto[]> {
    const deptId = await this.news.resolveDept(user, undefined);
    const found: Array<{ title: string; titleCn: string | null; keywords: string[]; deptKeywords: string[] | null; classify: number[] }> = await this.db.query(
      `SELECT n.title, COALESCE(d.title_cn, n.title_cn) AS "titleCn", n.keywords, d.keywords AS "deptKeywords", COALESCE(d.classify, n.classify) AS classify
       FROM news n LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = $2 WHERE n.id = $1`,
      [id, deptId],
    );
    if (!found.length) throw DomainException.notFound(NOT_FOUND);
    const src = found[0];
    const keywords = clean([...src.keywords, ...(src.deptKeywords ?? [])]).slice(0, SIMILAR_KEYWORDS);
    const keywordQueries = keywords.map((k) => searchQuery(k, 'and')).filter((q): q is string => !!q);
    const titleTerms = queryTerms(`${src.title}\n${src.titleCn ?? ''}`)
      .filter((t) => !/^\p{N}+$/u.test(t.token))
      .slice(0, SIMILAR_TITLE_TERMS);
    const titleQuery = buildTsQuery(titleTerms, 'or');
    const parts = [...keywordQueries.map((q) => `(${q})`), ...(titleQuery ? [titleQuery] : [])];
    if (!parts.length && !keywords.length) return [];

    const p = new Params();
    const self = p.add(id);
    const dept = p.add(deptId);
    const usr = p.add(user.userId);
    const kw = p.add(keywords);
    const cls = p.add(src.classify);
    const q = parts.length ? p.add(parts.join(' | ')) : null;
    const match = [q ? `n.search @@ CAST(${q} AS tsquery)` : null, keywords.length ? `n.keywords && ${kw}::text[]` : null].filter(Boolean).join(' OR ');
    const rank = q ? `ts_rank_cd(n.search, CAST(${q} AS tsquery))` : '0';
    const limit = p.add(size);
    const rows: Raw[] = await this.db.query(
      `WITH cand AS (
         SELECT n.id FROM news n
         WHERE NOT n.is_noise AND n.id <> ${self} AND (${match})
         ORDER BY n.publish_time DESC, n.id DESC LIMIT ${SIMILAR_CANDIDATES}
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
    return rows.map(toRow);
  }

  /** Subscriptions (classes with descendants) and the department's topic keywords. */
  private async signals(user: Principal, deptId: number | null): Promise<Signals> {
    const interest: Array<{ websiteIds: number[]; classifyIds: number[] }> = await this.db.query(
      'SELECT website_ids AS "websiteIds", classify_ids AS "classifyIds" FROM news_interest WHERE user_id = $1',
      [user.userId],
    );
    const websiteIds = interest[0]?.websiteIds ?? [];
    const classifyIds = interest[0]?.classifyIds.length ? await this.classify.descendantIds(interest[0].classifyIds) : [];
    let topics: string[] = [];
    if (deptId != null) {
      const rows: Array<{ word: string }> = await this.db.query(
        `SELECT k.word FROM news_dept d JOIN news n ON n.id = d.news_id
         CROSS JOIN LATERAL unnest(COALESCE(d.keywords, n.keywords)) AS k(word)
         WHERE d.dept_id = $1 AND d.is_recommend AND NOT n.is_noise AND n.publish_time >= now() - interval '${TOPIC_DAYS} days'
           AND btrim(k.word) <> ''
         GROUP BY k.word ORDER BY count(*) DESC, k.word LIMIT ${TOPIC_KEYWORDS}`,
        [deptId],
      );
      topics = rows.map((r) => r.word);
    }
    return { websiteIds, classifyIds, topics };
  }

  /**
   * Ordered ids of the recommendation (at most RECOMMEND_CANDIDATES, or `limit`):
   *
   * - personal (the user has subscriptions or the department tracked items lately): items of the
   *   last RECOMMEND_DAYS from a subscribed website, of a subscribed class (with descendants), or
   *   sharing a keyword with the department's topics (TOPIC_KEYWORDS most frequent keywords of its
   *   items tracked in the last TOPIC_DAYS); classes and keywords match on the global values or the
   *   department's overrides. The newest RECOMMEND_CANDIDATES matches are scored on the caller's
   *   effective values: INTEREST_WEIGHT per subscribed website / class match + Σ idf of the shared
   *   topic keywords, idf = ln(candidates / candidates carrying the keyword), so a keyword every
   *   candidate carries (国际) adds nothing; the score is rounded to 0.1, then read count, publish
   *   time, id.
   * - hot otherwise: the last HOT_DAYS by read count (the 热点 tab).
   *
   * `unreadFirst` false: items the caller read are left out; true: kept, after the unread ones.
   * Each kind of match is its own indexed branch (web_id btree, classify / keywords GIN, the
   * department's override rows), so sparse and dense matches are both cheap at 1 M rows.
   */
  private async recommendIds(user: Principal, deptId: number | null, unreadFirst: boolean, limit: number): Promise<{ ids: string[]; basis: 'personal' | 'hot' }> {
    const s = await this.signals(user, deptId);
    const p = new Params();
    const usr = p.add(user.userId);
    const unread = unreadFirst ? '' : `AND NOT EXISTS (SELECT 1 FROM news_user u WHERE u.news_id = n.id AND u.user_id = ${usr})`;
    const cap = Math.min(limit, RECOMMEND_CANDIDATES);
    const recent = (days: number) => `NOT n.is_noise AND n.publish_time >= now() - interval '${days} days' ${unread}`;

    if (!s.websiteIds.length && !s.classifyIds.length && !s.topics.length) {
      const rows: Array<{ id: string }> = await this.db.query(
        `SELECT n.id FROM news n LEFT JOIN news_user u ON u.news_id = n.id AND u.user_id = ${usr}
         WHERE ${recent(HOT_DAYS)}
         ORDER BY ${unreadFirst ? '(u.news_id IS NOT NULL), ' : ''}n.count DESC, n.publish_time DESC, n.id DESC LIMIT ${cap}`,
        p.values,
      );
      return { ids: rows.map((r) => String(r.id)), basis: 'hot' };
    }

    const dept = p.add(deptId);
    const web = p.add(s.websiteIds);
    const cls = p.add(s.classifyIds);
    const topics = p.add(s.topics);
    const newest = `ORDER BY n.publish_time DESC, n.id DESC LIMIT ${RECOMMEND_CANDIDATES}`;
    const branches: string[] = [];
    if (s.websiteIds.length) branches.push(`SELECT n.id, n.publish_time FROM news n WHERE ${recent(RECOMMEND_DAYS)} AND n.web_id = ANY(${web}::int[]) ${newest}`);
    if (s.classifyIds.length) branches.push(`SELECT n.id, n.publish_time FROM news n WHERE ${recent(RECOMMEND_DAYS)} AND n.classify && ${cls}::int[] ${newest}`);
    if (s.topics.length) branches.push(`SELECT n.id, n.publish_time FROM news n WHERE ${recent(RECOMMEND_DAYS)} AND n.keywords && ${topics}::text[] ${newest}`);
    if (deptId != null && (s.classifyIds.length || s.topics.length)) {
      branches.push(
        `SELECT n.id, n.publish_time FROM news_dept d JOIN news n ON n.id = d.news_id
         WHERE d.dept_id = ${dept} AND (d.classify && ${cls}::int[] OR d.keywords && ${topics}::text[]) AND ${recent(RECOMMEND_DAYS)} ${newest}`,
      );
    }
    const rows: Array<{ id: string }> = await this.db.query(
      `WITH ids AS (${branches.map((b) => `(${b})`).join(' UNION ')}),
       cand AS (
         SELECT n.id, n.count, n.publish_time, (u.news_id IS NOT NULL) AS read,
                (n.web_id = ANY(${web}::int[])) AS web_match,
                (COALESCE(d.classify, n.classify) && ${cls}::int[]) AS class_match,
                COALESCE(d.keywords, n.keywords) AS words
         FROM (SELECT id FROM ids ORDER BY publish_time DESC, id DESC LIMIT ${RECOMMEND_CANDIDATES}) top
         JOIN news n ON n.id = top.id
         LEFT JOIN news_dept d ON d.news_id = n.id AND d.dept_id = ${dept}
         LEFT JOIN news_user u ON u.news_id = n.id AND u.user_id = ${usr}
       ), df AS MATERIALIZED (
         SELECT k.word, ln((SELECT count(*) FROM cand)::float8 / count(DISTINCT cand.id)) AS idf
         FROM cand CROSS JOIN LATERAL unnest(cand.words) AS k(word)
         WHERE k.word = ANY(${topics}::text[]) GROUP BY k.word
       ), scored AS (
         SELECT cand.id, cand.count, cand.publish_time, cand.read,
                round((CASE WHEN cand.web_match THEN ${INTEREST_WEIGHT} ELSE 0 END
                     + CASE WHEN cand.class_match THEN ${INTEREST_WEIGHT} ELSE 0 END
                     + COALESCE((SELECT sum(df.idf) FROM (SELECT DISTINCT w FROM unnest(cand.words) AS w) x JOIN df ON df.word = x.w), 0))::numeric, 1) AS score
         FROM cand
       )
       SELECT id FROM scored
       ORDER BY ${unreadFirst ? 'read, ' : ''}score DESC, count DESC, publish_time DESC, id DESC LIMIT ${cap}`,
      p.values,
    );
    return { ids: rows.map((r) => String(r.id)), basis: 'personal' };
  }

  /** `recommendList`: a page of the recommendation without the items the caller read. */
  async recommendList(pageNo: number, size: number, user: Principal): Promise<RecommendPage> {
    const deptId = await this.news.resolveDept(user, undefined);
    const { ids, basis } = await this.recommendIds(user, deptId, false, RECOMMEND_CANDIDATES);
    const slice = ids.slice(pageNo * size, pageNo * size + size);
    return { content: await this.rowsOf(slice, deptId, user.userId), totalElements: ids.length, basis };
  }

  /** `getHomeSuggestNews`: the first `size` of the same recommendation, read items kept after the unread ones. */
  async homeSuggest(size: number, user: Principal): Promise<NewsRowDto[]> {
    const deptId = await this.news.resolveDept(user, undefined);
    const { ids } = await this.recommendIds(user, deptId, true, size);
    return this.rowsOf(ids, deptId, user.userId);
  }

  /**
   * `allSearch`: the list's search (`GET list?content=`) over every non-noise item without any tab
   * filter — the same listContext/buildList, so the same rows and totals; default sort scoreDesc.
   * A search text without a searchable word (only stop words or punctuation) finds nothing.
   */
  async allSearch(content: string, pageNo: number | undefined, size: number | undefined, sort: string[] | undefined, user: Principal): Promise<NewsPage> {
    if (!searchQuery(content, 'and')) return { content: [], totalElements: 0, totalExact: true };
    const q = Object.assign(new NewsQuery(), { content, page: pageNo, size, sort: sort?.length ? sort : ['scoreDesc'] });
    return this.news.list(q, user);
  }

  /**
   * Keyword co-occurrence graph of a search's top `size` items (by relevance; the newest `size`
   * items without `content`; `classify` narrows like the list). Keywords are the caller's effective
   * ones (department override, else global). Nodes: the GRAPH_NODES most frequent keywords (value =
   * items carrying it); links: pairs of those nodes occurring together (value = items with both),
   * each unordered pair once with source < target, the GRAPH_LINKS strongest.
   */
  async graph(content: string | undefined, size: number, classify: number | undefined, user: Principal): Promise<KeywordGraph> {
    if (content && !searchQuery(content, 'and')) return { nodes: [], links: [] };
    if (classify !== undefined && classify === (await this.classify.noiseId())) return { nodes: [], links: [] };
    const q = Object.assign(new NewsQuery(), { content, classify, page: 0, size, sort: [content ? 'scoreDesc' : 'dateDesc'] });
    const sql = buildList(q, await this.news.listContext(q, user));
    const rows: Array<{ keywords: string[] | null }> = await this.db.query(sql.rows.sql, sql.rows.params);
    return keywordGraph(rows.map((r) => r.keywords ?? []));
  }
}

/** The co-occurrence graph of keyword lists (one list per item; repeats within an item count once). */
export function keywordGraph(items: string[][], maxNodes = GRAPH_NODES, maxLinks = GRAPH_LINKS): KeywordGraph {
  const sets = items.map((words) => clean(words));
  const freq = new Map<string, number>();
  for (const words of sets) for (const w of words) freq.set(w, (freq.get(w) ?? 0) + 1);
  const nodes: GraphNode[] = [...freq]
    .sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))
    .slice(0, maxNodes)
    .map(([w, n]) => ({ id: w, name: w, value: n }));
  const top = new Set(nodes.map((n) => n.id));
  const pairs = new Map<string, GraphLink>();
  for (const words of sets) {
    const kept = words.filter((w) => top.has(w)).sort(cmp);
    for (let i = 0; i < kept.length; i++) {
      for (let j = i + 1; j < kept.length; j++) {
        const key = `${kept[i]}\u0000${kept[j]}`;
        const link = pairs.get(key);
        if (link) link.value++;
        else pairs.set(key, { source: kept[i], target: kept[j], value: 1 });
      }
    }
  }
  const links = [...pairs.values()].sort((a, b) => b.value - a.value || cmp(a.source, b.source) || cmp(a.target, b.target)).slice(0, maxLinks);
  return { nodes, links };
}
