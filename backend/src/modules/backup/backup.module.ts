import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageModule } from '../storage/index.js';
import { BackupRun } from './backup-run.entity.js';
import { BackupController } from './backup.controller.js';
import { BackupRepository } from './backup.repository.js';
import { BackupService } from './backup.service.js';

/**
 * Backups of the database and the file store (issue 16, docs/collect-design.md §8.2, §8.3,
 * docs/data-storage.md). Owns `backup_run`. The restore is the CLI `src/cli/restore.ts`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BackupRun]), StorageModule],
  controllers: [BackupController],
  providers: [BackupRepository, BackupService],
  exports: [BackupService],
})
export class BackupModule {}
