// Editor ids as products and journals store them: a comma-separated string of user ids.

/** `"3, 7"` / `"3,7"` → `[3, 7]` (blanks and non-numbers dropped, order and duplicates kept once). */
export function parseEditorIds(editorIds: string | null | undefined): number[] {
  if (editorIds === null || editorIds === undefined) return [];
  const ids = String(editorIds)
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}
