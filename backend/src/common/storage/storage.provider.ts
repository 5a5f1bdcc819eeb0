import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { STORAGE, type StoragePort } from './storage.port.js';

/** The adapter the configuration names: `local` (DATA_DIR/files) or `s3` (loaded only then: the AWS SDK is large). */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): Promise<StoragePort> {
  if (config.storage.driver === 's3') {
    if (!config.storage.s3) throw new Error('STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY');
    const { S3Storage } = await import('./s3.storage.js');
    return new S3Storage(config.storage.s3);
  }
  return new LocalDiskStorage(join(config.dataDir, 'files'));
}

export const storageProvider: Provider = {
  provide: STORAGE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => createStorage(config),
};
