import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsModule } from '../news/index.js';
import { GlossaryService } from './glossary.service.js';
import { MachineTranslationService } from './machine-translation.service.js';
import { DoTranslateController, MtAdminController } from './mt.controller.js';
import { TranslationController } from './translation.controller.js';
import { TranslationNotices } from './translation.notices.js';
import { TranslationRepository } from './translation.repository.js';
import { TranslationService } from './translation.service.js';
import { MtGlossaryTerm } from './translation.entity.js';

/**
 * The translation workflow (claim, save, submit, review, release, versions) and machine translation.
 * The tables they change (`news`, `news_dept`, `news_translation`) belong to the news module and are
 * reached through its NewsDesk; this module owns only the glossary (`mt_glossary`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([MtGlossaryTerm]), NewsModule],
  controllers: [TranslationController, DoTranslateController, MtAdminController],
  providers: [TranslationRepository, TranslationService, TranslationNotices, GlossaryService, MachineTranslationService],
  exports: [TranslationService, MachineTranslationService],
})
export class TranslationModule {}
