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
import { MtGlossaryTerm, NewsTranslation } from './translation.entity.js';

/** The translation workflow (claim, save, submit, review, release, versions) and machine translation. */
@Module({
  imports: [TypeOrmModule.forFeature([MtGlossaryTerm, NewsTranslation]), NewsModule],
  controllers: [TranslationController, DoTranslateController, MtAdminController],
  providers: [TranslationRepository, TranslationService, TranslationNotices, GlossaryService, MachineTranslationService],
  exports: [TranslationService, MachineTranslationService],
})
export class TranslationModule {}
