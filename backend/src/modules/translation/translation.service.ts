import { Inject, Injectable } from '@nestjs/common';
import { holds, isAdministrator, record } from '../../common/access/ability.js';
import type { Permission } from '../../common/access/permission.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { diffTexts } from '../../common/text/diff.js';
import { htmlToText } from '../../common/text/html-to-text.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { NewsDesk, NewsService } from '../news/index.js';
import type {
  LatestVersionDto,
  SubmitTranslateDto,
  TranslationDiffDto,
  TranslationStateDto,
  TranslationVersionDto,
} from './translation.dto.js';
import { TranslationNotices } from './translation.notices.js';
import { TRANSLATION } from './translation.policy.js';

const NOT_FOUND = '新闻不存在或已被删除';

/** The spec's messages (news-tracking.md §4, §8) and the workflow's own. */
export const TRANSLATION_MESSAGES = {
  locked: '该新闻已有人正在翻译，请点击查看详情',
  noContent: '暂无精翻，请进入详情页开始翻译',
  emptySubmit: '译文内容不能为空',
  notClaimed: '请先点击“我要翻译”认领该新闻',
  notReviewable: '只有待审核或已审核的译文可以审核',
  selfReview: '不能审核自己翻译的译文',
  staleVersion: '译文已有新版本，请刷新后再审核',
  notReleasable: '只有翻译中的新闻可以释放',
  releaseOthers: '只能释放自己认领的翻译',
  noVersion: '该版本不存在',
} as const;

export const TRANSLATION_LOCKED = 'NEWS_TRANSLATION_LOCKED';

type Raw = Record<string, unknown>;

function toState(r: Raw): TranslationStateDto {
  return { ...(r as unknown as TranslationStateDto), id: Number(r.id), version: Number(r.version) };
}

/**
 * The translation workflow of one department's copy of an item (docs/news-design.md "Translation workflow"):
 * untranslated → edit (claim) → examine (submit) → done (review), re-review, re-claim for a new
 * version, release. Every transition is ONE conditional statement on `news_dept`, run by the news
 * module's NewsDesk (which owns `news_dept` / `news_translation`); when it matches no row, a read
 * afterwards only chooses the error message.
 *
 * `trans_status` is the working state; `is_processed` is the state of the latest submitted version
 * ('examine' / 'done'), so a reviewed item stays submittable to products while a revision is drafted.
 */
@Injectable()
export class TranslationService {
  constructor(
    private readonly desk: NewsDesk,
    private readonly news: NewsService,
    private readonly notices: TranslationNotices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `submitTranslate`: the transition named by `content.status`. A `titleCn` sent with a claim, save
   * or submission is the department's Chinese title, written in the same statement as the text (so
   * under the same permission and editor checks); a review ignores it.
   */
  async submit(dto: SubmitTranslateDto, user: Principal): Promise<TranslationStateDto> {
    const deptId = await this.dept(user, dto.deptId);
    const { status, contentTrans, version } = dto.content;
    const title = titleUpdate(dto.content.titleCn);
    if (status === 'edit') {
      this.need(user, 'news:translate');
      return this.claimOrSave(dto.id, deptId, contentTrans, title, user);
    }
    if (status === 'examine') {
      this.need(user, 'news:translate');
      return this.submitForReview(dto.id, deptId, contentTrans, title, user);
    }
    this.need(user, 'news:judge');
    return this.review(dto.id, deptId, version, user);
  }

  private need(user: Principal, code: Permission): void {
    if (!holds(user.ability, code)) throw DomainException.forbidden();
  }

  private async dept(user: Principal, deptId: number | undefined): Promise<number> {
    const d = await this.news.resolveDept(user, deptId);
    if (d == null) throw DomainException.forbidden('当前用户没有部门');
    return d;
  }

  /**
   * Claim ("我要翻译") or save a draft. A claim starts version latest + 1 with the country and the
   * machine translation (markup stripped) — or, for a revision of a translated item, its current
   * text. Refused (409) only while another editor holds the item in `edit`.
   */
  private async claimOrSave(id: number, deptId: number, content: string | undefined, title: TitleUpdate, user: Principal): Promise<TranslationStateDto> {
    const item = await this.desk.newsPrefill(id);
    if (!item) throw DomainException.notFound(NOT_FOUND);
    const prefill = [countryName(item.country as string | null), item.contentCn ? htmlToText(item.contentCn as string).trim() : null].filter(Boolean).join('\n\n');
    const row = await this.desk.claimOrSave(id, deptId, user.userId, user.username, content ?? null, prefill, title.set, title.value);
    if (!row) throw this.lockedBy(await this.state(id, deptId));
    return toState(row);
  }

  /** Submit the draft for review: the editor of record only; the text becomes a stored version. */
  private async submitForReview(id: number, deptId: number, content: string | undefined, title: TitleUpdate, user: Principal): Promise<TranslationStateDto> {
    const text = content ?? null;
    const state = await this.desk.transaction(async (em) => {
      const row = await this.desk.submitForReview(em, id, deptId, user.userId, text, user.username, title.set, title.value);
      if (!row) return undefined;
      await this.desk.storeVersion(em, id, deptId, row.version, row.contentTrans, user.userId, user.username);
      return toState(row);
    });
    if (!state) {
      const current = await this.state(id, deptId);
      if (current?.transStatus === 'edit' && current.editorId != null && current.editorId !== user.userId) throw this.lockedBy(current);
      if (current?.transStatus !== 'edit') throw DomainException.conflict(TRANSLATION_MESSAGES.notClaimed);
      throw DomainException.badRequest(TRANSLATION_MESSAGES.emptySubmit, ErrorCode.Validation);
    }
    this.notices.submitted(state, await this.noticeNames(id, deptId, user), user);
    return state;
  }

  /** Review ("审核"): items in examine or done with text; not one's own unless REVIEW_ALLOW_SELF. */
  private async review(id: number, deptId: number, version: number | undefined, user: Principal): Promise<TranslationStateDto> {
    const allowSelf = this.config.reviewAllowSelf;
    const state = await this.desk.transaction(async (em) => {
      const row = await this.desk.review(em, id, deptId, user.userId, user.username, allowSelf, version ?? null);
      if (!row) return undefined;
      await this.desk.reviewVersion(em, id, deptId, row.version, user.userId, user.username);
      return toState(row);
    });
    if (!state) {
      const current = await this.state(id, deptId);
      if (!current) {
        await this.assertNews(id);
        throw DomainException.conflict(TRANSLATION_MESSAGES.notReviewable);
      }
      if (current.transStatus !== 'examine' && current.transStatus !== 'done') throw DomainException.conflict(TRANSLATION_MESSAGES.notReviewable);
      if (!current.contentTrans?.trim()) throw DomainException.badRequest(TRANSLATION_MESSAGES.noContent, 'NEWS_TRANSLATION_EMPTY');
      if (!user.ability.can('review', record(TRANSLATION, { editorId: current.editorId }))) throw DomainException.forbidden(TRANSLATION_MESSAGES.selfReview, 'NEWS_TRANSLATION_SELF_REVIEW');
      throw DomainException.conflict(TRANSLATION_MESSAGES.staleVersion, 'NEWS_TRANSLATION_STALE');
    }
    this.notices.reviewed(state, await this.noticeNames(id, deptId, user), user);
    return state;
  }

  /** Release a claim (the editor, or an administrator): back to the latest submitted version, or untranslated. */
  async release(id: number, deptIdQuery: number | undefined, user: Principal): Promise<TranslationStateDto> {
    this.need(user, 'news:translate');
    const deptId = await this.dept(user, deptIdQuery);
    const admin = isAdministrator(user.ability);
    const row = await this.desk.release(id, deptId, user.userId, user.username, admin);
    if (row) return toState(row);
    const current = await this.state(id, deptId);
    if (!current) await this.assertNews(id);
    if (current?.transStatus !== 'edit') throw DomainException.conflict(TRANSLATION_MESSAGES.notReleasable);
    throw DomainException.forbidden(TRANSLATION_MESSAGES.releaseOthers);
  }

  /** `latestVersion`: the latest submitted version of the department's translation (0 and null when none). */
  async latestVersion(id: number, deptIdQuery: number | undefined, user: Principal): Promise<LatestVersionDto> {
    const deptId = await this.dept(user, deptIdQuery);
    await this.assertNews(id);
    const row = await this.desk.latestVersion(id, deptId);
    return { id, deptId, version: Number(row?.version ?? 0), contentTrans: (row?.contentTrans as string) ?? null, status: (row?.status as string) ?? null };
  }

  /** Every submitted version, newest first. */
  async versions(id: number, deptIdQuery: number | undefined, user: Principal): Promise<TranslationVersionDto[]> {
    const deptId = await this.dept(user, deptIdQuery);
    await this.assertNews(id);
    const rows = await this.desk.versions(id, deptId);
    return rows.map((r) => ({ ...(r as unknown as TranslationVersionDto), version: Number(r.version) }));
  }

  /** Word-level diff of two versions (or a version and the current draft), CJK segmented by Intl.Segmenter. */
  async diff(id: number, deptIdQuery: number | undefined, from: number, to: number | undefined, user: Principal): Promise<TranslationDiffDto> {
    const deptId = await this.dept(user, deptIdQuery);
    await this.assertNews(id);
    const text = async (version: number) => {
      const r = await this.desk.versionContent(id, deptId, version);
      if (!r) throw DomainException.notFound(`${TRANSLATION_MESSAGES.noVersion}: v${version}`);
      return htmlToText(r.content as string);
    };
    const a = await text(from);
    const b = to === undefined ? htmlToText((await this.state(id, deptId))?.contentTrans ?? '') : await text(to);
    return { from, to: to ?? null, ...diffTexts(a, b) };
  }

  /** The department's state of an item (undefined when the department never touched it). */
  async state(id: number, deptId: number): Promise<TranslationStateDto | undefined> {
    const row = await this.desk.state(id, deptId);
    return row && toState(row);
  }

  /** The title the department sees (its Chinese title override, the machine title, the original) and the caller's display name. */
  private async noticeNames(id: number, deptId: number, user: Principal): Promise<{ title: string; actor: string }> {
    const r = await this.desk.noticeNames(id, deptId, user.userId);
    const title = (r?.title as string | undefined) ?? `#${id}`;
    return { title: title.length > 80 ? `${title.slice(0, 80)}…` : title, actor: (r?.nick as string | null) || user.username };
  }

  /** The state for the workbench: the department's row, or the untranslated state (404 when the item does not exist). */
  async stateOrEmpty(id: number, deptIdQuery: number | undefined, user: Principal): Promise<TranslationStateDto> {
    const deptId = await this.dept(user, deptIdQuery);
    const s = await this.state(id, deptId);
    if (s) return s;
    await this.assertNews(id);
    return {
      id,
      deptId,
      transStatus: null,
      isProcessed: null,
      contentTrans: null,
      version: 0,
      editorId: null,
      editorName: null,
      examineId: null,
      examineName: null,
      updateTime: null,
      titleCn: null,
    };
  }

  private async assertNews(id: number): Promise<void> {
    if (!(await this.desk.newsExists(id))) throw DomainException.notFound(NOT_FOUND);
  }

  /** The 409 of a claim refused because someone else is translating (404 when the item does not exist). */
  private lockedBy(current: TranslationStateDto | undefined): DomainException {
    if (!current) return DomainException.notFound(NOT_FOUND);
    return DomainException.conflict(TRANSLATION_MESSAGES.locked, TRANSLATION_LOCKED);
  }
}

/** What a transition does to the department's Chinese title: `set` false = leave it; value null = back to the global one. */
interface TitleUpdate {
  set: boolean;
  value: string | null;
}

/** `content.titleCn` (already trimmed by the DTO): omitted = unchanged; blank or null = none of the department's own. */
export function titleUpdate(titleCn: string | null | undefined): TitleUpdate {
  if (titleCn === undefined) return { set: false, value: null };
  return { set: true, value: titleCn === null || titleCn === '' ? null : titleCn };
}

const regions = new Intl.DisplayNames(['zh-CN'], { type: 'region' });

/** The country as the Chinese reader knows it: `US` → 美国; other values as stored. */
export function countryName(country: string | null): string | null {
  const c = country?.trim();
  if (!c) return null;
  if (!/^[A-Za-z]{2}$/.test(c)) return c;
  try {
    return regions.of(c.toUpperCase()) ?? c;
  } catch {
    return c;
  }
}
