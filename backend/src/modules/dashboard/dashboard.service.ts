import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { SourcesService } from '../collect/index.js';
import { JournalsService } from '../journals/index.js';
import { NewsDesk } from '../news/index.js';
import type { DashboardDto } from './dashboard.dto.js';
import { dashboardAccess, todayRange } from './dashboard.rules.js';

/**
 * The dashboard's figures (docs/dashboard.md): each owning module counts in its own tables (news desk,
 * journals, collection sources); this service picks what the caller may see and leaves the rest null.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly desk: NewsDesk,
    private readonly journals: JournalsService,
    private readonly sources: SourcesService,
  ) {}

  async figures(user: Principal, now = new Date()): Promise<DashboardDto> {
    const { day, from, to } = todayRange(now);
    const access = dashboardAccess(user.ability, user.workDeptId);
    const [desk, journals, sources] = await Promise.all([
      access.news ? this.desk.deskFigures(from, to, access.deptId, user.userId) : null,
      access.journals ? this.journals.openCount() : null,
      access.sources ? this.sources.dashboardHealth() : null,
    ]);
    return {
      day,
      newsToday: desk?.newsToday ?? null,
      warnedToday: desk?.warnedToday ?? null,
      translatedToday: desk?.translatedToday ?? null,
      awaitingReview: desk?.awaitingReview ?? null,
      journalsInProgress: journals,
      sources,
      myQueue: { translating: desk?.myEditing ?? null, reviewing: access.judge ? (desk?.awaitingReview ?? null) : null },
    };
  }
}
