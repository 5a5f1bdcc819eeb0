import { Module } from '@nestjs/common';
import { DeptModule } from '../dept/index.js';
import { JournalsModule } from '../journals/index.js';
import { NewsModule } from '../news/index.js';
import { UsersModule } from '../users/index.js';
import { ScreenController } from './screen.controller.js';
import { ScreenService } from './screen.service.js';

/** 大屏 (`api/screen`, docs/screens.md): composes read-only figures of the news and journals modules. No tables of its own. */
@Module({
  imports: [NewsModule, JournalsModule, DeptModule, UsersModule],
  controllers: [ScreenController],
  providers: [ScreenService],
})
export class ScreenModule {}
