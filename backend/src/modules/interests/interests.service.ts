import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { INTEREST } from './interest.policy.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import type { ClassifyNodeDto } from '../classify/index.js';
import { ClassifyService } from '../classify/index.js';
import { NewsWebsites } from '../news/index.js';
import type {
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

interface InterestRow {
  id: string;
  userId: number;
  websiteIds: number[];
  classifyIds: number[];
  createTime: Date;
  updateTime: Date;
}

const COLUMNS = 'id, user_id AS "userId", website_ids AS "websiteIds", classify_ids AS "classifyIds", create_time AS "createTime", update_time AS "updateTime"';

const WEBSITE_SORT = { id: 'w.id', name: 'w.name', url: 'w.url', language: 'w.language', country: 'w.country' };

const toDto = (r: InterestRow): InterestDto => ({
  id: Number(r.id),
  userId: r.userId,
  websiteIds: r.websiteIds.join(','),
  classifyIds: r.classifyIds.join(','),
  createTime: r.createTime,
  updateTime: r.updateTime,
});

/** The answer for a user without a row: same shape, empty lists, null id and times (the screen can `.split(',')` either way). */
const blank = (userId: number): InterestDto => ({ id: null, userId, websiteIds: '', classifyIds: '', createTime: null, updateTime: null });

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
    @InjectDataSource() private readonly db: DataSource,
    private readonly classify: ClassifyService,
    private readonly websiteRecords: NewsWebsites,
  ) {}

  /** The user a call is about: the caller, or (administrators only) `userId`; another user → 403, unknown user → 400. */
  private async target(me: Principal, userId: number | undefined): Promise<number> {
    if (userId === undefined || userId === me.userId) return me.userId;
    if (!mayManage(me, userId)) throw DomainException.forbidden('只能查看或修改自己的关注设置');
    const rows: unknown[] = await this.db.query('SELECT 1 FROM sys_user WHERE id = $1', [userId]);
    if (!rows.length) throw DomainException.badRequest(`用户不存在: id is ${userId}`);
    return userId;
  }

  private async rowOf(userId: number, em: DataSource | EntityManager = this.db): Promise<InterestRow | undefined> {
    const rows: InterestRow[] = await em.query(`SELECT ${COLUMNS} FROM news_interest WHERE user_id = $1`, [userId]);
    return rows[0];
  }

  /** 400 unless every website exists. */
  private async assertWebsites(ids: number[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM news_website WHERE id = ANY($1::int[])', [ids]);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw DomainException.badRequest(`网站不存在: ${missing.slice(0, 20).join(', ')}`, ErrorCode.Validation);
  }

  /** 400 unless every class exists (any level: a class stands for itself and its descendants); the noise class cannot be subscribed. */
  private async assertClasses(ids: number[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM news_classify WHERE id = ANY($1::int[])', [ids]);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw DomainException.badRequest(`分类不存在: ${missing.slice(0, 20).join(', ')}`, ErrorCode.Validation);
    if (ids.includes(await this.classify.noiseId())) throw DomainException.badRequest('不能关注噪音分类', ErrorCode.Validation);
  }

  /**
   * Creates the user's row or replaces the given lists of the existing one (one row per user; a
   * list left out — undefined — keeps its current value, an empty list clears it).
   */
  private async upsert(userId: number, websiteIds: number[] | undefined, classifyIds: number[] | undefined): Promise<InterestDto> {
    await Promise.all([this.assertWebsites(websiteIds), this.assertClasses(classifyIds)]);
    const rows: InterestRow[] = await this.db.query(
      `INSERT INTO news_interest (user_id, website_ids, classify_ids)
       VALUES ($1, COALESCE($2::int[], '{}'), COALESCE($3::int[], '{}'))
       ON CONFLICT (user_id) DO UPDATE SET
         website_ids = COALESCE($2::int[], news_interest.website_ids),
         classify_ids = COALESCE($3::int[], news_interest.classify_ids),
         update_time = now()
       RETURNING ${COLUMNS}`,
      [userId, websiteIds ?? null, classifyIds ?? null],
    );
    return toDto(rows[0]);
  }

  /** `POST`: create or replace the caller's subscriptions. */
  async save(me: Principal, dto: InterestWriteDto): Promise<InterestDto> {
    const userId = await this.target(me, dto.userId);
    return this.upsert(userId, unique(dto.websiteIds), unique(dto.classifyIds));
  }

  /** `PUT`: the same on an existing row named by id (own row; administrators any). */
  async update(me: Principal, dto: InterestUpdateDto): Promise<void> {
    const rows: Array<{ userId: number }> = await this.db.query('SELECT user_id AS "userId" FROM news_interest WHERE id = $1', [dto.id]);
    if (!rows.length) throw DomainException.notFound(`关注设置不存在: id is ${dto.id}`);
    const owner = rows[0].userId;
    if (!mayManage(me, owner)) throw DomainException.forbidden('只能修改自己的关注设置');
    if (dto.userId !== undefined && dto.userId !== owner) {
      if (!mayManage(me, dto.userId)) throw DomainException.forbidden('只能修改自己的关注设置');
      throw DomainException.badRequest('userId 与关注设置的用户不一致', ErrorCode.Validation);
    }
    await this.upsert(owner, unique(dto.websiteIds), unique(dto.classifyIds));
  }

  /** `DELETE`: the caller's rows (administrators: any); an unknown id → 404, someone else's → 403; nothing deleted then. */
  async delete(me: Principal, ids: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      const rows: Array<{ userId: number }> = await em.query('SELECT user_id AS "userId" FROM news_interest WHERE id = ANY($1::bigint[]) FOR UPDATE', [ids]);
      if (rows.length !== ids.length) throw DomainException.notFound('所选关注设置不存在或已被删除');
      if (rows.some((r) => !mayManage(me, r.userId))) throw DomainException.forbidden('只能删除自己的关注设置');
      await em.query('DELETE FROM news_interest WHERE id = ANY($1::bigint[])', [ids]);
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
