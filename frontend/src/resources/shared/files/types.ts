import type { Schema } from '../../../api';

/** A stored file as the API answers it (docs/production-api.md "Files"); the storage path is never sent. */
export type StoredFile = Schema<'FileDto'>;

export type DownloadToken = Schema<'DownloadTokenDto'>;
