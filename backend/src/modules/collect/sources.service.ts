import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { page, type Page } from '../../common/http/list-query.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ClassifyService } from '../classify/index.js';
import { NewsWebsites } from '../news/index.js';
import type { SourceType } from './collect-source.entity.js';
import { parseQuery, QuerySyntaxError } from './match/query.js';
import { OPML_MAX_BYTES, OpmlService } from './opml.service.js';
import { CollectorService, type PreviewResult, type RunSummary } from './pipeline/collector.service.js';
import type {
  OpmlImportResultDto,
  RunDto,
  RunQuery,
  SourceCreateDto,
  SourceDeleteResultDto,
  SourceDto,
  SourceHealthDto,
  SourceLightDto,
  SourcePreviewDto,
  SourceQuery,
  SourceUpdateDto,
} from './sources.dto.js';
import { type SourceSettings, SourcesRepository } from './sources.repository.js';

/** Machine codes of the sources API (docs/collect-api.md). */
export const SOURCE_ERRORS = { exists: 'WEBSITE_EXISTS', running: 'COLLECT_RUNNING' } as const;

const WEBSITE_EXISTS = '该网址的网站已存在';
const UNIQUE_VIOLATION = '23505';

/** A process-wide owner id for the leases this process takes (docs/collect-design.md §5.1). */
const LEASE_OWNER = `api-${randomUUID().slice(0, 8)}`;

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === UNIQUE_VIOLATION;

/** The address checks the validators cannot make: no credentials in it (docs/collect-design.md §3.1). */
function assertPlainUrl(url: string, label: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw DomainException.badRequest(`${label}不是有效的地址`, ErrorCode.Validation);
  }
  if (parsed.username || parsed.password) throw DomainException.badRequest(`${label}不能包含用户名或密码`, ErrorCode.Validation);
  return parsed.hostname.toLowerCase();
}

function assertTimezone(zone: string | null | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw DomainException.badRequest(`时区无效：${zone}（应为 IANA 时区，如 Asia/Shanghai）`, ErrorCode.Validation);
  }
}

/**
 * The collection sources (docs/collect-design.md §7 "Sources"): a source is a `news_website` row
 * (written through the news module's NewsWebsites, same id = the news `webId`) plus its
 * `collect_source` settings. Fetching is the collector's (preview, discovery, runs).
 */
/** Fields of `PUT` that may be absent but not null (their columns are NOT NULL), with their 400 messages. */
const NOT_NULL_UPDATES: ReadonlyArray<[keyof SourceUpdateDto, string]> = [
  ['name', '网站名称不能为空'],
  ['url', '网址不能为空'],
  ['classify', '分类必须是数组'],
  ['intervalMinutes', '采集间隔必须是整数（分钟）'],
];

@Injectable()
export class SourcesService {
  constructor(
    private readonly sources: SourcesRepository,
    private readonly websites: NewsWebsites,
    private readonly classify: ClassifyService,
    private readonly collector: CollectorService,
    private readonly opml: OpmlService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(q: SourceQuery): Promise<Page<SourceDto>> {
    const [rows, total] = await this.sources.page(q, this.config.collect.alertAfterErrors);
    return page(rows, total);
  }

  findAll(): Promise<SourceLightDto[]> {
    return this.sources.light();
  }

  findByIds(ids: number[]): Promise<SourceLightDto[]> {
    return this.sources.light(ids);
  }

  async create(dto: SourceCreateDto): Promise<SourceDto> {
    const type = dto.type ?? 'auto';
    assertPlainUrl(dto.url, '网址');
    await this.checkSettings(type, dto);
    const feed = await this.feedOf(type, dto.url, dto.feedUrl ?? null);
    const id = await this.unique(() =>
      this.sources.transaction(async (em) => {
        if (await this.websites.findByUrl(dto.url, em)) throw DomainException.conflict(WEBSITE_EXISTS, SOURCE_ERRORS.exists);
        const websiteId = await this.websites.create(em, { name: dto.name, url: dto.url, language: dto.language ?? null, country: dto.country ?? null });
        await this.sources.insertSettings(em, websiteId, { ...this.settingsOf(dto), type: feed.type, feedUrl: feed.feedUrl, host: feed.host });
        return websiteId;
      }),
    );
    return this.get(id);
  }

  async update(dto: SourceUpdateDto): Promise<SourceDto> {
    const current = await this.sources.findOne(dto.id);
    if (!current) throw DomainException.notFound('数据源不存在');
    // PartialType lets null through every field: where the column cannot be null, null is a 400
    for (const [field, message] of NOT_NULL_UPDATES) {
      if ((dto as unknown as Record<string, unknown>)[field] === null) throw DomainException.badRequest(message, ErrorCode.Validation);
    }
    if (dto.url !== undefined) assertPlainUrl(dto.url, '网址');
    const type = dto.type ?? current.type ?? 'auto';
    await this.checkSettings(type, { ...dto, selectors: dto.selectors === undefined ? current.selectors : dto.selectors });
    const url = dto.url ?? current.url;
    // A new feed address (or type) is checked and, for `auto` without one, discovered again.
    const feedChanged = dto.feedUrl !== undefined || dto.type !== undefined || !current.configured;
    const feed = feedChanged ? await this.feedOf(type, url, dto.feedUrl === undefined ? current.feedUrl : dto.feedUrl) : null;
    await this.unique(() =>
      this.sources.transaction(async (em) => {
        if (dto.url !== undefined && dto.url !== current.url) {
          const other = await this.websites.findByUrl(dto.url, em);
          if (other && other.id !== dto.id) throw DomainException.conflict(WEBSITE_EXISTS, SOURCE_ERRORS.exists);
        }
        await this.websites.update(em, dto.id, { name: dto.name, url: dto.url, language: dto.language, country: dto.country });
        const settings: SourceSettings = { ...this.settingsOf(dto), ...(feed ? { type: feed.type, feedUrl: feed.feedUrl, host: feed.host } : {}) };
        if (current.configured) await this.sources.updateSettings(em, dto.id, settings);
        else await this.sources.insertSettings(em, dto.id, { ...settings, feedUrl: feed!.feedUrl, host: feed!.host });
      }),
    );
    return this.get(dto.id);
  }

  /**
   * Deletes sources. A source whose website has news items is disabled instead, unless `force`
   * (then deleted; its items stay with their `webName` and `web_id`). Unknown ids are left out.
   */
  async delete(ids: number[], force: boolean): Promise<SourceDeleteResultDto> {
    return this.sources.transaction(async (em: EntityManager) => {
      const existing = await this.existingIn(ids);
      const keep = force ? [] : await this.websites.withNews(existing, em);
      const deleted = await this.websites.remove(
        em,
        existing.filter((id) => !keep.includes(id)),
      );
      await this.sources.setEnabled(keep, false, em);
      return { deleted: deleted.sort((a, b) => a - b), disabled: keep };
    });
  }

  /** Enables or disables sources that have settings; how many changed. */
  async setEnabled(ids: number[], enabled: boolean): Promise<{ updated: number }> {
    return { updated: (await this.sources.setEnabled(ids, enabled)).length };
  }

  preview(dto: SourcePreviewDto): Promise<PreviewResult> {
    assertPlainUrl(dto.url, '网址');
    if (dto.type === 'html' && !dto.selectors) throw DomainException.badRequest('列表页（html）类型需要选择器 item、link、title', ErrorCode.Validation);
    return this.collector.preview({ url: dto.url, type: dto.type, selectors: dto.selectors, fullText: dto.fullText });
  }

  /** Runs a source now (docs/collect-design.md §5.3); 409 while a run of it is going on. */
  async collect(id: number): Promise<RunSummary> {
    const source = await this.sources.findOne(id);
    if (!source) throw DomainException.notFound('数据源不存在');
    if (!source.configured) throw DomainException.badRequest('该网站尚未配置采集（先编辑并保存采集设置）', ErrorCode.Validation);
    const leaseSeconds = this.config.collect.timeoutSeconds * 4;
    if (!(await this.sources.claim(id, LEASE_OWNER, leaseSeconds))) throw DomainException.conflict('该数据源正在采集', SOURCE_ERRORS.running);
    try {
      return await this.collector.run(id, 'manual', LEASE_OWNER);
    } finally {
      await this.sources.release(id, LEASE_OWNER);
    }
  }

  async runs(id: number, q: RunQuery): Promise<Page<RunDto>> {
    if (!(await this.sources.findOne(id))) throw DomainException.notFound('数据源不存在');
    const [rows, total] = await this.sources.runs(id, q);
    return page(rows, total);
  }

  health(): Promise<SourceHealthDto> {
    return this.sources.health(this.config.collect.alertAfterErrors);
  }

  /** Source figures of the dashboard: total, enabled, failing (error_count > 0) and up to 20 failing names (docs/dashboard.md). */
  dashboardHealth(): Promise<{ total: number; enabled: number; failing: number; failingNames: string[] }> {
    return this.sources.dashboardHealth(20);
  }

  async exportOpml(): Promise<string> {
    return this.opml.write(await this.sources.opmlRows());
  }

  /**
   * Creates an enabled `auto` source per outline (`xmlUrl` as its feed, `htmlUrl` else `xmlUrl` as
   * its website address, named by `title`‖`text`); an address already known is skipped.
   */
  async importOpml(file: Express.Multer.File | undefined): Promise<OpmlImportResultDto> {
    if (!file?.buffer?.length) throw DomainException.badRequest('请选择 OPML 文件（字段 file）', ErrorCode.Validation);
    if (file.size > OPML_MAX_BYTES) throw DomainException.badRequest('OPML 文件不能超过 2 MB', ErrorCode.Validation);
    const outlines = this.opml.read(file.buffer);
    const known = await this.sources.knownUrls(outlines.flatMap((o) => [o.xmlUrl, o.htmlUrl ?? o.xmlUrl]));
    const result: OpmlImportResultDto = { created: 0, skipped: 0, errors: [] };
    for (const o of outlines) {
      const url = (o.htmlUrl ?? o.xmlUrl).slice(0, 500);
      if (known.has(url) || known.has(o.xmlUrl)) {
        result.skipped++;
        continue;
      }
      try {
        const host = assertPlainUrl(o.xmlUrl, '订阅源地址');
        if (!/^https?:$/.test(new URL(o.xmlUrl).protocol)) throw DomainException.badRequest('订阅源地址必须是 http(s) 地址', ErrorCode.Validation);
        await this.sources.transaction(async (em) => {
          const id = await this.websites.create(em, { name: o.title.slice(0, 200), url });
          await this.sources.insertSettings(em, id, { type: 'auto', feedUrl: o.xmlUrl.slice(0, 1000), host, enabled: true });
        });
        known.add(url);
        result.created++;
      } catch (e) {
        if (isUniqueViolation(e)) result.skipped++;
        else result.errors.push({ url: o.xmlUrl, message: e instanceof DomainException ? e.message : '无法创建数据源' });
      }
    }
    return result;
  }

  private async get(id: number): Promise<SourceDto> {
    const row = await this.sources.findOne(id);
    if (!row) throw DomainException.notFound('数据源不存在');
    return row;
  }

  private async existingIn(ids: number[]): Promise<number[]> {
    return ids.length ? this.sources.existing(ids) : [];
  }

  /** Runs a write; a unique violation (a concurrent save of the same url) → 409. */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isUniqueViolation(e)) throw DomainException.conflict(WEBSITE_EXISTS, SOURCE_ERRORS.exists);
      throw e;
    }
  }

  /** The checks of the settings that need more than a validator: selectors of `html`, the rules' grammar (§5.4), leaf classes, the time zone. */
  private async checkSettings(type: SourceType, dto: Partial<SourceCreateDto>): Promise<void> {
    if (type === 'html' && !dto.selectors) throw DomainException.badRequest('列表页（html）类型需要选择器 item、link、title', ErrorCode.Validation);
    for (const [i, rule] of (dto.rules ?? []).entries()) {
      try {
        parseQuery(rule.query);
      } catch (e) {
        if (e instanceof QuerySyntaxError) throw DomainException.badRequest(`第 ${i + 1} 条分类规则：${e.message}`, ErrorCode.Validation);
        throw e;
      }
    }
    const classes = [...(dto.classify ?? []), ...(dto.rules ?? []).flatMap((r) => r.classify)];
    if (classes.length) await this.classify.assertLeaves([...new Set(classes)]);
    assertTimezone(dto.timezone);
  }

  /** The feed address and type to store: as given, else (type `auto`) discovered, else the site address. */
  private async feedOf(type: SourceType, url: string, feedUrl: string | null): Promise<{ feedUrl: string; type: SourceType; host: string }> {
    if (!feedUrl && type !== 'auto') throw DomainException.badRequest('订阅源地址不能为空（仅 auto 类型可自动发现）', ErrorCode.Validation);
    let found = feedUrl ? { feedUrl, type } : await this.collector.discover(url);
    if (!found) found = { feedUrl: url, type: 'auto' };
    return { ...found, host: assertPlainUrl(found.feedUrl, '订阅源地址') };
  }

  /** The `collect_source` fields of a create/update body (undefined = not given). */
  private settingsOf(dto: Partial<SourceCreateDto>): SourceSettings {
    return {
      classify: dto.classify,
      intervalMinutes: dto.intervalMinutes,
      adaptive: dto.adaptive,
      enabled: dto.enabled,
      fullText: dto.fullText,
      selectors: dto.selectors === undefined ? undefined : (dto.selectors ?? null),
      rules: dto.rules?.map((r) => ({ query: r.query, classify: r.classify })),
      timezone: dto.timezone === undefined ? undefined : (dto.timezone ?? null),
    };
  }
}
