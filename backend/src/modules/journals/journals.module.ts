import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/index.js';
import { StorageModule } from '../storage/index.js';
import { JournalFilesService } from './journal-files.service.js';
import { JournalsController } from './journals.controller.js';
import { JournalsRepository } from './journals.repository.js';
import { JournalsService } from './journals.service.js';
import { ProductJournal, ProductJournalFile } from './journal.entity.js';
import { ProvideController } from './provide.controller.js';
import { ProductJournalProvide } from './provide.entity.js';
import { ProvideRepository } from './provide.repository.js';
import { ProvideService } from './provide.service.js';

/** Journals (`api/productJournal`): records, states, versions; provider counts (`api/productJournalProvide`). */
@Module({
  imports: [TypeOrmModule.forFeature([ProductJournal, ProductJournalFile, ProductJournalProvide]), StorageModule, ProductsModule],
  controllers: [JournalsController, ProvideController],
  providers: [JournalsRepository, JournalsService, JournalFilesService, ProvideRepository, ProvideService],
  exports: [JournalsService, JournalFilesService],
})
export class JournalsModule {}
