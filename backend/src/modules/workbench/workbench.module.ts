import { Module } from '@nestjs/common';
import { DeptModule } from '../dept/index.js';
import { JournalsModule } from '../journals/index.js';
import { ManuscriptsModule } from '../manuscripts/index.js';
import { ProductsModule } from '../products/index.js';
import { StorageModule } from '../storage/index.js';
import { ProductManuscriptController, WorkbenchJournalController } from './workbench.controller.js';
import { WorkbenchService } from './workbench.service.js';

/**
 * The journal editing workbench (issue 14; docs/workbench-api.md): `api/productManuscript` and the
 * workbench's calls on `api/productJournal` (`info`, `pushDailyToWeekly`). It owns no table: it locks
 * the journal through the journals module and works on the copies through the manuscripts module.
 */
@Module({
  imports: [JournalsModule, ManuscriptsModule, ProductsModule, StorageModule, DeptModule],
  controllers: [ProductManuscriptController, WorkbenchJournalController],
  providers: [WorkbenchService],
})
export class WorkbenchModule {}
