// Calls of the journal workbench (docs/workbench-api.md), through the one HTTP client.
import { requestJson } from '../../providers/http';
import { apiDownload, saveBlob, toQueryString, type QueryParams } from '../api';
import type {
  DictMap,
  JournalStatus,
  JournalVersion,
  ManuscriptEdit,
  ManuscriptVersion,
  OfficeConfig,
  OfficeDiff,
  OfficeKind,
  OfficeVersionMeta,
  PickAnswer,
  PickBody,
  PoolPage,
  PoolQuery,
  ProvideColumn,
  ProvideSaveBody,
  SortBody,
  WorkbenchInfo,
} from './types';

export const JOURNAL_PATH = 'api/productJournal';
export const MANU_PATH = 'api/productManuscript';
export const PROVIDE_PATH = 'api/productJournalProvide';
export const OFFICE_PATH = 'api/office';
/** The channel the online editor page posts `office-closed` on (docs/office-api.md, step 5). */
export const OFFICE_CHANNEL = 'horizon-office';

/** Multipart uploads (shared/files `uploadFile`): a copy's new version or a new local upload. */
export const UPLOAD_MANU_PATH = `${MANU_PATH}/uploadManu`;
/** The same upload that also creates the pool manuscript (同时投稿到稿件库). */
export const UPLOAD_MANU_AND_MANU_PATH = `${MANU_PATH}/uploadManuAndManu`;
export const UPLOAD_JOURNAL_PATH = `${JOURNAL_PATH}/uploadJournal`;

/** Spec §9: the manuscript picker shows 15 a page. */
export const POOL_PAGE_SIZE = 15;

/** The dictionaries the table reads labels from. */
export const DICT_NAMES = ['content_type', 'domain_type', 'country'] as const;

const get = <T>(path: string, query?: QueryParams, signal?: AbortSignal) => {
  const qs = toQueryString(query);
  return requestJson<T>(qs ? `${path}?${qs}` : path, { signal });
};
const send = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown) => requestJson<T>(path, { method, body });

export const workbenchApi = {
  /** The journal with its versions and its columns of copies. */
  info: (journalId: number, signal?: AbortSignal) => get<WorkbenchInfo>(`${JOURNAL_PATH}/info`, { journalId }, signal),
  journalVersions: (journalId: number, signal?: AbortSignal) => get<JournalVersion[]>(`${JOURNAL_PATH}/getFiles`, { journalId }, signal),
  /**
   * Deletes a journal version (never the first, never when done). docs/workbench-api.md names no
   * path for it; the journals module serves `DELETE api/productJournal/version {journalId, version}`.
   */
  removeJournalVersion: (journalId: number, version: number) => send<unknown>('DELETE', `${JOURNAL_PATH}/version`, { journalId, version }),
  /** A new journal version built from the product's template. */
  generate: (journalId: number) => get<JournalVersion>(`${JOURNAL_PATH}/generateJournal`, { journalId }),
  /** The path (text) of a zip of every copy's current file, or of the sources' original files. */
  zip: (journalId: number, source: boolean) => get<string>(`${JOURNAL_PATH}/downloadZip`, { journalId, source: source ? 'true' : undefined }),
  /** The path (text) of a zip of the weekly's checked copies. */
  zipForWeekly: (journalId: number) => get<string>(`${JOURNAL_PATH}/downloadZipForWeekly`, { journalId }),
  pushDailyToWeekly: (weeklyId: number, dailyIds: number[]) => send<{ count: number }>('POST', `${JOURNAL_PATH}/pushDailyToWeekly`, { weeklyId, dailyIds }),
  updateStatus: (journalId: number, status: JournalStatus) => send<unknown>('POST', `${JOURNAL_PATH}/updateStatus`, { journalId, status }),

  /** The pool: submitted manuscripts of the product and column, with `inJournal`. */
  pool: (query: PoolQuery, signal?: AbortSignal) => get<PoolPage>(`${MANU_PATH}/list`, { ...query, sort: 'createTime,desc' }, signal),
  pick: (body: PickBody) => send<PickAnswer>('POST', MANU_PATH, body),
  saveSort: (body: SortBody) => send<{ count: number }>('POST', `${MANU_PATH}/saveSort`, body),
  edit: (body: ManuscriptEdit) => send<unknown>('PUT', MANU_PATH, body),
  setExamine: (id: number, isExamine: boolean) => send<unknown>('POST', `${MANU_PATH}/setExamine`, { id, isExamine }),
  /** xlsx of the journal's copies (the table's columns), saved as `fileName`. */
  excel: async (journalId: number, fileName: string) => saveBlob(await apiDownload(`${JOURNAL_PATH}/downloadExcel`, { journalId }), fileName),
  changeCheck: (id: number, isCheck: boolean) => get<unknown>(`${MANU_PATH}/changeCheck`, { id, isCheck: String(isCheck) }),
  remove: (ids: number[]) => send<unknown>('DELETE', `${MANU_PATH}/`, ids),
  versions: (id: number, signal?: AbortSignal) => get<ManuscriptVersion[]>(`${MANU_PATH}/versions`, { id }, signal),
  removeVersion: (id: number, version: number) => send<unknown>('DELETE', `${MANU_PATH}/versions`, { id, version }),

  provideCounts: (productId: number, journalId: number, signal?: AbortSignal) => get<ProvideColumn[]>(`${PROVIDE_PATH}/list`, { productId, journalId }, signal),
  saveProvideCounts: (body: ProvideSaveBody) => send<{ count: number }>('POST', `${PROVIDE_PATH}/saveAll`, body),

  /** `{dictName: [{label, value}]}` of the table's dictionaries. */
  dicts: (signal?: AbortSignal) => get<DictMap>('api/dictDetail/map', { dictName: DICT_NAMES.join(',') }, signal),

  /** Online editing (docs/office-api.md): the configured editor, who saved which version through which editor, the diff of two versions. */
  officeConfig: (signal?: AbortSignal) => get<OfficeConfig>(`${OFFICE_PATH}/config`, undefined, signal),
  officeVersions: (kind: OfficeKind, id: number, signal?: AbortSignal) => get<OfficeVersionMeta[]>(`${OFFICE_PATH}/versions`, { kind, id }, signal),
  diff: (kind: OfficeKind, id: number, from: number, to: number, signal?: AbortSignal) => get<OfficeDiff>(`${OFFICE_PATH}/diff`, { kind, id, from, to }, signal),
};

/** Query keys (all start with `horizon`: react-admin's refresh invalidates them). */
export const workbenchKeys = {
  all: ['horizon', 'workbench'] as const,
  info: (journalId: number) => ['horizon', 'workbench', 'info', journalId] as const,
  journalVersions: (journalId: number) => ['horizon', 'workbench', 'journalVersions', journalId] as const,
  pool: (query: PoolQuery) => ['horizon', 'workbench', 'pool', query] as const,
  versions: (id: number) => ['horizon', 'workbench', 'versions', id] as const,
  provide: (journalId: number) => ['horizon', 'workbench', 'provide', journalId] as const,
  dicts: ['horizon', 'dictDetail', 'map', ...DICT_NAMES] as const,
  officeConfig: ['horizon', 'office', 'config'] as const,
  officeVersionsAll: ['horizon', 'office', 'versions'] as const,
  officeVersions: (kind: OfficeKind, id: number) => ['horizon', 'office', 'versions', kind, id] as const,
  diff: (kind: OfficeKind, id: number, from: number, to: number) => ['horizon', 'office', 'diff', kind, id, from, to] as const,
};

/** The address of the online editor page (a full page load: its own CSP; docs/office-api.md "The built-in editor page"). */
export function officeEditorUrl(kind: OfficeKind, id: number, version?: number | null): string {
  const base = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
  return `${base}office/${kind}/${id}${version ? `?version=${version}` : ''}`;
}

/** Opens a version in the online editor, in a new window (the workbench reloads when it closes: useWorkbench). */
export function openOfficeEditor(kind: OfficeKind, id: number, version?: number | null): void {
  window.open(officeEditorUrl(kind, id, version), '_blank');
}

/** `<origin><path>` of a download path the API answered as text (never with the login token). */
export function pathUrl(path: string): string {
  const clean = path.trim().replace(/^"|"$/g, '');
  return `${window.location.origin}${clean.startsWith('/') ? '' : '/'}${clean}`;
}

/**
 * Opens a download path: a hidden link click (the answer is an attachment, so the page stays; no
 * pop-up blocker in the way after the awaited call).
 */
export function openPath(path: string): void {
  const link = document.createElement('a');
  link.href = pathUrl(path);
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
