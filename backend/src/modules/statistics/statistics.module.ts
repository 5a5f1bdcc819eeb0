import { Module } from '@nestjs/common';
import { DeptModule } from '../dept/index.js';
import { JournalsModule } from '../journals/index.js';
import { ManuscriptsModule } from '../manuscripts/index.js';
import { NewsModule } from '../news/index.js';
import { StatisticsController } from './statistics.controller.js';
import { StatisticsService } from './statistics.service.js';

/** 统计 (`api/statistic/*`): composes the figures the manuscripts, news and journals modules read from their own tables. No tables of its own. */
@Module({
  imports: [ManuscriptsModule, NewsModule, JournalsModule, DeptModule],
  controllers: [StatisticsController],
  providers: [StatisticsService],
})
export class StatisticsModule {}
