export { filesApi, openDownload, TEMPLATE_UPLOAD_PATH, uploadFile, type UploadOptions } from './api';
export { checkWordFile, extensionOf, formatSize, MSG_TOO_LARGE, MSG_UPLOADED, MSG_WORD_ONLY, UPLOAD_MAX_BYTES } from './rules';
export type { DownloadToken, StoredFile } from './types';
export { WordUploadBox, type WordUploadBoxProps } from './WordUploadBox';
