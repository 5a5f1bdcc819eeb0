import { Module } from '@nestjs/common';
import { OfficeDiffModule } from './diff/office-diff.module.js';
import { OfficeCoreModule } from './office-core.module.js';
import { OfficeController, OfficeJournalController, OfficeManuscriptController } from './office.controller.js';
import { OnlyofficeModule } from './onlyoffice/onlyoffice.module.js';
import { WopiModule } from './wopi/wopi.module.js';

/**
 * Online office editing of journal versions and journal copies (issue 15; docs/office-design.md,
 * docs/office-api.md): one port, three editors chosen by `OFFICE_EDITOR` — the built-in browser
 * editor (here), ONLYOFFICE (OnlyofficeModule) and any WOPI client such as Collabora (WopiModule) —,
 * every save a new immutable version written through the journal / copy services, with who saved it,
 * when and through which editor (`office_save`); the text diff of two versions (OfficeDiffModule).
 * Owns `office_session`, `office_lock`, `office_save`; nothing imports it.
 */
@Module({
  imports: [OfficeCoreModule, OnlyofficeModule, WopiModule, OfficeDiffModule],
  controllers: [OfficeManuscriptController, OfficeJournalController, OfficeController],
})
export class OfficeModule {}
