import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { STORAGE } from '../../common/storage/storage.port.js';
import { storageProvider } from '../../common/storage/storage.provider.js';
import { DownloadTokenService } from './download-token.service.js';
import { FileLinkService } from './file-link.service.js';
import { FileLinksController } from './file-links.controller.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { StorageSweepService } from './storage-sweep.service.js';
import { StorageRepository } from './storage.repository.js';
import { StoredFile } from './file.entity.js';

/**
 * Stored files (`api/localStorage`): uploads streamed to the storage port, downloads, signed download links, the hourly
 * sweep of what interrupted uploads left; file capability paths (`/files/<capability>/<name>`). Other modules use
 * FilesService, FileLinkService and DownloadTokenService (signed links of their own downloads: exchange packages, backups).
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFile])],
  controllers: [FilesController, FileLinksController],
  providers: [storageProvider, DownloadTokenService, StorageRepository, FilesService, FileLinkService, StorageSweepService],
  exports: [FilesService, FileLinkService, DownloadTokenService, STORAGE, StorageSweepService],
})
export class StorageModule {}
