/**
 * The layout of a journal zip (`downloadZip`, `downloadZipForWeekly`; docs/workbench-api.md "Paths
 * are capabilities"), pure: which copy becomes which entry under which name. The streaming is
 * JournalDownloadsService's.
 */

/** What a zip holds: every copy's current file (`all`), the weekly's checked copies (`weekly`), the sources' original files (`source`). */
export const ZIP_MODES = ['all', 'weekly', 'source'] as const;
export type ZipMode = (typeof ZIP_MODES)[number];

/** The stream kind of the journal zips (FileLinkService.forStream). */
export const JOURNAL_ZIP_KIND = 'journal-zip';

/** The one entry of a zip with nothing in it. */
export const EMPTY_ENTRY = '空.txt';

/** What `空.txt` says, per mode. */
export const EMPTY_NOTE: Record<ZipMode, string> = {
  all: '该期刊没有可下载的稿件。',
  weekly: '该周刊没有已选的稿件。',
  source: '该期刊的稿件没有来源附件。',
};

/** Longest title (characters) in an entry or folder name, before the number and the suffix. */
export const ZIP_TITLE_MAX = 80;

/** `/\:*?"<>|` and control characters: not in a file name on any system the zip is opened on. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

/** A title as part of a file name: without `/\:*?"<>|` and control characters, spaces collapsed, at most ZIP_TITLE_MAX characters, no trailing dot; blank → `fallback`. */
export function safeZipName(title: string | null | undefined, fallback = '未命名'): string {
  const clean = (title ?? '').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const cut = Array.from(clean).slice(0, ZIP_TITLE_MAX).join('').replace(/[. ]+$/, '');
  return cut || fallback;
}

/** `name`, or `name (2)`, `name (3)`… (before the suffix) when an earlier entry took it; names compare case-insensitively. */
export function uniqueName(taken: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, suffix] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${suffix}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** `1`…`n`, zero-padded to the width of `n` (`01`…`12`), so the names sort in the journal's order. */
const numbered = (i: number, count: number) => String(i + 1).padStart(String(count).length, '0');

/** A copy as the zip needs it (JournalCopies.ofJournal with content). */
export interface ZipCopy {
  id: number;
  title: string;
  isCheck: boolean;
  productColumn: { id: number; name: string } | null;
  /** The current file (id and suffix), or null. */
  file: { id: number; suffix: string } | null;
  /** HTML of a dynamic copy. */
  content?: string | null;
}

/** One entry: a stored file's bytes, or a dynamic copy rendered to .docx. */
export type ZipEntry = { name: string; fileId: number; store: boolean } | { name: string; dynamic: ZipCopy; store: true };

const NO_COLUMN = { id: 0, name: '未分栏目' };

/**
 * The entries of a zip, in the journal's order: one folder per column holding entries
 * (`<n>-<column>/`, numbered in column order), in it `<n>-<title>.<suffix>` (numbered in the copies'
 * order). `all`/`weekly`: a copy's current file, a dynamic copy without file rendered to .docx
 * (`weekly`: only the checked copies); `source`: the file of the copy's source (`sourceFiles`:
 * copy id → the source's current file), copies without one are left out. Folders and entries
 * without anything to hold are left out (an empty list: the caller writes {@link EMPTY_ENTRY}).
 */
export function planJournalZip(copies: readonly ZipCopy[], mode: ZipMode, sourceFiles: ReadonlyMap<number, { id: number; suffix: string }> = new Map()): ZipEntry[] {
  type Item = { copy: ZipCopy; file: { id: number; suffix: string } | null };
  const folders = new Map<number, { name: string; items: Item[] }>();
  for (const copy of copies) {
    if (mode === 'weekly' && !copy.isCheck) continue;
    const file = mode === 'source' ? (sourceFiles.get(copy.id) ?? null) : copy.file;
    if (!file && (mode === 'source' || !copy.content)) continue;
    const column = copy.productColumn ?? NO_COLUMN;
    let folder = folders.get(column.id);
    if (!folder) folders.set(column.id, (folder = { name: column.name, items: [] }));
    folder.items.push({ copy, file });
  }
  const entries: ZipEntry[] = [];
  const taken = new Set<string>();
  [...folders.values()].forEach((folder, f, all) => {
    const dir = uniqueName(taken, `${numbered(f, all.length)}-${safeZipName(folder.name, '栏目')}`);
    const names = new Set<string>();
    folder.items.forEach(({ copy, file }, i) => {
      const suffix = file ? file.suffix || 'docx' : 'docx';
      const name = `${dir}/${uniqueName(names, `${numbered(i, folder.items.length)}-${safeZipName(copy.title)}.${suffix}`)}`;
      // a .docx is a zip already: stored, not deflated again
      entries.push(file ? { name, fileId: file.id, store: suffix === 'docx' } : { name, dynamic: copy, store: true });
    });
  });
  return entries;
}

/** `<product><year>第<journalNo>期` + `.zip` / `-选稿.zip` (weekly) / `-源附件.zip` (source). */
export function journalZipName(journal: { product: { name: string } | null; year: number; journalNo: number }, mode: ZipMode): string {
  const base = `${journal.product?.name ?? ''}${journal.year}第${journal.journalNo}期`;
  return `${base}${mode === 'weekly' ? '-选稿' : mode === 'source' ? '-源附件' : ''}.zip`;
}
