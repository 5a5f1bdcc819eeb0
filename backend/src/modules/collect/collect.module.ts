import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyModule } from '../classify/index.js';
import { NewsModule } from '../news/index.js';
import { PlatformModule } from '../platform/index.js';
import { AlertHit } from './alert-hit.entity.js';
import { AlertRule } from './alert-rule.entity.js';
import { AlertsController } from './alerts/alerts.controller.js';
import { AlertsRepository } from './alerts/alerts.repository.js';
import { AlertsService } from './alerts/alerts.service.js';
import { CollectRun } from './collect-run.entity.js';
import { CollectSource } from './collect-source.entity.js';
import { OpmlService } from './opml.service.js';
import { MaintenanceService } from './maintenance.service.js';
import { CollectorService } from './pipeline/collector.service.js';
import { RunsRepository } from './runs.repository.js';
import { SchedulerService } from './schedule/scheduler.service.js';
import { SourcesController } from './sources.controller.js';
import { SourcesRepository } from './sources.repository.js';
import { SourcesService } from './sources.service.js';
import { CollectStatsModule } from './stats/stats.module.js';

/**
 * Data collection (issue 16, docs/collect-design.md, docs/collect-api.md): the sources (a
 * `news_website` row of the news module plus its `collect_source` settings), their runs, the
 * keyword alert rules. Owns `collect_source`, `collect_run`, `collect_alert_rule`,
 * `collect_alert_hit`; stores items only through the news module's NewsIngest. The collector runs
 * sources claimed by the scheduler (or collect-now); the maintenance job keeps clusters and history.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CollectSource, CollectRun, AlertRule, AlertHit]), NewsModule, ClassifyModule, PlatformModule, CollectStatsModule],
  controllers: [SourcesController, AlertsController],
  providers: [SourcesRepository, SourcesService, CollectorService, OpmlService, AlertsService, RunsRepository, SchedulerService, MaintenanceService, AlertsRepository],
  exports: [SourcesService],
})
export class CollectModule {}
