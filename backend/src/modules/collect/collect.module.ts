import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyModule } from '../classify/index.js';
import { NewsModule } from '../news/index.js';
import { PlatformModule } from '../platform/index.js';
import { AlertHit } from './alert-hit.entity.js';
import { AlertRule } from './alert-rule.entity.js';
import { AlertsService } from './alerts/alerts.service.js';
import { CollectRun } from './collect-run.entity.js';
import { CollectSource } from './collect-source.entity.js';
import { OpmlService } from './opml.service.js';
import { CollectorService } from './pipeline/collector.service.js';
import { SourcesController } from './sources.controller.js';
import { SourcesRepository } from './sources.repository.js';
import { SourcesService } from './sources.service.js';

/**
 * Data collection (issue 16, docs/collect-design.md, docs/collect-api.md): the sources (a
 * `news_website` row of the news module plus its `collect_source` settings), their runs, the
 * keyword alert rules. Owns `collect_source`, `collect_run`, `collect_alert_rule`,
 * `collect_alert_hit`; stores items only through the news module's NewsIngest. The collector, the
 * scheduler and the alerts are stubs until pieces 4 and 5.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CollectSource, CollectRun, AlertRule, AlertHit]), NewsModule, ClassifyModule, PlatformModule],
  controllers: [SourcesController],
  providers: [SourcesRepository, SourcesService, CollectorService, OpmlService, AlertsService],
  exports: [SourcesService],
})
export class CollectModule {}
