import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/index.js';
import { StorageModule } from '../storage/index.js';
import { JournalFilesService } from './journal-files.service.js';
import { JournalsController } from './journals.controller.js';
import { JournalsRepository } from './journals.repository.js';
import { JournalsService } from './journals.service.js';
import { ProductJournal, ProductJournalFile } from './journal.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([ProductJournal, ProductJournalFile]), StorageModule, ProductsModule], controllers: [JournalsController], providers: [JournalsRepository, JournalsService, JournalFilesService], exports: [JournalsService, JournalFilesService] })
export class JournalsModule {}
