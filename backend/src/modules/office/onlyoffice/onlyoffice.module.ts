import { Module } from '@nestjs/common';
import { RealtimeModule } from '../../realtime/index.js';
import { StorageModule } from '../../storage/index.js';
import { OfficeCoreModule } from '../office-core.module.js';
import { OnlyofficeController } from './onlyoffice.controller.js';
import { OnlyofficeRepository } from './onlyoffice.repository.js';
import { OnlyofficeService } from './onlyoffice.service.js';

/**
 * ONLYOFFICE Document Server adapter (docs/office-design.md §2; piece 2): the signed editor config,
 * the JWT-checked callback, history. OnlyofficeService registers itself with OfficeAdapters
 * (`editor: 'onlyoffice'`) in `onModuleInit`; the core uses it when `OFFICE_EDITOR=onlyoffice`.
 */
@Module({
  imports: [OfficeCoreModule, StorageModule, RealtimeModule],
  controllers: [OnlyofficeController],
  providers: [OnlyofficeService, OnlyofficeRepository],
})
export class OnlyofficeModule {}
