import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackupRun } from './backup-run.entity.js';

/**
 * Backups of the database and the file store (issue 16, docs/collect-design.md §8.2, §8.3). Owns
 * `backup_run`. Piece 1 registers the table; piece 6 adds pg_dump runs, the schedule and the API.
 */
@Module({ imports: [TypeOrmModule.forFeature([BackupRun])] })
export class BackupModule {}
