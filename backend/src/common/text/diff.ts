import { diffWords } from 'diff';

/** One run of a text diff: kept, inserted into the new text, or deleted from the old one. */
export interface TextDiffPart {
  op: 'equal' | 'insert' | 'delete';
  text: string;
}

// ICU's word segmentation: dictionary-based for Chinese (美国|能源|部|周一|发布), spaces and
// punctuation elsewhere, so a changed Chinese word is one part, not a whole run of characters.
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Word-level diff (Chinese segmented by words) with counts of inserted / deleted characters. */
export function diffTexts(a: string, b: string): { parts: TextDiffPart[]; inserted: number; deleted: number } {
  const changes = diffWords(a, b, { intlSegmenter: segmenter });
  let inserted = 0;
  let deleted = 0;
  const parts: TextDiffPart[] = changes.map((c) => {
    if (c.added) inserted += c.value.length;
    if (c.removed) deleted += c.value.length;
    return { op: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value };
  });
  return { parts, inserted, deleted };
}
