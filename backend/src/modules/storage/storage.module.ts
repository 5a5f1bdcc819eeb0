import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { STORAGE } from '../../common/storage/storage.port.js';
import { storageProvider } from '../../common/storage/storage.provider.js';
import { DownloadTokenService } from './download-token.service.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { StorageSweepService } from './storage-sweep.service.js';
import { StorageRepository } from './storage.repository.js';
import { StoredFile } from './file.entity.js';

/**
 * Stored files (`api/localStorage`): uploads streamed to the storage port, downloads, signed download links, the hourly
 * sweep of what interrupted uploads left. Other modules use FilesService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFile])],
  controllers: [FilesController],
  providers: [storageProvider, DownloadTokenService, StorageRepository, FilesService, StorageSweepService],
  exports: [FilesService, STORAGE, StorageSweepService],
})
export class StorageModule {}
