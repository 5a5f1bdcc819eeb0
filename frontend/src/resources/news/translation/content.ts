// What goes into the manual-translation editor: stored translations are HTML (the editor's own
// output) or plain text (the claim prefill: country + machine translation without markup).
// Everything is sanitised (DOMPurify, sanitize.ts) before the editor parses it.
import { looksLikeHtml, sanitizeNewsHtml, toParagraphs } from '../../shared/sanitize';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sanitised HTML for the editor: HTML kept (cleaned), plain text as one paragraph per line. */
export function toEditorHtml(content: string | null | undefined): string {
  if (!content?.trim()) return '';
  if (looksLikeHtml(content)) return sanitizeNewsHtml(content);
  return toParagraphs(content)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}

/** Whether editor HTML holds no text (`<p></p>`, whitespace, empty lists). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  return !html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
}
