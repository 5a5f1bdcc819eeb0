import { Module } from '@nestjs/common';
import { CollectModule } from '../collect/index.js';
import { JournalsModule } from '../journals/index.js';
import { NewsModule } from '../news/index.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/** 首页 (`api/dashboard`, docs/dashboard.md): composes the figures the news, journals and collect modules read from their own tables. No tables of its own. */
@Module({
  imports: [NewsModule, JournalsModule, CollectModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
