import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JournalsModule } from '../journals/index.js';
import { ManuscriptsModule } from '../manuscripts/index.js';
import { RealtimeModule } from '../realtime/index.js';
import { StorageModule } from '../storage/index.js';
import { WorkbenchModule } from '../workbench/index.js';
import { OfficeAdapters } from './office-adapters.js';
import { OfficeCleanupService } from './office-cleanup.service.js';
import { OfficeSaveService } from './office-save.service.js';
import { OfficeSessionsService } from './office-sessions.service.js';
import { OfficeTargets } from './office-targets.js';
import { OfficeVersionsService } from './office-versions.service.js';
import { OfficeLock, OfficeSave, OfficeSession } from './office.entity.js';
import { OfficeRepository } from './office.repository.js';

/**
 * The office core (docs/office-design.md §4.1): tables, targets, sessions and locks, the save
 * pipeline, the cleanup. A module of its own so that the adapter sub-modules (onlyoffice, wopi, diff)
 * import it, and OfficeModule imports them, without a cycle. Its exports are the adapters' API.
 */
@Module({
  imports: [TypeOrmModule.forFeature([OfficeSession, OfficeLock, OfficeSave]), JournalsModule, ManuscriptsModule, WorkbenchModule, StorageModule, RealtimeModule],
  providers: [OfficeRepository, OfficeTargets, OfficeAdapters, OfficeSessionsService, OfficeSaveService, OfficeVersionsService, OfficeCleanupService],
  exports: [OfficeRepository, OfficeTargets, OfficeAdapters, OfficeSessionsService, OfficeSaveService, OfficeVersionsService, OfficeCleanupService],
})
export class OfficeCoreModule {}
