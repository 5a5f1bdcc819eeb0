import type { Readable } from 'node:stream';
import type { Principal } from '../../common/auth/principal.js';
import type { AssetReader } from '../../common/docx/index.js';
import type { FilesService } from '../storage/index.js';

/** Our own stored files as HTML pictures: `…/api/localStorage/download/<id>`, `…/downloadFile/<id>`. */
const STORED_IMAGE = /\/api\/localStorage\/(?:download|downloadFile)\/(\d{1,9})(?:[/?#]|$)/;

/** A stored file's bytes, whole (pictures and Word bodies are read into memory one at a time). */
export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The pictures of HTML bodies in generated Word files: only our own stored files that `user` may
 * read (the Word library never fetches a URL; anything else becomes a "[图片]" link).
 */
export function storedImages(files: FilesService, user: Principal): AssetReader {
  return {
    load: async (src) => {
      const id = STORED_IMAGE.exec(src)?.[1];
      if (!id) return null;
      try {
        return await bytesOf((await files.open(user, Number(id))).stream);
      } catch {
        return null;
      }
    },
  };
}
