import type { OfficeMode, OfficeTargetKind } from '../office.entity.js';

/**
 * The ONLYOFFICE editor config Horizon builds (docs/office-design.md §2.1; ONLYOFFICE config pages
 * "document", "editor"), pure: the document key, the language, the config object before signing.
 */

/** Characters a document key may hold, and its length (ONLYOFFICE "document" config: `0-9 a-z A-Z - . _ =`, ≤ 128). */
export const DOC_KEY = /^[0-9A-Za-z._=-]{1,128}$/;
/** The longest document title the config carries. */
export const TITLE_MAX = 128;

/** `j` for a journal, `c` for a copy: the target letter of keys and `referenceData.fileKey`. */
export const targetLetter = (kind: OfficeTargetKind): 'j' | 'c' => (kind === 'journal' ? 'j' : 'c');

/**
 * The key of one version's document: `<prefix>-<j|c><targetId>-v<version>-f<fileId>`. Unique per
 * stored version across systems sharing the document server (the prefix), rotated by every save (a
 * new version has a new number and a new file). Never parsed back.
 */
export function documentKey(prefix: string, kind: OfficeTargetKind, targetId: number, version: number, fileId: number): string {
  const key = `${prefix}-${targetLetter(kind)}${targetId}-v${version}-f${fileId}`;
  if (!DOC_KEY.test(key)) throw new Error(`invalid ONLYOFFICE document key "${key}"`);
  return key;
}

/** ONLYOFFICE's two-letter `lang` of `OFFICE_LANG` (`zh-CN` → `zh`, `en-US` → `en`). */
export const editorLang = (lang: string): string => (lang.split(/[-_]/)[0] || 'zh').toLowerCase();

/** The file type ONLYOFFICE opens, from the stored name (`docx` unless it is a `.doc`). */
export const fileTypeOf = (fileName: string): 'doc' | 'docx' => (/\.doc$/i.test(fileName) ? 'doc' : 'docx');

/** What the config is built from. */
export interface EditorConfigInput {
  key: string;
  title: string;
  fileName: string;
  /** Absolute URL the document server downloads the version from (`OFFICE_CALLBACK_BASE` + capability path). */
  url: string;
  mode: OfficeMode;
  /** `…/api/office/onlyoffice/callback?s=…`; only for an edit session. */
  callbackUrl: string | null;
  user: { id: number; name: string };
  /** `OFFICE_LANG` (`zh-CN`). */
  lang: string;
  kind: OfficeTargetKind;
  targetId: number;
  /** `OFFICE_CALLBACK_BASE`: `referenceData.instanceId`. */
  instanceId: string;
}

/** Cuts a title to ONLYOFFICE's 128 characters, keeping the suffix. */
export function configTitle(title: string, fileName: string): string {
  const suffix = /\.[^.]+$/.exec(fileName)?.[0] ?? '';
  const base = (title || fileName.slice(0, fileName.length - suffix.length) || 'document').replace(/\.(docx?)$/i, '');
  return `${base.slice(0, TITLE_MAX - suffix.length)}${suffix}`;
}

/**
 * The `DocsAPI.DocEditor` config (unsigned): `permissions.edit` and `editorConfig.mode` follow the
 * session's mode; a read-only session gets no `callbackUrl`; `forcesave` on (the editor's Save button
 * stores a version through status 6), autosave, fast co-editing.
 */
export function editorConfig(input: EditorConfigInput): Record<string, unknown> {
  const edit = input.mode === 'edit';
  const editorConfigPart: Record<string, unknown> = {
    mode: edit ? 'edit' : 'view',
    lang: editorLang(input.lang),
    region: input.lang,
    user: { id: String(input.user.id), name: input.user.name },
    customization: { forcesave: true, autosave: true, compactHeader: true },
    coEditing: { mode: 'fast', change: false },
  };
  if (edit && input.callbackUrl) editorConfigPart.callbackUrl = input.callbackUrl;
  return {
    documentType: 'word',
    document: {
      fileType: fileTypeOf(input.fileName),
      key: input.key,
      title: configTitle(input.title, input.fileName),
      url: input.url,
      permissions: { edit, download: true, print: true, comment: false, review: false, chat: false },
      referenceData: { fileKey: `${targetLetter(input.kind)}${input.targetId}`, instanceId: input.instanceId },
    },
    editorConfig: editorConfigPart,
  };
}
