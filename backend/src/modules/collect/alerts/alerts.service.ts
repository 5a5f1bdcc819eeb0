import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isAdministrator, record } from '../../../common/access/ability.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RemovalHooks } from '../../../common/database/removal-hooks.js';
import { DomainException, ErrorCode } from '../../../common/errors/domain.exception.js';
import { page, type Page } from '../../../common/http/list-query.js';
import { ClassifyService } from '../../classify/index.js';
import { DESK, NewsIngest, type NewsIngestPort, readForMatching } from '../../news/index.js';
import { clip, html, NoticeService } from '../../realtime/index.js';
import type { AlertRule } from '../alert-rule.entity.js';
import { type CompiledQuery, compileQuery, prepareText, QuerySyntaxError } from '../match/query.js';
import {
  ALERT_RULES_PER_DEPT,
  type AlertRuleCreateDto,
  type AlertRuleDeleteResultDto,
  type AlertRuleDto,
  type AlertRuleQuery,
  type AlertRuleUpdateDto,
  type AlertTestDto,
  type AlertTestResultDto,
} from './alerts.dto.js';
import { AlertsRepository, type EnabledRule, type NewHit } from './alerts.repository.js';

const NOT_FOUND = '预警规则不存在';
const OTHER_DEPT = '只能管理本部门的预警规则';
const NO_DEPT = '当前用户没有部门';
/** Machine code of the 50-rule limit (docs/collect-api.md "Alerts"). */
export const ALERT_LIMIT_CODE = 'ALERT_RULE_LIMIT';
/** Compiled rules are re-read at least this often even when no rule changed (class trees change too). */
const CACHE_MS = 5 * 60_000;

/** An enabled rule ready to match: compiled query, and its classes expanded to their descendants (null = all). */
interface CompiledRule extends EnabledRule {
  compiled: CompiledQuery;
  classes: ReadonlySet<number> | null;
}

function toDto(r: AlertRule): AlertRuleDto {
  return {
    id: r.id,
    deptId: r.deptId,
    name: r.name,
    query: r.query,
    webIds: r.webIds ?? [],
    classify: r.classify ?? [],
    enabled: r.enabled,
    notify: r.notify,
    hitCount: r.hitCount,
    lastHitAt: r.lastHitAt,
    createBy: r.createBy,
    updateBy: r.updateBy,
    createTime: r.createTime,
    updateTime: r.updateTime,
  };
}

/** Parses a query; a grammar error → 400 `规则语法错误：…（位置 n）`. */
function compileOr400(query: string): CompiledQuery {
  try {
    return compileQuery(query);
  } catch (e) {
    if (e instanceof QuerySyntaxError) throw DomainException.badRequest(e.message, ErrorCode.Validation);
    throw e;
  }
}

const unique = (ids: number[] | undefined): number[] | undefined => (ids === undefined ? undefined : [...new Set(ids)]);

/**
 * Keyword alert rules (docs/collect-design.md §5.5): a department's rules (`api/alertRule`,
 * department-scoped like the news desks: the `DeptDesk` policy) and the matching of newly
 * collected items, which marks hits as warned (`news_dept.yj`) for the rule's department and
 * tells its members on the live channel.
 */
@Injectable()
export class AlertsService implements OnModuleInit {
  private readonly logger = new Logger(AlertsService.name);
  private cache?: { version: string; at: number; rules: CompiledRule[] };

  constructor(
    private readonly repo: AlertsRepository,
    private readonly classify: ClassifyService,
    private readonly ingest: NewsIngest,
    private readonly notices: NoticeService,
    private readonly removal: RemovalHooks,
  ) {}

  /** A deleted news item leaves no hit behind (in the news module's delete transaction). */
  onModuleInit(): void {
    this.removal.register('news', (em, newsIds) => this.repo.deleteHitsOfNews(em, newsIds.map(String)));
  }

  // ------------------------------------------------------------------------------------ department scope

  /** Whose rules the caller reads: the work department by default; another one in the caller's news-desk read scope. */
  private readDept(user: Principal, deptId: number | undefined): number {
    if (deptId === undefined || deptId === user.workDeptId) {
      if (user.workDeptId == null) throw DomainException.forbidden(NO_DEPT);
      return user.workDeptId;
    }
    if (user.ability.can('read', record(DESK, { deptId }))) return deptId;
    throw DomainException.forbidden('只能查看本部门或数据权限内部门的预警规则');
  }

  /** Whether the caller may change a department's rules: its own (work) department's desk; administrators any. */
  private canWrite(user: Principal, deptId: number): boolean {
    return isAdministrator(user.ability) || user.ability.can('update', record(DESK, { deptId }));
  }

  /** A rule the caller may change: unknown or outside the read scope → 404, readable but another department's → 403. */
  private async writable(id: number, user: Principal, em?: EntityManager): Promise<AlertRule> {
    const rule = await this.repo.findOne(id, em);
    if (!rule || !(isAdministrator(user.ability) || user.ability.can('read', record(DESK, { deptId: rule.deptId })))) throw DomainException.notFound(NOT_FOUND);
    if (!this.canWrite(user, rule.deptId)) throw DomainException.forbidden(OTHER_DEPT);
    return rule;
  }

  // ------------------------------------------------------------------------------------ API

  async list(q: AlertRuleQuery, user: Principal): Promise<Page<AlertRuleDto>> {
    const [rows, total] = await this.repo.page(this.readDept(user, q.deptId), q);
    return page(rows.map(toDto), total);
  }

  async create(dto: AlertRuleCreateDto, user: Principal): Promise<AlertRuleDto> {
    let deptId: number;
    if (dto.deptId === undefined || dto.deptId === user.workDeptId) {
      if (user.workDeptId == null) throw DomainException.forbidden(NO_DEPT);
      deptId = user.workDeptId;
    } else if (this.canWrite(user, dto.deptId)) deptId = dto.deptId;
    else throw DomainException.forbidden(OTHER_DEPT);
    compileOr400(dto.query);
    const id = await this.repo.transaction(async (em) => {
      if ((await this.repo.lockAndCount(em, deptId)) >= ALERT_RULES_PER_DEPT) {
        throw DomainException.conflict(`每个部门最多 ${ALERT_RULES_PER_DEPT} 条预警规则`, ALERT_LIMIT_CODE);
      }
      return this.repo.insert(em, deptId, {
        name: dto.name,
        query: dto.query,
        webIds: unique(dto.webIds) ?? [],
        classify: unique(dto.classify) ?? [],
        enabled: dto.enabled ?? true,
        notify: dto.notify ?? true,
      });
    });
    return toDto((await this.repo.findOne(id))!);
  }

  async update(dto: AlertRuleUpdateDto, user: Principal): Promise<AlertRuleDto> {
    if (dto.query !== undefined) compileOr400(dto.query);
    await this.repo.transaction(async (em) => {
      const rule = await this.writable(dto.id, user, em);
      await this.repo.update(em, rule, {
        name: dto.name,
        query: dto.query,
        webIds: unique(dto.webIds),
        classify: unique(dto.classify),
        enabled: dto.enabled,
        notify: dto.notify,
      });
    });
    return toDto((await this.repo.findOne(dto.id))!);
  }

  /** Deletes rules (their hits go with them); every id must be a rule the caller may change (else 404/403, nothing deleted). */
  async delete(ids: number[], user: Principal): Promise<AlertRuleDeleteResultDto> {
    return this.repo.transaction(async (em) => {
      for (const id of new Set(ids)) await this.writable(id, user, em);
      return { deleted: await this.repo.delete(em, [...new Set(ids)]) };
    });
  }

  /** 试一试: does `text` match `query`, and the query's positive terms. */
  test(dto: AlertTestDto): AlertTestResultDto {
    const compiled = compileOr400(dto.query);
    return { matches: compiled.test(prepareText(dto.text)), terms: compiled.terms };
  }

  // ------------------------------------------------------------------------------------ matching

  /** The enabled rules, compiled; re-read when a rule changed (count / latest update) or after CACHE_MS. */
  private async rules(em: EntityManager): Promise<CompiledRule[]> {
    const version = await this.repo.version(em);
    if (this.cache && this.cache.version === version && Date.now() - this.cache.at < CACHE_MS) return this.cache.rules;
    const rules: CompiledRule[] = [];
    for (const rule of await this.repo.enabledRules(em)) {
      let compiled: CompiledQuery;
      try {
        compiled = compileQuery(rule.query);
      } catch (e) {
        // saved rules were checked; one that no longer parses (grammar changed) is skipped, not fatal
        this.logger.warn(`Alert rule ${rule.id} skipped: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      const classes = rule.classify.length ? new Set(await this.classify.descendantIds(rule.classify, em)) : null;
      rules.push({ ...rule, compiled, classes });
    }
    this.cache = { version, at: Date.now(), rules };
    return rules;
  }

  /**
   * Matches new items of source `webId` against the enabled rules (the collector calls it after
   * each batch, with the ids of the items it created, in its transaction `em`). Records the hits
   * (a pair already recorded is not counted again), counts them on the rules, marks the items
   * warned for each rule's department and sends one notice per rule that asks for it. Answers the
   * number of hits recorded.
   */
  async matchNew(em: EntityManager, webId: number, newsIds: string[]): Promise<number> {
    if (!newsIds.length) return 0;
    const rules = (await this.rules(em)).filter((r) => !r.webIds.length || r.webIds.includes(webId));
    if (!rules.length) return 0;
    const items = await readForMatching(em, newsIds.map(String));
    const titles = new Map<string, string>();
    const found: Array<NewHit & { deptId: number }> = [];
    for (const item of items) {
      const doc = prepareText(item.title, item.content, item.titleCn, item.contentCn);
      for (const rule of rules) {
        if (rule.classes && !item.classify.some((c) => rule.classes!.has(c))) continue;
        if (!rule.compiled.test(doc)) continue;
        found.push({ ruleId: rule.id, newsId: item.id, deptId: rule.deptId });
        titles.set(item.id, item.titleCn || item.title);
      }
    }
    const hits = await this.repo.insertHits(em, found);
    if (!hits.length) return 0;

    const byRule = new Map<number, string[]>();
    for (const h of hits) byRule.set(h.ruleId, [...(byRule.get(h.ruleId) ?? []), h.newsId]);
    await this.repo.countHits(em, new Map([...byRule].map(([id, news]) => [id, news.length])));
    const ruleById = new Map(rules.map((r) => [r.id, r]));
    const byDept = new Map<number, Set<string>>();
    for (const [ruleId, news] of byRule) {
      const deptId = ruleById.get(ruleId)!.deptId;
      const set = byDept.get(deptId) ?? new Set<string>();
      news.forEach((n) => set.add(n));
      byDept.set(deptId, set);
    }
    const ingest: NewsIngestPort = this.ingest;
    for (const [deptId, news] of byDept) await ingest.markWarned(em, deptId, [...news].sort((a, b) => Number(a) - Number(b)));

    for (const [ruleId, news] of byRule) {
      const rule = ruleById.get(ruleId)!;
      if (!rule.notify) continue;
      const ordered = [...news].sort((a, b) => Number(a) - Number(b));
      const first = ordered[0];
      this.notices.toDept(rule.deptId, {
        msgType: 'WARN',
        type: 'news.alert',
        title: '关键词预警',
        msg: html`规则「${rule.name}」命中 ${ordered.length} 条新闻：《${clip(titles.get(first), 80)}》` + (ordered.length > 1 ? '…' : ''),
        newsId: first,
        deptId: rule.deptId,
      });
    }
    return hits.length;
  }
}
