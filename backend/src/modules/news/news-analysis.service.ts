import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxBook } from '../../common/http/export.js';
import { formatDateTime } from '../../common/time/time.js';
import { ClassifyService } from '../classify/index.js';
import { DictDetailsService } from '../dicts/index.js';
import { type Bucket, excludedTerms, fillDays, resolvePeriod, topWithOther } from './news-analysis.js';
import {
  type AnalysisDistributionDto,
  type AnalysisKeywordsDto,
  type AnalysisTimelineDto,
  DISTRIBUTION_BY,
  DISTRIBUTION_TOP,
  DISTRIBUTION_TOP_MAX,
  type DistributionBy,
  KEYWORDS_TOP,
  KEYWORDS_TOP_MAX,
  type NewsAnalysisQuery,
} from './news-analysis.dto.js';
import { type GroupRow, NewsAnalysisRepository } from './news-analysis.repository.js';
import type { ListContext } from './news.query.js';
import { NewsService } from './news.service.js';

/** Names of the groups without a key, per figure. */
const UNKNOWN: Record<DistributionBy, string> = { source: '未知来源', country: '未知国家', classify: '未分类', language: '未知语种' };
/** Titles of the distributions (sheet names of the export). */
const BY_TITLE: Record<DistributionBy, string> = { source: '来源分布', country: '国家分布', classify: '分类分布', language: '语种分布' };
const BY_HEADER: Record<DistributionBy, string> = { source: '来源', country: '国家', classify: '分类', language: '语种' };

interface Resolved {
  ctx: ListContext;
  startDate: string;
  endDate: string;
}

/**
 * 查询统计 (docs/news-analysis.md): figures over the items a query matches — per day, per source,
 * country, class and language, the co-occurring keywords — and all of them as one xlsx. The query
 * goes through NewsService.listContext, the list's own resolution (department rule → 403, classes
 * with descendants, search text), so a figure counts what the list shows.
 */
@Injectable()
export class NewsAnalysisService {
  constructor(
    private readonly repo: NewsAnalysisRepository,
    private readonly news: NewsService,
    private readonly classify: ClassifyService,
    private readonly dictDetails: DictDetailsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The period (default: last 30 days; > 366 days or start after end → 400) and the list context of a query. */
  private async resolve(q: NewsAnalysisQuery, user: Principal): Promise<Resolved> {
    const today = formatDateTime(new Date()).slice(0, 10);
    const period = resolvePeriod(q.startDate, q.endDate, today);
    if ('error' in period) throw DomainException.badRequest(period.error, ErrorCode.Validation);
    const ctx = await this.news.listContext({ ...q, startDate: period.start, endDate: period.end }, user);
    return { ctx, startDate: period.start, endDate: period.end };
  }

  async timeline(q: NewsAnalysisQuery, user: Principal): Promise<AnalysisTimelineDto> {
    const { ctx, startDate, endDate } = await this.resolve(q, user);
    const rows = await this.repo.perDay(ctx, this.config.timeZone);
    return { startDate, endDate, total: rows.reduce((sum, r) => sum + r.count, 0), points: fillDays(startDate, endDate, rows) };
  }

  async distribution(q: NewsAnalysisQuery, by: DistributionBy, top: number | undefined, user: Principal): Promise<AnalysisDistributionDto> {
    const { ctx, startDate, endDate } = await this.resolve(q, user);
    const [items, total] = await Promise.all([this.buckets(ctx, by, top ?? DISTRIBUTION_TOP), this.repo.total(ctx)]);
    return { startDate, endDate, total, by, items };
  }

  async keywords(q: NewsAnalysisQuery, top: number | undefined, user: Principal): Promise<AnalysisKeywordsDto> {
    const { ctx, startDate, endDate } = await this.resolve(q, user);
    const [items, total] = await Promise.all([this.repo.keywords(ctx, excludedTerms(q.content), top ?? KEYWORDS_TOP), this.repo.total(ctx)]);
    return { startDate, endDate, total, items };
  }

  /** One distribution with names: sources by their site name, codes by the dictionaries' labels, classes by name. */
  private async buckets(ctx: ListContext, by: DistributionBy, top: number): Promise<Bucket[]> {
    const rows = await this.repo.groups(ctx, by);
    const names = await this.names(by, rows);
    const named = rows.map((r) => ({ key: r.key, count: r.count, name: r.key == null ? UNKNOWN[by] : (names.get(r.key) ?? r.name ?? r.key) }));
    return topWithOther(named, top);
  }

  private async names(by: DistributionBy, rows: GroupRow[]): Promise<Map<string, string>> {
    if (by === 'source') return new Map();
    if (by === 'classify') {
      const ids = new Set(rows.map((r) => r.key));
      return new Map((await this.classify.findAll()).filter((c) => ids.has(String(c.id))).map((c) => [String(c.id), c.name]));
    }
    return this.labels(by);
  }

  /** code → label of the `country` or `language` dictionary (美国, 英语). */
  private async labels(dict: 'country' | 'language'): Promise<Map<string, string>> {
    const map = await this.dictDetails.map(dict);
    return new Map(map[dict].map((d) => [d.value, d.label]));
  }

  /**
   * Every figure of a query as one workbook (`查询统计.xlsx`): the query and its period, the
   * timeline, the four distributions (top DISTRIBUTION_TOP_MAX + 其他) and the keywords
   * (top KEYWORDS_TOP_MAX).
   */
  async export(q: NewsAnalysisQuery, user: Principal): Promise<StreamableFile> {
    const { ctx, startDate, endDate } = await this.resolve(q, user);
    const [days, total, keywords, conditions, ...distributions] = await Promise.all([
      this.repo.perDay(ctx, this.config.timeZone),
      this.repo.total(ctx),
      this.repo.keywords(ctx, excludedTerms(q.content), KEYWORDS_TOP_MAX),
      this.conditions(q),
      ...DISTRIBUTION_BY.map((by) => this.buckets(ctx, by, DISTRIBUTION_TOP_MAX)),
    ]);
    const share = (count: number) => (total ? `${((count / total) * 100).toFixed(1)}%` : '0.0%');
    type Row = { name: string; count: number };
    const figure = (title: string, header: string, rows: Row[]) => ({
      title,
      columns: [
        { header, value: (r: Row) => r.name, width: 30 },
        { header: '条数', value: (r: Row) => r.count },
        { header: '占比', value: (r: Row) => share(r.count) },
      ],
      rows,
    });
    type Pair = [string, string | number];
    return xlsxBook('查询统计', [
      {
        title: '查询条件',
        columns: [
          { header: '项目', value: (r: Pair) => r[0], width: 16 },
          { header: '内容', value: (r: Pair) => r[1], width: 60 },
        ],
        rows: [...conditions, ['发布日期', `${startDate} 至 ${endDate}`], ['命中条数', total], ['导出时间', formatDateTime(new Date())]] as Pair[],
      },
      {
        title: '关注度趋势',
        columns: [
          { header: '日期', value: (r: { day: string; count: number }) => r.day, width: 14 },
          { header: '条数', value: (r) => r.count },
        ],
        rows: fillDays(startDate, endDate, days),
      },
      ...DISTRIBUTION_BY.map((by, i) => figure(BY_TITLE[by], BY_HEADER[by], distributions[i])),
      figure('共现关键词', '关键词', keywords.map((k) => ({ name: k.keyword, count: k.count }))),
    ]);
  }

  /** The query in words for the export (names of classes and sources, labels of codes). */
  private async conditions(q: NewsAnalysisQuery): Promise<Array<[string, string]>> {
    const out: Array<[string, string]> = [['检索词', q.content ?? '（无）']];
    const classIds = [...(q.classifyIds ?? []), ...(q.classify !== undefined ? [q.classify] : [])];
    if (classIds.length) {
      const all = new Map((await this.classify.findAll()).map((c) => [c.id, c.name]));
      out.push(['分类', classIds.map((id) => all.get(id) ?? `#${id}`).join('、')]);
    }
    const webIds = [...(q.webIds ?? []), ...(q.webId !== undefined ? [q.webId] : [])];
    if (webIds.length) {
      const sites = await this.repo.websiteNames(webIds);
      out.push(['来源', webIds.map((id) => sites.get(id) ?? `#${id}`).join('、')]);
    }
    for (const [field, dict, title] of [['countries', 'country', '国家'], ['languages', 'language', '语种']] as const) {
      const codes = q[field];
      if (!codes?.length) continue;
      const labels = await this.labels(dict);
      out.push([title, codes.map((c) => labels.get(c) ?? c).join('、')]);
    }
    return out;
  }
}
