import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { DataSource, EntityManager } from 'typeorm';
import { holds, record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DESK } from './news.policy.js';
import { RemovalHooks } from '../../common/database/removal-hooks.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { DEFAULT_PAGE_SIZE, page } from '../../common/http/list-query.js';
import { CLASSIFY_ROOT_ID } from '../classify/index.js';
import { clip, html, NoticeService } from '../realtime/index.js';
import { ClassifyService } from '../classify/index.js';
import { type ChoiceStagesDto, NEWS_SORTS, type NewsInfoDto, type NewsPage, type SearchHistoryDto, type NewsQuery, type NewsRowDto, type NewsSort } from './news.dto.js';
import type { ListContext, ListFilter, Subscription } from './news.query.js';
import { markDatesWritten } from '../../common/time/date.interceptor.js';
import { formatDateTime, parseDateTime } from '../../common/time/time.js';
import { type DeptColumn, NewsRepository } from './news.repository.js';
import { searchQuery } from './search/tokenizer.js';

const NOT_FOUND = '新闻不存在或已被删除';
/** Search strings kept per user. */
const HISTORY_SIZE = 20;

type Raw = Record<string, unknown>;
/** 403 of a classification change that sets or takes away the noise class without `news:noise`. */
export const NOISE_FORBIDDEN = '没有权限设置噪音分类';

/** A list row on the wire; its times are formatted here, so the date interceptor need not copy the page again. */
function toRow(r: Raw): NewsRowDto {
  const row = { ...r, id: Number(r.id), webId: r.webId == null ? null : Number(r.webId), count: Number(r.count), version: Number(r.version) } as Raw;
  for (const key in row) {
    const value = row[key];
    if (value instanceof Date) row[key] = formatDateTime(value);
  }
  return row as unknown as NewsRowDto;
}

/** 400 of deleting classes that items are still filed under (RemovalHooks step `news_classify`). */
export const CLASSIFY_IN_USE = '所选分类（或其下级分类）下还有新闻，请先将这些新闻改到其他分类再删除';

@Injectable()
export class NewsService implements OnModuleInit {
  constructor(
    private readonly repo: NewsRepository,
    private readonly classify: ClassifyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notices: NoticeService,
    private readonly removal: RemovalHooks,
  ) {}

  /** A class some item (or a department's override) is filed under is not deleted: the item would point at nothing. */
  onModuleInit(): void {
    this.removal.register('news_classify', async (em, ids) => {
      if (await this.repo.anyFiledUnder(em, ids as number[])) throw DomainException.badRequest(CLASSIFY_IN_USE, ErrorCode.InUse);
    });
  }

  /**
   * The department whose state the caller sees and changes. Default: the work department (the
   * parent, unless the department or its parent id is 0 — spec §4), so sibling sub-departments share
   * one desk. Also allowed: the own department, and any department of the caller's data scope
   * (全部 = every one); anything else → 403.
   */
  async resolveDept(user: Principal, deptId: number | undefined): Promise<number | null> {
    if (deptId === undefined || deptId === user.workDeptId) return user.workDeptId;
    if (user.ability.can('read', record(DESK, { deptId }))) return deptId;
    throw DomainException.forbidden('只能查看本部门或上级部门的新闻数据');
  }

  private parseSort(sort: string[] | undefined, hasSearch: boolean, fallback: NewsSort): NewsSort {
    if (!sort?.length) return fallback;
    if (sort.length > 1) throw DomainException.badRequest(`不支持的排序方式: ${sort.join(',')}`, ErrorCode.Validation);
    const s = sort[0] as NewsSort;
    if (!(NEWS_SORTS as readonly string[]).includes(s)) throw DomainException.badRequest(`不支持的排序方式: ${sort[0]}`, ErrorCode.Validation);
    if ((s === 'scoreAsc' || s === 'scoreDesc') && !hasSearch) return 'dateDesc';
    return s;
  }

  /** tsquery of a theme: its keywords OR-ed (each keyword's own words AND-ed). */
  private async themeQuery(themeId: number): Promise<string | null> {
    const rows = await this.repo.themeKeywords(themeId);
    if (!rows.length) throw DomainException.badRequest('主题不存在或已被删除');
    const parts = rows[0].keywords.map((k) => searchQuery(k, 'and')).filter((q): q is string => !!q);
    return parts.length ? parts.map((q) => `(${q})`).join(' | ') : null;
  }

  /** Resolves the database lookups of a list query (department, classes, theme, subscriptions) into a ListContext. */
  async listContext(q: NewsQuery, user: Principal): Promise<ListContext> {
    const deptId = await this.resolveDept(user, q.deptId);
    const noiseId = await this.classify.noiseId();
    const noiseOnly = q.classify === noiseId;
    const classifyIds =
      !noiseOnly && q.classify !== undefined && q.classify !== CLASSIFY_ROOT_ID ? await this.classify.descendantIds([q.classify]) : null;
    if (q.type === 'web' && q.webId === undefined) throw DomainException.badRequest('type=web 需要 webId', ErrorCode.Validation);
    if (q.type === 'theme' && q.themeId === undefined) throw DomainException.badRequest('type=theme 需要 themeId', ErrorCode.Validation);
    const tsquery = q.content ? searchQuery(q.content, 'and') : null;
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    const fallback: NewsSort = q.type === 'follow' ? 'updateDesc' : q.type === 'hot' ? 'numDesc' : 'dateDesc';
    return {
      deptId,
      userId: user.userId,
      noiseOnly,
      classifyIds,
      tsquery,
      themeQuery: q.themeId === undefined ? undefined : await this.themeQuery(q.themeId),
      interest: q.type === 'interest' ? await this.interestOf(user.userId) : undefined,
      sort: this.parseSort(q.sort, !!tsquery, fallback),
      page: q.page ?? 0,
      size,
      countCap: this.config.newsCountCap,
      filter: await this.listFilter(q),
    };
  }

  /**
   * The 查询统计 fields of a list query (docs/news-analysis.md "Query"): classes with their
   * descendants (the root 全部 filters nothing, like `classify`), publish days as instants of the
   * configured zone, start and end days both included.
   */
  private async listFilter(q: NewsQuery): Promise<ListFilter | undefined> {
    const { classifyIds, webIds, countries, languages, startDate, endDate } = q;
    if (startDate && endDate && startDate > endDate) throw DomainException.badRequest('开始日期 startDate 不能晚于结束日期 endDate', ErrorCode.Validation);
    const classes = classifyIds && !classifyIds.includes(CLASSIFY_ROOT_ID) ? await this.classify.descendantIds(classifyIds) : undefined;
    const filter: ListFilter = {
      classifyIds: classes,
      webIds,
      countries,
      languages,
      from: startDate ? parseDateTime(startDate) : undefined,
      to: endDate ? parseDateTime(endDate, true) : undefined,
    };
    return Object.values(filter).some((v) => v !== undefined) ? filter : undefined;
  }

  /** The caller's subscriptions with classes expanded to their descendants (none → empty lists). */
  private async interestOf(userId: number): Promise<Subscription> {
    const i = await this.repo.interest(userId);
    if (!i) return { websiteIds: [], classifyIds: [], themeQuery: null };
    return this.resolveSubscription(i);
  }

  /** Websites, classes with their descendants, and one tsquery OR-ing every theme's keywords (null: no searchable keyword). */
  private async resolveSubscription(sub: { websiteIds: number[]; classifyIds: number[]; themeIds: number[] }): Promise<Subscription> {
    const classifyIds = sub.classifyIds.length ? await this.classify.descendantIds(sub.classifyIds) : [];
    const parts = (await this.repo.themesKeywords(sub.themeIds)).flat().map((k) => searchQuery(k, 'and')).filter((q): q is string => !!q);
    return { websiteIds: sub.websiteIds, classifyIds, themeQuery: parts.length ? parts.map((q) => `(${q})`).join(' | ') : null };
  }

  /**
   * For subscription notices (interests module): how many items of a subscription were collected in
   * (since, to], and the newest one. The same match as the 关注 list (websites OR classes OR themes),
   * with the classes as collected (a department's own reclassification is not consulted).
   */
  async subscribedBetween(sub: { websiteIds: number[]; classifyIds: number[]; themeIds: number[] }, since: string, to: string) {
    return this.repo.subscribedBetween(await this.resolveSubscription(sub), since, to);
  }

  /** 动态加工: the chosen items of the caller's work department (or `deptId` it may read) per stage; no department → zeros. */
  async choiceStages(deptIdQuery: number | undefined, user: Principal): Promise<ChoiceStagesDto> {
    const deptId = await this.resolveDept(user, deptIdQuery);
    if (deptId === null) return { todo: 0, editing: 0, review: 0, reviewed: 0 };
    return this.repo.choiceStages(deptId);
  }

  /** A page of the list. Its times are already text, and it is marked so (the date interceptor skips it): callers pass it on as it is. */
  async list(q: NewsQuery, user: Principal): Promise<NewsPage> {
    const r = await this.repo.list(q, await this.listContext(q, user));
    return markDatesWritten({ ...page(r.rows.map(toRow), r.total), totalExact: r.exact });
  }

  /** The full item with the department state; marks it read and counts the read (one transaction). */
  async info(id: number, deptIdQuery: number | undefined, user: Principal): Promise<NewsInfoDto> {
    const deptId = await this.resolveDept(user, deptIdQuery);
    const row = await this.repo.read(id, deptId, user.userId);
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return { ...(row as unknown as NewsInfoDto), ...toRow(row), deptId };
  }

  /** Upserts the caller's work-department row of an item with the given columns (whitelisted by the callers). */
  private async upsertDept(id: number, user: Principal, set: Partial<Record<DeptColumn, unknown>>, em?: EntityManager): Promise<void> {
    if (user.workDeptId == null) throw DomainException.forbidden('当前用户没有部门');
    if (!(await this.repo.upsertDept(id, user.workDeptId, user.username, set, em))) throw DomainException.notFound(NOT_FOUND);
  }

  updateIsRecommend(id: number, isRecommend: boolean, user: Principal): Promise<void> {
    return this.upsertDept(id, user, { is_recommend: isRecommend });
  }

  /** Setting the warning tells the rest of the department (live channel). */
  async updateYj(id: number, yj: boolean, user: Principal): Promise<void> {
    const deptId = user.workDeptId;
    const names = yj && deptId != null ? await this.repo.warnNames(id, deptId, user.userId) : undefined;
    // who and when, for 预警列表 (cleared with the warning)
    await this.upsertDept(id, user, { yj, yj_by: yj ? (names?.nickName || user.username).slice(0, 64) : null, yj_time: yj ? new Date() : null });
    if (!yj || deptId == null) return;
    this.notices.toDept(
      deptId,
      {
        msgType: 'WARN',
        type: 'news.warned',
        title: '新闻预警',
        msg: html`${names?.nickName || user.username} 将新闻《${clip(names?.title, 80)}》标记为预警`,
        newsId: String(id),
        deptId,
      },
      { exceptUserId: user.userId },
    );
  }

  updateClassify(id: number, classify: number[], user: Principal): Promise<void> {
    return this.classifyWithNoise(id, classify, user, {});
  }

  /**
   * Writes the department's classification (and `set`). The spec's noise rule: the noise class
   * (A5000) in it makes a non-noise item noise exactly like 设为噪音 (`setNoise`: global, it leaves
   * the default lists); taking A5000 away from a noise item whose classification showed it un-noises
   * it. Either change needs `news:noise` (403 otherwise), like 设为噪音 itself. One transaction.
   */
  private async classifyWithNoise(id: number, classify: number[], user: Principal, set: Partial<Record<DeptColumn, unknown>>): Promise<void> {
    const unique = [...new Set(classify)];
    if (unique.length) await this.classify.assertLeaves(unique);
    if (user.workDeptId == null) throw DomainException.forbidden('当前用户没有部门');
    const noiseId = await this.classify.noiseId();
    const deptId = user.workDeptId;
    await this.repo.transaction(async (em) => {
      const current = await this.repo.lockClassification(em, id, deptId);
      if (!current) throw DomainException.notFound(NOT_FOUND);
      const wanted = unique.includes(noiseId);
      const shown = current.isNoise && (current.classify ?? []).includes(noiseId);
      const noise = wanted && !current.isNoise ? true : !wanted && shown ? false : undefined;
      if (noise !== undefined && !holds(user.ability, 'news:noise')) throw DomainException.forbidden(NOISE_FORBIDDEN);
      await this.upsertDept(id, user, { ...set, classify: unique }, em);
      if (noise !== undefined) await this.setNoise(id, noise, em);
    });
  }

  /** Keywords as stored: trimmed, blank ones dropped, duplicates removed (first occurrence kept). */
  private static keywords(keywords: string[]): string[] {
    return [...new Set(keywords.map((k) => k.trim()).filter((k) => k !== ''))];
  }

  /** `deptId` of an update call: the caller's work department (or own department, named for compatibility). */
  private static assertOwnDept(user: Principal, deptId: number | undefined): void {
    if (deptId !== undefined && !user.ability.can('update', record(DESK, { deptId }))) throw DomainException.forbidden('只能修改本部门的新闻数据');
  }

  updateKeywords(id: number, keywords: string[], deptId: number | undefined, user: Principal): Promise<void> {
    NewsService.assertOwnDept(user, deptId);
    return this.upsertDept(id, user, { keywords: NewsService.keywords(keywords) });
  }

  updateClassifyAndKeywords(id: number, classify: number[], keywords: string[], user: Principal): Promise<void> {
    return this.classifyWithNoise(id, classify, user, { keywords: NewsService.keywords(keywords) });
  }

  updateAbstracts(id: number, abstracts: string, deptId: number | undefined, user: Principal): Promise<void> {
    NewsService.assertOwnDept(user, deptId);
    return this.upsertDept(id, user, { abstracts });
  }

  /** Blank → null: the department falls back to the global Chinese title. */
  updateTitleCn(id: number, titleCn: string, user: Principal): Promise<void> {
    return this.upsertDept(id, user, { title_cn: titleCn === '' ? null : titleCn });
  }

  updateIsChoice(id: number, isChoice: boolean, user: Principal): Promise<void> {
    return this.upsertDept(id, user, { is_choice: isChoice });
  }

  /**
   * Global noise flag: the noise class is added to the item's classes (kept, so undo restores them) or
   * removed — also from the departments' classifications, so no department still shows it.
   */
  async setNoise(id: number, isNoise: boolean, em?: DataSource | EntityManager): Promise<void> {
    const noiseId = await this.classify.noiseId();
    if (!(await this.repo.setNoise(id, isNoise, noiseId, em))) throw DomainException.notFound(NOT_FOUND);
  }

  /**
   * Deletes an item globally with every department and read row, in one transaction with the `news`
   * removal steps of other modules (the collections module's rows). Shares (news_suggest) keep their row: the recipient is told '该分享的新闻已被删除'.
   */
  async deleteById(id: number): Promise<void> {
    if (!(await this.repo.deleteById(id, this.dropElsewhere))) throw DomainException.notFound(NOT_FOUND);
  }

  /** What other modules keep of deleted items goes in the deleting transaction. */
  private readonly dropElsewhere = (em: EntityManager, ids: string[]) => this.removal.run('news', em, ids);

  /** Deletes every item with one of the source ids (same cascade as deleteById). */
  async deleteBySourceIds(sourceIds: string[]): Promise<{ deleted: number }> {
    if (!sourceIds.length) return { deleted: 0 };
    return { deleted: await this.repo.deleteBySourceIds(sourceIds, this.dropElsewhere) };
  }

  /** The caller's latest searches (at most 20, distinct, newest first). */
  async getSearchHistory(user: Principal): Promise<SearchHistoryDto[]> {
    const rows = await this.repo.searchHistory(user.userId, HISTORY_SIZE);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Saves a search at the top (an identical older entry is removed); keeps the newest 20 of the caller. */
  async saveSearchHistory(content: string, user: Principal): Promise<void> {
    await this.repo.saveSearch(user.userId, content, HISTORY_SIZE);
  }

  /** Deletes one of the caller's entries (someone else's or unknown → 404), or all of them without an id. */
  async deleteSearchHistory(id: number | undefined, user: Principal): Promise<void> {
    if (id === undefined) {
      await this.repo.clearSearchHistory(user.userId);
      return;
    }
    if (!(await this.repo.deleteSearch(id, user.userId))) throw DomainException.notFound('检索记录不存在或已被删除');
  }
}
