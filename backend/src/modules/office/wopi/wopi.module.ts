import { Module } from '@nestjs/common';

/**
 * WOPI host for Collabora Online and other WOPI clients (docs/office-design.md §3; piece 3): discovery,
 * access tokens, CheckFileInfo / GetFile / PutFile and the lock family on top of `office-locks.ts`,
 * proof keys. It imports OfficeCoreModule and registers its OfficeAdapter (`editor: 'wopi'`) with
 * OfficeAdapters in `onModuleInit`; until then `OFFICE_EDITOR=wopi` opens answer 404 `NOT_CONFIGURED`.
 */
@Module({})
export class WopiModule {}
