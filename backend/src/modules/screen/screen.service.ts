import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { formatDateTime } from '../../common/time/time.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DeptService } from '../dept/index.js';
import { JournalsService } from '../journals/index.js';
import { NewsScreen } from '../news/index.js';
import { UsersService } from '../users/index.js';
import type { ScreenAccessDto, ScreenOverviewDto, ScreenShowDto } from './screen.dto.js';
import { SCREEN_LATEST, SCREEN_TOP, type ScreenLevel, screenEntriesEnabled, screenPeriods, screenScope } from './screen.rules.js';

/**
 * The large screens (docs/screens.md): each refresh composes read-only figures of the news and
 * journals modules; this service picks the departments (the caller's work department, or its
 * parent's subtree) and names them.
 */
@Injectable()
export class ScreenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly news: NewsScreen,
    private readonly journals: JournalsService,
    private readonly depts: DeptService,
    private readonly users: UsersService,
  ) {}

  /** Whether the caller gets the two top-bar entries (`LARGE_SCREEN_JOB_IDS`; administrators always). */
  async access(user: Principal): Promise<ScreenAccessDto> {
    if (user.isAdmin) return { enabled: true };
    if (!this.config.largeScreenJobIds.length) return { enabled: false };
    return { enabled: screenEntriesEnabled(false, await this.users.userJobs(user.userId), this.config.largeScreenJobIds) };
  }

  async overview(user: Principal, level: ScreenLevel = 'dept', now = new Date()): Promise<ScreenOverviewDto> {
    const { day, today, week, day24, to } = screenPeriods(now);
    const depts = await this.scope(user, level);
    const [counts, warned, countries, keywords] = await Promise.all([
      this.news.figures(today, week, to, depts),
      this.news.latestWarned(depts, SCREEN_LATEST),
      this.news.countries(week, SCREEN_TOP),
      this.news.keywords(day24, SCREEN_TOP),
    ]);
    const names = await this.deptNames(warned.map((w) => w.deptId));
    return {
      day,
      level,
      deptIds: depts,
      counts,
      latestWarned: warned.map((w) => ({ ...w, deptName: names.get(w.deptId) ?? null, yjTime: formatDateTime(new Date(w.yjTime)) })),
      countries: countries.map((c) => ({ name: c.country, count: c.count })),
      keywords: keywords.map((k) => ({ name: k.keyword, count: k.count })),
    };
  }

  /** 展示大屏: the translations reviewed in the parent subtree's departments and the journals finalised over every product. */
  async show(user: Principal): Promise<ScreenShowDto> {
    const depts = await this.scope(user, 'parent');
    const [reviewed, journals] = await Promise.all([this.news.latestReviewed(depts, SCREEN_LATEST), this.journals.latestDone(SCREEN_LATEST)]);
    const names = await this.deptNames(reviewed.map((r) => r.deptId));
    return {
      translations: reviewed.map((r) => ({
        id: r.id,
        title: r.title,
        deptId: r.deptId,
        deptName: names.get(r.deptId) ?? null,
        editorName: r.editorName,
        examineName: r.examineName,
        time: formatDateTime(new Date(r.examineTime)),
      })),
      journals: journals.map((j) => ({
        id: j.id,
        productName: j.productName,
        year: j.year,
        journalNo: j.journalNo,
        totalNo: j.totalNo,
        time: formatDateTime(new Date(j.publishTime)),
      })),
    };
  }

  /** The departments of the screen (null = all). */
  private async scope(user: Principal, level: ScreenLevel): Promise<number[] | null> {
    const s = screenScope(user, level);
    return 'root' in s ? this.depts.descendants([s.root]) : s.depts;
  }

  private async deptNames(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    return new Map((await this.depts.findByIds(unique)).map((d) => [d.id, d.name]));
  }
}
