// Client-side upload checks (spec production-admin §5, §9): the server checks again, by content.

/** Spec §9: uploads up to 100 MB. */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const WORD_EXTENSIONS = ['doc', 'docx'] as const;

export const MSG_WORD_ONLY = '只能上传 .doc 或 .docx 文件';
export const MSG_TOO_LARGE = '上传文件大小不能超过 100MB!';
export const MSG_UPLOADED = '文件上传成功！';

/** Lower-case extension without the dot (`''` when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The message refusing a word upload, or null when the file may be sent. */
export function checkWordFile(file: { name: string; size: number }, maxBytes = UPLOAD_MAX_BYTES): string | null {
  if (!(WORD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return MSG_WORD_ONLY;
  if (file.size > maxBytes) return MSG_TOO_LARGE;
  return null;
}

/** `1.5 MB` style sizes for file lists. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
