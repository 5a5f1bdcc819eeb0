import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller.js';
import { StatsRepository } from './stats.repository.js';
import { StatsService } from './stats.service.js';

/** 数据统计 (`api/collectStatistic`): read-only figures over the collect and news tables. */
@Module({
  controllers: [StatsController],
  providers: [StatsRepository, StatsService],
})
export class CollectStatsModule {}
