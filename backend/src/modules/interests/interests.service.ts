import { Injectable } from '@nestjs/common';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { INTEREST } from './interest.policy.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import type { ClassifyNodeDto } from '../classify/index.js';
import { ClassifyService } from '../classify/index.js';
import { NewsWebsites } from '../news/index.js';
import { type InterestRow, InterestsRepository } from './interests.repository.js';
import { DEFAULT_FREQUENCY, type SubscriptionFrequency } from './interests.dto.js';
import type {
  FrequencyDto,
  InterestClassifyDto,
  InterestClassifyNodeDto,
  InterestClassifyQuery,
  InterestDto,
  InterestIndustryDto,
  InterestUpdateDto,
  InterestWebsiteDto,
  InterestWebsiteQuery,
  InterestWriteDto,
} from './interests.dto.js';

const WEBSITE_SORT = { id: 'w.id', name: 'w.name', url: 'w.url', language: 'w.language', country: 'w.country' };

const toDto = (r: InterestRow): InterestDto => ({
  id: Number(r.id),
  userId: r.userId,
  websiteIds: r.websiteIds.join(','),
  classifyIds: r.classifyIds.join(','),
  themeIds: r.themeIds.join(','),
  frequency: r.frequency as SubscriptionFrequency,
  createTime: r.createTime,
  updateTime: r.updateTime,
});

/** The answer for a user without a row: same shape, empty lists, null id and times (the screen can `.split(',')` either way). */
const blank = (userId: number): InterestDto => ({
  id: null,
  userId,
  websiteIds: '',
  classifyIds: '',
  themeIds: '',
  frequency: DEFAULT_FREQUENCY,
  createTime: null,
  updateTime: null,
});

const unique = (ids: number[] | undefined): number[] | undefined => (ids === undefined ? undefined : [...new Set(ids)]);

/** May the caller act on this user's subscriptions (own; administrators any)? */
const mayManage = (me: Principal, userId: number) => me.ability.can('manage', record(INTEREST, { userId }));

/**
 * A user's subscriptions (关注): source websites and classifications, one row per user in
 * news_interest. Every call is about the caller's own row; administrators may name another user.
 * The news list's `type=interest` reads the same row (classes with their descendants).
 */
@Injectable()
export class InterestsService {
  constructor(
    private readonly interests: InterestsRepository,
    private readonly classify: ClassifyService,
    private readonly websiteRecords: NewsWebsites,
  ) {}

  /** The user a call is about: the caller, or (administrators only) `userId`; another user → 403, unknown user → 400. */
  private async target(me: Principal, userId: number | undefined): Promise<number> {
    if (userId === undefined || userId === me.userId) return me.userId;
    if (!mayManage(me, userId)) throw DomainException.forbidden('只能查看或修改自己的关注设置');
    if (!(await this.interests.userExists(userId))) throw DomainException.badRequest(`用户不存在: id is ${userId}`);
    return userId;
  }

  private rowOf(userId: number): Promise<InterestRow | undefined> {
    return this.interests.rowOf(userId);
  }

  /** 400 unless every website exists. */
  private async assertWebsites(ids: number[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const found = new Set(await this.interests.existingWebsites(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw DomainException.badRequest(`网站不存在: ${missing.slice(0, 20).join(', ')}`, ErrorCode.Validation);
  }

  /** 400 unless every class exists (any level: a class stands for itself and its descendants); the noise class cannot be subscribed. */
  private async assertClasses(ids: number[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const found = new Set(await this.interests.existingClasses(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw DomainException.badRequest(`分类不存在: ${missing.slice(0, 20).join(', ')}`, ErrorCode.Validation);
    if (ids.includes(await this.classify.noiseId())) throw DomainException.badRequest('不能关注噪音分类', ErrorCode.Validation);
  }

  /** 400 unless every theme exists. */
  private async assertThemes(ids: number[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const found = new Set(await this.interests.existingThemes(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw DomainException.badRequest(`主题不存在: ${missing.slice(0, 20).join(', ')}`, ErrorCode.Validation);
  }

  /**
   * Creates the user's row or replaces the given lists of the existing one (one row per user; a
   * list left out — undefined — keeps its current value, an empty list clears it).
   */
  private async upsert(userId: number, websiteIds: number[] | undefined, classifyIds: number[] | undefined, themeIds?: number[]): Promise<InterestDto> {
    await Promise.all([this.assertWebsites(websiteIds), this.assertClasses(classifyIds), this.assertThemes(themeIds)]);
    return toDto(await this.interests.upsert(userId, websiteIds ?? null, classifyIds ?? null, themeIds ?? null));
  }

  /** `GET api/news/setFrequency`: how often the caller is told about new subscribed items. */
  async setFrequency(me: Principal, frequency: SubscriptionFrequency): Promise<FrequencyDto> {
    await this.interests.setFrequency(me.userId, frequency);
    return { frequency };
  }

  /** `POST`: create or replace the caller's subscriptions. */
  async save(me: Principal, dto: InterestWriteDto): Promise<InterestDto> {
    const userId = await this.target(me, dto.userId);
    return this.upsert(userId, unique(dto.websiteIds), unique(dto.classifyIds), unique(dto.themeIds));
  }

  /** `PUT`: the same on an existing row named by id (own row; administrators any). */
  async update(me: Principal, dto: InterestUpdateDto): Promise<void> {
    const owner = await this.interests.ownerOf(dto.id);
    if (owner === undefined) throw DomainException.notFound(`关注设置不存在: id is ${dto.id}`);
    if (!mayManage(me, owner)) throw DomainException.forbidden('只能修改自己的关注设置');
    if (dto.userId !== undefined && dto.userId !== owner) {
      if (!mayManage(me, dto.userId)) throw DomainException.forbidden('只能修改自己的关注设置');
      throw DomainException.badRequest('userId 与关注设置的用户不一致', ErrorCode.Validation);
    }
    await this.upsert(owner, unique(dto.websiteIds), unique(dto.classifyIds), unique(dto.themeIds));
  }

  /** `DELETE`: the caller's rows (administrators: any); an unknown id → 404, someone else's → 403; nothing deleted then. */
  async delete(me: Principal, ids: number[]): Promise<void> {
    await this.interests.transaction(async (em) => {
      const owners = await this.interests.lockOwners(ids, em);
      if (owners.length !== ids.length) throw DomainException.notFound('所选关注设置不存在或已被删除');
      if (owners.some((userId) => !mayManage(me, userId))) throw DomainException.forbidden('只能删除自己的关注设置');
      await this.interests.delete(ids, em);
    });
  }

  /** The user's row, or a blank one (`id: null`, empty lists) when the user never subscribed. */
  async findByUserId(me: Principal, userId: number | undefined): Promise<InterestDto> {
    const target = await this.target(me, userId);
    const row = await this.rowOf(target);
    return row ? toDto(row) : blank(target);
  }

  /** `createByUserIdAndIndustry`: sets the classes only (websites kept). */
  async setIndustry(me: Principal, dto: InterestIndustryDto): Promise<InterestDto> {
    const classifyIds = dto.classifyIds ?? dto.industry;
    if (classifyIds === undefined) throw DomainException.badRequest('请选择要关注的分类（classifyIds）', ErrorCode.Validation);
    const userId = await this.target(me, dto.userId);
    return this.upsert(userId, undefined, unique(classifyIds));
  }

  /** The source websites (page, `name` filter) with `checked` = subscribed by the user. */
  async websites(me: Principal, q: InterestWebsiteQuery): Promise<Page<InterestWebsiteDto>> {
    const userId = await this.target(me, q.userId);
    const subscribed = new Set((await this.rowOf(userId))?.websiteIds ?? []);
    const [rows, total] = await this.websiteRecords.page(q, q.name, WEBSITE_SORT);
    return page(
      rows.map((w) => ({ id: w.id, name: w.name, url: w.url, language: w.language, country: w.country, checked: subscribed.has(w.id) })),
      total,
    );
  }

  /**
   * The classification tree (enabled classes, without the noise class) from the root 全部 with
   * `checked` on the classes the user subscribed to (not on their descendants: those are implied).
   */
  async classifyTree(me: Principal, userId: number | undefined): Promise<InterestClassifyNodeDto[]> {
    const target = await this.target(me, userId);
    const subscribed = new Set((await this.rowOf(target))?.classifyIds ?? []);
    const mark = (nodes: ClassifyNodeDto[]): InterestClassifyNodeDto[] =>
      nodes.map(({ children, ...n }) => (children ? { ...n, checked: subscribed.has(n.id), children: mark(children) } : { ...n, checked: subscribed.has(n.id) }));
    return mark(await this.classify.tree(true, true));
  }

  /** The same classes flat, in tree order (root first), `{id, name, pid, code, checked}`; `name` filters (contains). */
  async classifyList(me: Principal, q: InterestClassifyQuery): Promise<InterestClassifyDto[]> {
    const out: InterestClassifyDto[] = [];
    const walk = (nodes: InterestClassifyNodeDto[]) => {
      for (const n of nodes) {
        out.push({ id: n.id, name: n.name, pid: n.pid, code: n.code, checked: n.checked });
        if (n.children) walk(n.children);
      }
    };
    walk(await this.classifyTree(me, q.userId));
    const name = q.name?.toLowerCase();
    return name ? out.filter((c) => c.name.toLowerCase().includes(name)) : out;
  }
}
