import { Module } from '@nestjs/common';
import { StorageModule } from '../../storage/index.js';
import { OfficeCoreModule } from '../office-core.module.js';
import { WopiDiscoveryService } from './wopi-discovery.js';
import { WopiController } from './wopi.controller.js';
import { WopiGuard } from './wopi.guard.js';
import { WopiService } from './wopi.service.js';

/**
 * WOPI host for Collabora Online and other WOPI clients (docs/office-design.md §3; piece 3): discovery
 * (action URL, proof keys), access tokens, CheckFileInfo / GetFile / PutFile and the lock family on
 * top of `office-locks.ts`, proof-key checks. WopiService registers the `wopi` OfficeAdapter with
 * OfficeAdapters in `onModuleInit` (used when `OFFICE_EDITOR=wopi`).
 */
@Module({
  imports: [OfficeCoreModule, StorageModule],
  controllers: [WopiController],
  providers: [WopiDiscoveryService, WopiService, WopiGuard],
})
export class WopiModule {}
