// Pure editing of the keyword tag list of the 编辑分类与关键词 dialog.

/** Server limits (news.dto.ts): at most 50 keywords of at most 50 characters each. */
export const MAX_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 50;

/** Appends an empty tag (the `+ 新增` input); its index is the one to edit. */
export function addTag(tags: readonly string[]): { tags: string[]; index: number } {
  return { tags: [...tags, ''], index: tags.length };
}

/** Replaces the tag at `index` (kept as typed; `normaliseTags` cleans up on confirm). */
export function editTag(tags: readonly string[], index: number, value: string): string[] {
  if (index < 0 || index >= tags.length) return [...tags];
  return tags.map((tag, i) => (i === index ? value : tag));
}

export function removeTag(tags: readonly string[], index: number): string[] {
  return tags.filter((_, i) => i !== index);
}

/**
 * Ends the in-place edit of the tag at `index`: trimmed; an empty value or one that repeats
 * another tag removes the tag.
 */
export function commitTag(tags: readonly string[], index: number, value: string): string[] {
  const word = value.trim();
  if (!word || tags.some((tag, i) => i !== index && tag.trim() === word)) return removeTag(tags, index);
  return editTag(tags, index, word);
}

/** What is saved: trimmed, empty tags dropped, duplicates removed (first kept). */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** Width of the tag input: the narrow default, widening with the text from 3 characters on. */
export function tagInputWidth(value: string): number {
  const NARROW = 90;
  if (value.length < 3) return NARROW;
  // CJK characters are about twice as wide as Latin ones at 13 px
  const units = [...value].reduce((sum, ch) => sum + (/[\u2E80-\uFFFF]/.test(ch) ? 2 : 1.1), 0);
  return Math.min(320, Math.max(NARROW + 30, Math.round(units * 7.5 + 36)));
}
