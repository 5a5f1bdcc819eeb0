import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { JournalFilesService } from './journal-files.service.js';
import { JournalsController } from './journals.controller.js';
import { JournalsService } from './journals.service.js';

@Module({ imports: [StorageModule, ProductsModule], controllers: [JournalsController], providers: [JournalsService, JournalFilesService], exports: [JournalsService] })
export class JournalsModule {}
