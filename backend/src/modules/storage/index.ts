/** Public file of the storage module: what other modules may import (the boundary lint rule allows nothing else). */
export { StorageModule } from './storage.module.js';
export { FilesService, type ManuscriptOwnersLookup } from './files.service.js';
export { FileLinkService, type FileLinkProducer, type FileLinkRequest } from './file-link.service.js';
export { FilePathResponse } from './file-path.response.js';
/** The row shape of a stored file (type only: other modules go through FilesService). */
export type { StoredFile as StoredFileRow } from './file.entity.js';
export { DownloadTokenDto, FileDto } from './file.dto.js';
export { DOWNLOAD_LINK_INVALID, DownloadTokenService, type DownloadPurpose, MSG_LINK_EXPIRED } from './download-token.service.js';
export { FILE } from './file.policy.js';
