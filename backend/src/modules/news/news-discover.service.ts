import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { ClassifyService } from '../classify/index.js';
import type { GraphLink, GraphNode, KeywordGraph, RecommendPage } from './news-discover.dto.js';
import { NewsQuery, type NewsPage, type NewsRowDto } from './news.dto.js';
import { HOT_DAYS } from './news.query.js';
import { NewsRepository } from './news.repository.js';
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
    private readonly repo: NewsRepository,
    private readonly news: NewsService,
    private readonly classify: ClassifyService,
  ) {}

  /** List rows of the given ids in the given order (ids not found are skipped). */
  private async rowsOf(ids: string[], deptId: number | null, userId: number): Promise<NewsRowDto[]> {
    if (!ids.length) return [];
    const rows = await this.repo.rowsOf(ids, deptId, userId);
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
   * The item's story cluster (the same event from other sources, docs/collect-design.md §4.3) comes
   * first, by publish time; then those results without the cluster's members, up to `size` in all.
   */
  async similar(id: number, size: number, user: Principal): Promise<NewsRowDto[]> {
    const deptId = await this.news.resolveDept(user, undefined);
    const src = await this.repo.similarSource(id, deptId);
    if (!src) throw DomainException.notFound(NOT_FOUND);
    const members = (await this.repo.clusterMembers(id, deptId, user.userId, size)).map(toRow);
    if (members.length >= size) return members;
    const inCluster = new Set(members.map((m) => m.id));
    const rest = await this.ranked(id, src, deptId, size, user);
    return [...members, ...rest.filter((r) => !inCluster.has(r.id))].slice(0, size);
  }

  /** The ranked part of similar(): the newest SIMILAR_CANDIDATES matches of the item's keywords and title terms. */
  private async ranked(
    id: number,
    src: { title: string; titleCn: string | null; keywords: string[]; deptKeywords: string[] | null; classify: number[] },
    deptId: number | null,
    size: number,
    user: Principal,
  ): Promise<NewsRowDto[]> {
    const keywords = clean([...src.keywords, ...(src.deptKeywords ?? [])]).slice(0, SIMILAR_KEYWORDS);
    const keywordQueries = keywords.map((k) => searchQuery(k, 'and')).filter((q): q is string => !!q);
    const titleTerms = queryTerms(`${src.title}\n${src.titleCn ?? ''}`)
      .filter((t) => !/^\p{N}+$/u.test(t.token))
      .slice(0, SIMILAR_TITLE_TERMS);
    const titleQuery = buildTsQuery(titleTerms, 'or');
    const parts = [...keywordQueries.map((q) => `(${q})`), ...(titleQuery ? [titleQuery] : [])];
    if (!parts.length && !keywords.length) return [];

    const rows = await this.repo.similar({
      id,
      deptId,
      userId: user.userId,
      keywords,
      classify: src.classify,
      tsquery: parts.length ? parts.join(' | ') : null,
      size,
      candidates: SIMILAR_CANDIDATES,
    });
    return rows.map(toRow);
  }

  /** Subscriptions (classes with descendants) and the department's topic keywords. */
  private async signals(user: Principal, deptId: number | null): Promise<Signals> {
    const interest = await this.repo.interest(user.userId);
    const websiteIds = interest?.websiteIds ?? [];
    const classifyIds = interest?.classifyIds.length ? await this.classify.descendantIds(interest.classifyIds) : [];
    const topics = deptId != null ? await this.repo.topics(deptId, TOPIC_DAYS, TOPIC_KEYWORDS) : [];
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
    const cap = Math.min(limit, RECOMMEND_CANDIDATES);
    if (!s.websiteIds.length && !s.classifyIds.length && !s.topics.length) {
      return { ids: await this.repo.hotIds(user.userId, unreadFirst, cap, HOT_DAYS), basis: 'hot' };
    }
    const ids = await this.repo.personalIds({
      userId: user.userId,
      deptId,
      ...s,
      unreadFirst,
      cap,
      days: RECOMMEND_DAYS,
      candidates: RECOMMEND_CANDIDATES,
      weight: INTEREST_WEIGHT,
    });
    return { ids, basis: 'personal' };
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
    const rows = (await this.repo.listRows(q, await this.news.listContext(q, user))) as Array<{ keywords: string[] | null }>;
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
