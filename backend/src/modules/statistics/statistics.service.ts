import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { DeptService } from '../dept/index.js';
import { JournalsService } from '../journals/index.js';
import { ManuscriptStatsService } from '../manuscripts/index.js';
import { NewsDesk } from '../news/index.js';
import type { JournalStatisticDto, ManuscriptStatisticDto, ManuscriptStatisticQuery, StatisticPeriodQuery, TranslationStatisticDto } from './statistics.dto.js';
import { JOURNAL_STATES, journalStateTable, stackCounts, statPeriod, visibleDepts } from './statistics.rules.js';

/**
 * The statistics page's figures (docs/statistics.md), one request per chart. Each owning module runs
 * its own SQL (manuscripts, the news desk's translations, journals); this service checks the period
 * and narrows the departments to the caller's data scope and the chosen department.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly manuscriptStats: ManuscriptStatsService,
    private readonly desk: NewsDesk,
    private readonly journalStats: JournalsService,
    private readonly depts: DeptService,
  ) {}

  /**
   * (Data scope ∪ the caller's work department) ∩ the chosen department with its descendants (null =
   * every department, [] = none). Submissions and translations are kept per work department
   * (news-tracking §4: usually the parent), which the caller always reads (manuscript policy).
   */
  private async scope(user: Principal, deptId: number | undefined): Promise<number[] | null> {
    const filter = deptId === undefined ? undefined : await this.depts.descendants([deptId]);
    const work = user.workDeptId;
    const scope = user.dataScope === null ? null : work != null && !user.dataScope.includes(work) ? [...user.dataScope, work] : user.dataScope;
    return visibleDepts(scope, filter);
  }

  /** Manuscripts per product, stacked by department (default) or column. */
  async manuscripts(q: ManuscriptStatisticQuery, user: Principal): Promise<ManuscriptStatisticDto> {
    const period = statPeriod(q.startDate, q.endDate);
    const by = q.by ?? 'dept';
    const depts = await this.scope(user, q.deptId);
    const rows = depts?.length === 0 ? [] : await this.manuscriptStats.periodCounts(period.from, period.to, by, depts, q.productId ?? null);
    const { groups, products } = stackCounts(rows);
    return { startDate: period.startDate, endDate: period.endDate, by, total: products.reduce((n, p) => n + p.total, 0), groups, products };
  }

  /** Translation throughput per translator and reviewer (versions of the departments in scope). */
  async translations(q: StatisticPeriodQuery, user: Principal): Promise<TranslationStatisticDto> {
    const period = statPeriod(q.startDate, q.endDate);
    const depts = await this.scope(user, q.deptId);
    const people = depts?.length === 0 ? [] : await this.desk.translationThroughput(period.from, period.to, depts);
    const sum = (k: 'claimed' | 'submitted' | 'reviewed') => people.reduce((n, p) => n + p[k], 0);
    return { startDate: period.startDate, endDate: period.endDate, claimed: sum('claimed'), submitted: sum('submitted'), reviewed: sum('reviewed'), people };
  }

  /** Journals created in the period per product and status (products of the departments in scope). */
  async journals(q: StatisticPeriodQuery, user: Principal): Promise<JournalStatisticDto> {
    const period = statPeriod(q.startDate, q.endDate);
    const depts = await this.scope(user, q.deptId);
    const rows = depts?.length === 0 ? [] : await this.journalStats.stateCounts(period.from, period.to, depts, q.productId ?? null);
    const products = journalStateTable(rows);
    return { startDate: period.startDate, endDate: period.endDate, states: [...JOURNAL_STATES], total: products.reduce((n, p) => n + p.total, 0), products };
  }
}
