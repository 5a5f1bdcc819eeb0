// Formatting helpers of the detail page.

export const formatSize = (bytes?: number) => {
  if (!bytes || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** `fr` → 法语, `FR` → 法国 (the browser's names in the UI language); the code itself when unknown. */
export function displayName(code: string | null, type: 'language' | 'region', locale: string): string | null {
  if (!code) return null;
  try {
    const names = new Intl.DisplayNames([locale === 'zh' ? 'zh-CN' : locale], { type });
    return names.of(type === 'region' ? code.toUpperCase() : code) ?? code;
  } catch {
    return code;
  }
}

export const safeHttp = (url?: string) => (url && /^https?:\/\//i.test(url) ? url : undefined);

export const statusKey = (s: string | null) =>
  s === 'edit' ? 'detail.status_edit' : s === 'examine' ? 'detail.status_examine' : s === 'done' ? 'detail.status_done' : 'detail.status_none';
