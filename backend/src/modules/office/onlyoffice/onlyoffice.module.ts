import { Module } from '@nestjs/common';

/**
 * ONLYOFFICE Document Server adapter (docs/office-design.md §2; piece 2): the signed editor config,
 * the JWT-checked callback, history. It imports OfficeCoreModule and registers its OfficeAdapter
 * (`editor: 'onlyoffice'`) with OfficeAdapters in `onModuleInit`; until then `OFFICE_EDITOR=onlyoffice`
 * opens answer 404 `NOT_CONFIGURED`.
 */
@Module({})
export class OnlyofficeModule {}
