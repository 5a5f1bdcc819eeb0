import { Module } from '@nestjs/common';
import { DeptModule } from '../dept/index.js';
import { DictsModule } from '../dicts/index.js';
import { JournalsModule } from '../journals/index.js';
import { ManuscriptsModule } from '../manuscripts/index.js';
import { ProductsModule } from '../products/index.js';
import { StorageModule } from '../storage/index.js';
import { UsersModule } from '../users/index.js';
import { JournalDocumentService } from './journal-document.service.js';
import { JournalDownloadsService } from './journal-downloads.service.js';
import { ProductManuscriptController, WorkbenchJournalController } from './workbench.controller.js';
import { WorkbenchService } from './workbench.service.js';

/**
 * The journal editing workbench (issue 14; docs/workbench-api.md): `api/productManuscript` and the
 * workbench's calls on `api/productJournal` (`info`, `pushDailyToWeekly`, the zips and the xlsx). It
 * owns no table: it locks the journal through the journals module and works on the copies through
 * the manuscripts module; the zips are the storage module's stream kind `journal-zip`.
 */
@Module({
  imports: [JournalsModule, ManuscriptsModule, ProductsModule, StorageModule, DeptModule, DictsModule, UsersModule],
  controllers: [ProductManuscriptController, WorkbenchJournalController],
  providers: [WorkbenchService, JournalDownloadsService, JournalDocumentService],
  exports: [WorkbenchService],
})
export class WorkbenchModule {}
