import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { applyListQuery, type PagedQuery, type SortMap } from '../../../common/http/list-query.js';
import { AlertRule } from '../alert-rule.entity.js';

/** The fields of a rule the API writes. */
export type AlertRuleFields = Partial<Pick<AlertRule, 'name' | 'query' | 'webIds' | 'classify' | 'enabled' | 'notify'>>;

/** An enabled rule as the matcher needs it. */
export interface EnabledRule {
  id: number;
  deptId: number;
  name: string;
  query: string;
  webIds: number[];
  classify: number[];
  notify: boolean;
}

/** A hit recorded by this batch (not one already there). */
export interface NewHit {
  ruleId: number;
  newsId: string;
}

/** Sort fields of `GET api/alertRule` (default `id,desc`). */
const ALERT_RULE_SORTS: SortMap = { id: 'r.id', name: 'r.name', hitCount: 'r.hitCount', lastHitAt: 'r.lastHitAt', createTime: 'r.createTime', updateTime: 'r.updateTime' };

/** Namespace of the per-department advisory lock that serialises the 50-rule check. */
const RULE_LIMIT_LOCK = 724_113_051;

/** The alert rules (`collect_alert_rule`) and their hits (`collect_alert_hit`): every query of the alerts. */
@Injectable()
export class AlertsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** A page of a department's rules and the total (sort of `ALERT_RULE_SORTS`, default `id,desc`). */
  page(deptId: number, q: PagedQuery): Promise<[AlertRule[], number]> {
    const qb = this.db.getRepository(AlertRule).createQueryBuilder('r').where('r.deptId = :deptId', { deptId });
    return applyListQuery(qb, q, ALERT_RULE_SORTS).getManyAndCount();
  }

  findOne(id: number, em: EntityManager = this.db.manager): Promise<AlertRule | null> {
    return em.findOneBy(AlertRule, { id });
  }

  findMany(ids: number[], em: EntityManager = this.db.manager): Promise<AlertRule[]> {
    return ids.length ? em.findBy(AlertRule, { id: In(ids) }) : Promise.resolve([]);
  }

  /** Locks the department's rule set for this transaction (the limit check), then counts its rules. */
  async lockAndCount(em: EntityManager, deptId: number): Promise<number> {
    await em.query('SELECT pg_advisory_xact_lock($1, $2)', [RULE_LIMIT_LOCK, deptId]);
    return em.countBy(AlertRule, { deptId });
  }

  /** Inserts a rule (audit fields by the subscriber); its id. */
  async insert(em: EntityManager, deptId: number, fields: Required<AlertRuleFields>): Promise<number> {
    const saved = await em.save(em.create(AlertRule, { ...fields, deptId }));
    return saved.id;
  }

  async update(em: EntityManager, rule: AlertRule, fields: AlertRuleFields): Promise<void> {
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return;
    await em.save(em.merge(AlertRule, rule, set));
  }

  async delete(em: EntityManager, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number }> = await em.query('WITH d AS (DELETE FROM collect_alert_rule WHERE id = ANY($1::int[]) RETURNING id) SELECT id FROM d ORDER BY id', [ids]);
    return rows.map((r) => r.id);
  }

  /** What changes whenever a rule is added, changed or removed (the matcher's cache key); hit counts do not change it. */
  async version(em: EntityManager): Promise<string> {
    const [row]: Array<{ n: number; m: string | null }> = await em.query('SELECT count(*)::int AS n, max(update_time)::text AS m FROM collect_alert_rule');
    return `${row.n}|${row.m ?? ''}`;
  }

  enabledRules(em: EntityManager): Promise<EnabledRule[]> {
    return em.query(
      `SELECT id, dept_id AS "deptId", name, query, web_ids AS "webIds", classify, notify
         FROM collect_alert_rule WHERE enabled ORDER BY id`,
    );
  }

  /** Records hits (one statement; pairs already there are skipped); the pairs inserted now. */
  async insertHits(em: EntityManager, hits: Array<NewHit & { deptId: number }>): Promise<NewHit[]> {
    if (!hits.length) return [];
    const rows: Array<{ ruleId: number; newsId: string }> = await em.query(
      `INSERT INTO collect_alert_hit (rule_id, news_id, dept_id)
       SELECT * FROM unnest($1::int[], $2::bigint[], $3::int[])
       ON CONFLICT DO NOTHING
       RETURNING rule_id AS "ruleId", news_id::text AS "newsId"`,
      [hits.map((h) => h.ruleId), hits.map((h) => h.newsId), hits.map((h) => h.deptId)],
    );
    return rows;
  }

  /** `hit_count += n`, `last_hit_at = now()` per rule (one statement; `update_time` untouched, so the cache stays). */
  async countHits(em: EntityManager, counts: Map<number, number>): Promise<void> {
    if (!counts.size) return;
    await em.query(
      `UPDATE collect_alert_rule r SET hit_count = r.hit_count + c.n, last_hit_at = now()
         FROM unnest($1::int[], $2::int[]) AS c(id, n) WHERE r.id = c.id`,
      [[...counts.keys()], [...counts.values()]],
    );
  }

  /** Drops the hits of deleted items (RemovalHooks step `news`, in the deleting transaction). */
  async deleteHitsOfNews(em: EntityManager, newsIds: string[]): Promise<void> {
    if (!newsIds.length) return;
    await em.query('DELETE FROM collect_alert_hit WHERE news_id = ANY($1::bigint[])', [newsIds]);
  }
}
