import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/index.js';
import { StorageModule } from '../storage/index.js';
import { UsersModule } from '../users/index.js';
import { JournalCopiesRepository } from './journal-copies.repository.js';
import { JournalCopies } from './journal-copies.service.js';
import { ManuscriptStatsService } from './manuscript-stats.service.js';
import { ManuscriptRepository } from './manuscript.repository.js';
import { ManuscriptStore } from './manuscript.store.js';
import { ManuscriptsController, ProductJournalStatisticController } from './manuscripts.controller.js';
import { ManuscriptsService } from './manuscripts.service.js';
import { SubmissionService } from './submission.service.js';
import { Manuscript, ManuscriptFile } from './manuscript.entity.js';

/**
 * Manuscripts (`api/manuscript`): submission from news, management, uploads, daily counts; the
 * statistics report (`api/productJournal/generateStatistic`); journal copies (JournalCopies, for the
 * workbench module).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Manuscript, ManuscriptFile]), ProductsModule, StorageModule, UsersModule],
  controllers: [ManuscriptsController, ProductJournalStatisticController],
  providers: [ManuscriptRepository, ManuscriptStore, ManuscriptsService, SubmissionService, ManuscriptStatsService, JournalCopiesRepository, JournalCopies],
  exports: [ManuscriptStore, JournalCopies, ManuscriptStatsService],
})
export class ManuscriptsModule {}
